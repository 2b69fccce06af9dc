package org.queuelab.sim.event;

import java.util.Objects;

import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.JobsPerServer;
import org.queuelab.sim.RunWindow;
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
 * <p>Two engines, chosen by {@link #run(RunWindow, long)}: dispatchers that never react to departures (SQ(d),
 * SQ(d,N), Random with an infinite buffer) run on {@link LazyFcfsRun}, where arrivals are the only global events and
 * each server's FCFS departures are settled when it is probed or the grid is sampled; JBT-d/JIQ and Random with a finite buffer,
 * which need to know about departures as they happen, run on {@link HeapRun} (an {@link IndexedMinHeap} of next
 * departures and index sets). Both draw the same random numbers in the same order and give the same counts and
 * trajectories for the same seed. Counts of servers with ≥ ℓ jobs are kept for every ℓ, so P(queue ≥ ℓ) on the
 * grid and its time average ({@link TimeWeightedAccumulator} or per-level occupation times) need no scan of the
 * servers in the heap engine. No allocation per event. Job sizes are drawn at arrival from the service stream
 * ({@link EventStreams}: the k-th arrival gets the k-th size under every policy), so a job's wait and response time
 * are known at arrival by FCFS.
 */
public final class LoadBalancingSimulator extends EventSimulator<LoadBalancingModel, LoadBalancingResult> {

    /** Tail levels recorded unless {@link #withTrackedLevels} says otherwise. */
    public static final int DEFAULT_TRACKED_LEVELS = 5;
    /** Most tail levels a trajectory records. */
    public static final int MAX_TRACKED_LEVELS = 1000;

    private final int trackedLevels;

    /** Use {@link EventSimulation#of(LoadBalancingModel, int)}. */
    LoadBalancingSimulator(LoadBalancingModel model, int n, int trackedLevels) {
        super(model, n);
        if (model.dispatch().probes() > n) {
            throw new IllegalArgumentException("d = " + model.dispatch().d() + "; allowed: 1 ≤ d ≤ N = " + n);
        }
        if (trackedLevels < 1 || trackedLevels > MAX_TRACKED_LEVELS) {
            throw new IllegalArgumentException("trackedLevels = " + trackedLevels
                    + "; allowed: 1 ≤ trackedLevels ≤ " + MAX_TRACKED_LEVELS);
        }
        this.trackedLevels = trackedLevels;
    }

    /**
     * {@return number L of tail levels on the trajectory (series {@code s1 … sL}, {@code Metric.tail(i)}) and among the
     * metrics}
     */
    public int trackedLevels() {
        return trackedLevels;
    }

    /**
     * {@return the same simulator recording the fractions of servers with ≥ ℓ jobs for ℓ = 1..{@code levels}}
     *
     * @param levels the highest ℓ tracked, ≥ 1
     */
    public LoadBalancingSimulator withTrackedLevels(int levels) {
        return new LoadBalancingSimulator(model, n, levels);
    }

    /**
     * One run in {@code window} (finite horizon, no event budget; initial state {@link JobsPerServer}, at most the
     * buffer) with the streams split from {@code seed}. Dispatchers that never react to departures (SQ(d), SQ(d,N),
     * Random with an infinite buffer) run on the lazy FCFS engine ({@link LazyFcfsRun}), the others on the indexed
     * heap; both draw the same random numbers and give the same counts and trajectories.
     */
    @Override
    public LoadBalancingResult run(RunWindow window, long seed) {
        checkWindow(window);
        if (LazyFcfsRun.applies(model)) {
            return new LazyFcfsRun(this, window, EventStreams.of(seed)).execute(seed);
        }
        return new HeapRun(this, window, EventStreams.of(seed)).execute(seed);
    }

    /** One run on the indexed-heap engine whatever the dispatcher (for cross-checking the lazy engine). */
    LoadBalancingResult runOnHeap(RunWindow window, long seed) {
        checkWindow(window);
        return new HeapRun(this, window, EventStreams.of(seed)).execute(seed);
    }

    @Override
    void checkWindow(RunWindow window) {
        Objects.requireNonNull(window, "window");
        int jobs = startJobs(window);
        if (jobs > model.buffer()) {
            throw new IllegalArgumentException("initial jobs per server = " + jobs + "; allowed: ≤ buffer = "
                    + Buffers.label(model.buffer()));
        }
        EventRuns.requireWindow(window, "load-balancing", model.lambda(), n, trackedLevels + 1L, 96,
                "raise the grid step or track fewer levels");
    }

    /** Jobs per server at t = 0: the initial state must be a {@link JobsPerServer}. */
    int startJobs(RunWindow window) {
        if (window.initial() instanceof JobsPerServer each) {
            return each.jobs();
        }
        throw InitialState.unsupported(window.initial(), "the event-driven load-balancing simulator",
                "JobsPerServer (every server with k fresh jobs)");
    }
}
