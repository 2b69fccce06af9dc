package org.queuelab.autoscale;

/**
 * How a cluster run is observed ({@code docs/demand.md} §3).
 *
 * @param horizon          run length T &gt; 0
 * @param warmup           metrics cover requests arriving in [warmup, T] and time in [warmup, T]; 0 ≤ warmup &lt; T
 * @param window           length of the time-series windows (e.g. 60 s), &gt; 0
 * @param slo              response-time objective: a request is a violation when its response time exceeds it, &gt; 0
 * @param sloBudget        a window violates the SLO when more than this fraction of its requests do, in [0, 1)
 * @param initialInstances instances idle (warm) at time 0, ≥ 0
 * @param pick             which idle instance an arriving request takes
 */
public record ClusterSettings(double horizon, double warmup, double window, double slo, double sloBudget,
                              int initialInstances, Pick pick) {

    /** Which idle instance an arriving request takes. */
    public enum Pick {
        /** uniformly at random (join-idle-queue as in the works) */
        RANDOM,
        /** the most recently idled one (packing, which lets surplus instances time out) */
        MOST_RECENT
    }

    public ClusterSettings {
        if (!(horizon > 0 && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 0 < horizon < ∞");
        }
        if (!(warmup >= 0 && warmup < horizon)) {
            throw new IllegalArgumentException("warmup = " + warmup + "; allowed: 0 ≤ warmup < horizon = " + horizon);
        }
        if (!(window > 0 && window <= horizon)) {
            throw new IllegalArgumentException("window = " + window + "; allowed: 0 < window ≤ horizon = " + horizon);
        }
        if (horizon / window > 10_000_000) {
            throw new IllegalArgumentException("window = " + window + "; allowed: at most 10^7 windows in the horizon");
        }
        if (!(slo > 0 && Double.isFinite(slo))) {
            throw new IllegalArgumentException("slo = " + slo + "; allowed: 0 < slo < ∞");
        }
        if (!(sloBudget >= 0 && sloBudget < 1)) {
            throw new IllegalArgumentException("sloBudget = " + sloBudget + "; allowed: 0 ≤ sloBudget < 1");
        }
        if (initialInstances < 0) {
            throw new IllegalArgumentException("initialInstances = " + initialInstances + "; allowed: ≥ 0");
        }
        if (pick == null) {
            throw new IllegalArgumentException("pick = null; allowed: RANDOM or MOST_RECENT");
        }
    }

    /** Horizon, warm-up and window, SLO 2 s with a 1% budget per window, nothing warm at 0, random pick. */
    public static ClusterSettings of(double horizon, double warmup, double window) {
        return new ClusterSettings(horizon, warmup, window, 2.0, 0.01, 0, Pick.RANDOM);
    }

    public ClusterSettings withSlo(double newSlo, double newBudget) {
        return new ClusterSettings(horizon, warmup, window, newSlo, newBudget, initialInstances, pick);
    }

    public ClusterSettings withInitialInstances(int count) {
        return new ClusterSettings(horizon, warmup, window, slo, sloBudget, count, pick);
    }

    public ClusterSettings withPick(Pick newPick) {
        return new ClusterSettings(horizon, warmup, window, slo, sloBudget, initialInstances, newPick);
    }
}
