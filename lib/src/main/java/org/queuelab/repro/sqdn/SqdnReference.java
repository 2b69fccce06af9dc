package org.queuelab.repro.sqdn;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Looks up one row of a reference table of {@code data/sqdn/} (loaded with
 * {@link org.queuelab.report.ReferenceData#load(String)}) by the values of its key columns, so that notebook 02
 * compares with the tabulated number instead of a copy of it typed in a cell (docs/sqdn.md, data/sqdn/README.md).
 */
public final class SqdnReference {

    private SqdnReference() {
    }

    /**
     * The one row whose key columns hold the given values, e.g.
     * {@code row(marginals, Map.of("lambda", 0.995, "d", 2, "i", 5))} or
     * {@code row(checkpoints, Map.of("scenario", "high-load-44", "quantity", "L_S_min"))}.
     *
     * @param reference a reference table
     * @param key column name → value: a {@link Number} matches a numeric column's value exactly (as parsed from the
     *        CSV), any other value matches the cell's text
     * @return the matching row
     * @throws IllegalArgumentException if the key is empty, names a column the table lacks, puts a number on a text
     *                                  column, or unless exactly one row matches
     */
    public static Row row(Table reference, Map<String, ?> key) {
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(key, "key");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key is empty; allowed: one or more column → value pairs");
        }
        for (Map.Entry<String, ?> k : key.entrySet()) {
            if (!reference.containsColumn(k.getKey())) {
                throw new IllegalArgumentException("column " + k.getKey() + " not in " + reference.name()
                        + "; it has " + reference.columnNames());
            }
            if (k.getValue() instanceof Number && !(reference.column(k.getKey()) instanceof NumericColumn<?>)) {
                throw new IllegalArgumentException("column " + k.getKey() + " of " + reference.name()
                        + " is not numeric; key value " + k.getValue() + " is a number");
            }
        }
        List<Integer> found = new ArrayList<>();
        for (int r = 0; r < reference.rowCount(); r++) {
            if (matches(reference, r, key)) {
                found.add(r);
            }
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException(key + " matches " + found.size() + " rows of " + reference.name()
                    + "; expected exactly one");
        }
        return reference.row(found.get(0));
    }

    /**
     * The one row at load λ and d (columns {@code lambda} and {@code d}), as {@link #row} does.
     *
     * @param reference a reference table with columns lambda and d
     * @param lambda the load λ as tabulated
     * @param d the number of sampled servers d
     * @return the matching row
     * @throws IllegalArgumentException unless exactly one row matches (see {@link #row})
     */
    public static Row at(Table reference, double lambda, int d) {
        return row(reference, Map.of("lambda", lambda, "d", d));
    }

    private static boolean matches(Table reference, int r, Map<String, ?> key) {
        for (Map.Entry<String, ?> k : key.entrySet()) {
            Column<?> column = reference.column(k.getKey());
            if (column.isMissing(r)) {
                return false;
            }
            boolean equal = k.getValue() instanceof Number n
                    ? ((NumericColumn<?>) column).getDouble(r) == n.doubleValue()
                    : column.getString(r).equals(String.valueOf(k.getValue()));
            if (!equal) {
                return false;
            }
        }
        return true;
    }
}
