package org.queuelab.sweep;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import org.queuelab.guard.Require;
import org.queuelab.progress.Progress;

/**
 * A parameter sweep: a {@link Grid} × replications × an {@link Experiment}, run by a {@link SweepRunner} (all local
 * cores by default, Spark with the queuelab-spark module) into a {@link SweepResult}: an estimate and 95% interval
 * per point and metric, and paired differences between the values of a variant axis.
 *
 * <p><b>Seeds.</b> Replication r at point p runs with {@link #seed(Point, int)}, a hash of (sweep seed, p's key,
 * r): neither the order in which points run, nor the machine, nor the thread count changes a result. With
 * {@link #pairedOver(String)} the variant axis is left out of the key, so the variants of one point share their
 * replications' seeds — common random numbers, which make paired differences far tighter than unpaired ones.
 *
 * <p><b>Progress</b> goes to {@link Progress#current()} (a bar in the terminal or the notebook), one step per task.
 *
 * <p><b>Resuming.</b> With {@link #resumable(Path)} each point's observations are written as soon as its last
 * replication finishes; a rerun reads them back and runs only the missing points (see {@link SweepStore}).
 *
 * <pre>{@code
 * // given: simulate(point, seed)
 * Grid grid = Grid.axis("lambda", 0.5, 0.7, 0.9).axis("theta", 0.02, 0.06).build();
 * SweepResult r = Sweep.of(grid, (p, seed) -> Map.of("energy", simulate(p, seed)))
 *         .replications(20).seed(42).run();
 * r.table();                                      // lambda, theta, metric, runs, mean, lower, upper
 * }</pre>
 * <p>See {@code docs/extending.md} §4 for a worked sweep and {@code docs/spark.md} for running one on a cluster.
 */
public final class Sweep implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Upper limit on grid points × replications (each task is an object held in memory). */
    public static final long MAX_TASKS = 50_000_000L;

    private final Grid grid;
    private final Experiment experiment;
    private final int replications;
    private final long seed;
    private final String identity;
    private final String variantAxis;
    private final long[] replicationSeeds;
    private final transient Path store;
    /** Whether values that are not finite are carried as given ({@link #carryingNonFinite()}) instead of refused. */
    private final boolean nonFiniteCarried;

    private Sweep(Grid grid, Experiment experiment, int replications, long seed, String identity,
            String variantAxis, Path store) {
        this(grid, experiment, replications, seed, identity, variantAxis, null, store, false);
    }

    private Sweep(Grid grid, Experiment experiment, int replications, long seed, String identity,
            String variantAxis, long[] replicationSeeds, Path store, boolean nonFiniteCarried) {
        this.nonFiniteCarried = nonFiniteCarried;
        this.replicationSeeds = replicationSeeds;
        this.grid = grid;
        this.experiment = experiment;
        this.replications = replications;
        this.seed = seed;
        this.identity = identity;
        this.variantAxis = variantAxis;
        this.store = store;
    }

    /**
     * A sweep of {@code experiment} over {@code grid}: 1 replication, seed 1, no identity, no variant axis and no
     * store, until changed (each setter returns a new, immutable sweep).
     *
     * @param grid       the points, not null
     * @param experiment one replication at one point, not null
     * @return the sweep
     */
    public static Sweep of(Grid grid, Experiment experiment) {
        return new Sweep(Objects.requireNonNull(grid, "grid"), Objects.requireNonNull(experiment, "experiment"),
                1, 1L, "", null, null);
    }

    /**
     * The same sweep with {@code count} replications per point, seeds derived again from the sweep seed.
     *
     * @param count replications per point, 1 ≤ count and count × grid points ≤ {@link #MAX_TASKS}
     * @return a new sweep
     * @throws IllegalArgumentException naming the count and the limit otherwise
     */
    public Sweep replications(int count) {
        Require.atLeast("replications", count, 1);
        if ((long) count * grid.size() > MAX_TASKS) {
            throw new IllegalArgumentException("replications = " + count + " × " + grid.size() + " points = "
                    + (long) count * grid.size() + " tasks; allowed: at most " + MAX_TASKS
                    + " (split the sweep into several)");
        }
        return new Sweep(grid, experiment, count, seed, identity, variantAxis, null, store, nonFiniteCarried);
    }

    /**
     * The same sweep with another seed, from which every replication's seed derives ({@link #seed(Point, int)}).
     *
     * @param seed any value
     * @return a new sweep with derived seeds (explicit {@link #replicationSeeds(long...)} are dropped)
     */
    public Sweep seed(long seed) {
        return new Sweep(grid, experiment, replications, seed, identity, variantAxis, null, store, nonFiniteCarried);
    }

    /**
     * What the experiment computes, in words a change would alter (for example the model record's
     * {@code toString()} and the run window): a resumable store refuses results made under another identity.
     *
     * @param identity the description, not null ("" by default)
     * @return a new sweep
     */
    public Sweep identity(String identity) {
        return new Sweep(grid, experiment, replications, seed, Objects.requireNonNull(identity, "identity"),
                variantAxis, replicationSeeds, store, nonFiniteCarried);
    }

    /**
     * Names the grid axis whose values are variants to compare (a policy, a law): its value is left out of the
     * seed, so all variants of a point see the same random numbers, and {@link SweepResult#paired} compares them.
     *
     * @param axis one of the grid's parameter names
     * @return a new sweep
     * @throws IllegalArgumentException naming the axis and the grid's names if it is not one of them
     */
    public Sweep pairedOver(String axis) {
        if (!grid.names().contains(axis)) {
            throw new IllegalArgumentException("axis = " + axis + "; allowed: one of " + grid.names());
        }
        return new Sweep(grid, experiment, replications, seed, identity, axis, replicationSeeds, store,
                nonFiniteCarried);
    }

    /**
     * The same sweep writing observations per finished point into {@code directory}; on rerun, the points found
     * there are read back instead of run (see {@link SweepStore}).
     *
     * @param directory the store's directory, created if missing; not null
     * @return a new sweep
     */
    public Sweep resumable(Path directory) {
        return new Sweep(grid, experiment, replications, seed, identity, variantAxis, replicationSeeds,
                Objects.requireNonNull(directory, "directory"), nonFiniteCarried);
    }

    /**
     * The same sweep carrying values that are not finite (NaN, ±∞) as the experiment gives them, instead of failing
     * the run: for sweeps whose values are read back one by one rather than estimated, such as a {@link Study} that
     * stores a table with undefined cells or an estimate's NaN half-width (n = 1). Estimates over such a value
     * ({@link SweepResult#table()}, {@link SweepResult#estimate}) still refuse it, naming the point and metric.
     *
     * @return a new sweep
     */
    public Sweep carryingNonFinite() {
        return new Sweep(grid, experiment, replications, seed, identity, variantAxis, replicationSeeds, store, true);
    }

    /**
     * Gives replication r at every point the seed {@code seeds[r]} (and {@code seeds.length} replications) in place
     * of the derived seed: for an engine that already fixes its replications' streams, with the same streams at
     * every point (common random numbers), so that its results run as a sweep stay bit for bit what the engine gives
     * alone. Setting {@link #seed(long)} or {@link #replications(int)} afterwards returns to derived seeds.
     *
     * @param seeds one seed per replication, at least one
     * @return a new sweep with {@code seeds.length} replications
     * @throws IllegalArgumentException if {@code seeds} is null or empty, or seeds × points &gt; {@link #MAX_TASKS}
     */
    public Sweep replicationSeeds(long... seeds) {
        if (seeds == null || seeds.length == 0) {
            throw new IllegalArgumentException("seeds = " + (seeds == null ? "null" : "[]")
                    + "; allowed: one seed per replication, at least one");
        }
        Sweep counted = replications(seeds.length);
        return new Sweep(grid, experiment, counted.replications, seed, identity, variantAxis, seeds.clone(), store,
                nonFiniteCarried);
    }

    /**
     * The explicit seeds per replication.
     *
     * @return a copy of the seeds given to {@link #replicationSeeds(long...)}, or null when seeds are derived
     */
    public long[] replicationSeeds() {
        return replicationSeeds == null ? null : replicationSeeds.clone();
    }

    /**
     * The points swept.
     *
     * @return the grid
     */
    public Grid grid() {
        return grid;
    }

    /**
     * What runs at each point and replication.
     *
     * @return the experiment
     */
    public Experiment experiment() {
        return experiment;
    }

    /**
     * Replications per point.
     *
     * @return the count, ≥ 1
     */
    public int replications() {
        return replications;
    }

    /**
     * The sweep seed from which replication seeds derive (unused while explicit replication seeds are set).
     *
     * @return the seed
     */
    public long seed() {
        return seed;
    }

    /**
     * What the experiment computes, as checked by a resumable store.
     *
     * @return the identity, "" unless set by {@link #identity(String)}
     */
    public String identity() {
        return identity;
    }

    /**
     * The axis whose values are variants compared by common random numbers.
     *
     * @return its name, or null when no axis was named by {@link #pairedOver(String)}
     */
    public String variantAxis() {
        return variantAxis;
    }

    /**
     * The seed of replication {@code replication} at {@code point}: SplitMix64 mixing of the sweep seed, a 64-bit
     * FNV-1a hash of the point's key (without the variant axis), and the replication number; with
     * {@link #replicationSeeds(long...)}, that list's seed of the replication.
     *
     * @param point       a point of the grid (or any point with the same names)
     * @param replication the replication, 0 ≤ replication &lt; {@link #replications()}
     * @return the seed of that replication's random stream
     */
    public long seed(Point point, int replication) {
        if (replicationSeeds != null) {
            return replicationSeeds[replication];
        }
        Point keyed = variantAxis == null ? point : point.without(variantAxis);
        long h = 0xcbf29ce484222325L;
        for (byte b : keyed.key().getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        long s = mix(seed ^ mix(h));
        return mix(s + 0x9e3779b97f4a7c15L * (replication + 1L));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    /**
     * Every task of the sweep, point by point (grid order), replications in order within a point.
     *
     * @return grid points × replications tasks with their seeds
     */
    public List<Task> tasks() {
        List<Task> tasks = new ArrayList<>(grid.size() * replications);
        for (int p = 0; p < grid.size(); p++) {
            for (int r = 0; r < replications; r++) {
                tasks.add(new Task(p, r, seed(grid.points().get(p), r)));
            }
        }
        return tasks;
    }

    /**
     * Runs on all local cores ({@link LocalRunner}); with a store, only the points not yet stored.
     *
     * @return estimates per point and metric
     * @throws SweepFailedException if an experiment throws or returns a value that is not finite (naming the point
     *                              and replication)
     */
    public SweepResult run() {
        return run(new LocalRunner());
    }

    /**
     * Runs on {@code runner}; with a store, only the points not yet stored.
     *
     * @param runner where the tasks run, not null
     * @return estimates per point and metric; the same for any runner and thread count
     * @throws SweepFailedException if an experiment throws or returns a value that is not finite (naming the point
     *                              and replication)
     */
    public SweepResult run(SweepRunner runner) {
        Objects.requireNonNull(runner, "runner");
        SweepStore sweepStore = store == null ? null : SweepStore.open(store, this);
        try {
            return run(runner, sweepStore);
        } finally {
            if (sweepStore != null) {
                sweepStore.close();
            }
        }
    }

    private SweepResult run(SweepRunner runner, SweepStore sweepStore) {
        Observation[][] observed = new Observation[grid.size()][replications];
        int reused = sweepStore == null ? 0 : sweepStore.load(observed);
        List<Task> pending = new ArrayList<>();
        for (Task t : tasks()) {
            if (observed[t.pointIndex()][t.replication()] == null) {
                pending.add(t);
            }
        }
        int[] remaining = new int[grid.size()];
        for (Task t : pending) {
            remaining[t.pointIndex()]++;
        }
        try (Progress.Task progress = Progress.current().start("sweep", Math.max(1, pending.size()))) {
            Consumer<Observation> sink = o -> {
                observed[o.pointIndex()][o.replication()] = o;
                if (--remaining[o.pointIndex()] == 0 && sweepStore != null) {
                    sweepStore.append(grid.points().get(o.pointIndex()), observed[o.pointIndex()]);
                }
                progress.step();
            };
            runner.run(this, pending, sink);
        }
        return new SweepResult(this, observed, reused);
    }

    /**
     * Runs one task (what every runner calls).
     *
     * @param task one of {@link #tasks()}
     * @return the metrics the experiment returned, with the task's point index and replication
     * @throws SweepFailedException wrapping the experiment's exception, naming the point and replication; or, naming
     *                              the point, replication and metric, if a value is null or not finite (NaN, ±∞;
     *                              unless {@link #carryingNonFinite()}): such a replication is never stored
     */
    public Observation runTask(Task task) {
        Point point = grid.points().get(task.pointIndex());
        Map<String, Double> values;
        try {
            values = experiment.run(point, task.seed());
            Objects.requireNonNull(values, "the experiment's metrics");
        } catch (RuntimeException e) {
            throw new SweepFailedException(point, task.replication(), e);
        }
        for (Map.Entry<String, Double> v : values.entrySet()) {
            // refused here, where the point and replication are known, not later by an estimate naming neither
            if (v.getValue() == null || !(nonFiniteCarried || Double.isFinite(v.getValue()))) {
                throw new SweepFailedException(point, task.replication(), "metric " + v.getKey() + " = "
                        + v.getValue() + "; allowed: a finite value (every replication's metrics must be finite)");
            }
        }
        return new Observation(task.pointIndex(), task.replication(), values);
    }

    /** An experiment's exception, with the point and replication where it happened. */
    public static final class SweepFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SweepFailedException(Point point, int replication, Throwable cause) {
            super("experiment failed at point " + point + ", replication " + replication + ": " + cause, cause);
        }

        SweepFailedException(Point point, int replication, String reason) {
            super("experiment failed at point " + point + ", replication " + replication + ": " + reason);
        }
    }
}
