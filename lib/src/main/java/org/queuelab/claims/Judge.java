package org.queuelab.claims;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

import org.hipparchus.stat.regression.SimpleRegression;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.claims.Evidence.Outcome;
import org.queuelab.result.Estimate;

/**
 * The rules that turn numbers into evidence, one per kind of statement (docs/claims.md §3). Margins come from the
 * register ({@link ClaimsRegister#margin}), fixed before looking; intervals are the 95% intervals of
 * {@link Estimate}.
 *
 * <ul>
 *   <li>{@link #value}: a number against the work's number within a margin. With an interval: HOLDS when the
 *       interval lies inside reference ± margin, FAILS when it lies wholly outside, else UNDECIDED.</li>
 *   <li>{@link #equal}: "equal / unchanged / vanishes" — equivalence of a difference to 0 within ± margin (two
 *       one-sided tests at 2.5% each: the 95% interval inside the margin). More runs make such a claim easier to
 *       reproduce when it is true, never harder.</li>
 *   <li>{@link #larger}: "larger / better / above" — a (paired) interval on the difference: HOLDS when it lies
 *       above 0, FAILS when it lies below 0; a difference that is not significant is UNDECIDED, never scored as a
 *       contrary result.</li>
 *   <li>{@link #slope}: "levels out / converges / of order N^a" — a least-squares slope with its 95% interval,
 *       judged like {@link #value} against the claimed slope.</li>
 *   <li>{@link #forEvery}: "for every x" — per-point evidence over a stated grid: FAILS if one point fails, HOLDS
 *       if all hold, else UNDECIDED.</li>
 *   <li>{@link #exact}: a deterministic fact (an identity, a count, a sign).</li>
 * </ul>
 * An UNDECIDED comparison states its interval beside the resolution needed and the number of runs estimated to
 * decide it, n·(half-width / needed half-width)², assuming the mean and spread stay as they are.
 */
public final class Judge {

    private Judge() {
    }

    /**
     * A deterministic number against a reference: HOLDS iff |ours − reference| ≤ margin, else FAILS.
     *
     * @param grade     how strong the evidence is (usually {@link Grade#WORK_NUMBER})
     * @param what      what was compared, in one line, not blank
     * @param ours      our value, finite
     * @param reference the work's (or other method's) value, finite
     * @param margin    the register's margin, in the units of the value, finite and ≥ 0
     * @return decided evidence
     * @throws IllegalArgumentException if a number is not finite, {@code margin} &lt; 0 or {@code what} is blank
     */
    public static Evidence value(Grade grade, String what, double ours, double reference, double margin) {
        requireFinite(ours, "ours");
        requireFinite(reference, "reference");
        requireMargin(margin);
        double gap = Math.abs(ours - reference);
        return new Evidence(grade, what, reference, ours, gap <= margin ? Outcome.HOLDS : Outcome.FAILS,
                "|ours − reference| = " + g3(gap) + " vs margin " + g3(margin), "", 0);
    }

    /**
     * An estimate against a reference within a margin: HOLDS when the 95% interval lies inside reference ± margin,
     * FAILS when it lies wholly outside it, UNDECIDED when it straddles an end (or when a single run gives no
     * interval).
     *
     * @param grade     how strong the evidence is
     * @param what      what was compared, in one line, not blank
     * @param ours      our estimate with its 95% interval, not null
     * @param reference the work's (or other method's) value, finite
     * @param margin    the register's margin, in the units of the value, finite and ≥ 0
     * @return the evidence, with its interval and margin as the power statement and, when undecided, the runs
     *         estimated to decide it
     * @throws IllegalArgumentException if {@code reference} is not finite, {@code margin} &lt; 0 or {@code what} is
     *                                  blank
     */
    public static Evidence value(Grade grade, String what, Estimate ours, double reference, double margin) {
        Objects.requireNonNull(ours, "ours");
        requireFinite(reference, "reference");
        requireMargin(margin);
        return interval(grade, what, ours, reference, margin, "ours");
    }

    /**
     * "Equal / unchanged / vanishes": HOLDS when the difference's 95% interval lies inside ± margin (equivalence,
     * TOST), FAILS when it lies wholly outside, else UNDECIDED.
     *
     * @param grade      how strong the evidence is
     * @param what       what was compared, in one line, not blank
     * @param difference the estimated difference (e.g. paired), not null
     * @param margin     the register's equivalence margin, finite and ≥ 0
     * @return the evidence, with power statement and runs needed as for
     *         {@link #value(Grade, String, Estimate, double, double)}
     * @throws IllegalArgumentException if {@code margin} is not finite or &lt; 0, or {@code what} is blank
     */
    public static Evidence equal(Grade grade, String what, Estimate difference, double margin) {
        Objects.requireNonNull(difference, "difference");
        requireMargin(margin);
        return interval(grade, what, difference, 0, margin, "difference");
    }

    /**
     * A deterministic difference that the work says vanishes: HOLDS iff |difference| ≤ margin, else FAILS.
     *
     * @param grade      how strong the evidence is
     * @param what       what was compared, in one line, not blank
     * @param difference the difference, finite
     * @param margin     the register's margin, finite and ≥ 0
     * @return decided evidence
     * @throws IllegalArgumentException if a number is not finite, {@code margin} &lt; 0 or {@code what} is blank
     */
    public static Evidence equal(Grade grade, String what, double difference, double margin) {
        return value(grade, what, difference, 0, margin);
    }

    /**
     * "Larger / better / above": the difference (claimed positive) and its (paired) 95% interval. HOLDS when the
     * interval lies above 0, FAILS when it lies below 0, else UNDECIDED; {@code resolution} (the smallest
     * difference the work's figure or table can show; NaN if none is fixed) is stated beside the interval.
     *
     * @param grade      how strong the evidence is
     * @param what       what was compared, in one line, not blank
     * @param difference the estimated difference, claimed positive, with its (paired) 95% interval, not null
     * @param resolution the smallest difference the work can show, finite and ≥ 0, or NaN for none
     * @return the evidence (reference NaN, ours the mean difference); when undecided, the runs estimated to decide
     *         it, or 0 when the mean difference is below a tenth of the resolution
     * @throws IllegalArgumentException if {@code resolution} is infinite or negative (the message calls it the
     *                                  margin), or {@code what} is blank
     */
    public static Evidence larger(Grade grade, String what, Estimate difference, double resolution) {
        Objects.requireNonNull(difference, "difference");
        if (!Double.isNaN(resolution)) {
            requireMargin(resolution);
        }
        double lo = difference.lower();
        double hi = difference.upper();
        Outcome outcome = Double.isNaN(difference.halfWidth()) ? Outcome.UNDECIDED
                : lo > 0 ? Outcome.HOLDS : hi < 0 ? Outcome.FAILS : Outcome.UNDECIDED;
        String power = "difference " + pm(difference)
                + (Double.isNaN(resolution) ? "" : ", resolution needed " + g3(resolution));
        int runs = 0;
        String note = switch (outcome) {
            case HOLDS -> "the 95% interval lies above 0";
            case FAILS -> "the 95% interval lies below 0: significantly contrary";
            case UNDECIDED -> "not significant: the 95% interval contains 0";
        };
        if (outcome == Outcome.UNDECIDED) {
            double mean = Math.abs(difference.mean());
            if (!Double.isNaN(resolution) && mean < resolution / 10) {
                note += "; the difference is below a tenth of the resolution, so more runs may never decide it";
            } else {
                runs = runsToReach(difference, mean);
                power += runs > 0 ? ", needs ≈ " + runs + " runs" : "";
            }
        }
        return new Evidence(grade, what, Double.NaN, difference.mean(), outcome, note, power, runs);
    }

    /**
     * A deterministic difference claimed positive: HOLDS iff it is &gt; 0, else FAILS.
     *
     * @param grade      how strong the evidence is
     * @param what       what was compared, in one line, not blank
     * @param difference the difference, finite
     * @return decided evidence (reference 0, ours the difference)
     * @throws IllegalArgumentException if {@code difference} is not finite or {@code what} is blank
     */
    public static Evidence larger(Grade grade, String what, double difference) {
        requireFinite(difference, "difference");
        return new Evidence(grade, what, 0, difference, difference > 0 ? Outcome.HOLDS : Outcome.FAILS,
                "difference " + g3(difference) + (difference > 0 ? " > 0" : " ≤ 0"), "", 0);
    }

    /**
     * "Levels out / converges / of order x^a": the least-squares slope of y on x with its 95% interval (Student t,
     * n − 2 degrees of freedom), against the claimed slope within ± margin — e.g. y = log error, x = log N,
     * claimed −1 for an error of order 1/N; claimed 0 for a curve that levels out.
     *
     * @param grade   how strong the evidence is
     * @param what    what was compared, in one line, not blank
     * @param x       the abscissae, finite, at least 3 and at least two distinct values
     * @param y       the ordinates, finite, as many as {@code x}
     * @param claimed the slope the work claims, finite
     * @param margin  the register's margin on the slope, finite and ≥ 0
     * @return the evidence (reference the claimed slope, ours the fitted one), judged as
     *         {@link #value(Grade, String, Estimate, double, double)}; runs needed is 0 (more points, not more runs,
     *         narrow a slope)
     * @throws IllegalArgumentException if the lengths differ or are below 3, a value is not finite, {@code x} has
     *                                  one distinct value, {@code margin} &lt; 0 or {@code what} is blank
     */
    public static Evidence slope(Grade grade, String what, double[] x, double[] y, double claimed, double margin) {
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(y, "y");
        if (x.length != y.length || x.length < 3) {
            throw new IllegalArgumentException("x has " + x.length + " points and y " + y.length
                    + "; allowed: the same number, at least 3");
        }
        requireFinite(claimed, "claimed");
        requireMargin(margin);
        SimpleRegression fit = new SimpleRegression();
        for (int i = 0; i < x.length; i++) {
            requireFinite(x[i], "x[" + i + "]");
            requireFinite(y[i], "y[" + i + "]");
            fit.addData(x[i], y[i]);
        }
        if (!Double.isFinite(fit.getSlope())) {
            throw new IllegalArgumentException("x takes one value only (" + x[0] + "); allowed: at least two distinct"
                    + " values, so that a slope exists");
        }
        Estimate slope = new Estimate(fit.getSlope(), fit.getSlopeConfidenceInterval(0.05), x.length);
        Evidence e = interval(grade, what, slope, claimed, margin, "slope");
        return new Evidence(grade, what, claimed, slope.mean(), e.outcome(), "least squares over " + x.length
                + " points; " + e.note(), e.power(), 0);
    }

    /**
     * "For every x": evidence per grid point. FAILS if any point fails, HOLDS if all hold, else UNDECIDED; the
     * note counts the points and names the grid.
     *
     * @param grade  how strong the evidence is
     * @param what   what was compared, in one line, not blank
     * @param grid   the points judged, in words (e.g. "ν = 0.1, 0.2, …, 0.9"), not blank
     * @param points the evidence at each grid point, at least one
     * @return one piece of evidence (reference and ours NaN); runs needed is the largest of the points'
     * @throws IllegalArgumentException if {@code grid} is blank, {@code points} is empty or {@code what} is blank
     */
    public static Evidence forEvery(Grade grade, String what, String grid, List<Evidence> points) {
        Objects.requireNonNull(points, "points");
        if (grid == null || grid.isBlank()) {
            throw new IllegalArgumentException("grid must name the points judged (e.g. 'ν = 0.1, 0.2, …, 0.9')");
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException("points is empty; allowed: at least one point of " + grid);
        }
        long holds = points.stream().filter(p -> p.outcome() == Outcome.HOLDS).count();
        List<Evidence> failed = points.stream().filter(p -> p.outcome() == Outcome.FAILS).toList();
        long undecided = points.size() - holds - failed.size();
        Outcome outcome = !failed.isEmpty() ? Outcome.FAILS : undecided == 0 ? Outcome.HOLDS : Outcome.UNDECIDED;
        String note = "over " + grid + ": " + holds + " of " + points.size() + " hold"
                + (failed.isEmpty() ? "" : ", " + failed.size() + " fail (first: " + failed.get(0).what() + ", "
                + failed.get(0).headline() + ")") + (undecided == 0 ? "" : ", " + undecided + " undecided");
        int runs = points.stream().mapToInt(Evidence::runsNeeded).max().orElse(0);
        String power = undecided == 0 ? "" : undecided + " of " + points.size() + " points undecided"
                + (runs > 0 ? ", needs ≈ " + runs + " runs" : "");
        return new Evidence(grade, what, Double.NaN, Double.NaN, outcome, note, power, runs);
    }

    /**
     * A deterministic fact: an identity, a count, a sign.
     *
     * @param grade how strong the evidence is
     * @param what  what was checked, in one line, not blank
     * @param holds whether it holds
     * @param note  how it was decided
     * @return decided evidence (reference and ours NaN)
     * @throws IllegalArgumentException if {@code what} is blank
     */
    public static Evidence exact(Grade grade, String what, boolean holds, String note) {
        return new Evidence(grade, what, Double.NaN, Double.NaN, holds, note);
    }

    /** Three-way decision of an interval against reference ± margin. */
    private static Evidence interval(Grade grade, String what, Estimate est, double reference, double margin,
                                     String label) {
        double lo = est.lower();
        double hi = est.upper();
        double gap = Math.abs(est.mean() - reference);
        String power = label + " " + pm(est) + ", margin ± " + g3(margin)
                + (reference == 0 ? "" : " around " + g3(reference));
        if (Double.isNaN(est.halfWidth())) {
            return new Evidence(grade, what, reference, est.mean(), Outcome.UNDECIDED,
                    "one run: no interval, cannot be decided", power, 0);
        }
        Outcome outcome;
        String note;
        if (lo >= reference - margin && hi <= reference + margin) {
            outcome = Outcome.HOLDS;
            note = "the 95% interval lies inside the margin (equivalence)";
        } else if (hi < reference - margin || lo > reference + margin) {
            outcome = Outcome.FAILS;
            note = "the 95% interval lies outside the margin";
        } else {
            outcome = Outcome.UNDECIDED;
            note = "the 95% interval straddles an end of the margin";
        }
        int runs = 0;
        if (outcome == Outcome.UNDECIDED) {
            runs = runsToReach(est, Math.abs(margin - gap));
            power += runs > 0 ? ", needs ≈ " + runs + " runs" : "";
        }
        return new Evidence(grade, what, reference, est.mean(), outcome, note, power, runs);
    }

    /** Runs for the half-width to fall below {@code target}: n·(hw/target)², 0 if unknown or unreachable. */
    private static int runsToReach(Estimate est, double target) {
        if (!(target > 0) || Double.isNaN(est.halfWidth()) || est.n() < 2) {
            return 0;
        }
        double runs = Math.ceil(est.n() * Math.pow(est.halfWidth() / target, 2));
        return runs > 1e7 ? 0 : (int) Math.max(runs, est.n() + 1);
    }

    private static String pm(Estimate e) {
        return g3(e.mean()) + " ± " + g3(e.halfWidth()) + " (n = " + e.n() + ")";
    }

    static String g3(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }

    private static void requireFinite(double v, String name) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " is " + v + "; allowed: a finite number");
        }
    }

    private static void requireMargin(double margin) {
        if (!Double.isFinite(margin) || margin < 0) {
            throw new IllegalArgumentException("margin is " + margin + "; allowed: a finite number ≥ 0, fixed in"
                    + " the register before looking");
        }
    }
}
