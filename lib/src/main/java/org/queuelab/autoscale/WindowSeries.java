package org.queuelab.autoscale;

import java.util.List;

import org.queuelab.guard.Require;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * Per-window time series of a run ({@code docs/demand.md} §3): window k covers [k·w, (k+1)·w). State columns are
 * time averages over the window; request columns count requests by the window they arrived in.
 *
 * @param window    window length w
 * @param columns   names, in the order of {@code values}
 * @param values    values[c][k]
 */
public record WindowSeries(double window, List<String> columns, double[][] values) {

    /** The column names. */
    public static final List<String> NAMES = List.of("arrivalRate", "instances", "busy", "idle", "settingUp",
            "queued", "power", "meanResponse", "sloViolation", "coldStartFraction");

    /**
     * Validates the components and copies the arrays.
     *
     * @param window    window length w
     * @param columns   names, in the order of {@code values}
     * @param values    values[c][k]
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public WindowSeries {
        columns = List.copyOf(columns);
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("values: " + values.length + " series for " + columns.size()
                    + " columns; allowed: one per column");
        }
    }

    /** {@return the number of windows} */
    public int size() {
        return values[0].length;
    }

    /**
     * A copy of one series.
     *
     * @param name one of {@link #NAMES}
     * @return the series, one value per window
     * @throws IllegalArgumentException naming the series when it is not one of {@link #NAMES}
     */
    public double[] series(String name) {
        return values[Require.indexIn("series", columns, name)].clone();
    }

    /** {@return the start times of the windows} */
    public double[] times() {
        double[] t = new double[size()];
        for (int k = 0; k < t.length; k++) {
            t[k] = k * window;
        }
        return t;
    }

    /** {@return a table with columns t (window start) then one per series} */
    public Table toTable() {
        Table table = Table.create("series");
        table.addColumns(DoubleColumn.create("t", times()));
        for (int c = 0; c < columns.size(); c++) {
            table.addColumns(DoubleColumn.create(columns.get(c), values[c]));
        }
        return table;
    }
}
