package org.queuelab.claims;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.queuelab.claims.Evidence.Grade;
import org.queuelab.guard.AtomicFile;
import org.queuelab.report.ProjectPaths;

import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * A register rendered for people and reports (docs/claims.md): the claims table, the views by section and by place
 * in the work, the evidence table, and the CSV files the main command's report reads.
 */
final class RegisterTables {

    /**
     * One column of the claims table: its name, whether it holds counts, and how a claim fills its cell.
     *
     * @param name  the column's name
     * @param count whether the column is an integer count (else text)
     * @param cell  the claim's cell
     */
    private record ClaimColumn(String name, boolean count, Function<Claim, Object> cell) {

        Column<?> create() {
            return count ? IntColumn.create(name) : StringColumn.create(name);
        }
    }

    private RegisterTables() {
    }

    /** The columns of {@link ClaimsRegister#table()}, in order, each filled from the claim and its evidence. */
    private static List<ClaimColumn> claimColumns(ClaimsRegister r) {
        return List.of(new ClaimColumn("id", false, Claim::id),
                new ClaimColumn("where", false, Claim::where),
                new ClaimColumn("source", false, c -> c.source().label()),
                new ClaimColumn("kind", false, c -> c.kind().label()),
                new ClaimColumn("rule", false, c -> c.rule().label()),
                new ClaimColumn("claim", false, Claim::text),
                new ClaimColumn("verdict", false, c -> verdictName(r, c)),
                new ClaimColumn("work_number", true, c -> EvidenceSummary.count(r.evidence(c.id()), Grade.WORK_NUMBER)),
                new ClaimColumn("independent", true,
                        c -> EvidenceSummary.count(r.evidence(c.id()), Grade.INDEPENDENT_METHOD)),
                new ClaimColumn("consistency", true, c -> EvidenceSummary.count(r.evidence(c.id()), Grade.CONSISTENCY)),
                new ClaimColumn("headline", false, c -> r.headline(c.id())),
                new ClaimColumn("power", false, c -> r.power(c.id())),
                new ClaimColumn("runs_needed", true, c -> r.runsNeeded(c.id())),
                new ClaimColumn("numbers", false, c -> r.numbers(c.id())),
                new ClaimColumn("tried", false, c -> r.tried(c.id())),
                new ClaimColumn("statement", false, Claim::statement),
                new ClaimColumn("margin", false, c -> Double.isNaN(c.margin()) ? "" : Evidence.fmt(c.margin())),
                new ClaimColumn("margin_reason", false, Claim::marginReason),
                new ClaimColumn("not_testable_because", false, Claim::notTestableBecause));
    }

    /** As {@link ClaimsRegister#table()}. */
    static Table claims(ClaimsRegister r) {
        List<ClaimColumn> columns = claimColumns(r);
        Table t = Table.create("claims: " + r.title());
        columns.forEach(col -> t.addColumns(col.create()));
        for (Claim c : r.claims()) {
            columns.forEach(col -> t.column(col.name()).appendObj(col.cell().apply(c)));
        }
        return t;
    }

    /** As {@link ClaimsRegister#bySection()}: groups by the text of {@code where} before its first comma. */
    static Table bySection(ClaimsRegister r) {
        Map<String, List<Claim>> groups = new LinkedHashMap<>();
        for (Claim c : r.claims()) {
            groups.computeIfAbsent(section(c), k -> new ArrayList<>()).add(c);
        }
        Table t = viewTable("claims by section: " + r.title(), true);
        groups.forEach((section, list) -> list.forEach(c -> appendView(r, t, c, section)));
        return t;
    }

    /** As {@link ClaimsRegister#about}: the claims whose {@code where} starts with {@code where}. */
    static Table about(ClaimsRegister r, String where) {
        if (where == null || where.isBlank()) {
            throw new IllegalArgumentException("where must name a figure, table or theorem, e.g. 'Figure 3'");
        }
        String prefix = where.strip().toLowerCase(Locale.ROOT);
        Table t = viewTable(where.strip() + ": what the work says, what we find", false);
        for (Claim c : r.claims()) {
            if (matchesWhere(c.where(), prefix)) {
                appendView(r, t, c, null);
            }
        }
        if (t.rowCount() == 0) {
            throw new IllegalArgumentException("no claim of the " + r.work() + " register is about '" + where
                    + "'; its places are " + r.claims().stream().map(RegisterTables::section).distinct()
                    .collect(Collectors.joining(", ")));
        }
        return t;
    }

    /** As {@link ClaimsRegister#evidenceTable()}: every piece attached, one row each. */
    static Table evidence(ClaimsRegister r) {
        Table t = Table.create("evidence: " + r.title(), StringColumn.create("id"), StringColumn.create("grade"),
                StringColumn.create("what"), StringColumn.create("reference"), StringColumn.create("ours"),
                StringColumn.create("outcome"), StringColumn.create("note"), StringColumn.create("power"));
        for (Claim c : r.claims()) {
            for (Evidence ev : r.evidence(c.id())) {
                t.stringColumn("id").append(c.id());
                t.stringColumn("grade").append(ev.grade().name());
                t.stringColumn("what").append(ev.what());
                t.stringColumn("reference").append(Evidence.fmt(ev.reference()));
                t.stringColumn("ours").append(Evidence.fmt(ev.ours()));
                t.stringColumn("outcome").append(ev.outcome().name());
                t.stringColumn("note").append(ev.note());
                t.stringColumn("power").append(ev.power());
            }
        }
        return t;
    }

    /** As {@link ClaimsRegister#write}: the claims and evidence CSVs of a notebook, each replaced atomically. */
    static Path write(ClaimsRegister r, String notebook) {
        if (notebook == null || notebook.isBlank()) {
            throw new IllegalArgumentException("notebook must be non-blank");
        }
        Path dir = ProjectPaths.outputDir().resolve("claims");
        try {
            Files.createDirectories(dir.resolve("evidence"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Table t = claims(r);
        t.insertColumn(0, StringColumn.create("work", Collections.nCopies(t.rowCount(), r.title())));
        t.insertColumn(1, StringColumn.create("register", Collections.nCopies(t.rowCount(), r.work())));
        Path file = dir.resolve(notebook + ".csv");
        writeCsv(t, file);
        writeCsv(evidence(r), dir.resolve("evidence").resolve(notebook + ".csv"));
        return file;
    }

    /** A table as CSV, written atomically (a killed notebook leaves the old file or the new one, never half). */
    private static void writeCsv(Table t, Path file) {
        AtomicFile.write(file, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            t.write().csv(w);
            w.flush();
        });
    }

    /** Whether {@code where} is about {@code prefix}: it starts with it and the next character ends the name. */
    private static boolean matchesWhere(String where, String prefix) {
        String w = where.toLowerCase(Locale.ROOT);
        if (!w.startsWith(prefix)) {
            return false;
        }
        return w.length() == prefix.length() || !Character.isLetterOrDigit(w.charAt(prefix.length()));
    }

    private static String section(Claim c) {
        int comma = c.where().indexOf(',');
        return (comma < 0 ? c.where() : c.where().substring(0, comma)).strip();
    }

    private static String verdictName(ClaimsRegister r, Claim c) {
        return r.verdict(c.id()).map(Verdict::name).orElse("NO EVIDENCE");
    }

    private static Table viewTable(String name, boolean withSection) {
        Table t = Table.create(name);
        if (withSection) {
            t.addColumns(StringColumn.create("section"));
        }
        t.addColumns(StringColumn.create("id"), StringColumn.create("the work says"), StringColumn.create("verdict"),
                StringColumn.create("we find"));
        return t;
    }

    private static void appendView(ClaimsRegister r, Table t, Claim c, String section) {
        if (section != null) {
            t.stringColumn("section").append(section);
        }
        t.stringColumn("id").append(c.id());
        t.stringColumn("the work says").append(c.text());
        t.stringColumn("verdict").append(verdictName(r, c));
        t.stringColumn("we find").append(c.notTestable() ? c.notTestableBecause() : r.headline(c.id()));
    }
}
