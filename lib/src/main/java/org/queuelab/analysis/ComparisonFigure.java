package org.queuelab.analysis;

import org.queuelab.analysis.Alignment.Pair;
import org.queuelab.analysis.Comparison.Side;
import org.queuelab.plot.Labels;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;

import tech.tablesaw.plotly.components.Figure;

/**
 * The figure of a {@link Comparison}: per series one colour, side a dashed, side b solid with its 95% band — the
 * project's convention, dashed = fluid, solid = simulation (docs/comparison.md).
 */
final class ComparisonFigure {

    /** Sides with at most this many samples are drawn with markers (a sparse table reads better as points). */
    private static final int MARKERS_UP_TO = 30;

    private ComparisonFigure() {
    }

    /** As {@link Comparison#figure}: both sides over all their samples (window and named times do not cut it). */
    static Figure draw(String title, Alignment alignment, String yLabel) {
        Side a = alignment.a();
        Side b = alignment.b();
        LineChart chart = LineChart.titled(title).xLabel("t").yLabel(yLabel);
        int c = 0;
        for (Pair p : alignment.series()) {
            String color = Palette.color(c++);
            String shown = Labels.subscripts(p.name());   // x0_1 → x₀,₁
            if (b.hasBand(p.inB())) {
                chart.band(shown + " " + b.label() + " (95% band)", b.times(), b.lower().get(p.inB()),
                        b.upper().get(p.inB()), color);
            }
            String mean = b.runs() > 1 ? " (" + b.runs() + "-run mean)" : "";
            chart.line(shown + " " + b.label() + mean, b.times(), b.require(p.inB()), drawn(Style.solid(color), b));
            chart.line(shown + " " + a.label(), a.times(), a.require(p.inA()), drawn(Style.dashed(color), a));
        }
        return chart.build();
    }

    private static Style drawn(Style line, Side side) {
        return side.times().length <= MARKERS_UP_TO ? line.withMarkers() : line;
    }
}
