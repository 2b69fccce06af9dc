package org.queuelab.sim.event;

import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.sim.Replications;
import org.queuelab.sim.TimeWeightedAccumulator;

/**
 * Event-driven simulator of N always-on FCFS servers behind one dispatcher with general service times
 * ({@link LoadBalancingModel}): Poisson arrivals of rate λN; dispatching by
 * <ul>
 * <li>{@link RandomDispatch}: a uniformly chosen server that can take the job (lost if all are full);</li>
 * <li>{@link PowerOfD} SQ(d): the shortest of d servers sampled with replacement, ties uniform; lost if it is full
 *     (docs/sqdn.md §9.1, docs/invariant-states.md §1);</li>
 * <li>{@link JoinBelowThreshold} JBT-d / JIQ: a uniformly chosen server with ≤ d jobs, else a uniformly chosen
 *     server that can take the job (docs/alba.md §2);</li>
 * <li>{@link PowerOfDWithMemory} SQ(d,N): Algorithm 1 of docs/sqdn.md §1 (refresh d observations with
 *     replacement, join a uniformly chosen lowest observation, add one to it, capped at B; the memory starts
 *     equal to the initial queue lengths).</li>
 * </ul>
 *
 * <p>Two engines, chosen by {@link #run(long)}: dispatchers that never react to departures (SQ(d), SQ(d,N), Random
 * with an infinite buffer) run on {@link LazyFcfsRun}, where arrivals are the only global events and each server's
 * FCFS departures are settled when it is probed or the grid is sampled; JBT-d/JIQ and Random with a finite buffer,
 * which need to know about departures as they happen, run on {@link HeapRun} (an {@link IndexedMinHeap} of next
 * departures and index sets). Both draw the same random numbers in the same order and give the same counts and
 * trajectories for the same seed. Counts of servers with ≥ ℓ jobs are kept for every ℓ, so P(queue ≥ ℓ) on the
 * grid and its time average ({@link TimeWeightedAccumulator} or per-level occupation times) need no scan of the
 * servers in the heap engine. No allocation per event. Job sizes are drawn at arrival from the service stream
 * ({@link EventStreams}: the k-th arrival gets the k-th size under every policy), so a job's wait and response time
 * are known at arrival by FCFS.
 */
public final class LoadBalancingSimulator {

    private final LoadBalancingModel model;
    private final LoadBalancingSettings settings;

    public LoadBalancingSimulator(LoadBalancingModel model, LoadBalancingSettings settings) {
        this.model = Objects.requireNonNull(model, "model");
        this.settings = Objects.requireNonNull(settings, "settings");
        int n = settings.servers();
        org.queuelab.guard.RunGuards.requireEvents("run with N = " + n + ", lambda = " + model.lambda(), model.lambda() * n * settings.horizon());
        org.queuelab.guard.RunGuards.requireMemory("run with N = " + n, settings.trackedLevels() + 1L, settings.grid().size(), n, 96, "servers");
        if (model.dispatch().probes() > n) {
            throw new IllegalArgumentException("d = " + model.dispatch().d() + "; allowed: 1 ≤ d ≤ N = " + n);
        }
        if (settings.initialJobs() > model.buffer()) {
            throw new IllegalArgumentException("initialJobs = " + settings.initialJobs() + "; allowed: ≤ buffer = "
                    + Buffers.label(model.buffer()));
        }
    }

    public LoadBalancingModel model() {
        return model;
    }

    public LoadBalancingSettings settings() {
        return settings;
    }

    /**
     * One run with the streams split from {@code seed}. Dispatchers that never react to departures (SQ(d),
     * SQ(d,N), Random with an infinite buffer) run on the lazy FCFS engine ({@link LazyFcfsRun}), the others on the
     * indexed heap; both draw the same random numbers and give the same counts and trajectories.
     */
    public LoadBalancingResult run(long seed) {
        if (LazyFcfsRun.applies(model)) {
            return new LazyFcfsRun(model, settings, EventStreams.of(seed)).execute(seed);
        }
        return new HeapRun(model, settings, EventStreams.of(seed)).execute(seed);
    }

    /** One run on the indexed-heap engine whatever the dispatcher (for cross-checking the lazy engine). */
    LoadBalancingResult runOnHeap(long seed) {
        return new HeapRun(model, settings, EventStreams.of(seed)).execute(seed);
    }

    /** One run seeded by {@code stream.nextLong()}. */
    public LoadBalancingResult run(RandomGenerator stream) {
        return run(stream.nextLong());
    }

    /** {@code count} replications on all cores; identical whatever the thread count. */
    public LoadBalancingReplications replicate(long seed, int count) {
        return replicate(seed, count, Runtime.getRuntime().availableProcessors());
    }

    /** {@code count} replications on {@code threads} threads. */
    public LoadBalancingReplications replicate(long seed, int count, int threads) {
        List<LoadBalancingResult> runs = Replications.run(seed, count, threads, (r, stream) -> run(stream));
        return new LoadBalancingReplications(seed, runs);
    }
}
