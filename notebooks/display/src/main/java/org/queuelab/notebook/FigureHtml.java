package org.queuelab.notebook;

import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;

import tech.tablesaw.plotly.components.Figure;

/**
 * HTML for a Plotly {@link Figure} in a notebook output: a {@code <div>} plus a script that draws into it.
 *
 * <p>plotly.js is inlined into the first figure of a kernel session only ({@link #includePlotlyOnce()}); later
 * figures wait for {@code window.Plotly}. The drawing script polls for plotly.js and for its div, so it also works
 * when an output is attached to the page after its script runs, or when outputs are rendered out of order; if
 * plotly.js never appears (the output that carried it was cleared) the div says so instead of staying blank.
 * Div ids are valid JavaScript identifiers, because Tablesaw uses them as variable names.
 */
public final class FigureHtml {

    private static final Pattern JS_IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * Tablesaw 0.44.4 writes an axis range as strings ({@code range: ["-6.0","0.0"]}) with {@code autorange: 'false'}
     * (a string, which plotly does not read as false), so a chosen range would be ignored; this repairs the layout
     * before drawing.
     */
    static final String AXIS_FIX = "  function queuelabFixAxes(layout) {\n"
            + "    ['xaxis', 'yaxis'].forEach(function (k) { var a = layout[k]; if (!a) { return; }\n"
            + "      if (a.autorange === 'false') { a.autorange = false; }\n"
            + "      if (Array.isArray(a.range)) { a.range = a.range.map(Number); } });\n"
            + "  }\n";

    /** Whether plotly.js still has to be sent in this kernel session. */
    private static final AtomicBoolean PLOTLY_PENDING = new AtomicBoolean(true);

    private FigureHtml() {
    }

    /** A fresh div id, a valid JS identifier: {@code fig_} and 32 hex digits. */
    public static String newId() {
        return "fig_" + UUID.randomUUID().toString().replace("-", "");
    }

    /** True exactly once per session (until {@link #resetSession()}): whether this figure must carry plotly.js. */
    public static boolean includePlotlyOnce() {
        return PLOTLY_PENDING.getAndSet(false);
    }

    /** Makes the next figure carry plotly.js again. */
    public static void resetSession() {
        PLOTLY_PENDING.set(true);
    }

    /** The HTML of one figure in a div with the given id, with plotly.js inlined first when asked. */
    public static String html(Figure figure, String divId, boolean withPlotly) {
        Objects.requireNonNull(figure, "figure");
        if (!JS_IDENTIFIER.matcher(divId).matches()) {
            throw new IllegalArgumentException("divId = '" + divId + "'; allowed: a JavaScript identifier [A-Za-z_][A-Za-z0-9_]*");
        }
        StringBuilder sb = new StringBuilder();
        if (withPlotly) {
            sb.append(PlotlyJs.inlineScript());
        }
        sb.append("<div id=\"").append(divId).append("\" class=\"queuelab-figure\"></div>\n");
        String newPlot = "Plotly.newPlot(target_" + divId;
        String body = scriptBody(figure.asJavascript(divId));
        if (!body.contains(newPlot)) {
            throw new IllegalStateException("unexpected figure script from Tablesaw (no " + newPlot + "): " + body);
        }
        sb.append("<script type=\"text/javascript\">\n(function () {\n")
                .append(AXIS_FIX)
                .append("  function draw() {\n")
                .append(body.replace(newPlot, "queuelabFixAxes(layout);\n" + newPlot))
                .append("\n  }\n")
                .append("  var tries = 0;\n")
                .append("  (function wait() {\n")
                .append("    if (window.Plotly && document.getElementById('").append(divId).append("')) { draw(); }\n")
                .append("    else if (++tries < 600) { setTimeout(wait, 50); }\n")
                .append("    else { var d = document.getElementById('").append(divId).append("');\n")
                .append("      if (d) { d.textContent = 'plotly.js is not loaded in this page: re-run the notebook"
                        + " (after clearing outputs, call org.queuelab.notebook.Notebook.reset() first).'; } }\n")
                .append("  })();\n})();\n</script>\n");
        return sb.toString();
    }

    /**
     * Several figures side by side in one row. Each keeps its own layout width (plotly draws at a fixed size, so
     * shrinking the box would make neighbours overlap); figures wrap to the next line when the row is too narrow.
     */
    public static String row(List<Figure> figures, boolean withPlotly) {
        StringBuilder sb = new StringBuilder();
        if (withPlotly) {
            sb.append(PlotlyJs.inlineScript());
        }
        sb.append("<div class=\"queuelab-figure-row\" style=\"display:flex;flex-wrap:wrap;gap:8px\">\n");
        for (Figure f : figures) {
            sb.append("<div style=\"flex:0 0 auto\">\n").append(html(f, newId(), false)).append("</div>\n");
        }
        return sb.append("</div>\n").toString();
    }

    /** The JavaScript of Tablesaw's {@code <script>…</script>} without the tags (drawn inside a function). */
    static String scriptBody(String scriptElement) {
        int open = scriptElement.indexOf("<script>");
        int close = scriptElement.lastIndexOf("</script>");
        if (open < 0 || close < open) {
            throw new IllegalStateException("unexpected figure script from Tablesaw: " + scriptElement);
        }
        return scriptElement.substring(open + "<script>".length(), close);
    }
}
