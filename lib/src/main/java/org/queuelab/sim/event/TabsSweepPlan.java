package org.queuelab.sim.event;

import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.sim.RunWindow;

/**
 * How each point of a {@link TabsSweep} is simulated: N servers from ALL_IDLE_ON on [0, T], time averages over
 * [warmup, T], {@code replications} independent runs from the root {@code seed}. Every point uses the same root
 * seed, so points differ only through the model (common random numbers: identical arrival streams across points).
 *
 * @param servers      N ≥ 1
 * @param horizon      T, 0 &lt; T &lt; ∞
 * @param warmup       0 ≤ warmup &lt; T
 * @param replications ≥ 2 (a confidence interval needs two runs)
 * @param seed         root seed
 */
public record TabsSweepPlan(int servers, double horizon, double warmup, int replications, long seed) {

    /**
     * Validates the parameters.
     *
     * @param servers N ≥ 1
     * @param horizon T, 0 &lt; T &lt; ∞
     * @param warmup 0 ≤ warmup &lt; T
     * @param replications ≥ 2 (a confidence interval needs two runs)
     * @param seed root seed
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public TabsSweepPlan {
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
     * {@return the same plan with N = {@code n}}
     *
     * @param n N, the number of servers, ≥ 1
     */
    public TabsSweepPlan withServers(int n) {
        return new TabsSweepPlan(n, horizon, warmup, replications, seed);
    }

    /**
     * The window of every run: T and warm-up from the plan, from ALL_IDLE_ON, one sample per run (only the time
     * averages are used).
     *
     * @return the window of every run: horizon, warm-up, the default grid
     */
    public RunWindow window() {
        return RunWindow.until(horizon).withWarmup(warmup).withSampleInterval(horizon);
    }

    /**
     * {@return the simulator of {@code model} at every point: N from the plan, {@link PowerModel#standard()} (P_idle =
     * 0.6)}
     *
     * @param model the model (validated by its constructor)
     */
    public TabsSimulator simulator(TabsModel model) {
        return EventSimulation.of(model, servers).withPower(PowerModel.standard());
    }
}
