package org.queuelab.notebook;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * plotly.js 2.35.3 from the {@code org.webjars.npm:plotly.js-dist} jar (a Maven Central package), so that figures
 * draw with no network. Version 2.35.3 is the last that honours the string titles Tablesaw writes
 * (shared/specs/toolchain.md §3).
 */
public final class PlotlyJs {

    /** The plotly.js version inlined into notebooks. */
    public static final String VERSION = "2.35.3";

    /** Classpath location of plotly.js inside the webjar. */
    public static final String RESOURCE = "META-INF/resources/webjars/plotly.js-dist/" + VERSION + "/plotly.js";

    private static volatile String source;

    private PlotlyJs() {
    }

    /** The plotly.js source text (read once, then cached). */
    public static String source() {
        String s = source;
        if (s == null) {
            try (InputStream in = PlotlyJs.class.getClassLoader().getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("plotly.js not found on the classpath at " + RESOURCE
                            + "; the kernel classpath must include plotly.js-dist-" + VERSION + ".jar"
                            + " (run `mvn -B -ntp package -DskipTests` to fill notebooks/display/target/kernel-lib)");
                }
                s = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (s.contains("</script")) {
                throw new IllegalStateException("plotly.js contains '</script' and cannot be inlined");
            }
            source = s;
        }
        return s;
    }

    /**
     * A {@code <script>} element that defines {@code window.Plotly} unless it already exists. require.js's
     * {@code define} (present in Classic Notebook and nbconvert's HTML export) is hidden while plotly.js runs, so that
     * its UMD wrapper sets the global instead of registering an anonymous AMD module.
     */
    public static String inlineScript() {
        return "<script type=\"text/javascript\">if (!window.Plotly) { var __queuelab_define = window.define;"
                + " window.define = undefined;\n" + source()
                + "\nwindow.define = __queuelab_define; }</script>\n";
    }
}
