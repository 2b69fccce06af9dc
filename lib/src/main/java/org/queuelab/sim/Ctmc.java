package org.queuelab.sim;

import java.util.Objects;

import org.queuelab.model.AlbaModel;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.Dispatch;

/**
 * The exact finite-N simulation technique for exponential models (continuous-time Markov chains on occupancy
 * counts, cost per event independent of N), one entry point per model: {@code Ctmc.of(model, N)}. Runs and
 * replications return the shared result types ({@link org.queuelab.result.Trajectory},
 * {@link org.queuelab.result.ReplicatedTrajectory}, {@link org.queuelab.result.MetricEstimates}) with
 * {@link org.queuelab.result.Metric} names.
 *
 * <p>Where it does not apply the call says why: service must be exponential (general laws:
 * {@code org.queuelab.sim.event.EventSimulation}); SQ(d,N) keeps a memory per server and has its own chain,
 * {@link #withMemory}.
 */
public final class Ctmc {

    private Ctmc() {
    }

    /**
     * {@return ALBA on N servers (docs/alba.md §2)}
     *
     * @param model the ALBA model
     * @param n     N, the number of servers, ≥ 1
     */
    public static OccupancySimulator of(AlbaModel model, int n) {
        return OccupancySimulator.alba(Objects.requireNonNull(model, "model"), n);
    }

    /**
     * SQ(d), JBT-d/JIQ or Random on N always-warm servers.
     *
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     * @return the occupancy-count CTMC of the model on N servers
     * @throws IllegalArgumentException for SQ(d,N) (use {@link #withMemory}) or a non-exponential law
     */
    public static OccupancySimulator of(LoadBalancingModel model, int n) {
        Objects.requireNonNull(model, "model");
        if (model.dispatch().kind() == Dispatch.Kind.SHORTEST_IN_MEMORY) {
            throw new IllegalArgumentException("dispatch = " + model.dispatch().label()
                    + "; allowed here: rules without memory — SQ(d,N) has its own chain: Ctmc.withMemory(model, N)");
        }
        return OccupancySimulator.loadBalancing(model, n);
    }

    /**
     * {@return SQ(d,N), power-of-d with memory, on N servers (docs/sqdn.md §1)}
     *
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     */
    public static MemoryChainSimulator withMemory(LoadBalancingModel model, int n) {
        return MemoryChainSimulator.of(Objects.requireNonNull(model, "model"), n);
    }

    /**
     * TABS with exponential service on N servers (docs/tabs.md §2), energy weighted by
     * {@link PowerModel#standard()} as in {@code EventSimulation.of(model, n)}.
     *
     * @param model the TABS model (exponential service)
     * @param n     servers N ≥ 1
     * @return the simulator
     */
    public static OccupancySimulator of(TabsModel model, int n) {
        return OccupancySimulator.tabs(Objects.requireNonNull(model, "model"), n);
    }

    /**
     * TABS with exponential service on N servers, the {@code energy} metric weighted by {@code power} (the option
     * the event-driven simulator has as {@code TabsSimulator.withPower}).
     *
     * @param model the TABS model (exponential service)
     * @param n     servers N ≥ 1
     * @param power power drawn per server state (busy = 1)
     * @return the simulator
     */
    public static OccupancySimulator of(TabsModel model, int n, PowerModel power) {
        return OccupancySimulator.tabs(Objects.requireNonNull(model, "model"), n, power);
    }
}
