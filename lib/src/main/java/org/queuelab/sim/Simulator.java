package org.queuelab.sim;

import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.SimulationRun;

/**
 * What every finite-N simulator offers ({@code Ctmc.of}, {@code Ctmc.withMemory}, {@code EventSimulation.of}): one
 * run in a {@link RunWindow} from a seed, and independent replications in parallel whose results do not depend on
 * the thread count ({@link Replications}), returned as one {@link ReplicatedResult}.
 *
 * @param <R> the simulator's run type
 */
public interface Simulator<R extends SimulationRun> {

    /**
     * {@return one run in {@code window} with the random streams of {@code seed}}
     *
     * @param window horizon, warm-up, sampling grid, event budget and initial state of the run
     * @param seed   the seed of the random streams, any long
     */
    R run(RunWindow window, long seed);

    /**
     * {@return {@code replications} independent runs on {@code threads} threads; identical for any thread count}
     *
     * @param window       horizon, warm-up, sampling grid, event budget and initial state of the run
     * @param seed         the seed of the random streams, any long
     * @param replications the number of independent runs, ≥ 1
     * @param threads      worker threads, ≥ 1; the results do not depend on it
     */
    ReplicatedResult<R> replicate(RunWindow window, long seed, int replications, int threads);

    /**
     * {@return {@code replications} independent runs on all cores}
     *
     * @param window       horizon, warm-up, sampling grid, event budget and initial state of the run
     * @param seed         the seed of the random streams, any long
     * @param replications the number of independent runs, ≥ 1
     */
    default ReplicatedResult<R> replicate(RunWindow window, long seed, int replications) {
        return replicate(window, seed, replications, Runtime.getRuntime().availableProcessors());
    }
}
