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
     *
     * @param figure        the figure or table of the work the check belongs to, e.g. "Fig. 3"
     * @param quantity      what is compared, e.g. "E[Q] at λ = 0.9"; with {@code figure} it names the check
     * @param reference     the work's value, or the bound for kinds ≤ and ≥; NaN for a claim
     * @param ours          our computed value; NaN for a claim
     * @param error         |ours − reference| ({@code abs}, {@code shown}), that over |reference| ({@code rel}), how
     *                      far ours is past the bound (≤, ≥; 0 when it holds); NaN for a claim
     * @param tolerance     the largest error that passes; 0 for a bound, NaN for a claim or a shown value
     * @param kind          the rule: {@code abs}, {@code rel}, {@code ≤}, {@code ≥}, {@code claim} or {@code shown}
     * @param pass          whether the check passed (always {@code true} for a shown value)
     * @param note          what a claim compared, or why a row was turned into a shown one; may be empty
     * @param coversBecause why the tolerance may cover the value it guards, or why a value is shown without
     *                      judging it; empty when no reason was given (null is read as empty)
     */
    public record Check(String figure, String quantity, double reference, double ours, double error,
                        double tolerance, String kind, boolean pass, String note, String coversBecause) {

        /**
         * A check without a reason for a wide tolerance ({@code coversBecause} empty).
         *
         * @param figure    the figure or table of the work
         * @param quantity  what is compared
         * @param reference the work's value or the bound
         * @param ours      our computed value
         * @param error     the error, per {@code kind}
         * @param tolerance the largest error that passes
         * @param kind      the rule ({@code abs}, {@code rel}, {@code ≤}, {@code ≥}, {@code claim}, {@code shown})
         * @param pass      whether the check passed
         * @param note      a note, may be empty
         */
        public Check(String figure, String quantity, double reference, double ours, double error, double tolerance,
                     String kind, boolean pass, String note) {
            this(figure, quantity, reference, ours, error, tolerance, kind, pass, note, "");
        }

        /**
         * Normalises the reason: null or blank becomes empty, otherwise it is stripped. Nothing else is validated.
         *
         * @param figure        the figure or table of the work
         * @param quantity      what is compared
         * @param reference     the work's value or the bound
         * @param ours          our computed value
         * @param error         the error, per {@code kind}
         * @param tolerance     the largest error that passes
         * @param kind          the rule
         * @param pass          whether the check passed
         * @param note          a note, may be empty
         * @param coversBecause the reason for a wide tolerance or a shown value; null or blank for none
         */
        public Check {
            coversBecause = coversBecause == null ? "" : coversBecause.strip();
        }

        /**
         * Whether the tolerance is at least the value it guards, so that ours = 0 would pass: tolerance ≥ |reference|
         * for an absolute check (also when the reference is 0, except for an exact-equality check of tolerance 0),
         * tolerance ≥ 1 for a relative one. Never for bounds, qualitative claims or shown values.
         *
         * @return {@code true} when ours = 0 would pass this check
         */
        public boolean toleranceCoversValue() {
            return switch (kind) {
                case "abs" -> tolerance != 0 && !(tolerance < Math.abs(reference)); // 0: exact equality
                case "rel" -> !(tolerance < 1);
                default -> false;
            };
        }

        /**
         * Whether this row was recorded to be shown, not judged ({@link Checks#shown}).
         *
         * @return {@code true} for kind {@code shown}
         */
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

    /**
     * A new, empty table of checks for the named notebook.
     *
     * @param notebook the notebook's name without extension, e.g. {@code "01-alba"}; names the output file
     *                 {@code checks/<notebook>.csv}: letters, digits, '-', '_' and '.', not starting with '.'
     * @return an empty table of checks
     * @throws IllegalArgumentException if the name is not such a file name (a path would write outside
     *                                  {@code checks/})
     */
    public static Checks forNotebook(String notebook) {
        Objects.requireNonNull(notebook, "notebook");
        if (!notebook.matches("[\\p{L}\\p{N}_-][\\p{L}\\p{N}._-]*")) {
            throw new IllegalArgumentException("notebook = " + notebook + "; allowed: a file name of letters, digits,"
                    + " '-', '_' and '.', not starting with '.'");
        }
        return new Checks(notebook);
    }

    /**
     * Records an absolute check: passes when |ours − reference| ≤ tolerance. NaN never passes. A tolerance ≥
     * |reference| needs a reason ({@link #absolute(String, String, double, double, double, String)}), else
     * {@link #assertAllPass()} refuses the row.
     *
     * @param figure    the figure or table of the work, e.g. "Fig. 3"
     * @param quantity  what is compared; with {@code figure} it names the check (recording it again replaces it)
     * @param reference the work's value
     * @param ours      our computed value
     * @param tolerance the largest |ours − reference| that passes, in the quantity's units
     * @return the recorded check
     */
    public Check absolute(String figure, String quantity, double reference, double ours, double tolerance) {
        double error = Math.abs(ours - reference);
        return add(new Check(figure, quantity, reference, ours, error, tolerance, "abs", error <= tolerance, ""));
    }

    /**
     * As {@link #absolute(String, String, double, double, double)}, for a tolerance that may cover the value it
     * guards (tolerance ≥ |reference|): {@code because} says why the check still shows something, e.g. "an exact
     * zero: the check bounds |ours| by the solver's error". The reason is kept in the table and the report.
     *
     * @param figure    the figure or table of the work
     * @param quantity  what is compared; with {@code figure} it names the check
     * @param reference the work's value
     * @param ours      our computed value
     * @param tolerance the largest |ours − reference| that passes, in the quantity's units
     * @param because   why the check still shows something, not blank
     * @return the recorded check
     * @throws IllegalArgumentException if {@code because} is null or blank
     */
    public Check absolute(String figure, String quantity, double reference, double ours, double tolerance,
                          String because) {
        double error = Math.abs(ours - reference);
        return add(new Check(figure, quantity, reference, ours, error, tolerance, "abs", error <= tolerance, "",
                requireReason(because)));
    }

    /**
     * Records a relative check: passes when |ours − reference| ≤ tolerance·|reference|. NaN never passes (nor does a
     * reference of 0, whose relative error is NaN or infinite). A tolerance ≥ 1 is refused by
     * {@link #assertAllPass()}.
     *
     * @param figure    the figure or table of the work
     * @param quantity  what is compared; with {@code figure} it names the check
     * @param reference the work's value, non-zero
     * @param ours      our computed value
     * @param tolerance the largest relative error that passes, e.g. 0.02 for 2 %
     * @return the recorded check
     */
    public Check relative(String figure, String quantity, double reference, double ours, double tolerance) {
        double error = Math.abs(ours - reference) / Math.abs(reference);
        return add(new Check(figure, quantity, reference, ours, error, tolerance, "rel", error <= tolerance, ""));
    }

    /**
     * Records ours beside a reference <b>without judging it</b> (kind {@code shown}; it never fails and is no
     * evidence): for a comparison that cannot decide anything, such as a reference printed to a precision coarser
     * than the value. {@code because} says why it is not judged; the error column shows |ours − reference|.
     *
     * @param figure    the figure or table of the work
     * @param quantity  what is shown; with {@code figure} it names the row
     * @param reference the work's value
     * @param ours      our computed value
     * @param because   why the value is not judged, not blank
     * @return the recorded row (it passes)
     * @throws IllegalArgumentException if {@code because} is null or blank
     */
    public Check shown(String figure, String quantity, double reference, double ours, String because) {
        return add(new Check(figure, quantity, reference, ours, Math.abs(ours - reference), Double.NaN, "shown",
                true, "", requireReason(because)));
    }

    /**
     * Turns every recorded check of {@code figure} whose tolerance covers the value it guards into a row shown
     * without judging ({@link #shown}), with the reason; returns the rows turned. For a family recorded by a
     * comparison helper against reference values, some of which are smaller than the reference's own accuracy.
     *
     * @param figure  the figure whose checks are looked at
     * @param because why those values are shown without judging, not blank
     * @return the checks as they were before being turned (empty when none was covered)
     * @throws IllegalArgumentException if {@code because} is null or blank
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

    /**
     * Records an upper bound: passes when {@code ours ≤ bound}; the error column shows how far above the bound it is
     * (0 when below). NaN never passes.
     *
     * @param figure   the figure or table of the work
     * @param quantity what is bounded; with {@code figure} it names the check
     * @param bound    the largest value that passes
     * @param ours     our computed value
     * @return the recorded check
     */
    public Check atMost(String figure, String quantity, double bound, double ours) {
        double error = Math.max(0, ours - bound);
        return add(new Check(figure, quantity, bound, ours, error, 0, "≤", ours <= bound, ""));
    }

    /**
     * Records a lower bound: passes when {@code ours ≥ bound}; the error column shows how far below the bound it is
     * (0 when above). NaN never passes.
     *
     * @param figure   the figure or table of the work
     * @param quantity what is bounded; with {@code figure} it names the check
     * @param bound    the smallest value that passes
     * @param ours     our computed value
     * @return the recorded check
     */
    public Check atLeast(String figure, String quantity, double bound, double ours) {
        double error = Math.max(0, bound - ours);
        return add(new Check(figure, quantity, bound, ours, error, 0, "≥", ours >= bound, ""));
    }

    /**
     * Records a qualitative check (a claim of the work, e.g. "the curve is decreasing").
     *
     * @param figure   the figure or table of the work
     * @param quantity the claim; with {@code figure} it names the check
     * @param holds    whether it holds in our results
     * @param note     what was compared, shown in the table
     * @return the recorded check
     */
    public Check claim(String figure, String quantity, boolean holds, String note) {
        return add(new Check(figure, quantity, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "claim", holds,
                note));
    }

    private Check add(Check c) {
        checks.put(Arrays.asList(c.figure(), c.quantity()), c); // a re-run cell replaces its own checks
        return c;
    }

    /**
     * The checks recorded so far.
     *
     * @return an unmodifiable copy, in the order first recorded, one per (figure, quantity): the latest recorded
     */
    public List<Check> all() {
        return List.copyOf(checks.values());
    }

    /**
     * The checks that did not pass.
     *
     * @return the failed checks in recording order; empty when all passed
     */
    public List<Check> failures() {
        return checks.values().stream().filter(c -> !c.pass()).toList();
    }

    /**
     * The checks whose tolerance covers the value they guard ({@link Check#toleranceCoversValue()}) and that carry no
     * reason: {@link #assertAllPass()} refuses them.
     *
     * @return those checks in recording order; empty when there are none
     */
    public List<Check> unexplainedWide() {
        return checks.values().stream().filter(c -> c.toleranceCoversValue() && c.coversBecause().isEmpty()).toList();
    }

    /**
     * The checks as a table. For a bound (kind ≤ or ≥) the reference column holds the bound, the error how far ours
     * is past it (0 when it holds) and the tolerance is blank; the column "passes when" states each row's rule.
     *
     * @return a new table named "checks: &lt;notebook&gt;" with columns figure, quantity, reference, ours, error,
     *         tolerance, kind, passes when, pass, note, tolerance covers value, because
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
     *
     * @throws AssertionError if there is such a check
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
     *
     * @return the CSV file written (replaced atomically)
     * @throws UncheckedIOException if the folder cannot be created
     * @throws AssertionError       if a check's tolerance covers its value without a reason (after writing)
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
     *
     * @return the table of checks ({@link #table()}) when all passed and every wide tolerance has a reason
     * @throws AssertionError if a check failed or a wide tolerance has no reason
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
