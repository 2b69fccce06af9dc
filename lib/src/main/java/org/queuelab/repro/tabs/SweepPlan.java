package org.queuelab.repro.tabs;

import org.queuelab.report.RunMode;

/**
 * How each point of a TABS sweep is simulated: N servers from ALL_IDLE_ON on [0, T], time averages over
 * [warmup, T], {@code replications} independent runs from the root {@code seed}. Every point uses the same root
 * seed, so points differ only through the model (common random numbers: identical arrival streams across points).
 *
 * @param servers      N ≥ 1
 * @param horizon      T, 0 &lt; T &lt; ∞
 * @param warmup       0 ≤ warmup &lt; T
 * @param replications ≥ 2 (a confidence interval needs two runs)
 * @param seed         root seed
 */
public record SweepPlan(int servers, double horizon, double warmup, int replications, long seed) {

    public SweepPlan {
        if (servers < 1) {
            throw new IllegalArgumentException("servers = " + servers + "; allowed: N ≥ 1");
        }
        if (!(horizon > 0 && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 0 < horizon < ∞");
        }
        if (!(warmup >= 0 && warmup < horizon)) {
            throw new IllegalArgumentException("warmup = " + warmup + "; allowed: 0 ≤ warmup < horizon = " + horizon);
        }
        if (replications < 2) {
            throw new IllegalArgumentException("replications = " + replications
                    + "; allowed: ≥ 2 (a 95% interval needs two runs)");
        }
    }

    /**
     * The spec's stationary sweep sizes ({@code tabs.md} §7.1): full mode T = 20 000 s, warm-up 3 000 s and the
     * thesis' 10 replications; quick mode T = 5 000 s, warm-up 2 000 s, 3 replications.
     */
    public static SweepPlan stationary(RunMode mode, int servers, long seed) {
        return new SweepPlan(servers, mode.pick(5_000.0, 20_000.0), mode.pick(2_000.0, 3_000.0),
                mode.pick(3, 10), seed);
    }

    public SweepPlan withServers(int n) {
        return new SweepPlan(n, horizon, warmup, replications, seed);
    }
}
