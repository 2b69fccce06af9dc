package org.queuelab.analysis;

import java.util.Objects;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

import org.queuelab.guard.Require;

/**
 * Tunes a gain κ so that a run's energy matches a target: the "same energy" protocol of ALBA's Section V
 * (docs/alba.md §7, RECONSTRUCTED): tune Rate-Idle's gain κ until its energy equals TABS's, then compare
 * delays.
 *
 * <p>The energy must be non-decreasing in κ (a larger gain scales up more; docs/alba.md §7). The search is a
 * bisection on log κ over [κ_low, κ_high] with a fixed number of steps, so a simulated energy (piecewise constant
 * in κ for a fixed seed, which gives common random numbers across κ) is handled without derivative or
 * smoothness assumptions. The run closest to the target among all evaluated is returned with the run's own
 * result, so the caller never re-runs it.
 */
public final class GainMatching {

    /**
     * The best run found.
     *
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

        /** |energy − target|. */
        public double mismatch() {
            return Math.abs(energy - target);
        }
    }

    private GainMatching() {
    }

    /**
     * The κ in [kappaLow, kappaHigh] whose run has energy closest to {@code target}.
     *
     * @param run        κ ↦ a run (e.g. a simulation with a fixed seed)
     * @param energy     a run's energy
     * @param target     the energy to match
     * @param steps      bisection steps after the two end runs (each is one run), ≥ 0
     */
    public static <R> Match<R> matchEnergy(DoubleFunction<R> run, ToDoubleFunction<R> energy, double target,
                                           double kappaLow, double kappaHigh, int steps) {
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
        R lowRun = run.apply(kappaLow);
        R highRun = run.apply(kappaHigh);
        double lowEnergy = energy.applyAsDouble(lowRun);
        double highEnergy = energy.applyAsDouble(highRun);
        int evaluations = 2;
        boolean bracketed = lowEnergy <= target && target <= highEnergy;
        Match<R> best = closer(new Match<>(kappaLow, lowRun, lowEnergy, target, bracketed, evaluations),
                new Match<>(kappaHigh, highRun, highEnergy, target, bracketed, evaluations));
        if (!bracketed) {
            return best;
        }
        double logLow = Math.log(kappaLow);
        double logHigh = Math.log(kappaHigh);
        for (int i = 0; i < steps; i++) {
            double logMid = 0.5 * (logLow + logHigh);
            double kappa = Math.exp(logMid);
            R midRun = run.apply(kappa);
            double midEnergy = energy.applyAsDouble(midRun);
            evaluations++;
            best = closer(best, new Match<>(kappa, midRun, midEnergy, target, true, evaluations));
            if (midEnergy < target) {
                logLow = logMid;
            } else {
                logHigh = logMid;
            }
        }
        return new Match<>(best.kappa(), best.result(), best.energy(), target, true, evaluations);
    }

    private static <R> Match<R> closer(Match<R> a, Match<R> b) {
        return b.mismatch() < a.mismatch() ? b : a;
    }
}
