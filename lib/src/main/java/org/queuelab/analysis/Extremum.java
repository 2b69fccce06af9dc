package org.queuelab.analysis;

import java.util.List;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The largest or smallest value of a sampled trajectory column and the time where it occurs (e.g. the peak of
 * Q(x(t)) in ALBA's Figure 1, docs/alba.md §8, data/alba/fig1_extremes.csv). Resolution: the sampling grid; ties go to the
 * earliest time; missing values are skipped.
 *
 * @param column the column
 * @param time   where the extremum is attained
 * @param value  the extremum
 */
public record Extremum(String column, double time, double value) {

    /**
     * The maximum of {@code column} over the rows with from ≤ t ≤ to.
     *
     * @param trajectory the sampled trajectory, one row per time
     * @param timeColumn the numeric column of times
     * @param column     the numeric column searched
     * @param from       start of the window
     * @param to         end of the window, ≥ {@code from}
     * @return the largest value and its earliest time
     * @throws IllegalArgumentException if a column is absent, the window is reversed (or NaN) or holds no value
     */
    public static Extremum max(Table trajectory, String timeColumn, String column, double from, double to) {
        return find(trajectory, timeColumn, column, from, to, true);
    }

    /**
     * The minimum of {@code column} over the rows with from ≤ t ≤ to.
     *
     * @param trajectory the sampled trajectory, one row per time
     * @param timeColumn the numeric column of times
     * @param column     the numeric column searched
     * @param from       start of the window
     * @param to         end of the window, ≥ {@code from}
     * @return the smallest value and its earliest time
     * @throws IllegalArgumentException if a column is absent, the window is reversed (or NaN) or holds no value
     */
    public static Extremum min(Table trajectory, String timeColumn, String column, double from, double to) {
        return find(trajectory, timeColumn, column, from, to, false);
    }

    /**
     * The extremes named by {@code quantities} ("max Q", "min x02": the word, a space, the column) over
     * [from, to], as a table with columns quantity, value, t.
     *
     * @param trajectory the sampled trajectory, one row per time
     * @param timeColumn the numeric column of times
     * @param quantities "max &lt;column&gt;" or "min &lt;column&gt;" each
     * @param from       start of the window
     * @param to         end of the window, ≥ {@code from}
     * @return a new table named "extremes of &lt;trajectory&gt;", one row per quantity in order
     * @throws IllegalArgumentException if a quantity is not of that form, or as {@link #max}
     */
    public static Table table(Table trajectory, String timeColumn, List<String> quantities, double from, double to) {
        Table out = Table.create("extremes of " + trajectory.name(), StringColumn.create("quantity"),
                DoubleColumn.create("value"), DoubleColumn.create("t"));
        for (String q : quantities) {
            String[] parts = q.split(" ", 2);
            if (parts.length != 2 || !(parts[0].equals("max") || parts[0].equals("min"))) {
                throw new IllegalArgumentException("quantity = " + q + "; allowed: \"max <column>\" or \"min <column>\"");
            }
            Extremum e = find(trajectory, timeColumn, parts[1], from, to, parts[0].equals("max"));
            out.stringColumn("quantity").append(q);
            out.doubleColumn("value").append(e.value());
            out.doubleColumn("t").append(e.time());
        }
        return out;
    }

    private static Extremum find(Table table, String timeColumn, String column, double from, double to,
                                 boolean max) {
        if (!(from <= to)) {
            throw new IllegalArgumentException("window [" + from + ", " + to + "]; allowed: from ≤ to");
        }
        for (String name : new String[] {timeColumn, column}) {
            if (!table.containsColumn(name)) {
                throw new IllegalArgumentException("column " + name + " not in " + table.name() + "; it has "
                        + table.columnNames());
            }
        }
        NumericColumn<?> t = table.numberColumn(timeColumn);
        NumericColumn<?> v = table.numberColumn(column);
        double bestTime = Double.NaN;
        double best = Double.NaN;
        for (int row = 0; row < table.rowCount(); row++) {
            double time = t.getDouble(row);
            double value = v.getDouble(row);
            if (time < from || time > to || Double.isNaN(value)) {
                continue;
            }
            if (Double.isNaN(best) || (max ? value > best : value < best)) {
                best = value;
                bestTime = time;
            }
        }
        if (Double.isNaN(best)) {
            throw new IllegalArgumentException("no value of " + column + " in [" + from + ", " + to + "]");
        }
        return new Extremum(column, bestTime, best);
    }
}
