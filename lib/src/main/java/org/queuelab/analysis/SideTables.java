package org.queuelab.analysis;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.queuelab.analysis.Comparison.Side;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.result.Trajectory;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

/**
 * Builds one {@link Side} of a comparison from a trajectory, an average of runs or a table — for a table, which
 * columns are series, which are bands, which one counts the runs (docs/comparison.md).
 */
final class SideTables {

    private static final String LOWER_SUFFIX = "_lo";
    private static final String UPPER_SUFFIX = "_hi";

    private SideTables() {
    }

    /** As {@link Side#fluid}: every series, no band, key "t". */
    static Side trajectory(String label, Trajectory trajectory) {
        Objects.requireNonNull(label, "label");
        Map<String, double[]> values = new LinkedHashMap<>();
        for (String c : Objects.requireNonNull(trajectory, "trajectory").names()) {
            values.put(c, trajectory.series(c));
        }
        return new Side(label, "t", trajectory.times(), values, Map.of(), Map.of(), 0);
    }

    /** As {@link Side#average}: every series, with its 95% band when there are at least 2 runs. */
    static Side average(String label, ReplicatedTrajectory average) {
        Objects.requireNonNull(label, "label");
        Map<String, double[]> values = new LinkedHashMap<>();
        Map<String, double[]> lower = new LinkedHashMap<>();
        Map<String, double[]> upper = new LinkedHashMap<>();
        for (String s : Objects.requireNonNull(average, "average").names()) {
            values.put(s, average.series(s));
            if (average.runs() > 1) {
                lower.put(s, average.lower(s));
                upper.put(s, average.upper(s));
            }
        }
        return new Side(label, "t", average.times(), values, lower, upper, average.runs());
    }

    /** As {@link Side#table}: numeric columns but the key and the runs count are series, {@code <s>_lo/_hi} bands. */
    static Side keyed(String label, Table table, String keyColumn) {
        requireColumn(Objects.requireNonNull(table, "table"), keyColumn);
        Map<String, double[]> values = new LinkedHashMap<>();
        Map<String, double[]> lower = new LinkedHashMap<>();
        Map<String, double[]> upper = new LinkedHashMap<>();
        for (String c : table.columnNames()) {
            if (c.equals(keyColumn) || c.equals(Side.RUNS_COLUMN) || !(table.column(c) instanceof NumericColumn<?>)) {
                continue;
            }
            String banded = bandOf(table, c);
            Map<String, double[]> into = banded == null ? values : c.endsWith(LOWER_SUFFIX) ? lower : upper;
            into.put(banded == null ? c : banded, numbers(table, c));
        }
        int runs = table.containsColumn(Side.RUNS_COLUMN)
                ? (int) table.numberColumn(Side.RUNS_COLUMN).getDouble(0) : 0;
        return new Side(label, keyColumn, numbers(table, keyColumn), values, lower, upper, runs);
    }

    /** As {@link Side#rows}: the table with row numbers 0, 1, … as its key column {@link Comparison#ROW_KEY}. */
    static Side rowKeyed(String label, Table table) {
        Table keyed = Objects.requireNonNull(table, "table").copy();
        double[] index = new double[table.rowCount()];
        for (int i = 0; i < index.length; i++) {
            index[i] = i;
        }
        keyed.addColumns(DoubleColumn.create(Comparison.ROW_KEY, index));
        return keyed(label, keyed, Comparison.ROW_KEY);
    }

    /** The series whose band edge column {@code c} is ({@code s} for {@code s_lo} when {@code s} exists), else null. */
    private static String bandOf(Table table, String c) {
        if (!c.endsWith(LOWER_SUFFIX) && !c.endsWith(UPPER_SUFFIX)) {
            return null;
        }
        String series = c.substring(0, c.length() - LOWER_SUFFIX.length());
        return table.containsColumn(series) ? series : null;
    }

    private static void requireColumn(Table table, String name) {
        if (!table.containsColumn(name)) {
            throw new IllegalArgumentException("column " + name + " not in " + table.name() + "; it has "
                    + table.columnNames());
        }
    }

    /** A numeric column's values, an empty cell as NaN. */
    private static double[] numbers(Table table, String name) {
        var column = table.numberColumn(name);
        double[] out = new double[column.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = column.isMissing(i) ? Double.NaN : column.getDouble(i);
        }
        return out;
    }
}
