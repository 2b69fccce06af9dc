package org.queuelab.sim;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;

import org.queuelab.guard.Memory;
import org.queuelab.progress.Progress;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Parallel;

/**
 * Independent replications of a stochastic experiment, run in parallel, reproducible whatever the thread count.
 *
 * <p>Replication {@code r} of seed {@code s} always receives the same random stream: the streams are made up
 * front, sequentially, by splitting one {@link SplittableRandom} seeded with {@code s}. The thread that runs a
 * replication therefore never influences what it draws, and results come back in replication order.
 * Two experiments run with the same seed see the same streams, which gives common random numbers across
 * policies when each simulator draws its arrivals and job sizes from the stream in the same way.
 *
 * <p>A replication draws from a generator split off its stream <em>on the thread that runs it</em>. Generators
 * made one after the other by one thread sit side by side in memory, and a generator is written on every draw:
 * two threads drawing from neighbours keep invalidating each other's cache line (false sharing), which made two
 * threads slower than one (measured 0.6–0.9×). The split is deterministic, so results still do not depend on the
 * thread count.
 *
 * <p>Progress (one step per finished replication) goes to {@link Progress#current()}.
 */
public final class Replications {

    /** Most threads a caller may ask for (more than {@link LocalRunner#MAX_THREADS} run on that many). */
    public static final int MAX_THREADS = 0x7fff;
    /** Bytes held per replication before its result: its stream, its task and list slots. */
    private static final long BYTES_PER_REPLICATION = 96;

    private Replications() {
    }

    /** One replication: the replication's index and its own random stream. */
    @FunctionalInterface
    public interface Task<R> {
        /**
         * {@return the replication's result}
         *
         * @param replication the replication's index, in [0, count)
         * @param stream      the replication's own random stream, the same for any thread count
         */
        R run(int replication, RandomGenerator stream);
    }

    /** The independent streams of replications 0..count−1 for {@code seed}. */
    private static SplittableRandom[] streams(long seed, int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count = " + count + " replications; allowed: count ≥ 1");
        }
        SplittableRandom root = new SplittableRandom(seed);
        SplittableRandom[] streams = new SplittableRandom[count];
        for (int r = 0; r < count; r++) {
            streams[r] = root.split();
        }
        return streams;
    }

    /** Runs one replication on a generator split off its stream by the calling thread (see the class comment). */
    private static <R> R runOne(Task<R> task, int replication, SplittableRandom stream) {
        return task.run(replication, stream.split());
    }

    /**
     * Runs {@code count} replications on all available cores; results in replication order.
     *
     * @param <R>   the result type of one replication
     * @param seed  the seed of the random streams, any long
     * @param count the number of replications, ≥ 1
     * @param task  one replication: its index and its own random stream
     * @return the results, in replication order
     */
    public static <R> List<R> run(long seed, int count, Task<R> task) {
        return run(seed, count, Runtime.getRuntime().availableProcessors(), task);
    }

    /**
     * Runs {@code count} replications on {@code threads} threads; results in replication order.
     *
     * @param <R>     the result type of one replication
     * @param seed    the seed of the random streams, any long
     * @param count   the number of replications, ≥ 1
     * @param threads worker threads, in [1, {@link Replications#MAX_THREADS}]; the results do not depend on it
     * @param task    one replication: its index and its own random stream
     * @return the results, in replication order
     */
    public static <R> List<R> run(long seed, int count, int threads, Task<R> task) {
        Objects.requireNonNull(task, "task");
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads = " + threads + "; allowed: 1 ≤ threads ≤ " + MAX_THREADS);
        }
        Memory.require(count + " replications", Memory.objects(Math.max(count, 0), BYTES_PER_REPLICATION),
                "fewer replications per call (aggregate several calls with different seeds)");
        SplittableRandom[] streams = streams(seed, count);
        try (Progress.Task progress = Progress.current().start("replications", count)) {
            return run(task, streams, threads, progress);
        }
    }

    /** Replication r on its own stream, on {@link Parallel#map}'s pool (results in replication order). */
    private static <R> List<R> run(Task<R> task, SplittableRandom[] streams, int threads, Progress.Task progress) {
        List<Integer> replications = IntStream.range(0, streams.length).boxed().toList();
        // at most one thread per replication, and no more than the pool takes: the results do not depend on it
        int workers = Math.min(threads, Math.min(streams.length, LocalRunner.MAX_THREADS));
        return Parallel.map(replications, workers, r -> {
            R result = runOne(task, r, streams[r]);
            progress.step();
            return result;
        });
    }
}
