package org.queuelab.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Style;

import tech.tablesaw.plotly.components.Figure;

class FigureHtmlTest {

    private static Figure figure(String title) {
        return LineChart.titled(title).line("a", new double[] {1, 2}, new double[] {3, 4}, Style.solid("#1f77b4")).build();
    }

    @BeforeEach
    void freshSession() {
        Notebook.reset();
    }

    @Test
    void plotlyIsInlinedOncePerSessionAndAgainAfterReset() {
        assertTrue(FigureHtml.includePlotlyOnce());
        assertFalse(FigureHtml.includePlotlyOnce());
        assertFalse(FigureHtml.includePlotlyOnce());
        Notebook.reset();
        assertTrue(FigureHtml.includePlotlyOnce());
    }

    @Test
    void inlinedPlotlyIsVersion2353WithRequireJsDefineHidden() {
        String html = FigureHtml.html(figure("t"), "fig_a", true);
        assertTrue(html.length() > 3_000_000, "plotly.js inlined: " + html.length() + " chars");
        assertTrue(html.contains("if (!window.Plotly) { var __queuelab_define = window.define; window.define = undefined;"));
        assertTrue(html.contains("window.define = __queuelab_define; }</script>"));
        assertTrue(PlotlyJs.source().contains("2.35.3"));
        // plotly.js itself must not close the script element early
        String inline = PlotlyJs.inlineScript();
        assertEquals(inline.length() - "</script>\n".length(), inline.indexOf("</script"));
    }

    @Test
    void figureWithoutPlotlyIsSmallAndDrawsIntoItsOwnDiv() {
        String id = FigureHtml.newId();
        assertTrue(id.matches("fig_[0-9a-f]{32}"), id);
        String html = FigureHtml.html(figure("tails"), id, false);
        assertTrue(html.length() < 20_000, "no plotly.js: " + html.length());
        assertTrue(html.startsWith("<div id=\"" + id + "\" class=\"queuelab-figure\"></div>"), html);
        assertTrue(html.contains("Plotly.newPlot(target_" + id), html);
        assertTrue(html.contains("getElementById('" + id + "')"), html);
        // Tablesaw's own <script> tags are unwrapped: one script element, drawn inside a function when Plotly is there
        assertEquals(1, count(html, "<script"));
        assertEquals(1, count(html, "</script>"));
        assertTrue(html.contains("if (window.Plotly && document.getElementById('" + id + "')) { draw(); }"), html);
        assertTrue(html.contains("plotly.js is not loaded"), html);
    }

    @Test
    void everyJavaScriptVariableNameIsAnIdentifier() {
        String html = FigureHtml.html(figure("t"), FigureHtml.newId(), false);
        Matcher m = Pattern.compile("var\\s+([^\\s=;]+)\\s*=").matcher(html);
        int vars = 0;
        while (m.find()) {
            vars++;
            assertTrue(m.group(1).matches("[A-Za-z_$][A-Za-z0-9_$]*"), "bad JS identifier: " + m.group(1));
        }
        assertTrue(vars >= 3, "expected target, layout and trace variables, found " + vars);
    }

    @Test
    void badDivIdIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FigureHtml.html(figure("t"), "fig-with-hyphens", false));
        assertTrue(e.getMessage().contains("divId"), e.getMessage());
    }

    @Test
    void rowPutsFiguresSideBySide() {
        String html = FigureHtml.row(List.of(figure("left"), figure("right")), false);
        assertTrue(html.contains("display:flex"), html);
        assertEquals(2, count(html, "class=\"queuelab-figure\""));
        assertTrue(html.contains("'left'") && html.contains("'right'"), html);
        assertThrows(IllegalArgumentException.class, Notebook::sideBySide);
    }

    @Test
    void scriptBodyRejectsUnexpectedInput() {
        assertEquals(" x ", FigureHtml.scriptBody("<script> x </script>"));
        assertThrows(IllegalStateException.class, () -> FigureHtml.scriptBody("no script"));
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
