package org.queuelab.notebook;

import java.util.UUID;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The HTML fallback of a figure output, used where the Plotly MIME type is not rendered (nbconvert's HTML export,
 * other front ends): a {@code <div>} plus a script that draws the figure's JSON with the page's plotly.js, which the
 * session's first figure carries ({@link PlotlyJs}). If the page has no plotly.js (its first figure's output was
 * cleared or re-run) the div says so instead of staying blank.
 */
public final class FigureHtml {

    private static final Pattern ID = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private FigureHtml() {
    }

    /** A fresh div id: {@code fig_} and 32 hex digits. */
    public static String newId() {
        return "fig_" + UUID.randomUUID().toString().replace("-", "");
    }

    /** The HTML of one Plotly JSON figure in a div with the given id. */
    public static String html(ObjectNode figure, String divId) {
        if (!ID.matcher(divId).matches()) {
            throw new IllegalArgumentException("divId = '" + divId + "'; allowed: [A-Za-z_][A-Za-z0-9_]*");
        }
        return "<div id=\"" + divId + "\" class=\"queuelab-figure\"></div>\n"
                + "<script type=\"text/javascript\">\n(function () {\n"
                + "  var fig = " + FigureJson.scriptSafeJson(figure) + ";\n"
                + "  var tries = 0;\n"
                + "  (function draw() {\n"
                + "    var div = document.getElementById('" + divId + "');\n"
                + "    if (window.Plotly && div) { window.Plotly.newPlot(div, fig.data, fig.layout, fig.config || {}); }\n"
                + "    else if (++tries < 100) { setTimeout(draw, 50); }\n"
                + "    else if (div) { div.textContent = 'This page has no plotly.js (it comes with the first figure of a"
                + " kernel session): restart the kernel and run all cells, then export again.'; }\n"
                + "  })();\n})();\n</script>\n";
    }
}
