package org.queuelab.sim;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedResult;

/**
 * A chain simulator whose run draws every random number from one stream ({@link OccupancySimulator},
 * {@link MemoryChainSimulator}): a run from a seed uses the stream of that seed, and replication r uses the r-th
 * stream of {@link Replications}, each run recording the root seed.
 */
public interface OneStreamSimulator extends Simulator<OccupancyRun> {

    /**
     * {@return one run in {@code window} drawing from {@code rng}; {@code seed} is recorded in its parameters}
     *
     * @param window horizon, warm-up, sampling grid, event budget and initial state of the run
     * @param rng    the random source, advanced by the draws
     * @param seed   the seed of the random streams, any long
     */
    OccupancyRun run(RunWindow window, RandomGenerator rng, long seed);

    /** {@return the model parameters carried by every result} */
    Provenance provenance();

    /** One run with a stream seeded by {@code seed}. */
    @Override
    default OccupancyRun run(RunWindow window, long seed) {
        return run(window, new SplittableRandom(seed), seed);
    }

    /** {@code replications} independent runs on {@code threads} threads. */
    @Override
    default ReplicatedResult<OccupancyRun> replicate(RunWindow window, long seed, int replications, int threads) {
        Objects.requireNonNull(window, "window");
        List<OccupancyRun> runs = Replications.run(seed, replications, threads,
                (r, stream) -> run(window, stream, seed));
        return new ReplicatedResult<>(runs, window.describe(provenance()).with("replications", replications)
                .withSeed(seed));
    }
}
