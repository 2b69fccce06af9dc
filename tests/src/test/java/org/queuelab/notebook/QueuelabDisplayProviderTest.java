package org.queuelab.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import org.junit.jupiter.api.Test;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Style;
import org.rapaio.jupyter.kernel.display.DisplayData;
import org.rapaio.jupyter.kernel.display.DisplayRenderer;
import org.rapaio.jupyter.kernel.display.spi.DisplayProvider;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

class QueuelabDisplayProviderTest {

    private static final Figure FIGURE = LineChart.titled("curve")
            .line("a", new double[] {1, 2}, new double[] {3, 4}, Style.solid("#1f77b4")).build();

    /** The kernel finds the provider the way it does at run time: ServiceLoader over META-INF/services. */
    private static List<DisplayRenderer> renderers() {
        List<DisplayProvider> providers = ServiceLoader.load(DisplayProvider.class).stream()
                .map(ServiceLoader.Provider::get).toList();
        assertTrue(providers.stream().anyMatch(p -> p instanceof QueuelabDisplayProvider), providers.toString());
        return providers.stream().filter(p -> p instanceof QueuelabDisplayProvider).findFirst().orElseThrow()
                .getDisplayRenderers();
    }

    private static DisplayData render(Object o) {
        for (DisplayRenderer r : renderers()) {
            if (r.rendererClass().isAssignableFrom(o.getClass()) && r.canRender(null)) {
                return r.render(null, o);
            }
        }
        throw new AssertionError("no renderer for " + o.getClass());
    }

    @Test
    void tableRendersAsHtmlAndText() {
        Table t = Table.create("t", IntColumn.create("n", new int[] {1, 2, 3}));
        DisplayData dd = render(t);
        assertEquals(TableHtml.html(t), dd.data().get("text/html"));
        assertEquals(TableHtml.text(t), dd.data().get("text/plain"));
    }

    @Test
    void everyFigureIsTheSamePlotlyJsonWithAnHtmlFallbackAndText() {
        DisplayData first = render(FIGURE);
        DisplayData second = render(FIGURE);
        for (DisplayData dd : List.of(first, second)) {
            Object json = dd.data().get(FigureJson.MIME);
            assertTrue(json instanceof Map, "Plotly JSON as a map (written as a JSON object): " + json);
            assertTrue(((Map<?, ?>) json).containsKey("data") && ((Map<?, ?>) json).containsKey("layout"));
            String html = (String) dd.data().get("text/html");
            assertTrue(html.contains("window.Plotly.newPlot") && html.length() < 20_000, html);
            assertEquals("Plotly figure: curve", dd.data().get("text/plain"));
        }
        assertEquals(first.data().get(FigureJson.MIME), second.data().get(FigureJson.MIME),
                "no session state: the second figure is as complete as the first");
    }

    @Test
    void figureRowIsOnePlotlyFigure() {
        DisplayData dd = render(Notebook.sideBySide(FIGURE, FIGURE));
        Map<?, ?> json = (Map<?, ?>) dd.data().get(FigureJson.MIME);
        assertEquals(2, ((List<?>) json.get("data")).size());
        assertTrue(((String) dd.data().get("text/plain")).startsWith("2 figures side by side"));
    }

    @Test
    void servesHtmlTextOrUnspecifiedMimeOnly() {
        DisplayRenderer r = new QueuelabDisplayProvider.TableRenderer();
        assertTrue(r.canRender(null));
        assertTrue(r.canRender("text/html"));
        assertTrue(r.canRender("text/plain"));
        assertFalse(r.canRender("image/png"));
    }
}
