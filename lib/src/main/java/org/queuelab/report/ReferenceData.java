package org.queuelab.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * Reference numbers transcribed from the works and the specs, stored as CSV files in {@code data/}
 * (provenance in {@code data/README.md}). They are shown beside computed values, never used in their place.
 */
public final class ReferenceData {

    private ReferenceData() {
    }

    /**
     * Loads {@code data/<fileName>} (the folder of {@link ProjectPaths#dataDir()}) as a table; lines starting with
     * {@code #} are comments.
     *
     * @param fileName the CSV file's path inside {@code data/}, e.g. {@code "alba/fig1_extremes.csv"}
     * @return the table, named {@code fileName}, with at least one row
     * @throws IllegalArgumentException if the file does not exist, is empty or has a header but no rows
     * @throws UncheckedIOException     if the file cannot be read or is not well-formed CSV
     */
    public static Table load(String fileName) {
        Path file = ProjectPaths.dataDir().resolve(fileName);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no reference file " + file.toAbsolutePath());
        }
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (size == 0) {
            throw new IllegalArgumentException("reference file " + file + " is empty; expected a CSV header line "
                    + "and rows ('#' starts a comment)");
        }
        Table table;
        try {
            table = Table.read().usingOptions(CsvReadOptions.builder(file.toFile())
                    .commentPrefix('#')
                    .tableName(fileName));
        } catch (RuntimeException e) {
            throw new UncheckedIOException(new IOException("cannot read " + file + ": " + e.getMessage()
                    + "; expected CSV: a header line, then rows of as many fields ('#' starts a comment)", e));
        }
        if (table.rowCount() == 0) {
            throw new IllegalArgumentException("reference file " + file + " has a header " + table.columnNames()
                    + " but no rows; expected at least one row");
        }
        return table;
    }

    /**
     * The value in {@code valueColumn} of the one row whose {@code keyColumn} (text) equals {@code key}, e.g.
     * {@code value(constants, "quantity", "theta_c", "value")}.
     *
     * @param reference   a table from {@link #load(String)}
     * @param keyColumn   the column that names the rows (read as text)
     * @param key         the row's name in {@code keyColumn}
     * @param valueColumn a numeric column
     * @return the number in that row and column
     * @throws IllegalArgumentException if a column is absent, unless exactly one row matches, or if the value is
     *                                  missing
     */
    public static double value(Table reference, String keyColumn, String key, String valueColumn) {
        if (!reference.containsColumn(valueColumn)) {
            throw new IllegalArgumentException("column " + valueColumn + " not in " + reference.name() + "; it has "
                    + reference.columnNames());
        }
        Row row = row(reference, Map.of(keyColumn, key));
        if (row.isMissing(valueColumn)) {
            throw new IllegalArgumentException(valueColumn + " is missing for " + keyColumn + " = " + key);
        }
        return row.getNumber(valueColumn);
    }

    /**
     * The one row whose key columns hold the given values, e.g.
     * {@code row(marginals, Map.of("lambda", 0.995, "d", 2, "i", 5))} or
     * {@code row(checkpoints, Map.of("scenario", "high-load-44", "quantity", "L_S_min"))}.
     *
     * @param reference a table from {@link #load(String)}
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
