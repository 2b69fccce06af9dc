package org.queuelab.plot;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Axis;
import tech.tablesaw.plotly.components.Figure;
import tech.tablesaw.plotly.components.Layout;
import tech.tablesaw.plotly.traces.HeatmapTrace;

/**
 * A value over a two-parameter grid as a heatmap (e.g. a sweep's mean energy over (λ, θ)): rows of a table with an
 * x column, a y column and a value column, one row per grid cell. Cells absent from the table stay empty.
 *
 * <pre>{@code
 * // given: result (a SweepResult)
 * Table energy = result.table().where(result.table().stringColumn("metric").isEqualTo("energy"));
 * HeatmapChart.titled("energy").cells(energy, "lambda", "theta", "mean").build();
 * }</pre>
 */
public final class HeatmapChart extends Chart<HeatmapChart> {

    private double[] xs;
    private double[] ys;
    private double[][] z;

    private HeatmapChart(String title) {
        super(title, 480);
    }

    /**
     * Starts a heatmap, 480 pixels high, with no cells yet.
     *
     * @param title the figure's title, not null
     * @return a new builder
     */
    public static HeatmapChart titled(String title) {
        return new HeatmapChart(title);
    }

    /**
     * The cells: {@code table}'s numeric columns {@code x}, {@code y} and {@code value}, one row per cell; the grid
     * is the distinct x values (sorted) by the distinct y values. Replaces cells given before. A column that is
     * absent or not numeric makes Tablesaw throw (there is no check of its own).
     *
     * @param table the rows, one per cell
     * @param x     name of the numeric column of the horizontal coordinate
     * @param y     name of the numeric column of the vertical coordinate
     * @param value name of the numeric column shown as colour
     * @return this builder
     * @throws IllegalArgumentException if a cell appears twice (e.g. the table still holds several metrics)
     */
    public HeatmapChart cells(Table table, String x, String y, String value) {
        NumericColumn<?> xc = table.numberColumn(x);
        NumericColumn<?> yc = table.numberColumn(y);
        NumericColumn<?> vc = table.numberColumn(value);
        xs = distinctSorted(xc);
        ys = distinctSorted(yc);
        z = new double[ys.length][xs.length];
        for (double[] row : z) {
            Arrays.fill(row, Double.NaN);
        }
        // filled by position, not by value: a cell whose first value is NaN (an undefined metric) is still taken
        boolean[][] filled = new boolean[ys.length][xs.length];
        for (int r = 0; r < table.rowCount(); r++) {
            int i = Arrays.binarySearch(ys, yc.getDouble(r));
            int j = Arrays.binarySearch(xs, xc.getDouble(r));
            if (filled[i][j]) {
                throw new IllegalArgumentException("cell (" + x + " = " + xs[j] + ", " + y + " = " + ys[i]
                        + ") appears twice; allowed: one row per cell (filter the table to one metric first)");
            }
            z[i][j] = vc.getDouble(r);
            filled[i][j] = true;
        }
        if (xLabel == null) {
            xLabel = x;
        }
        if (yLabel == null) {
            yLabel = y;
        }
        return this;
    }

    private static double[] distinctSorted(NumericColumn<?> c) {
        return Arrays.stream(c.asDoubleArray()).distinct().sorted().toArray();
    }

    /**
     * The finished figure: a plotly heatmap with categorical axes labelled by the grid values, titled by the x and
     * y column names unless {@link #xLabel}/{@link #yLabel} were set.
     *
     * @return the figure, to display in a notebook or save
     * @throws IllegalStateException if no cells were given
     */
    @Override
    public Figure build() {
        if (z == null) {
            throw new IllegalStateException("heatmap '" + title + "' has no cells; add them with cells(...)");
        }
        HeatmapTrace trace = HeatmapTrace.builder(labels(xs), labels(ys), z).build();
        Layout layout = layout()
                .xAxis(Axis.builder().title(xLabel).type(Axis.Type.CATEGORY).build())
                .yAxis(Axis.builder().title(yLabel).type(Axis.Type.CATEGORY).build()).build();
        return new Figure(layout, trace);
    }

    /** Axis labels without floating-point noise (0.06, not 0.06000000000000001). */
    private static Object[] labels(double[] values) {
        List<Object> out = new ArrayList<>();
        for (double v : values) {
            out.add(String.format(java.util.Locale.ROOT, "%.6g", v).replaceAll("\\.?0+(e|$)", "$1"));
        }
        return out.toArray();
    }
}
