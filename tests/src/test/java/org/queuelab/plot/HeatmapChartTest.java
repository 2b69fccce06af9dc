package org.queuelab.plot;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

class HeatmapChartTest {

    private static Table cells() {
        return Table.create("t", DoubleColumn.create("lambda", 0.5, 0.5, 0.7),
                DoubleColumn.create("theta", 0.02, 0.06000000000000001, 0.02),
                DoubleColumn.create("mean", 1.0, 2.0, 3.0));
    }

    @Test
    void cellsLandOnTheirGridPositionsAndMissingCellsStayEmpty() {
        Figure f = HeatmapChart.titled("energy").cells(cells(), "lambda", "theta", "mean").build();
        String js = f.asJavascript("div1");
        assertTrue(js.contains("heatmap"), js);
        // z[theta][lambda]: theta = 0.02 → [1, 3]; theta = 0.06 → [2, NaN]
        assertTrue(js.replace(" ", "").contains("[1.0,3.0,]"), js);
        assertTrue(js.replace(" ", "").contains("[2.0,NaN,]"), js);
        assertTrue(js.contains("0.06") && !js.contains("0.06000000000000001"), "labels without noise: " + js);
    }

    @Test
    void bothChartsShareTheSizeRulesAndTheAxisTitles() {
        for (Chart<?> c : new Chart<?>[] {HeatmapChart.titled("h"), LineChart.titled("l")}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.height(99));
            assertTrue(e.getMessage().startsWith("height = 99; allowed: 100 ≤ height ≤ 4000"), e.getMessage());
            e = assertThrows(IllegalArgumentException.class, () -> c.size(4001, 300));
            assertTrue(e.getMessage().startsWith("width = 4001; allowed: 100 ≤ width ≤ 4000"), e.getMessage());
            assertThrows(NullPointerException.class, () -> c.xLabel(null));
        }
        String sized = HeatmapChart.titled("h").size(640, 320).xLabel("λ").cells(cells(), "lambda", "theta", "mean")
                .build().asJavascript("d").replace(" ", "");
        assertTrue(sized.contains("\nwidth:640,") && sized.contains("\nheight:320,") && !sized.contains("autosize"),
                sized);
        assertTrue(sized.contains("title:'λ'") && sized.contains("title:'theta'"), "x set, y from the column: " + sized);
        String paged = LineChart.titled("l").height(300).line("a", new double[] {1, 2}, new double[] {1, 2},
                Style.solid("#000000")).build().asJavascript("d").replace(" ", "");
        assertTrue(paged.contains("\nheight:300,") && paged.contains("\nautosize:true,") && !paged.contains("\nwidth:"),
                paged);
    }

    @Test
    void aCellGivenTwiceIsRefused() {
        Table twice = cells().append(cells());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HeatmapChart.titled("x").cells(twice, "lambda", "theta", "mean"));
        assertTrue(e.getMessage().contains("appears twice"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> HeatmapChart.titled("x").build());
    }

    @Test
    void aCellGivenTwiceIsRefusedEvenWhenItsFirstValueIsNaN() {
        // an undefined metric (NaN) in the first row must not hide the second row for the same cell
        Table twice = Table.create("t", DoubleColumn.create("lambda", 0.5, 0.5),
                DoubleColumn.create("theta", 0.02, 0.02), DoubleColumn.create("mean", Double.NaN, 2.0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HeatmapChart.titled("x").cells(twice, "lambda", "theta", "mean"));
        assertTrue(e.getMessage().contains("appears twice"), e.getMessage());
    }
}
