package org.queuelab.sim.event;

import java.util.Objects;

import org.queuelab.model.AlbaModel;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;

/**
 * The event-driven finite-N simulation technique (general service laws, per-server FCFS queues), one entry point
 * per model: {@code EventSimulation.of(model, N)}, then {@code run(window, seed)} or
 * {@code replicate(window, seed, replications)} with a {@link org.queuelab.sim.RunWindow}. Runs and replications
 * return the shared result types with {@link org.queuelab.result.Metric} names.
 *
 * <p>ALBA has no event-driven simulator (its laws are exponential): the call says so and names
 * {@code Ctmc.of(model, N)}.
 */
public final class EventSimulation {

    private EventSimulation() {
    }

    /**
     * Load balancing (any dispatch, any service law) on N servers, recording {@value
     * LoadBalancingSimulator#DEFAULT_TRACKED_LEVELS} tail levels ({@link LoadBalancingSimulator#withTrackedLevels}).
     * Runs take a {@link org.queuelab.sim.RunWindow}.
     *
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     * @return the simulator
     */
    public static LoadBalancingSimulator of(LoadBalancingModel model, int n) {
        return new LoadBalancingSimulator(Objects.requireNonNull(model, "model"), n,
                LoadBalancingSimulator.DEFAULT_TRACKED_LEVELS);
    }

    /**
     * TABS (any service law) on N servers, energy with {@link PowerModel#standard()}
     * ({@link TabsSimulator#withPower}), no per-server queue lengths ({@link TabsSimulator#withQueueLengths}).
     * Runs take a {@link org.queuelab.sim.RunWindow}.
     *
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     * @return the simulator
     */
    public static TabsSimulator of(TabsModel model, int n) {
        return new TabsSimulator(Objects.requireNonNull(model, "model"), n, PowerModel.standard(), false);
    }

    /**
     * ALBA: not available.
     *
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     * @return the simulator
     * @throws IllegalArgumentException always: ALBA's laws are exponential, simulate it with
     *                                  {@code Ctmc.of(model, N)}
     */
    public static LoadBalancingSimulator of(AlbaModel model, int n) {
        Objects.requireNonNull(model, "model");
        throw new IllegalArgumentException("model = ALBA; allowed: LoadBalancingModel or TabsModel — ALBA's laws are"
                + " exponential, its exact simulator is Ctmc.of(model, N)");
    }
}
