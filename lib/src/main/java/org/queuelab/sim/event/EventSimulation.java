package org.queuelab.sim.event;

import java.util.Objects;

import org.queuelab.model.AlbaModel;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;

/**
 * The event-driven finite-N simulation technique (general service laws, per-server FCFS queues), one entry point
 * per model: {@code EventSimulation.of(model, N, horizon)} or with full settings. Runs and replications return the
 * shared result types with {@link org.queuelab.result.Metric} names.
 *
 * <p>ALBA has no event-driven simulator (its laws are exponential): the call says so and names
 * {@code Ctmc.of(model, N)}.
 */
public final class EventSimulation {

    private EventSimulation() {
    }

    /** Load balancing (any dispatch, any service law) on N servers until {@code horizon}. */
    public static LoadBalancingSimulator of(LoadBalancingModel model, int n, double horizon) {
        return of(model, LoadBalancingSettings.of(n, horizon));
    }

    /** Load balancing with full settings (warm-up, sampling, initial jobs, tracked levels). */
    public static LoadBalancingSimulator of(LoadBalancingModel model, LoadBalancingSettings settings) {
        return new LoadBalancingSimulator(Objects.requireNonNull(model, "model"), settings);
    }

    /** TABS (any service law) on N servers until {@code horizon}. */
    public static TabsSimulator of(TabsModel model, int n, double horizon) {
        return of(model, TabsSettings.of(n, horizon));
    }

    /** TABS with full settings (warm-up, sampling, initial condition, power weights). */
    public static TabsSimulator of(TabsModel model, TabsSettings settings) {
        return new TabsSimulator(Objects.requireNonNull(model, "model"), settings);
    }

    /**
     * ALBA: not available.
     *
     * @throws IllegalArgumentException always: ALBA's laws are exponential, simulate it with
     *                                  {@code Ctmc.of(model, N)}
     */
    public static LoadBalancingSimulator of(AlbaModel model, int n, double horizon) {
        Objects.requireNonNull(model, "model");
        throw new IllegalArgumentException("model = ALBA; allowed: LoadBalancingModel or TabsModel — ALBA's laws are"
                + " exponential, its exact simulator is Ctmc.of(model, N)");
    }
}
