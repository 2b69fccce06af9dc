package org.queuelab.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A notebook's table of reproduction checks: figure, quantity, reference, ours, error, tolerance, pass.
 *
 * <p>Each check is recorded, never thrown on the spot, so a notebook's closing cell shows every check at once;
 * {@link #assertAllPass()} then writes the table to {@code <output>/checks/<notebook>.csv} (collected by the main
 * command into one reproduction report) and throws if any failed. A failed reproduction is reported as such,
 * with its numbers, never hidden.
 *
 * <p>A check is named by its figure and quantity: recording the same (figure, quantity) again replaces the earlier
 * check in its place, so re-running a notebook cell updates its checks instead of adding copies.
 *
 * <p><b>A tolerance never covers the value it guards unless a reason is given</b> (docs/claims.md §2): an
 * {@code abs} check whose tolerance is ≥ |reference|, or a {@code rel} check whose tolerance is ≥ 1, would pass on
 * ours = 0 and so shows nothing. {@link #assertAllPass()} refuses such a row unless it was recorded with a reason
 * ({@link #absolute(String, String, double, double, double, String)}, e.g. "an exact zero: the check bounds |ours|"),
 * and {@link #shown} records a value beside a reference without judging it (kind {@code shown}), with the reason.
 */
public final class Checks {

    /**
     * One recorded check. {@code error} is |ours − reference| (absolute) or relative, per {@code kind}.
     * {@code coversBecause} says why the tolerance may cover the value it guards (empty when it need not).
     */
    public record Check(String figure, String quantity, double reference, double ours, double error,
                        double tolerance, String kind, boolean pass, String note, String coversBecause) {

        /** A check without a reason for a wide tolerance. */
        public Check(String figure, String quantity, double reference, double ours, double error, double tolerance,
                     String kind, boolean pass, String note) {
            this(figure, quantity, reference, ours, error, tolerance, kind, pass, note, "");
        }

        /** Validates the reason (blank becomes empty). */
        public Check {
            coversBecause = coversBecause == null ? "" : coversBecause.strip();
        }

        /**
         * Whether the tolerance is at least the value it guards, so that ours = 0 would pass: tolerance ≥ |reference|
         * for an absolute check (also when the reference is 0, except for an exact-equality check of tolerance 0),
         * tolerance ≥ 1 for a relative one. Never for bounds, qualitative claims or shown values.
         */
        public boolean toleranceCoversValue() {
            return switch (kind) {
                case "abs" -> tolerance != 0 && !(tolerance < Math.abs(reference)); // 0: exact equality
                case "rel" -> !(tolerance < 1);
                default -> false;
            };
        }

        /** Whether this row was recorded to be shown, not judged ({@link Checks#shown}). */
        public boolean shownOnly() {
            return kind.equals("shown");
        }
    }

    private final String notebook;
    /** Checks by (figure, quantity), in the order first recorded. */
    private final Map<List<String>, Check> checks = new LinkedHashMap<>();

    private Checks(String notebook) {
        this.notebook = Objects.requireNonNull(notebook, "notebook");
    }

    /** A new, empty table of checks for the named notebook (e.g. {@code "01-alba"}). */
    public static Checks forNotebook(String notebook) {
        return new Checks(notebook);
    }

    /** Passes when |ours − reference| ≤ tolerance. NaN never passes. */
    public Check absolute(String figure, String quantity, double reference, double ours, double tolerance) {
        double error = Math.abs(ours - reference);
        return add(new Check(figure, quantity, reference, ours, error, tolerance, "abs", error <= tolerance, ""));
    }

    /**
     * As {@link #absolute(String, String, double, double, double)}, for a tolerance that may cover the value it
     * guards (tolerance ≥ |reference|): {@code because} says why the check still shows something, e.g. "an exact
     * zero: the check bounds |ours| by the solver's error". The reason is kept in the table and the report.
     */
    public Check absolute(String figure, String quantity, double reference, double ours, double tolerance,
                          String because) {
        double error = Math.abs(ours - reference);
        return add(new Check(figure, quantity, reference, ours, error, tolerance, "abs", error <= tolerance, "",
                requireReason(because)));
    }

    /** Passes when |ours − reference| ≤ tolerance·|reference|. NaN never passes. */
    public Check relative(String figure, String quantity, double reference, double ours, double tolerance) {
        double error = Math.abs(ours - reference) / Math.abs(reference);
        return add(new Check(figure, quantity, reference, ours, error, tolerance, "rel", error <= tolerance, ""));
    }

    /**
     * Records ours beside a reference <b>without judging it</b> (kind {@code shown}; it never fails and is no
     * evidence): for a comparison that cannot decide anything, such as a reference printed to a precision coarser
     * than the value. {@code because} says why it is not judged; the error column shows |ours − reference|.
     */
    public Check shown(String figure, String quantity, double reference, double ours, String because) {
        return add(new Check(figure, quantity, reference, ours, Math.abs(ours - reference), Double.NaN, "shown",
                true, "", requireReason(because)));
    }

    /**
     * Turns every recorded check of {@code figure} whose tolerance covers the value it guards into a row shown
     * without judging ({@link #shown}), with the reason; returns the rows turned. For a family recorded by a
     * comparison helper against reference values, some of which are smaller than the reference's own accuracy.
     */
    public List<Check> showWhereToleranceCovers(String figure, String because) {
        String reason = requireReason(because);
        List<Check> covered = checks.values().stream()
                .filter(c -> c.figure().equals(figure) && c.toleranceCoversValue()).toList();
        for (Check c : covered) {
            add(new Check(c.figure(), c.quantity(), c.reference(), c.ours(), c.error(), Double.NaN, "shown", true,
                    "tolerance " + c.tolerance() + " ≥ |reference|" + (c.note().isEmpty() ? "" : "; " + c.note()),
                    reason));
        }
        return covered;
    }

    private static String requireReason(String because) {
        if (because == null || because.isBlank()) {
            throw new IllegalArgumentException("a reason is required (why the tolerance may cover the value, or why "
                    + "the value is shown without judging it)");
        }
        return because.strip();
    }

    /** Passes when {@code ours ≤ bound}; the error column shows how far above the bound it is (0 when below). */
    public Check atMost(String figure, String quantity, double bound, double ours) {
        double error = Math.max(0, ours - bound);
        return add(new Check(figure, quantity, bound, ours, error, 0, "≤", ours <= bound, ""));
    }

    /** Passes when {@code ours ≥ bound}. */
    public Check atLeast(String figure, String quantity, double bound, double ours) {
        double error = Math.max(0, bound - ours);
        return add(new Check(figure, quantity, bound, ours, error, 0, "≥", ours >= bound, ""));
    }

    /** A qualitative check (a claim of the work); {@code note} says what was compared. */
    public Check claim(String figure, String quantity, boolean holds, String note) {
        return add(new Check(figure, quantity, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "claim", holds,
                note));
    }

    private Check add(Check c) {
        checks.put(Arrays.asList(c.figure(), c.quantity()), c); // a re-run cell replaces its own checks
        return c;
    }

    /** The checks recorded so far, in order (one per figure and quantity: the latest recorded). */
    public List<Check> all() {
        return List.copyOf(checks.values());
    }

    /** The failed checks. */
    public List<Check> failures() {
        return checks.values().stream().filter(c -> !c.pass()).toList();
    }

    /**
     * The checks whose tolerance covers the value they guard ({@link Check#toleranceCoversValue()}) and that carry no
     * reason: {@link #assertAllPass()} refuses them.
     */
    public List<Check> unexplainedWide() {
        return checks.values().stream().filter(c -> c.toleranceCoversValue() && c.coversBecause().isEmpty()).toList();
    }

    /**
     * The checks as a table. For a bound (kind ≤ or ≥) the reference column holds the bound, the error how far ours
     * is past it (0 when it holds) and the tolerance is blank; the column "passes when" states each row's rule.
     */
    public Table table() {
        Table t = Table.create("checks: " + notebook,
                StringColumn.create("figure"), StringColumn.create("quantity"), DoubleColumn.create("reference"),
                DoubleColumn.create("ours"), DoubleColumn.create("error"), DoubleColumn.create("tolerance"),
                StringColumn.create("kind"), StringColumn.create("passes when"), BooleanColumn.create("pass"),
                StringColumn.create("note"), StringColumn.create("tolerance covers value"),
                StringColumn.create("because"));
        for (Check c : checks.values()) {
            boolean bound = c.kind().equals("≤") || c.kind().equals("≥");
            t.stringColumn("figure").append(c.figure());
            t.stringColumn("quantity").append(c.quantity());
            t.doubleColumn("reference").append(c.reference());
            t.doubleColumn("ours").append(c.ours());
            t.doubleColumn("error").append(c.error());
            t.doubleColumn("tolerance").append(bound ? Double.NaN : c.tolerance());
            t.stringColumn("kind").append(c.kind());
            t.stringColumn("passes when").append(passesWhen(c.kind()));
            t.booleanColumn("pass").append(c.pass());
            t.stringColumn("note").append(c.note());
            t.stringColumn("tolerance covers value").append(c.toleranceCoversValue() ? "yes" : "");
            t.stringColumn("because").append(c.coversBecause());
        }
        return t;
    }

    /** The rule a check of this kind applies, in words (so that a "≤" row does not read as a tolerance of 0). */
    static String passesWhen(String kind) {
        return switch (kind) {
            case "abs" -> "|ours − reference| ≤ tolerance";
            case "rel" -> "|ours − reference| ≤ tolerance·|reference|";
            case "≤" -> "ours ≤ reference (a bound)";
            case "≥" -> "ours ≥ reference (a bound)";
            case "claim" -> "the claim holds (see note)";
            case "shown" -> "not judged (see because)";
            default -> kind;
        };
    }

    /**
     * Throws an {@link AssertionError} naming every check whose tolerance covers the value it guards and that has no
     * reason ({@link #unexplainedWide()}); called by {@link #assertAllPass()}.
     */
    public void requireExplained() {
        List<Check> wide = unexplainedWide();
        if (!wide.isEmpty()) {
            StringBuilder sb = new StringBuilder(wide.size() + " checks in " + notebook + " have a tolerance that "
                    + "covers the value they guard (ours = 0 would pass) and no reason: replace each by evidence that "
                    + "can fail, show it with Checks.shown(..., because), or give the reason:");
            for (Check c : wide) {
                sb.append("\n  ").append(c.figure()).append(" / ").append(c.quantity()).append(": reference ")
                        .append(c.reference()).append(", tolerance ").append(c.tolerance()).append(" (")
                        .append(c.kind()).append(")");
            }
            throw new AssertionError(sb.toString());
        }
    }

    /**
     * Writes the table to {@code <output>/checks/<notebook>.csv} and returns the file; then refuses, with an
     * {@link AssertionError}, any check whose tolerance covers the value it guards without a reason
     * ({@link #requireExplained()}) — also in the works' notebooks, where a failed check lowers a verdict instead of
     * stopping the notebook, such a check is a design error, not a result.
     */
    public Path write() {
        Path dir = ProjectPaths.outputDir().resolve("checks");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path file = dir.resolve(notebook + ".csv");
        org.queuelab.guard.AtomicFile.write(file, out -> {   // a killed notebook leaves the old file or the new one
            java.io.Writer w = new java.io.OutputStreamWriter(out, java.nio.charset.StandardCharsets.UTF_8);
            table().write().csv(w);
            w.flush();
        });
        requireExplained();
        return file;
    }

    /**
     * Writes the table, then throws an {@link AssertionError} listing every failed check, if any, and every check
     * whose tolerance covers the value it guards without a reason ({@link #unexplainedWide()}).
     */
    public Table assertAllPass() {
        write();
        List<Check> failed = failures();
        if (!failed.isEmpty()) {
            StringBuilder sb = new StringBuilder(failed.size() + " of " + checks.size() + " checks failed in "
                    + notebook + ":");
            for (Check c : failed) {
                sb.append("\n  ").append(c.figure()).append(" / ").append(c.quantity()).append(": reference ")
                        .append(c.reference()).append(", ours ").append(c.ours()).append(", error ")
                        .append(c.error()).append(" > tolerance ").append(c.tolerance())
                        .append(c.note().isEmpty() ? "" : " (" + c.note() + ")");
            }
            throw new AssertionError(sb.toString());
        }
        return table();
    }
}
