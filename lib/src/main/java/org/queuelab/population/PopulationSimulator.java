package org.queuelab.population;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.queuelab.guard.Budget;
import org.queuelab.guard.Require;
import org.queuelab.guard.RunGuards;
import org.queuelab.result.Metric;
import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.InitialFractions;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.Replications;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.Simulator;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Trajectory;

/**
 * Exact simulation of a {@link PopulationModel} with N servers (docs/population.md §4): the counts N·x form a
 * continuous-time Markov chain in which transition ℓ fires at rate N·β_ℓ(x) and moves the counts by ℓ.
 * Gillespie's direct method: the holding time is Exp(N Σ β) and the event is drawn in proportion to its rate, by a
 * cumulative scan of the transitions in decreasing order of their rates (the sorting direct method: the order is
 * that of the rates at the last re-summation, so a seed's events differ from a scan in model order, its law does
 * not; docs/population.md §4).
 * The rate program is compiled once per simulator ({@link RateProgram}, {@link RateCompiler}): after an event only
 * the nodes that depend on the classes it moved are recomputed, by straight-line bytecode that also moves the total
 * rate by the changes of the rates among them ({@link GillespieRun}). The cost per event depends on the size of the
 * description (classes, transitions), not on N; nothing is allocated per event. It is a {@link Simulator} like the
 * built-in chains: a {@link RunWindow} starting from {@link InitialFractions} (a state of the model), one
 * {@link PopulationRun} per seed, replications as a {@link ReplicatedResult}, series and metrics named by the
 * model's classes and observables.
 *
 * <p>A rate that is negative, NaN or infinite at a visited state, or a jump that would make a count negative,
 * stops the run with a {@link RateException} naming the transition, the state and the value. A run is held to the
 * event budget ({@link Budget#events()}): refused before it starts when its rates at the start already need more
 * events over the horizon, stopped with a {@link org.queuelab.guard.BudgetExceededException} when it spends more
 * as it goes; its trajectory must fit the heap. Replications use {@link Replications}: same seed, same results,
 * whatever the thread count.
 */
public final class PopulationSimulator implements Simulator<PopulationRun> {

    private final PopulationModel model;
    private final int n;
    private final RateProgram program;

    private PopulationSimulator(PopulationModel model, int n, double eventLoopWorth) {
        this.model = model;
        this.n = n;
        this.program = new RateProgram(model, true, eventLoopWorth);
    }

    /**
     * The chain with N servers; the rate program is analysed and compiled here, once.
     *
     * @param model the population model (not null)
     * @param n the number of servers N, ≥ 1, such that every group's total × N is a whole number of servers, at
     *     most 2³¹ − 1
     * @return the simulator of the model's chain with N servers
     * @throws IllegalArgumentException if N is outside that range, naming N, the group's total and the bound
     */
    public static PopulationSimulator of(PopulationModel model, int n) {
        requireServers(model, n);
        return new PopulationSimulator(model, n, RateProgram.LOOP_WORTH);
    }

    /** {@link #of}'s checks of N against the model's groups. */
    private static void requireServers(PopulationModel model, int n) {
        Objects.requireNonNull(model, "model");
        Require.atLeast("N", n, 1);
        for (double total : model.groupTotals()) {
            double servers = total * n;
            if (Math.abs(servers - Math.rint(servers)) > 1e-9) {
                throw new IllegalArgumentException("N = " + n + " gives " + servers + " servers in a group of total "
                        + total + "; allowed: N such that every group holds a whole number of servers");
            }
            if (servers > Integer.MAX_VALUE) {   // counts are ints: refuse rather than clip
                throw new IllegalArgumentException("N = " + n + " gives " + servers + " servers in a group of total "
                        + total + "; allowed: at most " + Integer.MAX_VALUE + " servers per group (N ≤ "
                        + (long) Math.floor(Integer.MAX_VALUE / total) + ")");
            }
        }
    }

    /**
     * The same simulator that never generates its event loop ({@link LoopCompiler}): every event through the
     * per-transition code. Its runs equal {@link #of}'s bit for bit (tested); it is there to test that.
     */
    static PopulationSimulator withoutEventLoop(PopulationModel model, int n) {
        requireServers(model, n);
        return new PopulationSimulator(model, n, Double.POSITIVE_INFINITY);
    }

    /**
     * The same simulator that generates its event loop in the first run long enough past its warm-up, however
     * few events it has left (tests: the loop in short runs).
     */
    static PopulationSimulator withEarlyEventLoop(PopulationModel model, int n) {
        requireServers(model, n);
        return new PopulationSimulator(model, n, 0);
    }

    /** The rate program (for tests: whether the event loop has been generated). */
    RateProgram program() {
        return program;
    }

    /**
     * The model simulated.
     *
     * @return the model this simulator was built from
     */
    public PopulationModel model() {
        return model;
    }

    /**
     * The number of servers.
     *
     * @return N, the scale: the counts are N·x
     */
    public int servers() {
        return n;
    }

    /**
     * The names of the trajectory's series and of the time-average metrics.
     *
     * @return the model's classes, then its observables, in that order (a new list)
     */
    public List<String> seriesNames() {
        List<String> names = new ArrayList<>(model.coordinateNames());
        names.addAll(model.observableNames());
        return names;
    }

    /**
     * Whole counts closest to N·x0 with each group's exact total (largest remainders).
     *
     * @param x0 a state of the model: one fraction per class, ≥ 0, each group summing to its total
     * @return the number of servers in each class, in the model's class order
     * @throws IllegalArgumentException if x0 is not a state of the model
     */
    public int[] counts(double[] x0) {
        model.requireState(Objects.requireNonNull(x0, "x0"));
        int dim = model.dimension();
        int[] groupOf = model.groupOf();
        double[] totals = model.groupTotals();
        int[] counts = new int[dim];
        for (int g = 0; g < totals.length; g++) {
            int target = (int) Math.rint(totals[g] * n);
            int assigned = 0;
            List<int[]> order = new ArrayList<>();
            for (int i = 0; i < dim; i++) {
                if (groupOf[i] == g) {
                    double exact = Math.max(0, x0[i]) * n;
                    counts[i] = (int) Math.floor(exact + 1e-9);
                    assigned += counts[i];
                    order.add(new int[] {i});
                }
            }
            order.sort((p, q) -> Double.compare(fraction(x0[q[0]] * n), fraction(x0[p[0]] * n)));
            for (int k = 0; assigned < target; k = (k + 1) % order.size()) {
                counts[order.get(k)[0]]++;
                assigned++;
            }
        }
        return counts;
    }

    private static double fraction(double v) {
        return v - Math.floor(v + 1e-9);
    }

    /**
     * One run from {@code window.initial()} (an {@link InitialFractions}: a state of the model) to the window's
     * horizon, sampled on its grid, averaged over [warm-up, horizon].
     */
    @Override
    public PopulationRun run(RunWindow window, long seed) {
        return simulate(start(window), window, new SplittableRandom(seed), seed);
    }

    /** {@code replications} independent runs on {@code threads} threads; identical for any thread count. */
    @Override
    public ReplicatedResult<PopulationRun> replicate(RunWindow window, long seed, int replications, int threads) {
        int[] start = start(window);
        List<PopulationRun> runs = Replications.run(seed, replications, threads,
                (r, stream) -> simulate(start, window, stream, seed));
        return new ReplicatedResult<>(runs, window.describe(parameters(seed)).with("replications", replications));
    }

    /** The start's counts: the window must end at a finite horizon (no event budget) and start from fractions. */
    private int[] start(RunWindow window) {
        Objects.requireNonNull(window, "window");
        window.requireHorizonOnly(ENGINE);
        if (!(window.initial() instanceof InitialFractions start)) {
            throw InitialState.unsupported(window.initial(), ENGINE, "InitialFractions (a state x of the model)");
        }
        return counts(start.fractions());
    }

    private static final String ENGINE = "the population simulator";

    private Provenance parameters(long seed) {
        Provenance p = Provenance.of("population process (Gillespie)", model.name()).withSeed(seed).with("N", n);
        for (var e : model.parameters().entrySet()) {
            p = p.with(e.getKey(), e.getValue());
        }
        return p;
    }

    private PopulationRun simulate(int[] start, RunWindow window, RandomGenerator rng, long seed) {
        double horizon = window.horizon();
        double burnIn = window.warmup();
        TimeGrid grid = window.grid();
        int dim = model.dimension();
        int series = dim + model.observableNames().size();
        RunGuards.requireMemory("population run of " + model.name(), series, grid.size(), 0, 0, "classes");
        double[][] samples = new double[series][grid.size()];
        GillespieRun run = new GillespieRun(model, program, n, start, burnIn);
        Budget budget = Budget.events();
        budget.require("population run of " + model.name() + " with N = " + n + ", horizon = " + horizon
                + " (total rate at the start × N × horizon)", run.totalRate() * n * horizon);
        long events = run.run(horizon, grid, samples, rng, budget.counter(), budget.limit());
        List<String> names = seriesNames();
        Metrics.Builder metrics = Metrics.builder();
        double span = horizon - burnIn;
        for (int s = 0; s < series; s++) {
            metrics.put(names.get(s), run.integral[s] / span);
        }
        metrics.put(Metric.EVENTS, events);
        Trajectory trajectory = new Trajectory(grid, names, samples, parameters(seed));
        return new PopulationRun(trajectory, metrics.build(), events, run.counts);
    }
}
