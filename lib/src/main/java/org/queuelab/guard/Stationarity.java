package org.queuelab.guard;

/**
 * When a simulation's time averages estimate stationary quantities, and refusals when they do not: a model with
 * no stationary regime, an averaging window that is empty, a sampling grid longer than the run, a Little's-law
 * estimate from a window too short to hold one.
 * See {@code docs/robustness.md}.
 */
public final class Stationarity {

    private Stationarity() {
    }

    /**
     * Refuses stationary metrics for a model without a stationary regime.
     *
     * @param stable      whether the model has a stationary regime
     * @param model       the model's label
     * @param alternative what to use for the transient instead, e.g. "the run's trajectory"
     * @throws IllegalArgumentException if {@code stable} is false
     */
    public static void requireStationary(boolean stable, String model, String alternative) {
        if (!stable) {
            throw new IllegalArgumentException("model " + model + " has no stationary regime (transient overload:"
                    + " infinite buffer and load ≥ 1), so stationary metrics do not exist; allowed: a stable model."
                    + " Use " + alternative + " for the transient");
        }
    }

    /**
     * Refuses an averaging window [warmup, horizon] that is empty or not finite at its start.
     *
     * @param warmup  start of the window (time units of the model), 0 ≤ warmup &lt; horizon
     * @param horizon end of the run
     * @throws IllegalArgumentException naming the warm-up and the horizon otherwise
     */
    public static void requireWarmupBeforeHorizon(double warmup, double horizon) {
        if (!(warmup >= 0 && warmup < horizon && Double.isFinite(warmup))) {
            throw new IllegalArgumentException("warmup = " + warmup + "; allowed: 0 ≤ warmup < horizon = " + horizon
                    + " (stationary averages are taken over [warmup, horizon])");
        }
    }

    /**
     * Refuses time averages over a window that the run did not reach: a run that ended (by its event budget) at
     * {@code endTime} ≤ {@code warmup} has no averaging window.
     *
     * @param endTime when the run ended
     * @param warmup  start of the averaging window
     * @throws IllegalStateException naming the end time, the warm-up and what to raise
     */
    public static void requireWindowReached(double endTime, double warmup) {
        if (!(endTime > warmup)) {
            throw new IllegalStateException("the run ended at t = " + endTime + ", not after warmup = " + warmup
                    + ", so no stationary averages exist; allowed: runs that pass their warm-up. Raise the event"
                    + " budget or lower the warmup");
        }
    }

    /**
     * Refuses a sampling grid that extends past the end of the run (its points there would have no value).
     *
     * @param gridHorizon last point of the grid; allowed ≤ horizon (with a relative slack of 10⁻¹² for round-off)
     * @param horizon     end of the run
     * @throws IllegalArgumentException naming both otherwise
     */
    public static void requireGridWithinHorizon(double gridHorizon, double horizon) {
        if (!(gridHorizon <= horizon * (1 + 1e-12))) {
            throw new IllegalArgumentException("grid horizon = " + gridHorizon + "; allowed: grid horizon ≤ run"
                    + " horizon = " + horizon + " (a grid point after the run has no value)");
        }
    }

    /**
     * W = L/λ_acc − E[S], the mean waiting time by Little's law over an averaging window, refused when the window
     * is too short for Little's law to hold: W below zero by more than its sampling noise, or a non-positive
     * throughput. When waits are rare (JIQ, large N) the estimate is near zero and falls below it by chance: with
     * n accepted jobs its noise is at least that of n exponential service times against a Poisson count, standard
     * deviation E[S]·√(2/n). So W is refused below −a·E[S], a = min(0.01, 6·√(2/n)): six noise deviations, but never
     * more than 1% of E[S] (below that no window is long enough to trust); a slightly negative estimate is
     * returned as 0.
     *
     * @param meanJobs     time-average number of jobs (per server or in total, like {@code throughput})
     * @param throughput   accepted jobs per unit time over the same window
     * @param meanService  E[S]
     * @param acceptedJobs jobs accepted in the window (all servers), which sets the noise allowance
     * @return W ≥ 0, in the time unit of {@code meanService}
     * @throws IllegalStateException naming the estimate and how to obtain a meaningful one
     */
    public static double littleWaitingTime(double meanJobs, double throughput, double meanService,
                                           long acceptedJobs) {
        double response = littleResponseTime(meanJobs, throughput);
        double w = response - meanService;
        double allowance = acceptedJobs > 0 ? meanService * Math.min(0.01, 6 * Math.sqrt(2.0 / acceptedJobs)) : 0;
        if (!(w >= -allowance - 1e-12 * meanService)) {
            throw new IllegalStateException("Little's law gives waiting time W = " + response + " − " + meanService
                    + " = " + w + " < 0 beyond its sampling noise (−" + allowance + " for " + acceptedJobs
                    + " accepted jobs): the averaging window is too short for L = λW to hold;"
                    + " allowed: W ≥ −min(0.01, 6·√(2/n))·E[S]. Lengthen the run after its warm-up");
        }
        return Math.max(0, w);
    }

    /**
     * R = L/λ_acc, the mean response time by Little's law over an averaging window.
     *
     * @param meanJobs   time-average number of jobs, finite and ≥ 0
     * @param throughput accepted jobs per unit time over the same window, finite and &gt; 0
     * @return R, in the model's time unit
     * @throws IllegalStateException if either is outside its range (a window too short to average over)
     */
    public static double littleResponseTime(double meanJobs, double throughput) {
        if (!(throughput > 0 && Double.isFinite(throughput)) || !(meanJobs >= 0 && Double.isFinite(meanJobs))) {
            throw new IllegalStateException("Little's law over the averaging window got throughput = " + throughput
                    + ", mean jobs = " + meanJobs + "; allowed: a positive finite throughput and a finite mean number"
                    + " of jobs. Lengthen the run after its warm-up");
        }
        return meanJobs / throughput;
    }
}
