package org.queuelab.claims;

import java.util.Objects;

import org.queuelab.report.Checks;

/**
 * One graded piece of evidence about a claim: what was compared, the work's (or the reference's) value, ours, its
 * outcome, and the power behind a statistical outcome (docs/claims.md §2–§3).
 *
 * <p>A statistical comparison is decided only when its interval is narrow enough: otherwise its outcome is
 * {@link Outcome#UNDECIDED} and {@code power} states the interval beside the resolution needed
 * ("difference 0.004 ± 0.002, resolution needed 0.005"), with the number of runs that would decide it. The rules
 * that produce such evidence are in {@link Judge}.
 *
 * @param grade      how strong the evidence is
 * @param what       what was compared, in one line
 * @param reference  the value compared against (the work's number, the other method's value, or a bound); NaN for
 *                   a qualitative comparison
 * @param ours       our value; NaN for a qualitative comparison
 * @param outcome    whether the comparison holds, fails, or cannot be decided from this run
 * @param note       how it was decided (rule, tolerance, interval, ...)
 * @param power      for a statistical comparison: the interval next to the effect it must resolve; else empty
 * @param runsNeeded for an undecided comparison: the replications estimated to decide it (0 if unknown or not
 *                   applicable)
 */
public record Evidence(Grade grade, String what, double reference, double ours, Outcome outcome, String note,
                       String power, int runsNeeded) {

    /** Evidence grades, strongest first. */
    public enum Grade {
        /** Our number against a number the work prints. */
        WORK_NUMBER,
        /** Two different methods agree (simulation vs fluid, closed form vs integration, another tool). */
        INDEPENDENT_METHOD,
        /** The same method against itself: an identity, a re-evaluation, a property true by construction. */
        CONSISTENCY;

        /**
         * Whether evidence of this grade can reproduce a claim.
         *
         * @return {@code true} for {@link #WORK_NUMBER} and {@link #INDEPENDENT_METHOD}, {@code false} for consistency
         */
        public boolean canReproduce() {
            return this != CONSISTENCY;
        }
    }

    /** The outcome of one comparison. */
    public enum Outcome {
        /** The comparison holds. */
        HOLDS,
        /** The comparison fails (for a statistical one: significantly, or decidedly outside the margin). */
        FAILS,
        /** The run is too small to decide: the interval straddles the decision boundary. */
        UNDECIDED
    }

    /**
     * Validates the fields; a null {@code note} or {@code power} becomes empty.
     *
     * @param grade      how strong the evidence is, not null
     * @param what       what was compared, not blank
     * @param reference  the value compared against; NaN for a qualitative comparison
     * @param ours       our value; NaN for a qualitative comparison
     * @param outcome    holds, fails or undecided, not null
     * @param note       how it was decided; may be null
     * @param power      the interval beside the effect to resolve; may be null
     * @param runsNeeded replications estimated to decide an undecided comparison, ≥ 0 (0: unknown or not applicable)
     * @throws IllegalArgumentException if {@code what} is blank or {@code runsNeeded} &lt; 0
     */
    public Evidence {
        Objects.requireNonNull(grade, "grade");
        Objects.requireNonNull(outcome, "outcome");
        if (what == null || what.isBlank()) {
            throw new IllegalArgumentException("what must be non-blank");
        }
        note = note == null ? "" : note;
        power = power == null ? "" : power;
        if (runsNeeded < 0) {
            throw new IllegalArgumentException("runsNeeded is " + runsNeeded + "; allowed: ≥ 0 (0 = unknown)");
        }
    }

    /**
     * A decided comparison: it holds or fails (no power statement, {@code runsNeeded} 0).
     *
     * @param grade     how strong the evidence is, not null
     * @param what      what was compared, not blank
     * @param reference the value compared against; NaN for a qualitative comparison
     * @param ours      our value; NaN for a qualitative comparison
     * @param holds     whether the comparison holds
     * @param note      how it was decided; may be null
     * @throws IllegalArgumentException if {@code what} is blank
     */
    public Evidence(Grade grade, String what, double reference, double ours, boolean holds, String note) {
        this(grade, what, reference, ours, holds ? Outcome.HOLDS : Outcome.FAILS, note, "", 0);
    }

    /**
     * Whether the comparison holds.
     *
     * @return {@code true} for outcome {@link Outcome#HOLDS} (false for failed and undecided ones)
     */
    public boolean holds() {
        return outcome == Outcome.HOLDS;
    }

    /**
     * Whether the comparison was decided.
     *
     * @return {@code true} when it holds or fails, {@code false} when undecided
     */
    public boolean decided() {
        return outcome != Outcome.UNDECIDED;
    }

    /**
     * A recorded check as evidence of the given grade; the check's figure and quantity say what was compared, its
     * rule and tolerance (and reason for a wide tolerance) go into the note, its pass into the outcome.
     *
     * @param grade how strong the evidence is, not null
     * @param check a check recorded with {@link Checks}, not null, not a shown-only row
     * @return decided evidence (holds or fails)
     * @throws IllegalArgumentException if the check is shown without judging ({@link Checks#shown}): it is no evidence
     */
    public static Evidence of(Grade grade, Checks.Check check) {
        Objects.requireNonNull(check, "check");
        String how = switch (check.kind()) {
            case "abs" -> "|ours − ref| = " + fmt(check.error()) + " vs tolerance " + fmt(check.tolerance());
            case "rel" -> "relative error " + fmt(check.error()) + " vs tolerance " + fmt(check.tolerance());
            case "≤" -> "ours ≤ " + fmt(check.reference());
            case "≥" -> "ours ≥ " + fmt(check.reference());
            default -> "";
        };
        if (check.shownOnly()) {
            throw new IllegalArgumentException(check.figure() + ": " + check.quantity() + " is shown, not judged ("
                    + check.coversBecause() + "): it is no evidence");
        }
        if (!check.coversBecause().isEmpty()) {
            how += " (the tolerance covers the value, because " + check.coversBecause() + ")";
        }
        String note = check.note().isEmpty() ? how : how.isEmpty() ? check.note() : how + "; " + check.note();
        return new Evidence(grade, check.figure() + ": " + check.quantity(), check.reference(), check.ours(),
                check.pass(), note);
    }

    /**
     * A check as evidence against a number the work prints ({@link Grade#WORK_NUMBER}).
     *
     * @param check a judged check, not null
     * @return decided evidence
     * @throws IllegalArgumentException if the check is shown without judging
     */
    public static Evidence workNumber(Checks.Check check) {
        return of(Grade.WORK_NUMBER, check);
    }

    /**
     * A check as evidence from an independent method ({@link Grade#INDEPENDENT_METHOD}).
     *
     * @param check a judged check, not null
     * @return decided evidence
     * @throws IllegalArgumentException if the check is shown without judging
     */
    public static Evidence independent(Checks.Check check) {
        return of(Grade.INDEPENDENT_METHOD, check);
    }

    /**
     * A check as same-method consistency evidence ({@link Grade#CONSISTENCY}).
     *
     * @param check a judged check, not null
     * @return decided evidence
     * @throws IllegalArgumentException if the check is shown without judging
     */
    public static Evidence consistency(Checks.Check check) {
        return of(Grade.CONSISTENCY, check);
    }

    /**
     * At most {@value #HEADLINE} characters for a report's table cell: "ours 0.7040 vs 0.7000", the power of an
     * undecided comparison, or the start of what was compared for a qualitative one.
     *
     * @return the cell text, cut with "…" when longer
     */
    public String headline() {
        String s;
        if (!Double.isNaN(ours) && !Double.isNaN(reference)) {
            s = "ours " + fmt(ours) + " vs " + fmt(reference);
        } else if (!Double.isNaN(ours)) {
            s = "ours " + fmt(ours);
        } else if (!power.isEmpty()) {
            s = power;
        } else {
            s = what;
        }
        if (outcome == Outcome.UNDECIDED && !power.isEmpty() && !s.equals(power)) {
            s = power;
        }
        return s.length() <= HEADLINE ? s : s.substring(0, HEADLINE - 1) + "…";
    }

    /** The longest {@link #headline()}. */
    public static final int HEADLINE = 60;

    /**
     * The evidence in one line for reports.
     *
     * @return "what: ours X vs Y (note) [power]" (parts left out when empty or NaN), or "what (note)" for a
     *         qualitative comparison
     */
    public String numbers() {
        if (Double.isNaN(reference) && Double.isNaN(ours)) {
            return what + (note.isEmpty() ? "" : " (" + note + ")");
        }
        String vs = Double.isNaN(reference) ? "" : " vs " + fmt(reference);
        return what + ": ours " + fmt(ours) + vs + (note.isEmpty() ? "" : " (" + note + ")")
                + (power.isEmpty() ? "" : " [" + power + "]");
    }

    static String fmt(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e9) {
            return Long.toString((long) v);
        }
        double a = Math.abs(v);
        if (a >= 1e-4 && a < 1e7) {   // six significant digits, no trailing zeros, no exponent
            return new java.math.BigDecimal(v).round(new java.math.MathContext(6)).stripTrailingZeros()
                    .toPlainString();
        }
        return String.format(java.util.Locale.ROOT, "%.5e", v).replaceAll("\\.?0+e", "e");
    }
}
