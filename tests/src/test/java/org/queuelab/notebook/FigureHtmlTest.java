package org.queuelab.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Style;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import tech.tablesaw.plotly.components.Figure;
import tech.tablesaw.plotly.components.Layout;
import tech.tablesaw.plotly.traces.ScatterTrace;

/** Figures as Plotly JSON (what JupyterLab draws) and its HTML fallback (what exports draw). */
class FigureHtmlTest {

    private static Figure figure(String title) {
        return LineChart.titled(title).line("a", new double[] {1, 2.5}, new double[] {3, Double.NaN},
                Style.solid("#1f77b4")).build();
    }

    @Test
    void figureJsonHasNumbersObjectTitlesAndNoScript() throws Exception {
        ObjectNode fig = FigureJson.of(figure("N = 200"));
        // strict JSON: it must parse without any leniency
        JsonNode strict = new ObjectMapper().readTree(new ObjectMapper().writeValueAsString(fig));
        JsonNode trace = strict.get("data").get(0);
        assertEquals("scatter", trace.get("type").asText());
        assertEquals(2.5, trace.get("x").get(1).asDouble());
        assertTrue(trace.get("x").get(0).isNumber(), "numbers, not strings: " + trace.get("x"));
        assertTrue(trace.get("y").get(1).isNull(), "NaN becomes a gap (null): " + trace.get("y"));
        assertEquals("N = 200", strict.get("layout").get("title").get("text").asText(), "object title (plotly.js >= 3)");
        assertTrue(strict.get("layout").get("xaxis").get("title").isObject());
        assertFalse(strict.toString().contains("<script"), strict.toString());
    }

    @Test
    void figureTitleFollowsTheParameterItWasBuiltFrom() {
        int servers = 200;
        ObjectNode fig = FigureJson.of(figure("N = " + servers));
        assertEquals("N = 200", fig.get("layout").get("title").get("text").asText());
    }

    @Test
    void htmlFallbackDrawsTheJsonWithThePagesPlotlyAndCarriesNoPlotlyJs() {
        String id = FigureHtml.newId();
        assertTrue(id.matches("fig_[0-9a-f]{32}"), id);
        ObjectNode fig = FigureJson.of(figure("tails </script> <!-- x"));
        String html = FigureHtml.html(fig, id);
        assertTrue(html.length() < 20_000, "no plotly.js inlined: " + html.length());
        assertTrue(html.startsWith("<div id=\"" + id + "\" class=\"queuelab-figure\"></div>"), html);
        assertTrue(html.contains("window.Plotly.newPlot(div, fig.data, fig.layout"), html);
        assertEquals(1, count(html, "<script"), "one script element");
        assertEquals(1, count(html, "</script>"), "a title cannot close the script early");
        assertTrue(html.contains("This page has no plotly.js"), html);
    }

    @Test
    void badDivIdIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FigureHtml.html(FigureJson.of(figure("t")), "fig-with-hyphens"));
        assertTrue(e.getMessage().contains("divId"), e.getMessage());
    }

    @Test
    void rowIsOneFigureWithAnAxisPairPerFigure() {
        ObjectNode row = FigureJson.row(List.of(figure("left"), figure("right")));
        JsonNode data = row.get("data");
        assertEquals(2, data.size());
        assertEquals("x", data.get(0).get("xaxis").asText());
        assertEquals("x2", data.get(1).get("xaxis").asText());
        assertEquals("y2", data.get(1).get("yaxis").asText());
        JsonNode layout = row.get("layout");
        assertTrue(layout.get("xaxis").get("domain").get(1).asDouble() <= layout.get("xaxis2").get("domain").get(0)
                .asDouble(), "side by side, not overlapping");
        assertEquals("left", layout.get("annotations").get(0).get("text").asText());
        assertEquals("right", layout.get("annotations").get(1).get("text").asText());
        assertThrows(IllegalArgumentException.class, Notebook::sideBySide);
        assertThrows(IllegalArgumentException.class, () -> FigureJson.row(List.of()));
    }

    @Test
    void rowListsEachNameOnceInALegendBelowAndFitsTheColumn() {
        Figure wide = new Figure(Layout.builder().title("a").width(800).build(),
                ScatterTrace.builder(new double[] {1, 2}, new double[] {3, 4}).name("N = 100").build());
        Figure other = new Figure(Layout.builder().title("b").width(800).build(),
                ScatterTrace.builder(new double[] {1, 2}, new double[] {3, 4}).name("N = 100").build(),
                ScatterTrace.builder(new double[] {1, 2}, new double[] {4, 5}).name("fluid ODE").build());
        ObjectNode row = FigureJson.row(List.of(wide, other));
        JsonNode data = row.get("data");
        assertTrue(data.get(0).path("showlegend").asBoolean(true), "first N = 100 listed");
        assertEquals(false, data.get(1).get("showlegend").asBoolean(), "second N = 100 not listed again");
        assertEquals("N = 100", data.get(1).get("legendgroup").asText(), "toggled together");
        assertTrue(data.get(2).path("showlegend").asBoolean(true));
        JsonNode layout = row.get("layout");
        assertEquals(FigureJson.MAX_ROW_WIDTH, layout.get("width").asDouble(), "1600 px scaled to the column");
        assertEquals("h", layout.get("legend").get("orientation").asText());
        assertTrue(layout.get("legend").get("y").asDouble() < 0, "below the panels");
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
