package org.queuelab.guard;

/**
 * When a simulation's time averages estimate stationary quantities, and refusals when they do not: a model with
 * no stationary regime, an averaging window that is empty, a sampling grid longer than the run, a Little's-law
 * estimate from a window too short to hold one.
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
     */
    public static void requireStationary(boolean stable, String model, String alternative) {
        if (!stable) {
            throw new IllegalArgumentException("model " + model + " has no stationary regime (transient overload:"
                    + " infinite buffer and load ≥ 1), so stationary metrics do not exist; allowed: a stable model."
                    + " Use " + alternative + " for the transient");
        }
    }

    /** Refuses an averaging window [warmup, horizon] that is empty or not finite at its start. */
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
     * @throws IllegalStateException naming the end time, the warm-up and what to raise
     */
    public static void requireWindowReached(double endTime, double warmup) {
        if (!(endTime > warmup)) {
            throw new IllegalStateException("the run ended at t = " + endTime + ", not after warmup = " + warmup
                    + ", so no stationary averages exist; allowed: runs that pass their warm-up. Raise the event"
                    + " budget or lower the warmup");
        }
    }

    /** Refuses a sampling grid that extends past the end of the run (its points there would have no value). */
    public static void requireGridWithinHorizon(double gridHorizon, double horizon) {
        if (!(gridHorizon <= horizon * (1 + 1e-12))) {
            throw new IllegalArgumentException("grid horizon = " + gridHorizon + "; allowed: grid horizon ≤ run"
                    + " horizon = " + horizon + " (a grid point after the run has no value)");
        }
    }

    /**
     * W = L/λ_acc − E[S], the mean waiting time by Little's law over an averaging window, refused when the window
     * is too short for Little's law to hold: W &lt; 0 or a non-positive throughput.
     *
     * @param meanJobs    time-average number of jobs (per server or in total, like {@code throughput})
     * @param throughput  accepted jobs per unit time over the same window
     * @param meanService E[S]
     * @throws IllegalStateException naming the estimate and how to obtain a meaningful one
     */
    public static double littleWaitingTime(double meanJobs, double throughput, double meanService) {
        double response = littleResponseTime(meanJobs, throughput);
        double w = response - meanService;
        if (!(w >= -1e-12 * meanService)) {
            throw new IllegalStateException("Little's law gives waiting time W = " + response + " − " + meanService
                    + " = " + w + " < 0: the averaging window is too short for L = λW to hold; allowed: W ≥ 0."
                    + " Lengthen the run after its warm-up");
        }
        return Math.max(0, w);
    }

    /** R = L/λ_acc by Little's law, refused when the throughput or the mean is not positive and finite. */
    public static double littleResponseTime(double meanJobs, double throughput) {
        if (!(throughput > 0 && Double.isFinite(throughput)) || !(meanJobs >= 0 && Double.isFinite(meanJobs))) {
            throw new IllegalStateException("Little's law over the averaging window got throughput = " + throughput
                    + ", mean jobs = " + meanJobs + "; allowed: a positive finite throughput and a finite mean number"
                    + " of jobs. Lengthen the run after its warm-up");
        }
        return meanJobs / throughput;
    }
}
