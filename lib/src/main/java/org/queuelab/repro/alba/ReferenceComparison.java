package org.queuelab.repro.alba;

import java.util.List;
import java.util.Objects;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;

/**
 * Our numbers beside a reference table (a spec's or a paper's), row by row: for each compared column, ours, the
 * reference and |ours − reference|; and the worst row of a column, for recording one check per column.
 * Both tables must list the same keys (e.g. times) in the same order; {@link TrajectoryGap#sampleAt} gives a
 * computed trajectory at a reference's times.
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

    /**
     * The value in {@code valueColumn} of the one row whose {@code keyColumn} (text) equals {@code key}, e.g.
     * {@code value(constants, "quantity", "theta_c", "value")}.
     *
     * @throws IllegalArgumentException unless exactly one row matches, or if the value is missing
     */
    public static double value(Table reference, String keyColumn, String key, String valueColumn) {
        if (!reference.containsColumn(keyColumn) || !reference.containsColumn(valueColumn)) {
            throw new IllegalArgumentException("columns " + keyColumn + ", " + valueColumn + " not both in "
                    + reference.name() + "; it has " + reference.columnNames());
        }
        int found = -1;
        for (int row = 0; row < reference.rowCount(); row++) {
            if (key.equals(reference.column(keyColumn).getString(row))) {
                if (found >= 0) {
                    throw new IllegalArgumentException(keyColumn + " = " + key + " appears twice in "
                            + reference.name());
                }
                found = row;
            }
        }
        if (found < 0) {
            throw new IllegalArgumentException(keyColumn + " = " + key + " not in " + reference.name());
        }
        NumericColumn<?> values = reference.numberColumn(valueColumn);
        if (values.isMissing(found)) {
            throw new IllegalArgumentException(valueColumn + " is missing for " + keyColumn + " = " + key);
        }
        return values.getDouble(found);
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
