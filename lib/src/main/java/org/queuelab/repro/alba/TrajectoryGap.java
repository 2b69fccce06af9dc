package org.queuelab.repro.alba;

import java.util.List;
import java.util.Objects;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

/**
 * The distance between two trajectories sampled on time grids, typically a fluid solution x(t) and the average of
 * simulated paths X^N(t) ({@code alba.md} §3 Theorem 1, §8 C14).
 *
 * <p>The gap is the sup norm over the compared columns and over the sample times of the second table inside
 * [from, to]: max_{t, c} |a_c(t) − b_c(t)|. The first table is read by linear interpolation in time, so the two
 * grids need not coincide, but the first must cover the second's times (extrapolation would invent values).
 */
public final class TrajectoryGap {

    /** The largest difference, where it occurs, and how many (time, column) pairs were compared. */
    public record Gap(double supNorm, String column, double time, int comparedPoints) {
    }

    private TrajectoryGap() {
    }

    /**
     * The sup-norm gap between {@code reference} (interpolated) and {@code other} (at its own times in
     * [from, to]) over {@code columns}.
     *
     * @throws IllegalArgumentException if a column is missing, the window is empty, no sample of {@code other}
     *                                  falls in it, or {@code reference} does not cover a compared time
     */
    public static Gap supNorm(Table reference, Table other, String timeColumn, List<String> columns, double from,
                              double to) {
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(other, "other");
        if (columns == null || columns.isEmpty()) {
            throw new IllegalArgumentException("columns = " + columns + "; allowed: at least one column name");
        }
        if (!(from <= to)) {
            throw new IllegalArgumentException("window [" + from + ", " + to + "]; allowed: from ≤ to");
        }
        NumericColumn<?> refTime = numeric(reference, timeColumn);
        NumericColumn<?> otherTime = numeric(other, timeColumn);
        requireIncreasing(reference, refTime);
        double best = -1;
        String bestColumn = null;
        double bestTime = Double.NaN;
        int compared = 0;
        for (String c : columns) {
            NumericColumn<?> refValues = numeric(reference, c);
            NumericColumn<?> otherValues = numeric(other, c);
            for (int row = 0; row < other.rowCount(); row++) {
                double t = otherTime.getDouble(row);
                if (t < from || t > to) {
                    continue;
                }
                double diff = Math.abs(interpolate(refTime, refValues, t) - otherValues.getDouble(row));
                if (Double.isNaN(diff)) {
                    throw new IllegalArgumentException("column " + c + " is NaN at t = " + t);
                }
                compared++;
                if (diff > best) {
                    best = diff;
                    bestColumn = c;
                    bestTime = t;
                }
            }
        }
        if (compared == 0) {
            throw new IllegalArgumentException("no sample of " + other.name() + " in [" + from + ", " + to + "]");
        }
        return new Gap(best, bestColumn, bestTime, compared);
    }

    /** The sup-norm gap over every sample time of {@code other}. */
    public static Gap supNorm(Table reference, Table other, String timeColumn, List<String> columns) {
        return supNorm(reference, other, timeColumn, columns, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
    }

    /**
     * {@code reference}'s columns interpolated at {@code times}: a table with the time column and one column per
     * name, for showing a reference (a fluid path, a paper's table) beside computed values at the same times.
     */
    public static Table sampleAt(Table reference, String timeColumn, List<String> columns, double... times) {
        NumericColumn<?> refTime = numeric(reference, timeColumn);
        requireIncreasing(reference, refTime);
        Table out = Table.create(reference.name() + " at selected times", DoubleColumn.create(timeColumn, times));
        for (String c : columns) {
            NumericColumn<?> values = numeric(reference, c);
            DoubleColumn col = DoubleColumn.create(c);
            for (double t : times) {
                col.append(interpolate(refTime, values, t));
            }
            out.addColumns(col);
        }
        return out;
    }

    /** Linear interpolation of {@code values} at {@code t}; {@code time} must be non-decreasing and cover t. */
    public static double interpolate(NumericColumn<?> time, NumericColumn<?> values, double t) {
        int n = time.size();
        if (n == 0) {
            throw new IllegalArgumentException("empty time column");
        }
        double first = time.getDouble(0);
        double last = time.getDouble(n - 1);
        double slack = 1e-9 * Math.max(1, Math.abs(last));
        if (t < first - slack || t > last + slack) {
            throw new IllegalArgumentException("t = " + t + "; allowed: " + first + " ≤ t ≤ " + last
                    + " (the reference does not cover this time)");
        }
        int lo = 0;
        int hi = n - 1;
        while (hi - lo > 1) {       // binary search for time[lo] ≤ t ≤ time[hi]
            int mid = (lo + hi) >>> 1;
            if (time.getDouble(mid) <= t) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double t0 = time.getDouble(lo);
        double t1 = time.getDouble(hi);
        double v0 = values.getDouble(lo);
        double v1 = values.getDouble(hi);
        if (t <= t0 || t1 == t0) {
            return v0;
        }
        if (t >= t1) {
            return v1;
        }
        return v0 + (v1 - v0) * (t - t0) / (t1 - t0);
    }

    private static NumericColumn<?> numeric(Table table, String name) {
        if (!table.containsColumn(name)) {
            throw new IllegalArgumentException("column " + name + " not in " + table.name() + "; it has "
                    + table.columnNames());
        }
        return table.numberColumn(name);
    }

    private static void requireIncreasing(Table table, NumericColumn<?> time) {
        for (int i = 1; i < time.size(); i++) {
            if (!(time.getDouble(i) >= time.getDouble(i - 1))) {
                throw new IllegalArgumentException("time column of " + table.name()
                        + " is not non-decreasing at row " + i);
            }
        }
    }
}
