package org.queuelab.claims;

import java.util.Objects;

import org.queuelab.report.Checks;

/**
 * One graded piece of evidence about a claim: what was compared, the work's (or the reference's) value, ours, and
 * whether it holds (docs/claims.md §2).
 *
 * @param grade     how strong the evidence is
 * @param what      what was compared, in one line
 * @param reference the value compared against (the work's number, the other method's value, or a bound); NaN for
 *                  a qualitative comparison
 * @param ours      our value; NaN for a qualitative comparison
 * @param holds     whether the comparison holds
 * @param note      how it was decided (tolerance, interval, ...)
 */
public record Evidence(Grade grade, String what, double reference, double ours, boolean holds, String note) {

    /** Evidence grades, strongest first. */
    public enum Grade {
        /** Our number against a number the work prints. */
        WORK_NUMBER,
        /** Two different methods agree (simulation vs fluid, closed form vs integration, another tool). */
        INDEPENDENT_METHOD,
        /** The same method against itself: an identity, a re-evaluation, a property true by construction. */
        CONSISTENCY;

        /** Whether evidence of this grade can reproduce a claim. */
        public boolean canReproduce() {
            return this != CONSISTENCY;
        }
    }

    /** Validates the fields. */
    public Evidence {
        Objects.requireNonNull(grade, "grade");
        if (what == null || what.isBlank()) {
            throw new IllegalArgumentException("what must be non-blank");
        }
        note = note == null ? "" : note;
    }

    /** A recorded check as evidence of the given grade; the check's figure and quantity say what was compared. */
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

    /** A check as evidence against a number the work prints. */
    public static Evidence workNumber(Checks.Check check) {
        return of(Grade.WORK_NUMBER, check);
    }

    /** A check as evidence from an independent method. */
    public static Evidence independent(Checks.Check check) {
        return of(Grade.INDEPENDENT_METHOD, check);
    }

    /** A check as same-method consistency evidence. */
    public static Evidence consistency(Checks.Check check) {
        return of(Grade.CONSISTENCY, check);
    }

    /** "ours X vs reference Y" for reports, or the note for a qualitative comparison. */
    public String numbers() {
        if (Double.isNaN(reference) && Double.isNaN(ours)) {
            return what + (note.isEmpty() ? "" : " (" + note + ")");
        }
        String vs = Double.isNaN(reference) ? "" : " vs " + fmt(reference);
        return what + ": ours " + fmt(ours) + vs + (note.isEmpty() ? "" : " (" + note + ")");
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
