package org.queuelab.notebook;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * plotly.js inlined once per kernel session, in the HTML of the session's first figure, as plotly's own notebook
 * renderer does: an HTML export made with nbconvert's default template (JupyterLab's File › Save and Export
 * Notebook As › HTML) then draws every figure offline, with no script from a network. The file is the minified
 * plotly.js of the project's pinned plotly package, copied into the kernelspec's {@code lib/} folder by the
 * project's scripts (scripts/lab, ./reproduce, ./test); without it figures still show in JupyterLab (Plotly JSON)
 * and the HTML fallback says how to get it.
 */
public final class PlotlyJs {

    /** The file's name in the kernelspec's lib folder. */
    public static final String FILE_NAME = "plotly.min.js";
    /** Marks the inlined copy, so exporters that add their own plotly.js can see the page has one. */
    public static final String MARKER = "queuelab-plotlyjs";

    private static volatile Path file;
    private static final AtomicBoolean SENT = new AtomicBoolean();

    private PlotlyJs() {
    }

    /** Where the kernel reads plotly.js from (the kernelspec's lib folder); set once at start-up. */
    public static void useFile(Path path) {
        file = path;
        SENT.set(false);
    }

    /**
     * The script element carrying plotly.js the first time it is asked for in this session (and the file exists);
     * the empty string after that, or when there is no file.
     */
    static String onceInline() {
        Path f = file;
        if (f == null || !Files.isRegularFile(f) || !SENT.compareAndSet(false, true)) {
            return "";
        }
        try {
            String js = Files.readString(f, StandardCharsets.UTF_8).replace("</script", "<\\/script");
            return "<script type=\"text/javascript\" class=\"" + MARKER + "\">\n" + js + "\n</script>\n";
        } catch (IOException e) {
            SENT.set(false);
            System.err.println("queuelab kernel: cannot read " + f + ": " + e.getMessage());
            return "";
        }
    }
}
