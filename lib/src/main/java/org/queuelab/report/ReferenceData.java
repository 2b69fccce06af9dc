package org.queuelab.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.Table;
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
}
