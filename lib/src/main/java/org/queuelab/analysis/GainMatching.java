package org.queuelab.analysis;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;
import org.queuelab.guard.Require;
import org.queuelab.result.Estimate;

/**
 * Tunes a gain κ so that a run's energy matches a target: the "same energy" protocol of ALBA's Section V
 * (docs/alba.md §7, RECONSTRUCTED): tune Rate-Idle's gain κ until its energy equals TABS's, then compare
 * delays.
 *
 * <p>The energy must be non-decreasing in κ (a larger gain scales up more; docs/alba.md §7). The search works on
 * log κ over [κ_low, κ_high] with Hipparchus' bracketing Brent solver of order 5 ({@link
 * BracketingNthOrderBrentSolver}): interpolation through the runs so far, kept inside a bracket with energy(a) ≤
 * target ≤ energy(b) that falls back to bisection when interpolation does not shrink it. A smooth energy is matched
 * superlinearly (on κ/(1+κ) over [0.01, 100], 10⁻¹⁰ took bisection 40 runs after the two ends and takes this search
 * 8 after them), and a simulated energy, which for a fixed seed is a monotone trend plus noise or piecewise
 * constant, keeps its bracket, so no derivative or smoothness is assumed (on ALBA's Section V studies, docs/alba.md
 * §7, it needs 5–6 runs where bisection used 12, and leaves smaller mismatches). The search stops once a run is
 * within {@code tolerance} of the target — matching more closely than a simulated energy's own noise only chases
 * that noise ({@link #noiseTolerance}) — or after {@code steps} runs beyond the two ends. The run closest to the
 * target among all evaluated is returned with its own result, so the caller never re-runs it.
 */
public final class GainMatching {

    /**
     * The best run found.
     *
     * @param <R>         the type of a run's result
     * @param kappa       its gain
     * @param result      the run's result
     * @param energy      its energy
     * @param target      the energy aimed at
     * @param bracketed   whether target lay within [energy(κ_low), energy(κ_high)]; if not, the result is the
     *                    nearer end and the match is only as close as {@code energy − target} says
     * @param evaluations runs made
     */
    public record Match<R>(double kappa, R result, double energy, double target, boolean bracketed,
                           int evaluations) {

        /**
         * How far the run's energy is from the target.
         *
         * @return |energy − target|, in the energy's units
         */
        public double mismatch() {
            return Math.abs(energy - target);
        }
    }

    private GainMatching() {
    }

    /**
     * The search tolerance for a simulated target energy: half of its 95% half-width. Then the mismatch left is a
     * quarter of the bar the energies are held to (|E − target| within the sum of both half-widths), and what it
     * shifts a delay by is below that delay's own noise (docs/alba.md §7). A target from a single run has no
     * interval: its tolerance is 0, and the search makes all its steps.
     *
     * @param target the target energy with its 95% interval, not null
     * @return half the target's half-width, in energy units; 0 when the half-width is not finite (a single run)
     */
    public static double noiseTolerance(Estimate target) {
        Objects.requireNonNull(target, "target");
        return Double.isFinite(target.halfWidth()) ? 0.5 * target.halfWidth() : 0.0;
    }

    /**
     * The κ in [kappaLow, kappaHigh] whose run has energy closest to {@code target}.
     *
     * @param <R>        the type of a run's result
     * @param run        κ ↦ a run (e.g. a simulation with a fixed seed), not null
     * @param energy     a run's energy, finite for every run, non-decreasing in κ
     * @param target     the energy to match, finite
     * @param kappaLow   the smallest gain tried, 0 &lt; kappaLow &lt; kappaHigh
     * @param kappaHigh  the largest gain tried, finite
     * @param steps      runs after the two end runs, at most (each is one run), ≥ 0
     * @param tolerance  stop once a run's energy is within this of the target, ≥ 0 (0: only an exact match stops
     *                   the search early)
     * @return the closest run among all evaluated (ties keep the earlier), with {@code bracketed} false when the
     *         target lies outside the energies of the two ends (then only the ends are run)
     * @throws IllegalArgumentException if the gain range, {@code target}, {@code steps} or {@code tolerance} is out of
     *                                  range, or a run's energy is not finite
     */
    public static <R> Match<R> matchEnergy(DoubleFunction<R> run, ToDoubleFunction<R> energy, double target,
                                           double kappaLow, double kappaHigh, int steps, double tolerance) {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(energy, "energy");
        if (!(kappaLow > 0 && kappaLow < kappaHigh && Double.isFinite(kappaHigh))) {
            throw new IllegalArgumentException("kappa range [" + kappaLow + ", " + kappaHigh
                    + "]; allowed: 0 < kappaLow < kappaHigh < ∞");
        }
        if (!Double.isFinite(target)) {
            throw new IllegalArgumentException("target = " + target + "; allowed: a finite energy");
        }
        Require.atLeast("steps", steps, 0);
        if (!(tolerance >= 0 && tolerance < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("tolerance = " + tolerance + "; allowed: 0 ≤ tolerance < ∞");
        }
        Search<R> search = new Search<>(run, energy, target, steps + 2, tolerance);
        double logLow = Math.log(kappaLow);
        double logHigh = Math.log(kappaHigh);
        // the ends at exactly the gains asked for
        double lowGap = search.runAt(logLow, kappaLow).energy() - target;
        double highGap = search.runAt(logHigh, kappaHigh).energy() - target;
        boolean bracketed = lowGap <= 0 && 0 <= highGap;
        if (bracketed && search.best.mismatch() > tolerance) {
            try {
                // its first point is the midpoint of log κ, then it asks for the ends again (cached)
                new BracketingNthOrderBrentSolver(0, 1e-12, tolerance, 5)
                        .solve(Integer.MAX_VALUE, search::gap, logLow, logHigh);
            } catch (SearchOver over) {
                // the closest run so far stands
            }
        }
        Match<R> found = search.best;
        return new Match<>(found.kappa(), found.result(), found.energy(), target, bracketed, search.runs);
    }

    /**
     * The runs of one search: each point is run once (the solver asks for the ends again), the closest is kept, and
     * the search ends, before a new run, once a run is within the tolerance or the budget is spent.
     */
    private static final class Search<R> {
        private final DoubleFunction<R> run;
        private final ToDoubleFunction<R> energy;
        private final double target;
        private final int budget;
        private final double tolerance;
        private final Map<Double, Match<R>> byLogKappa = new HashMap<>();
        private Match<R> best;
        private int runs;

        Search(DoubleFunction<R> run, ToDoubleFunction<R> energy, double target, int budget, double tolerance) {
            this.run = run;
            this.energy = energy;
            this.target = target;
            this.budget = budget;
            this.tolerance = tolerance;
        }

        /** energy(κ) − target at κ = exp(logKappa). */
        double gap(double logKappa) {
            Match<R> m = byLogKappa.get(logKappa);
            if (m == null) {
                if (runs >= budget || best.mismatch() <= tolerance) {
                    throw new SearchOver();
                }
                m = runAt(logKappa, Math.exp(logKappa));
            }
            return m.energy() - target;
        }

        /** Runs κ (not run before), recorded under log κ. */
        Match<R> runAt(double logKappa, double kappa) {
            R r = run.apply(kappa);
            runs++;
            double e = energy.applyAsDouble(r);
            if (!Double.isFinite(e)) {
                throw new IllegalArgumentException("energy of the run at κ = " + kappa + " is " + e
                        + "; allowed: a finite energy");
            }
            Match<R> m = new Match<>(kappa, r, e, target, true, runs);
            byLogKappa.put(logKappa, m);
            best = best == null ? m : closer(best, m);
            return m;
        }
    }

    /** Ends the solver's iteration (close enough, or the budget spent); carries no stack. */
    private static final class SearchOver extends RuntimeException {
        SearchOver() {
            super(null, null, false, false);
        }
    }

    private static <R> Match<R> closer(Match<R> a, Match<R> b) {
        return b.mismatch() < a.mismatch() ? b : a;
    }
}
