package org.queuelab.sim.event;

import java.util.List;
import java.util.function.LongFunction;

import org.queuelab.guard.RunGuards;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.SimulationRun;
import org.queuelab.sim.Replications;
import org.queuelab.sim.RunWindow;

/**
 * What the two event-driven simulators ({@link LoadBalancingSimulator}, {@link TabsSimulator}) share around a run:
 * the checks of a {@link RunWindow} before any work, and replications (replication r runs with the seed
 * {@code nextLong()} of the r-th stream of {@link Replications}, so results do not depend on the thread count).
 */
final class EventRuns {

    /** Upper bound on grid points × recorded series, to keep memory bounded. */
    static final long MAX_RECORDED_VALUES = 50_000_000L;

    private EventRuns() {
    }

    /**
     * Refuses a window the event-driven simulators cannot run (an event budget or an infinite horizon), a
     * trajectory of more than {@link #MAX_RECORDED_VALUES} values, and a run beyond the event budget or the heap.
     *
     * @param engine       the simulator, for messages
     * @param lambda       arrival rate per server
     * @param n            N
     * @param series       trajectory series recorded
     * @param bytesPerServer memory held per server
     * @param hint         how to record fewer values
     */
    static void requireWindow(RunWindow window, String engine, double lambda, int n, long series,
                              long bytesPerServer, String hint) {
        window.requireHorizonOnly(engine);
        long points = window.grid().size();
        if (points * series > MAX_RECORDED_VALUES) {
            throw new IllegalArgumentException("grid step = " + window.grid().step() + " gives " + points
                    + " grid points × " + series + " series; allowed: at most " + MAX_RECORDED_VALUES
                    + " recorded values (" + hint + ")");
        }
        RunGuards.requireEvents(engine + " run with N = " + n + ", lambda = " + lambda, lambda * n * window.horizon());
        RunGuards.requireMemory(engine + " run with N = " + n, series, points, n, bytesPerServer, "servers");
    }

    /**
     * Refuses a null among {@code values} with a {@link NullPointerException} naming it: {@code names} lists the
     * values' names, comma-separated, in the same order (for the records of this package).
     */
    static void requireNonNull(String names, Object... values) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                throw new NullPointerException(names.split(",")[i].trim());
            }
        }
    }

    /** {@code count} replications of {@code run} (called with each replication's seed) on {@code threads} threads. */
    static <R extends SimulationRun> ReplicatedResult<R> replicate(long seed, int count, int threads,
                                                                   LongFunction<R> run, Provenance provenance) {
        List<R> runs = Replications.run(seed, count, threads, (r, stream) -> run.apply(stream.nextLong()));
        return new ReplicatedResult<>(runs, provenance.withSeed(seed).with("replications", count));
    }
}
