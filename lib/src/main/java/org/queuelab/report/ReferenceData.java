package org.queuelab.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * Reference numbers transcribed from the works and the specs, stored as CSV files in {@code data/}
 * (provenance in {@code data/README.md}). They are shown beside computed values, never used in their place.
 */
public final class ReferenceData {

    private ReferenceData() {
    }

    /** Loads {@code data/<fileName>} as a table; lines starting with {@code #} are comments. */
    public static Table load(String fileName) {
        Path file = ProjectPaths.dataDir().resolve(fileName);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no reference file " + file.toAbsolutePath());
        }
        try {
            return Table.read().usingOptions(CsvReadOptions.builder(file.toFile())
                    .commentPrefix('#')
                    .tableName(fileName));
        } catch (RuntimeException e) {
            throw new UncheckedIOException(new IOException("cannot read " + file + ": " + e.getMessage(), e));
        }
    }
}
