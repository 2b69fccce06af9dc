package org.queuelab.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.plotly.components.Figure;

class LineChartTest {

    private static final double[] X = {1, 2, 3, 4};
    private static final double[] Y = {0.5, 0.25, 0.125, 0.0625};

    private static String js(Figure f) {
        return f.asJavascript("fig_test");
    }

    @Test
    void linesCarryNameColourAndDash() {
        Figure f = LineChart.titled("tails").xLabel("i").yLabel("y_i")
                .line("fluid", X, Y, Style.dashed("#ff7f0e"))
                .line("simulation", X, Y, Style.solid("#1f77b4").withMarkers())
                .build();
        assertEquals(2, f.getTraces().length);
        String js = js(f);
        assertTrue(js.contains("name: 'fluid'"), js);
        assertTrue(js.contains("\"dash\" : \"dash\""), js);
        assertTrue(js.contains("\"dash\" : \"solid\""), js);
        assertTrue(js.contains("#ff7f0e"), js);
        assertTrue(js.contains("mode: 'lines+markers'"), js);
        assertTrue(js.contains("title: 'tails'"), js);
    }

    @Test
    void logAxisAndRangeInLog10Units() {
        String js = js(LineChart.titled("t").logY().yRange(1e-6, 1).line("a", X, Y, Style.solid("#000000")).build());
        assertTrue(js.contains("type: 'log'"), js);
        // plotly wants a log axis range as log10 of the data range: [-6, 0] (Tablesaw quotes the numbers)
        assertTrue(js.replace(" ", "").replace("\"", "").contains("range:[-6.0,0.0]"), js);
        String linear = js(LineChart.titled("t").line("a", X, Y, Style.solid("#000000")).build());
        assertTrue(linear.contains("type: 'linear'"), linear);
        assertTrue(js(LineChart.titled("t").logX().line("a", X, Y, Style.solid("#000000")).build())
                .contains("type: 'log'"));
    }

    @Test
    void bandIsTwoTracesFilledBetweenWithTranslucentColour() {
        Figure f = LineChart.titled("t").band("95% CI", X, new double[] {0, 0, 0, 0}, Y, "#1f77b4")
                .line("mean", X, Y, Style.solid("#1f77b4")).build();
        assertEquals(3, f.getTraces().length);
        String js = js(f);
        assertTrue(js.contains("fill: 'tonexty'"), js);
        assertTrue(js.contains("rgba(31,119,180,0.2)"), js);
        // the lower edge comes first (tonexty fills to the previous trace) and stays out of the legend
        assertTrue(js.indexOf("95% CI (lower)") < js.indexOf("fill: 'tonexty'"), js);
        assertTrue(js.contains("showlegend: false"), js);
    }

    @Test
    void referenceLevelSpansTheDataRange() {
        Figure f = LineChart.titled("t").line("a", new double[] {2, 7, 5}, new double[] {1, 2, 3}, Style.solid("#000000"))
                .hline(0.9, "λ", Style.dotted("#555555")).build();
        assertEquals(2, f.getTraces().length);
        String js = js(f);
        assertTrue(js.contains("name: 'λ'"), js);
        assertTrue(js.contains("\"dash\" : \"dot\""), js);
        assertTrue(js.replace(" ", "").replace("\"", "").contains("x:[2.0,7.0]"), js);
        assertTrue(js.replace(" ", "").replace("\"", "").contains("y:[0.9,0.9]"), js);
    }

    @Test
    void columnsAreAccepted() {
        Figure f = LineChart.titled("t").line("a", DoubleColumn.create("x", X), DoubleColumn.create("y", Y),
                Style.solid("#000000")).build();
        assertEquals(1, f.getTraces().length);
    }

    @Test
    void legendCanBeHidden() {
        String js = js(LineChart.titled("t").legend(false).line("a", X, Y, Style.solid("#000000")).build());
        assertTrue(js.contains("showlegend: false"), js);
        assertFalse(js.contains("showlegend: true"), js);
    }

    @Test
    void buildIsRepeatableAndInputsAreCopied() {
        double[] y = Y.clone();
        LineChart chart = LineChart.titled("t").line("a", X, y, Style.solid("#000000"));
        String before = js(chart.build());
        y[0] = 99;
        assertEquals(before, js(chart.build()));
    }

    @Test
    void badInputIsRejectedWithTheParameterNamed() {
        LineChart c = LineChart.titled("t");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> c.line("a", X, new double[] {1, 2}, Style.solid("#000000")));
        assertTrue(e.getMessage().contains("x has 4 values, y has 2"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.line("a", new double[0], new double[0], Style.solid("#000000")));
        assertThrows(IllegalArgumentException.class, () -> c.band("b", X, Y, new double[] {0, 0, 0, 0}, "#000000"));
        assertThrows(IllegalArgumentException.class, () -> c.xRange(2, 1));
        assertThrows(IllegalArgumentException.class, () -> LineChart.titled("t").logY().yRange(0, 1));
        assertThrows(IllegalArgumentException.class, () -> LineChart.titled("t").logY().hline(0, "zero", Style.dotted("#000000")));
        assertThrows(IllegalArgumentException.class, () -> c.size(10, 400));
        IllegalStateException empty = assertThrows(IllegalStateException.class, () -> LineChart.titled("none").build());
        assertTrue(empty.getMessage().contains("no series"), empty.getMessage());
    }

    @Test
    void styleAndPaletteValidate() {
        assertThrows(IllegalArgumentException.class, () -> Style.solid("'); alert(1); ('"));
        assertThrows(IllegalArgumentException.class, () -> Style.solid("#000000").withWidth(0));
        assertThrows(IllegalArgumentException.class, () -> Palette.color(-1));
        assertEquals(Palette.color(0), Palette.color(10));
        assertEquals("rgba(255,127,14,0.5)", Palette.translucent("#ff7f0e", 0.5));
        assertEquals("rgba(255,170,0,0.5)", Palette.translucent("#fa0", 0.5));
        assertEquals("rgba(31, 119, 180,0.5)", Palette.translucent("rgb(31, 119, 180)", 0.5));
        assertEquals("rgba(1,2,3,0.7)", Palette.translucent("rgba(1,2,3,0.7)", 0.5));   // its own opacity kept
        assertEquals("#ff7f0e80", Palette.translucent("#ff7f0e80", 0.5));
        assertThrows(IllegalArgumentException.class, () -> Palette.translucent("red", 0.5));   // would stay opaque
        assertThrows(IllegalArgumentException.class, () -> Palette.translucent("#ff7f0e", 1.5));
    }

    @Test
    void aLogAxisSpanningLessThanTwoDecadesGetsReadableTickLabels() {
        // the sup-norm gap figure: gaps 0.004 … 0.03 on a log axis, where plotly alone labels one tick
        assertArrayEquals(new double[] {0.004, 0.005, 0.006, 0.007, 0.008, 0.009, 0.01, 0.02, 0.03},
                LineChart.logTickValues(0.004, 0.03), 1e-15);
        assertArrayEquals(new double[] {0.01, 0.02, 0.05, 0.1, 0.2, 0.5}, LineChart.logTickValues(0.006, 0.5), 1e-15);
        assertEquals(0, LineChart.logTickValues(1e-6, 10).length, "wide spans keep plotly's decade labels");
        assertEquals("0.004", LineChart.tickText(0.004));
        assertEquals("30000", LineChart.tickText(3e4));
        assertEquals("2×10⁻⁵", LineChart.tickText(2e-5));
        assertEquals("10⁶", LineChart.tickText(1e6));
        String js = js(LineChart.titled("gap").logX().logY().line("gap", new double[] {100, 1000, 10000},
                new double[] {0.03, 0.01, 0.004}, Style.solid("#1f77b4")).build());
        assertTrue(js.contains("tickvals"), js);
        assertTrue(js.contains("'0.004'") || js.contains("\"0.004\""), js);
    }

    @Test
    void nullArgumentsAreRefusedWithTheParameterNamed() {
        Style red = Style.solid("red");
        DoubleColumn x = DoubleColumn.create("x", X);
        DoubleColumn y = DoubleColumn.create("y", Y);
        assertNullNamed("title", () -> LineChart.titled(null));
        assertNullNamed("label", () -> LineChart.titled("t").xLabel(null));
        assertNullNamed("label", () -> LineChart.titled("t").yLabel(null));
        assertNullNamed("name", () -> LineChart.titled("t").line((String) null, X, Y, red));
        assertNullNamed("x", () -> LineChart.titled("t").line("n", (double[]) null, Y, red));
        assertNullNamed("y", () -> LineChart.titled("t").line("n", X, null, red));
        assertNullNamed("style", () -> LineChart.titled("t").line("n", X, Y, null));
        assertNullNamed("name", () -> LineChart.titled("t").line(null, x, y, red));
        assertNullNamed("x", () -> LineChart.titled("t").line("n", null, y, red));
        assertNullNamed("y", () -> LineChart.titled("t").line("n", x, null, red));
        assertNullNamed("name", () -> LineChart.titled("t").band(null, X, Y, Y, "red"));
        assertNullNamed("lower", () -> LineChart.titled("t").band("n", X, null, Y, "red"));
        assertNullNamed("upper", () -> LineChart.titled("t").band("n", X, Y, null, "red"));
        assertNullNamed("color", () -> LineChart.titled("t").band("n", X, Y, Y, null));
        assertNullNamed("label", () -> LineChart.titled("t").hline(1, null, red));
        assertNullNamed("style", () -> LineChart.titled("t").hline(1, "level", null));
    }

    private static void assertNullNamed(String name, org.junit.jupiter.api.function.Executable call) {
        assertEquals(name, assertThrows(NullPointerException.class, call).getMessage());
    }
}
