package org.queuelab.analysis;

import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

/**
 * The largest or smallest value of a sampled trajectory column and the time where it occurs (e.g. the peak of
 * Q(x(t)) in ALBA's Figure 1, {@code alba.md} §7.1 "Extremes"). Resolution: the sampling grid; ties go to the
 * earliest time; missing values are skipped.
 *
 * @param column the column
 * @param time   where the extremum is attained
 * @param value  the extremum
 */
public record Extremum(String column, double time, double value) {

    /** The maximum of {@code column} over [from, to]. */
    public static Extremum max(Table trajectory, String timeColumn, String column, double from, double to) {
        return find(trajectory, timeColumn, column, from, to, true);
    }

    /** The minimum of {@code column} over [from, to]. */
    public static Extremum min(Table trajectory, String timeColumn, String column, double from, double to) {
        return find(trajectory, timeColumn, column, from, to, false);
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
