package org.queuelab.sim.event;

import java.util.Objects;

import org.queuelab.guard.Require;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.SimulationRun;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.Simulator;

/**
 * What the two event-driven simulators ({@link LoadBalancingSimulator}, {@link TabsSimulator}) hold and check
 * alike: their model, N ≥ 1 servers, and the parameters a run's provenance starts with.
 *
 * @param <M> the model record
 * @param <R> the run type
 */
abstract class EventSimulator<M, R extends SimulationRun> implements Simulator<R> {

    final M model;
    final int n;

    EventSimulator(M model, int n) {
        this.model = Objects.requireNonNull(model, "model");
        this.n = Require.atLeast("N", n, 1);
    }

    /** {@return the model record this simulator was built from} */
    public M model() {
        return model;
    }

    /** {@return number of servers N} */
    public int servers() {
        return n;
    }

    /** Refuses, before any work, a window this simulator cannot run. */
    abstract void checkWindow(RunWindow window);

    /** {@code count} independent replications on {@code threads} threads (the window checked first). */
    @Override
    public ReplicatedResult<R> replicate(RunWindow window, long seed, int count, int threads) {
        checkWindow(window);
        return EventRuns.replicate(seed, count, threads, s -> run(window, s), provenance(window));
    }

    /**
     * {@return the parameters of a run in {@code window}: engine, model, N, then the window}
     *
     * @param window the run's window
     */
    public Provenance provenance(RunWindow window) {
        return window.describe(Provenance.of("DES", model).with("N", n));
    }
}
