package org.queuelab.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Style;

import tech.tablesaw.plotly.components.Figure;

/** plotly.js goes inline with a session's first figure only, escaped for a script element, and only if present. */
class PlotlyJsTest {

    private static final Figure FIGURE = LineChart.titled("curve")
            .line("a", new double[] {1, 2}, new double[] {3, 4}, Style.solid("#1f77b4")).build();
    private static final String LIBRARY = "/* plotly.js v0 */ window.Plotly = {s: '</script>'};";

    @AfterEach
    void noFile() {
        PlotlyJs.useFile(null);
    }

    private static String html() {
        return (String) new QueuelabDisplayProvider.FigureRenderer().render(null, FIGURE).data().get("text/html");
    }

    @Test
    void firstFigureOfASessionCarriesPlotlyJsOnce(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve(PlotlyJs.FILE_NAME), LIBRARY);
        PlotlyJs.useFile(file);
        String first = html();
        String second = html();
        assertTrue(first.startsWith("<script type=\"text/javascript\" class=\"" + PlotlyJs.MARKER + "\">"), first);
        assertTrue(first.contains("window.Plotly = {s: '<\\/script>'}"), "a </script> inside is escaped: " + first);
        assertEquals(1, first.split("class=\"" + PlotlyJs.MARKER + "\"", -1).length - 1);
        assertFalse(second.contains(PlotlyJs.MARKER), second);
        assertTrue(second.contains("window.Plotly.newPlot"), second);
        PlotlyJs.useFile(file); // a new session (kernel start) inlines it again
        assertTrue(html().contains(PlotlyJs.MARKER));
    }

    @Test
    void withoutTheFileNoFigureCarriesIt(@TempDir Path dir) {
        PlotlyJs.useFile(dir.resolve("missing.js"));
        assertFalse(html().contains(PlotlyJs.MARKER));
        assertFalse(html().contains(PlotlyJs.MARKER));
    }
}
