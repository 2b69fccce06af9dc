package org.queuelab.claims;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.report.ProjectPaths;

/**
 * A claims register file, {@code data/<work>/claims.csv}, read into claims: the header, one claim per row, comment
 * and blank lines skipped, every error named by file, line and column (docs/claims.md).
 */
final class RegisterFile {

    private RegisterFile() {
    }

    /** The register file of {@code work} under the data folder; refused when it does not exist. */
    static Path of(String work) {
        Objects.requireNonNull(work, "work");
        Path file = ProjectPaths.dataDir().resolve(work).resolve("claims.csv");
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no claims register " + file.toAbsolutePath());
        }
        return file;
    }

    /** As {@link ClaimsRegister#fromCsv}: the claims of {@code file}, in file order, all of {@code work}. */
    static List<Claim> read(String work, Path file) {
        Objects.requireNonNull(file, "file");
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the claims register " + file, e);
        }
        List<String> columns = ClaimsRegister.COLUMNS;
        List<Claim> claims = new ArrayList<>();
        Map<String, Integer> idLines = new LinkedHashMap<>();
        boolean header = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            RegisterLine row = RegisterLine.parse(file, i + 1, line);
            if (!header) {
                if (!row.fields().equals(columns)) {
                    throw row.error(0, "the header must be " + String.join(",", columns) + "; it is " + line);
                }
                header = true;
                continue;
            }
            if (row.fields().size() != columns.size()) {
                throw row.error(Math.min(row.fields().size(), columns.size()) - 1, "the row has "
                        + row.fields().size() + " fields; allowed: " + columns.size() + " (" + columns + ")");
            }
            Claim c = row.claim(work);
            Integer first = idLines.putIfAbsent(c.id(), i + 1);
            if (first != null) {
                throw row.error(0, "claim id " + c.id() + " appears twice (first on line " + first + ")");
            }
            claims.add(c);
        }
        if (!header) {
            throw new IllegalArgumentException(file + ": the register is empty; allowed: a header "
                    + String.join(",", columns) + " and at least one claim");
        }
        if (claims.isEmpty()) {
            throw new IllegalArgumentException(file + ": the register has a header and no claims");
        }
        return claims;
    }
}
