package org.queuelab.report;

import java.util.List;
import java.util.Objects;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

/**
 * Our numbers beside a reference table of exact (non-random) numbers, e.g. a spec's fluid values from
 * {@link ReferenceData}, row by row: for each compared column, ours, the reference and |ours − reference|; and the
 * worst row of a column, for recording one check per column with {@link Checks}. Both tables must list the same
 * keys (e.g. times) in the same order ({@code org.queuelab.repro.alba.TrajectoryGap#sampleAt} gives a computed
 * trajectory at a reference's times). A reference that is itself a noisy simulation estimate needs tolerances
 * from both sides' noise: see {@code org.queuelab.repro.tabs.SimulatedReferenceComparison}.
 */
public final class ReferenceComparison {

    /** The row where |ours − reference| is largest in one column. */
    public record Worst(String column, double key, double reference, double ours, double error) {
    }

    private ReferenceComparison() {
    }

    /**
     * A table with the key column, then for each column c: {@code c}, {@code c (ref)}, {@code |Δ| c}.
     *
     * @throws IllegalArgumentException if the tables differ in length or keys, or lack a column
     */
    public static Table beside(Table ours, Table reference, String key, List<String> columns) {
        NumericColumn<?> keys = requireSameKeys(ours, reference, key);
        Table out = Table.create(ours.name() + " beside " + reference.name(),
                DoubleColumn.create(key, keys.asDoubleArray()));
        for (String c : columns) {
            NumericColumn<?> o = column(ours, c);
            NumericColumn<?> r = column(reference, c);
            double[] diff = new double[o.size()];
            for (int i = 0; i < diff.length; i++) {
                diff[i] = Math.abs(o.getDouble(i) - r.getDouble(i));
            }
            out.addColumns(DoubleColumn.create(c, o.asDoubleArray()), DoubleColumn.create(c + " (ref)",
                    r.asDoubleArray()), DoubleColumn.create("|Δ| " + c, diff));
        }
        return out;
    }

    /** The row of largest |ours − reference| in {@code column}; rows whose reference is missing are skipped. */
    public static Worst worst(Table ours, Table reference, String key, String column) {
        NumericColumn<?> keys = requireSameKeys(ours, reference, key);
        NumericColumn<?> o = column(ours, column);
        NumericColumn<?> r = column(reference, column);
        Worst worst = null;
        for (int i = 0; i < o.size(); i++) {
            if (r.isMissing(i)) {
                continue;
            }
            double error = Math.abs(o.getDouble(i) - r.getDouble(i));
            if (Double.isNaN(error)) {
                return new Worst(column, keys.getDouble(i), r.getDouble(i), o.getDouble(i), Double.NaN);
            }
            if (worst == null || error > worst.error()) {
                worst = new Worst(column, keys.getDouble(i), r.getDouble(i), o.getDouble(i), error);
            }
        }
        if (worst == null) {
            throw new IllegalArgumentException("column " + column + " has no reference value to compare");
        }
        return worst;
    }

    private static NumericColumn<?> requireSameKeys(Table ours, Table reference, String key) {
        Objects.requireNonNull(ours, "ours");
        Objects.requireNonNull(reference, "reference");
        NumericColumn<?> a = column(ours, key);
        NumericColumn<?> b = column(reference, key);
        if (a.size() != b.size()) {
            throw new IllegalArgumentException(ours.name() + " has " + a.size() + " rows, " + reference.name()
                    + " has " + b.size() + "; allowed: the same rows");
        }
        for (int i = 0; i < a.size(); i++) {
            if (a.getDouble(i) != b.getDouble(i)) {
                throw new IllegalArgumentException(key + " differs at row " + i + ": " + a.getDouble(i) + " vs "
                        + b.getDouble(i) + "; allowed: the same keys in the same order");
            }
        }
        return a;
    }

    private static NumericColumn<?> column(Table table, String name) {
        if (!table.containsColumn(name)) {
            throw new IllegalArgumentException("column " + name + " not in " + table.name() + "; it has "
                    + table.columnNames());
        }
        return table.numberColumn(name);
    }
}
