package org.queuelab.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.random.RandomGenerator;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.guard.Require;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.policy.Scaling;
import org.queuelab.policy.ScalingRule;
import org.queuelab.policy.ScalingState;
import org.queuelab.result.Metric;
import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Trajectory;

/**
 * Exact simulation of the occupancy-count CTMC of N exchangeable servers with exponential service
 * (docs/alba.md §2): the state is the number of cold servers, of initializing servers and of warm
 * servers holding i jobs (i = 0..B), plus the total number of jobs. Gillespie's direct method: the holding time is
 * Exp(Λ) with Λ = λN + µ·#busy + αN + β·#initializing + γ·#idle-on, and the event is drawn in proportion to its
 * rate. A scaling time with no cold server, or whose Bernoulli(g(x)) draw fails, is a null event and counts as an
 * event (docs/alba.md §2).
 *
 * <p>One engine, three models:
 * <ul>
 *   <li>{@link #alba(AlbaModel, int)}: ALBA with every dispatch × scaling combination. Power-of-d picks the
 *       least loaded of d warm servers drawn with replacement (f_i of docs/alba.md §2); JBT-d/JIQ picks a warm server holding
 *       ≤ d jobs, else a uniform warm server (lost if full). {@link Scaling.OnArrival} is TABS-d (docs/alba.md §4): an arrival
 *       that finds no warm server holding ≤ d jobs (d = 0 for Power-of-d) also starts one cold server, if any.
 *       {@link Scaling.AlwaysWarm} keeps all N servers warm.</li>
 *   <li>{@link #loadBalancing(LoadBalancingModel, int)}: SQ(d), JBT-d/JIQ and Random on N always-warm servers
 *       (docs/sqdn.md §9.1), exponential service of any mean.</li>
 *   <li>{@link #tabs(TabsModel, int)}: TABS with exponential service (docs/tabs.md §2, §4): idle-on first,
 *       else the overflow rule among busy servers; every arrival that finds no idle-on server sets up one off
 *       server, if any (so an arrival that finds every server off is lost and starts a set-up).</li>
 * </ul>
 *
 * <p>Cost per event is independent of N: warm servers are kept as tail counts T[i] (servers holding ≥ i jobs),
 * so an arrival or departure changes one count and one lazy time integral; a uniformly chosen server of a class
 * is drawn by its rank and its level read off the tails (branch-free for levels ≤ 8, a short loop above).
 * Power-of-d takes the best of d uniform ranks (d ≤ 4) or inverts P(rank &lt; k) = (k/y_0)^d with one uniform
 * (d ≥ 5), both exact: P(level ≥ i) = (y_i/y_0)^d. No allocation per event; the user's {@link ScalingRule} is
 * called once per scaling time that finds a cold server, through a {@link ScalingState} view of the counts.
 * Uniform integers use {@link RandomDraws#uniformInt} (exact, division-free).
 *
 * <p>Trajectory series ({@link Metric} names), ALBA and load balancing: {@code off, setup, idle, busy, warm,
 * jobsPerWarm, meanJobs, energy, maxQueue} and {@code x<i>} (fraction warm with i jobs) for requested levels; TABS:
 * {@code busy, idle, setup, off, meanJobs, meanWaitingJobs, energy, maxQueue} and {@code x<i>}. Stationary metrics:
 * see {@link #metricNames()}.
 */
public final class OccupancySimulator implements OneStreamSimulator {

    private enum Flavour { ALBA, LOAD_BALANCING, TABS }

    private enum Overflow { LOSE_IF_FULL, NONFULL }

    private final Object model;
    private final Flavour flavour;
    private final int n;
    private final double lambda;
    private final double mu;
    private final double alpha;
    private final ScalingRule rule;
    private final double beta;
    private final double gamma;
    private final int buffer;
    private final boolean powerOfD;
    private final int d;
    private final int threshold;
    private final boolean onArrival;
    private final boolean alwaysWarm;
    private final Overflow overflow;
    private final PowerModel power;
    private final int[] levels;
    private final Provenance parameters;

    /**
     * The one place where a model record is translated into the chain's rates and rules; factories validate,
     * {@link #withLevels} re-enters here with the same record.
     */
    private OccupancySimulator(Object model, int n, PowerModel power, int[] levels) {
        this.model = model;
        this.n = n;
        this.power = power;
        this.levels = levels;
        this.parameters = Provenance.of("CTMC", model).with("N", n);
        Dispatch dispatch;
        Scaling scaling;
        if (model instanceof AlbaModel a) {
            flavour = Flavour.ALBA;
            lambda = a.lambda();
            mu = 1.0;
            beta = a.beta();
            gamma = a.gamma();
            buffer = a.buffer();
            dispatch = a.dispatch();
            scaling = a.scaling();
            overflow = Overflow.LOSE_IF_FULL;
        } else if (model instanceof LoadBalancingModel lb) {
            flavour = Flavour.LOAD_BALANCING;
            lambda = lb.lambda();
            mu = 1.0 / lb.service().mean();
            beta = 1.0;
            gamma = 0.0;
            buffer = lb.buffer();
            dispatch = lb.dispatch();
            scaling = Scaling.alwaysWarm();
            overflow = Overflow.LOSE_IF_FULL;
        } else {
            TabsModel t = (TabsModel) model;
            flavour = Flavour.TABS;
            lambda = t.lambda();
            mu = 1.0 / t.service().mean();
            beta = t.setupRate();
            gamma = t.standbyRate();
            buffer = t.buffer();
            dispatch = JoinBelowThreshold.jiq();
            scaling = Scaling.onArrival();
            overflow = t.overflow() == TabsModel.Overflow.NONFULL_UNIFORM ? Overflow.NONFULL : Overflow.LOSE_IF_FULL;
        }
        if (scaling instanceof Scaling.Asynchronous async) {
            alpha = async.alpha();
            rule = async.rule();
        } else {
            alpha = 0;
            rule = null;
        }
        this.onArrival = scaling instanceof Scaling.OnArrival;
        this.alwaysWarm = scaling instanceof Scaling.AlwaysWarm;
        if (dispatch.kind() == Dispatch.Kind.SHORTEST_IN_MEMORY) {
            throw new IllegalArgumentException("dispatch = " + dispatch.label()
                    + "; allowed: PowerOfD, RandomDispatch or JoinBelowThreshold (SQ(d,N): MemoryChainSimulator)");
        }
        this.powerOfD = dispatch.kind() != Dispatch.Kind.BELOW_THRESHOLD; // Random is Power-of-1 in counts
        this.d = powerOfD ? dispatch.d() : 0;
        this.threshold = powerOfD ? 0 : dispatch.d();
        if (powerOfD && d > n) {
            throw new IllegalArgumentException("d = " + d + " > N = " + n + "; allowed: 1 ≤ d ≤ N");
        }
    }

    /** ALBA (docs/alba.md §2) on N servers; service Exp(1). */
    public static OccupancySimulator alba(AlbaModel model, int n) {
        Objects.requireNonNull(model, "model");
        Require.atLeast("N", n, 1);
        return new OccupancySimulator(model, n, PowerModel.poweredOn(), new int[0]);
    }

    /**
     * SQ(d), JBT-d/JIQ or Random on N always-warm servers with exponential service of the model's mean
     * (docs/sqdn.md §9.1). JBT-d with no server holding ≤ d jobs sends the job to a uniform server (lost if
     * full), as in docs/alba.md §2.
     *
     * @throws IllegalArgumentException if the service law is not exponential, or the dispatch is SQ(d,N)
     */
    public static OccupancySimulator loadBalancing(LoadBalancingModel model, int n) {
        Objects.requireNonNull(model, "model");
        Require.atLeast("N", n, 1);
        requireExponential(model.service());
        if (model.dispatch().kind() == Dispatch.Kind.SHORTEST_IN_MEMORY) {
            throw new IllegalArgumentException("dispatch = " + model.dispatch().label()
                    + "; allowed here: PowerOfD, RandomDispatch or JoinBelowThreshold (use MemoryChainSimulator)");
        }
        return new OccupancySimulator(model, n, PowerModel.poweredOn(), new int[0]);
    }

    /**
     * TABS with exponential service (docs/tabs.md §2, §4), energy with {@link PowerModel#standard()}.
     *
     * @throws IllegalArgumentException if the service law is not exponential
     */
    public static OccupancySimulator tabs(TabsModel model, int n) {
        return tabs(model, n, PowerModel.standard());
    }

    /** TABS with exponential service and the given power weights. */
    public static OccupancySimulator tabs(TabsModel model, int n, PowerModel power) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(power, "power");
        Require.atLeast("N", n, 1);
        org.queuelab.guard.Stationarity.requireStationary(model.stable(), model.toString(), "TabsSimulator (its runs give trajectories and counts)");
        requireExponential(model.service());
        return new OccupancySimulator(model, n, power, new int[0]);
    }

    /** The same simulator, also recording the fraction of servers warm with each of these numbers of jobs. */
    public OccupancySimulator withLevels(int... extraLevels) {
        Set<Integer> set = new LinkedHashSet<>();
        for (int l : levels) {
            set.add(l);
        }
        for (int l : extraLevels) {
            if (l < 0 || (!Buffers.isInfinite(buffer) && l > buffer)) {
                throw new IllegalArgumentException("level = " + l + "; allowed: 0 ≤ level ≤ B = "
                        + Buffers.label(buffer));
            }
            set.add(l);
        }
        int[] all = set.stream().mapToInt(Integer::intValue).toArray();
        return new OccupancySimulator(model, n, power, all);
    }

    /** The model record this simulator was built from. */
    public Object model() {
        return model;
    }

    /** Number of servers N. */
    public int servers() {
        return n;
    }

    /** The model parameters carried by every result table. */
    @Override
    public Provenance provenance() {
        return parameters;
    }

    /** Name of the trajectory series of the fraction of servers warm with {@code level} jobs. */
    public String levelSeriesName(int level) {
        return level == 0 ? Metric.IDLE.name() : Metric.level(level).name();
    }

    /** Names of the trajectory series, in order. */
    public List<String> seriesNames() {
        List<String> names = new ArrayList<>(flavour == Flavour.TABS
                ? List.of(Metric.names(Metric.BUSY, Metric.IDLE, Metric.SETUP, Metric.OFF, Metric.MEAN_JOBS,
                        Metric.MEAN_WAITING_JOBS, Metric.ENERGY, Metric.MAX_QUEUE))
                : List.of(Metric.names(Metric.OFF, Metric.SETUP, Metric.IDLE, Metric.BUSY, Metric.WARM, Metric.JOBS_PER_WARM,
                        Metric.MEAN_JOBS, Metric.ENERGY, Metric.MAX_QUEUE)));
        for (int l : levels) {
            String name = levelSeriesName(l);
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /**
     * Names of the stationary metrics ({@link Metric} names). ALBA and load balancing: {@code off, setup, idle,
     * busy, warm, meanJobs} (mean jobs per server), {@code jobsPerWarm} (ratio of time averages), {@code loss}
     * (lost / arrivals after the warm-up), {@code throughput} (accepted jobs per server per unit time),
     * {@code response} (Little, meanJobs / (λ(1 − loss))), {@code wait} (response − E[S]; refused on windows too
     * short for Little's law, see {@link OccupancyRun}), {@code energy} (1 − off), {@code wastage}
     * (setup + idle), {@code relativeWastage} (wastage / λ), {@code relativeWastagePowered} (wastage / (1 − off)),
     * then {@code maxQueueEver} (largest queue over the whole run), then requested levels {@code x<i>}. TABS:
     * {@code busy, idle, setup, off, meanJobs, meanWaitingJobs, meanQ2, loss, wait, waitQ2Proxy, response, energy}
     * (with the power weights), {@code maxQueueEver}, then {@code x<i>}.
     */
    public List<String> metricNames() {
        List<String> names = new ArrayList<>(flavour == Flavour.TABS
                ? List.of(Metric.names(Metric.BUSY, Metric.IDLE, Metric.SETUP, Metric.OFF, Metric.MEAN_JOBS,
                        Metric.MEAN_WAITING_JOBS, Metric.MEAN_Q2, Metric.LOSS, Metric.WAIT, Metric.WAIT_Q2_PROXY,
                        Metric.RESPONSE, Metric.ENERGY, Metric.MAX_QUEUE_EVER))
                : List.of(Metric.names(Metric.OFF, Metric.SETUP, Metric.IDLE, Metric.BUSY, Metric.WARM, Metric.MEAN_JOBS,
                        Metric.JOBS_PER_WARM, Metric.LOSS, Metric.THROUGHPUT, Metric.RESPONSE, Metric.WAIT,
                        Metric.ENERGY, Metric.WASTAGE, Metric.RELATIVE_WASTAGE, Metric.RELATIVE_WASTAGE_POWERED,
                        Metric.MAX_QUEUE_EVER)));
        for (int l : levels) {
            String name = levelSeriesName(l);
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /** One run drawing from {@code rng}; {@code seed} is recorded in the result's parameters. */
    @Override
    public OccupancyRun run(RunWindow window, RandomGenerator rng, long seed) {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(rng, "rng");
        return new Chain(this, window, rng, seed).simulate();
    }

    /** The starting counts (cold, initializing, warm by level) of N servers from the kinds this chain accepts. */
    private int[] initialCounts(InitialState initial) {
        if (initial instanceof InitialOccupancy occupancy) {
            return occupancy.resolve(n);
        }
        if (initial instanceof JobsPerServer each) {
            return InitialOccupancy.allWarmWith(each.jobs()).resolve(n);
        }
        throw InitialState.unsupported(initial, "the occupancy-count CTMC", "InitialOccupancy or JobsPerServer");
    }

    /** Checks that {@code service} is an exponential law (cdf at several points), as the chain requires. */
    static void requireExponential(ServiceDistribution service) {
        double m = service.mean();
        boolean exponential = Math.abs(service.variance() - m * m) <= 1e-9 * m * m;
        for (double x : new double[] {0.1, 0.5, 1, 2, 5}) {
            exponential &= Math.abs(service.cdf(x * m) + Math.expm1(-x)) <= 1e-9;
        }
        if (!exponential) {
            throw new IllegalArgumentException("service = " + service.label()
                    + "; allowed: an exponential law (the occupancy chain is exact only for exponential service;"
                    + " use the event-driven simulator)");
        }
    }

    /**
     * The mutable state of one run. Hot loop in {@link #simulate()}.
     *
     * <p>The warm servers are kept as tail counts T[i] = #{warm servers holding ≥ i jobs} (T[0] = #warm): an
     * arrival at a server with i jobs only raises T[i+1], a departure from a server with i jobs only lowers T[i],
     * so one count and one time integral change per event. A uniformly chosen server of a set is drawn by its
     * rank s counted from the most loaded server down; its level is #{i ≥ 1 : s &lt; T[i]}, evaluated for
     * i = 1..8 without branches and by a loop above (rarely reached); the always-warm loop counts i = 1..4 only
     * while at most N/8 servers hold five jobs or more.
     */
    private static final class Chain implements ScalingState {
        /** Ticks whose random numbers are drawn ahead at once. */
        private static final int BLOCK = 256;

        private final OccupancySimulator sim;
        private final RunWindow spec;
        private final RandomGenerator rng;
        private final long seed;
        private final int bufferTop;         // B, or Integer.MAX_VALUE
        private final double invD;
        private final boolean powerOfD;
        private final int d;
        private final int threshold;
        private final boolean onArrival;
        private final boolean nonFull;

        private int[] tail;                  // tail[i] = warm servers holding ≥ i jobs; zeros above maxLevel
        private int cold;
        private int initializing;
        private long jobs;
        private int maxLevel;
        private int maxLevelEver;
        private double time;

        private long events;
        private long arrivals;
        private long losses;
        private long departures;
        private long scaleUps;
        private long nullScalings;
        private long initializations;
        private long expirations;
        private long initialJobs;
        private long arrivalsAtBurnIn;
        private long lossesAtBurnIn;
        private boolean burnInPassed;

        // lazy time integrals (areas) since the burn-in: area += count·(time − since) just before a count changes
        private double[] tailArea;
        private double[] tailSince;
        private double coldArea;
        private double coldSince;
        private double initArea;
        private double initSince;
        private final double[][] series;
        private final int[] seriesLevels;

        // random numbers drawn ahead for a block of ticks of the always-warm Power-of-d loop
        private double[] blockExponential;
        private double[] blockUniform;
        private int[] blockRank;
        private double pendingTime;          // time of the tick that stopped the loop at a checkpoint

        Chain(OccupancySimulator sim, RunWindow spec, RandomGenerator rng, long seed) {
            this.sim = sim;
            this.spec = spec;
            this.rng = rng;
            this.seed = seed;
            this.bufferTop = sim.buffer;
            this.invD = sim.d > 0 ? 1.0 / sim.d : 0;
            this.powerOfD = sim.powerOfD;
            this.d = sim.d;
            this.threshold = sim.threshold;
            this.onArrival = sim.onArrival;
            this.nonFull = sim.overflow == Overflow.NONFULL;
            org.queuelab.guard.RunGuards.requireEvents("occupancy run with N = " + sim.n + ", lambda = " + sim.lambda, spec.maxEvents() < Long.MAX_VALUE ? 0 : sim.lambda * sim.n * spec.horizon());
            org.queuelab.guard.RunGuards.requireMemory("occupancy run with B = " + Buffers.label(sim.buffer), sim.seriesNames().size(), spec.grid().size(), Buffers.isInfinite(sim.buffer) ? 16 : sim.buffer + 2L, 20, "levels");
            int[] counts = sim.initialCounts(spec.initial());
            cold = counts[0];
            initializing = counts[1];
            int top = counts.length - 3;
            while (top > 0 && counts[top + 2] == 0) {
                top--;
            }
            if (!Buffers.isInfinite(bufferTop) && top > bufferTop) {
                throw new IllegalArgumentException("initial level " + top + "; allowed: at most B = " + bufferTop);
            }
            if (sim.alwaysWarm && (cold > 0 || initializing > 0)) {
                throw new IllegalArgumentException("initial cold = " + cold + ", initializing = " + initializing
                        + " without auto-scaling; allowed: 0 (all servers warm)");
            }
            // room for levels 0..B+1 (B+1 stays 0), at least 0..9 for the unrolled level counts
            int capacity = Buffers.isInfinite(bufferTop) ? Math.max(16, 2 * (top + 2)) : Math.max(10, bufferTop + 2);
            capacity = Math.max(capacity, threshold + 6);
            tail = new int[capacity];
            for (int i = top; i >= 0; i--) {
                tail[i] = tail[i + 1] + counts[i + 2];
                jobs += (long) i * counts[i + 2];
            }
            for (int i = top; i > 0 && tail[i] == 0; i--) {
                top--;
            }
            maxLevel = top;
            maxLevelEver = top;
            initialJobs = jobs;
            tailArea = new double[capacity];
            tailSince = new double[capacity];
            List<String> names = sim.seriesNames();
            series = new double[names.size()][spec.grid().size()];
            for (double[] s : series) {
                Arrays.fill(s, Double.NaN);
            }
            int fixed = sim.flavour == Flavour.TABS ? 8 : 9;
            seriesLevels = new int[names.size() - fixed];
            int k = 0;
            for (int l : sim.levels) {
                String name = sim.levelSeriesName(l);
                if (names.indexOf(name) >= fixed) {
                    seriesLevels[k++] = l;
                }
            }
        }

        OccupancyRun simulate() {
            if (sim.alwaysWarm && powerOfD && d <= 4 && sim.alpha == 0 && sim.gamma == 0 && cold == 0
                    && initializing == 0) {
                return simulateWarmPowerOfD();
            }
            return simulateGeneral();
        }

        /**
         * The loop for N always-warm servers under Power-of-d (d ≤ 4; Random is d = 1). At load λ/μ ≥ 0.8 it is
         * uniformized: a Poisson clock of constant rate λN + μN ticks; a tick is an arrival with probability
         * λN/(λN + μN), else a service completion at a uniformly chosen server, void if that server is idle. This
         * is the same CTMC (void ticks only split the exponential holding times), and it frees the clock from the
         * state, so the next tick need not wait for the previous update; below that load the void ticks would cost
         * more than they save, and the clock runs at the state's rate λN + μT[1]. One uniform u on [0, rate)
         * chooses the event and is also the first server rank: given u &lt; λN, u·N/(λN) is uniform on [0, N);
         * given u ≥ λN, (u − λN)/μ is uniform on [0, N) (uniformized) or [0, T[1]) (53-bit resolution: rank
         * probabilities off by less than N/2^53). A tick costs one exponential, one uniform and d − 1 uniform
         * integers; void ticks are not counted as events.
         *
         * <p>The random numbers of {@link #BLOCK} ticks are drawn ahead into arrays ({@link #fillWarmBlock}), so
         * the tick loop ({@link #warmTicks}) makes no call: drawing through the {@link RandomGenerator} interface
         * inside the loop cost about a third of the event rate (measured against the native C++ peer of the same
         * chain, {@code ./benchmark native}). Grid, burn-in and horizon are folded into one checkpoint time, and
         * the event budget into the block's length, so a tick makes one time comparison and no other check.
         */
        private OccupancyRun simulateWarmPowerOfD() {
            final long maxEvents = spec.maxEvents();
            blockExponential = new double[BLOCK];
            blockUniform = new double[BLOCK];
            blockRank = new int[BLOCK];
            int k = 0;
            double checkpoint = checkpoint(k);
            boolean byHorizon = false;
            int i = BLOCK;
            while (events < maxEvents) {
                if (i == BLOCK) {
                    fillWarmBlock();
                    i = 0;
                }
                long room = maxEvents - events;               // a tick adds at most one event
                int limit = room < BLOCK - i ? i + (int) room : BLOCK;
                i = warmTicks(i, limit, checkpoint);
                if (i < limit) {                              // tick i lies beyond the checkpoint
                    k = crossCheckpoints(k, pendingTime);
                    if (pendingTime > spec.horizon()) {
                        time = spec.horizon();
                        byHorizon = true;
                        break;
                    }
                    checkpoint = checkpoint(k);
                }
            }
            departures = events - arrivals;
            if (!burnInPassed) {
                passBurnIn(spec.warmup());
            }
            return finish(byHorizon);
        }

        /**
         * Draws the random numbers of the next {@link #BLOCK} ticks: a unit exponential (Java's ziggurat), a uniform
         * on [0, 1) and the largest of d − 1 uniform ranks on [0, N) (0 for d = 1). For an unbounded buffer it also
         * makes room for the levels the block can reach (one per tick), so the tick loop needs no bounds test.
         */
        private void fillWarmBlock() {
            final RandomGenerator r = rng;
            final double[] exponential = blockExponential;
            final double[] uniform = blockUniform;
            final int[] rank = blockRank;
            final int n = sim.n;
            final int extraRanks = d - 1;
            for (int i = 0; i < BLOCK; i++) {
                exponential[i] = r.nextExponential();
                uniform[i] = r.nextDouble();
                int s = 0;
                for (int j = 0; j < extraRanks; j++) {
                    s = Math.max(s, RandomDraws.uniformInt(r, n));
                }
                rank[i] = s;
            }
            if (uniformized()) {
                // the uniformized clock does not depend on the state: the tick times, summed in the same order
                // as the tick loop would, are known ahead (exponential[] then holds absolute times)
                final double total = uniformizedRate();
                double now = time;
                for (int i = 0; i < BLOCK; i++) {
                    now += exponential[i] / total;
                    exponential[i] = now;
                }
            }
            while (Buffers.isInfinite(bufferTop) && maxLevel + BLOCK + 2 > tail.length) {
                grow();
            }
        }

        /**
         * Runs ticks {@code from} to {@code limit − 1} of the current block; stops early, with the tick's time in
         * {@link #pendingTime}, at the first tick later than {@code checkpoint}. Returns the index of the first tick
         * not run. Arrival and departure share one branch-free update of one tail count and its time integral.
         */
        private int warmTicks(int from, int limit, double checkpoint) {
            if (uniformized()) {
                return uniformizedTicks(from, limit, checkpoint);
            }
            final int n = sim.n;
            final double lamN = sim.lambda * n;
            final double mu = sim.mu;
            final double arrivalRankScale = n / lamN;
            final double invMu = 1.0 / mu;
            final int lastRank = n - 1;
            final int top = bufferTop;
            final double[] exponential = blockExponential;
            final double[] uniform = blockUniform;
            final int[] extraRank = blockRank;
            final int[] t = tail;
            final double[] area = tailArea;
            final double[] since = tailSince;
            final boolean shallow = 8L * t[5] <= n;       // as in uniformizedTicks
            long ev = events;
            long arr = arrivals;
            long lost = losses;
            long jobCount = jobs;
            int maxLev = maxLevel;
            double now = time;
            int i = from;
            for (; i < limit; i++) {
                int busy = t[1];
                double rate = lamN + mu * busy;
                double next = now + exponential[i] / rate;
                if (next > checkpoint) {
                    pendingTime = next;
                    break;
                }
                now = next;
                double u = uniform[i] * rate;
                // branch-free: arrival and departure share one update; the event kind is the sign of u − λN
                int isArrival = (int) (Double.doubleToRawLongBits(u - lamN) >>> 63);
                int arrivalRank = Math.max(Math.min((int) (u * arrivalRankScale), lastRank), extraRank[i]);
                int departureRank = Math.min((int) ((u - lamN) * invMu), busy - 1);
                int s = departureRank + ((arrivalRank - departureRank) & -isArrival);
                int level = shallow ? levelOfRank4(t, s) : levelOfRank8(t, s);
                int loss = isArrival & ((top - 1 - level) >>> 31);                // an arrival that finds B jobs
                int idleTick = (isArrival ^ 1) & ((level - 1) >>> 31);            // a tick of an idle server
                int to = level + isArrival - loss;
                int delta = 2 * isArrival - 1 - loss + idleTick;
                ev += idleTick ^ 1;
                area[to] += t[to] * (next - since[to]);
                since[to] = next;
                t[to] += delta;
                jobCount += delta;
                arr += isArrival;
                lost += loss;
                maxLev = Math.max(maxLev, to);                                  // highest level held in the block
            }
            events = ev;
            arrivals = arr;
            losses = lost;
            jobs = jobCount;
            time = now;
            syncMaxLevel(maxLev);
            return i;
        }

        /**
         * Whether the always-warm loop runs on the uniformized clock of constant rate λN + μN: when few ticks are
         * void, at load ρ = λ/μ about (1 − ρ)/(1 + ρ) of them, ≤ 11% for ρ ≥ 0.8.
         */
        private boolean uniformized() {
            return sim.lambda >= 0.8 * sim.mu;
        }

        private double uniformizedRate() {
            return sim.lambda * sim.n + sim.mu * sim.n;
        }

        /**
         * {@link #warmTicks} on the uniformized clock, whose tick times {@link #fillWarmBlock} has already summed:
         * the ticks up to the checkpoint are found first (times increase), so the tick loop compares no time and
         * carries no time sum, only the tail counts. Same updates, in the same order, as the state-rate loop; kept
         * as a loop of its own rather than a flag in it: with the four-count level search alone the chain ran at
         * 46.9 M events/CPU-s at N = 10³ and 36.3 at N = 10⁵, with this loop 51.4 and 44.0 (2026-12-02, load 0.8–1.4,
         * 7 runs alternated in one JVM; the C++ peer 46.1 and 43.9).
         */
        private int uniformizedTicks(int from, int limit, double checkpoint) {
            final double[] tickTime = blockExponential;
            int end = limit;
            if (tickTime[limit - 1] > checkpoint) {       // a checkpoint falls inside: stop at the first tick past it
                end = from;
                while (tickTime[end] <= checkpoint) {
                    end++;
                }
                pendingTime = tickTime[end];
            }
            final int n = sim.n;
            final double lamN = sim.lambda * n;
            final double arrivalRankScale = n / lamN;
            final double invMu = 1.0 / sim.mu;
            final double total = uniformizedRate();
            final int lastRank = n - 1;
            final int top = bufferTop;
            final double[] uniform = blockUniform;
            final int[] extraRank = blockRank;
            final int[] t = tail;
            final double[] area = tailArea;
            final double[] since = tailSince;
            // few servers above level 4: four branch-free counts and a rarely taken loop beat eight counts (the
            // branch is taken for at most a fraction T[5]/N of the ticks, ≤ 1/8 + the block's 256 ticks)
            final boolean shallow = 8L * t[5] <= n;
            int voidTicks = 0;
            int arrived = 0;
            int lost = 0;
            long jobCount = jobs;
            int maxLev = maxLevel;
            for (int i = from; i < end; i++) {
                double next = tickTime[i];
                double u = uniform[i] * total;
                int isArrival = (int) (Double.doubleToRawLongBits(u - lamN) >>> 63);
                int arrivalRank = Math.max(Math.min((int) (u * arrivalRankScale), lastRank), extraRank[i]);
                int departureRank = Math.min((int) ((u - lamN) * invMu), lastRank);
                int s = departureRank + ((arrivalRank - departureRank) & -isArrival);
                int level = shallow ? levelOfRank4(t, s) : levelOfRank8(t, s);
                int loss = isArrival & ((top - 1 - level) >>> 31);                // an arrival that finds B jobs
                int idleTick = (isArrival ^ 1) & ((level - 1) >>> 31);            // a tick of an idle server
                int to = level + isArrival - loss;
                int delta = 2 * isArrival - 1 - loss + idleTick;
                voidTicks += idleTick;
                area[to] += t[to] * (next - since[to]);
                since[to] = next;
                t[to] += delta;
                jobCount += delta;
                arrived += isArrival;
                lost += loss;
                maxLev = Math.max(maxLev, to);
            }
            if (end > from) {
                time = tickTime[end - 1];
            }
            events += end - from - voidTicks;
            arrivals += arrived;
            losses += lost;
            jobs = jobCount;
            syncMaxLevel(maxLev);
            return end;
        }

        /** Sets the current and record top levels from the highest level held so far (the loop tracks only that). */
        private void syncMaxLevel(int highestEver) {
            maxLevelEver = Math.max(maxLevelEver, highestEver);
            int top = Math.min(highestEver, tail.length - 1);
            while (top > 0 && tail[top] == 0) {
                top--;
            }
            maxLevel = top;
        }

        /**
         * Level of the warm server of descending rank s, #{i ≥ 1 : s &lt; T[i]}, counted without branches over
         * i = 1..8 (the tails array has at least 10 entries, zeros above the top level) and by a loop above.
         */
        private static int levelOfRank8(int[] t, int s) {
            int level = ((s - t[1]) >>> 31) + ((s - t[2]) >>> 31) + ((s - t[3]) >>> 31) + ((s - t[4]) >>> 31)
                    + ((s - t[5]) >>> 31) + ((s - t[6]) >>> 31) + ((s - t[7]) >>> 31) + ((s - t[8]) >>> 31);
            if (level == 8) {
                int i = 9;
                while (s < t[i]) {
                    i++;
                }
                level = i - 1;
            }
            return level;
        }

        /**
         * {@link #levelOfRank8} with four branch-free counts and a loop from level 5 on: cheaper when few servers
         * hold more than four jobs (measured against the native peer at λ = 0.9, d = 2: 0.82× → 0.92× of its rate
         * at N = 10³ under load, the same chain and draws).
         */
        private static int levelOfRank4(int[] t, int s) {
            int level = ((s - t[1]) >>> 31) + ((s - t[2]) >>> 31) + ((s - t[3]) >>> 31) + ((s - t[4]) >>> 31);
            if (s < t[5]) {
                int i = 6;
                while (s < t[i]) {
                    i++;
                }
                level = i - 1;
            }
            return level;
        }

        /** The earliest time at which the loop must leave its fast path: next grid sample, burn-in or horizon. */
        private double checkpoint(int k) {
            double c = spec.horizon();
            if (k < spec.grid().size()) {
                c = Math.min(c, k == 0 ? 0 : spec.grid().time(k));
            }
            if (!burnInPassed) {
                c = Math.min(c, spec.warmup());
            }
            return c;
        }

        /** Records the grid samples before {@code next} and passes the burn-in if {@code next} is beyond it. */
        private int crossCheckpoints(int k, double next) {
            int gridSize = spec.grid().size();
            double horizon = spec.horizon();
            double nextSample = k == 0 ? 0 : spec.grid().time(k);
            while (k < gridSize && nextSample < next && nextSample <= horizon) {
                record(k);
                k++;
                nextSample = spec.grid().time(k);
            }
            if (next <= horizon && !burnInPassed && next > spec.warmup()) {
                passBurnIn(spec.warmup());
            }
            return k;
        }

        private OccupancyRun simulateGeneral() {
            final double lamN = sim.lambda * sim.n;
            final double alphaN = sim.alpha * sim.n;
            final double mu = sim.mu;
            final double beta = sim.beta;
            final double gamma = sim.gamma;
            final double horizon = spec.horizon();
            final long maxEvents = spec.maxEvents();
            final double burnIn = spec.warmup();
            final TimeGrid grid = spec.grid();
            final int gridSize = grid.size();
            int k = 0;
            double nextSample = 0;
            boolean byHorizon = false;
            while (true) {
                int busy = tail[1];
                int idle = tail[0] - busy;
                double busyRate = mu * busy;
                double initRate = beta * initializing;
                double expiryRate = gamma * idle;
                double rate = lamN + busyRate + alphaN + initRate + expiryRate;
                double next = time + rng.nextExponential() / rate;
                while (k < gridSize && nextSample < next && nextSample <= horizon) {
                    record(k);
                    k++;
                    nextSample = grid.time(k);
                }
                if (next > horizon) {
                    time = horizon;
                    byHorizon = true;
                    break;
                }
                time = next;
                if (!burnInPassed && next > burnIn) {
                    passBurnIn(burnIn);
                }
                events++;
                double u = rng.nextDouble() * rate;
                if (u < lamN) {
                    arrive();
                } else if ((u -= lamN) < busyRate) {
                    depart(busy);
                } else if ((u -= busyRate) < alphaN) {
                    scale();
                } else if (u - alphaN < initRate) {
                    initializeOne();
                } else if (idle > 0) {
                    expire();
                }
                if (events >= maxEvents) {
                    break;
                }
            }
            if (!burnInPassed) {          // no event after the burn-in: the state was constant on [burnIn, end]
                passBurnIn(burnIn);
            }
            return finish(byHorizon);
        }

        /** Starts the averaging window: the state is constant from the last event to the burn-in time. */
        private void passBurnIn(double burnIn) {
            burnInPassed = true;
            arrivalsAtBurnIn = arrivals;
            lossesAtBurnIn = losses;
            Arrays.fill(tailArea, 0);
            Arrays.fill(tailSince, burnIn);
            coldArea = 0;
            coldSince = burnIn;
            initArea = 0;
            initSince = burnIn;
        }

        private void changeTail(int i, int delta) {
            tailArea[i] += tail[i] * (time - tailSince[i]);
            tailSince[i] = time;
            tail[i] += delta;
        }

        private void changeCold(int delta) {
            coldArea += cold * (time - coldSince);
            coldSince = time;
            cold += delta;
        }

        private void changeInit(int delta) {
            initArea += initializing * (time - initSince);
            initSince = time;
            initializing += delta;
        }

        /** Level of the warm server of descending rank s (0 = a most loaded one): #{i ≥ 1 : s &lt; T[i]}. */
        private int levelOfDescendingRank(int s) {
            return levelOfRank8(tail, s);
        }

        private void arrive() {
            arrivals++;
            int warm = tail[0];
            int below = warm - tail[threshold + 1];   // warm servers holding ≤ threshold jobs
            int from;
            if (powerOfD) {
                if (warm == 0) {
                    from = -1;
                } else {
                    from = levelOfDescendingRank(maxDescendingRank(warm));
                    if (from == bufferTop) {
                        from = -1;
                    }
                }
            } else if (below > 0) {
                from = levelOfDescendingRank(warm - 1 - RandomDraws.uniformInt(rng, below));
            } else if (!nonFull) {
                if (warm == 0) {
                    from = -1;
                } else {
                    from = levelOfDescendingRank(RandomDraws.uniformInt(rng, warm));
                    if (from == bufferTop) {
                        from = -1;
                    }
                }
            } else {
                int full = Buffers.isInfinite(bufferTop) ? 0 : tail[bufferTop];
                int room = warm - full;
                from = room == 0 ? -1 : levelOfDescendingRank(full + RandomDraws.uniformInt(rng, room));
            }
            if (from < 0) {
                losses++;
            } else {
                int to = from + 1;
                if (to + 1 >= tail.length) {
                    grow();
                }
                changeTail(to, 1);
                jobs++;
                if (to > maxLevel) {
                    maxLevel = to;
                    maxLevelEver = Math.max(maxLevelEver, to);
                }
            }
            if (onArrival && below == 0 && cold > 0) {
                changeCold(-1);
                changeInit(1);
                scaleUps++;
            }
        }

        /**
         * The descending rank of the least loaded of d warm servers drawn uniformly with replacement: the maximum
         * of d uniform descending ranks, so that P(level ≥ i) = (T[i]/T[0])^d exactly.
         */
        private int maxDescendingRank(int w) {
            if (d <= 4) {
                int s = RandomDraws.uniformInt(rng, w);
                for (int j = 1; j < d; j++) {
                    s = Math.max(s, RandomDraws.uniformInt(rng, w));
                }
                return s;
            }
            // max of d uniform ranks on {0..w−1}: P(rank < k) = (k/w)^d, inverted exactly
            int s = (int) (w * Math.pow(rng.nextDouble(), invD));
            return Math.min(s, w - 1);
        }

        private void depart(int busy) {
            departures++;
            int from = levelOfDescendingRank(RandomDraws.uniformInt(rng, busy));
            changeTail(from, -1);
            jobs--;
            if (from == maxLevel && tail[from] == 0) {
                maxLevel--;
            }
        }

        private void scale() {
            if (cold == 0) {
                nullScalings++;
                return;
            }
            double g = sim.rule.probability(this);
            if (!(g >= 0 && g <= 1)) {
                throw new IllegalArgumentException("g(x) = " + g + " from scaling rule " + sim.rule.label()
                        + " at t = " + time + "; allowed: 0 ≤ g(x) ≤ 1");
            }
            if (rng.nextDouble() < g) {
                changeCold(-1);
                changeInit(1);
                scaleUps++;
            } else {
                nullScalings++;
            }
        }

        private void initializeOne() {
            initializations++;
            changeInit(-1);
            changeTail(0, 1);
        }

        private void expire() {
            expirations++;
            changeTail(0, -1);
            changeCold(1);
        }

        private void grow() {
            int old = tail.length;
            tail = Arrays.copyOf(tail, 2 * old);
            tailArea = Arrays.copyOf(tailArea, 2 * old);
            tailSince = Arrays.copyOf(tailSince, 2 * old);
            Arrays.fill(tailSince, old, 2 * old, time);   // new levels are empty: no area to carry
        }

        private void record(int k) {
            double inv = 1.0 / sim.n;
            int warm = tail[0];
            int busy = tail[1];
            int idle = warm - busy;
            double[] v;
            if (sim.flavour == Flavour.TABS) {
                double b = busy * inv;
                double i = idle * inv;
                double setup = initializing * inv;
                double off = cold * inv;
                v = new double[] {b, i, setup, off, jobs * inv, (jobs - busy) * inv,
                        sim.power.energy(b, setup, i, off), maxLevel};
            } else {
                v = new double[] {cold * inv, initializing * inv, idle * inv, busy * inv, warm * inv,
                        warm > 0 ? (double) jobs / warm : 0.0, jobs * inv, 1 - cold * inv, maxLevel};
            }
            int s = 0;
            for (; s < v.length; s++) {
                series[s][k] = v[s];
            }
            for (int l : seriesLevels) {
                series[s++][k] = l + 1 < tail.length ? (tail[l] - tail[l + 1]) * inv : 0.0;
            }
        }

        private OccupancyRun finish(boolean byHorizon) {
            org.queuelab.guard.Stationarity.requireWindowReached(time, spec.warmup());
            double end = time;
            double inv = 1.0 / sim.n;
            double window = end - spec.warmup();
            double scale = window > 0 ? inv / window : Double.NaN;   // count integral → time-averaged fraction
            int top = tail.length - 1;
            double[] y = new double[top + 2];                          // time-averaged tails y_i
            for (int i = 0; i <= top; i++) {
                y[i] = (tailArea[i] + tail[i] * (end - tailSince[i])) * scale;
            }
            double[] fractions = new double[top + 1];
            double meanJobs = 0;
            for (int i = 0; i <= top; i++) {
                fractions[i] = y[i] - y[i + 1];
                if (i >= 1) {
                    meanJobs += y[i];                                  // Σ_i i·x_i = Σ_{i≥1} y_i
                }
            }
            int last = fractions.length;
            while (last > 1 && !(y[last - 1] > 0)) {
                last--;
            }
            fractions = Arrays.copyOf(fractions, last);
            double busy = y[1];
            double atLeastTwo = y[2];
            double off = (coldArea + cold * (end - coldSince)) * scale;
            double setup = (initArea + initializing * (end - initSince)) * scale;
            double idle = y[0] - y[1];
            long windowArrivals = arrivals - arrivalsAtBurnIn;
            long windowLosses = losses - lossesAtBurnIn;
            double loss = windowArrivals > 0 ? (double) windowLosses / windowArrivals : Double.NaN;
            double lambda = sim.lambda;
            double serviceMean = 1.0 / sim.mu;
            Metrics.Builder m = Metrics.builder();
            double accepted = lambda * (1 - loss);                     // accepted jobs per server per unit time
            long acceptedJobs = windowArrivals - windowLosses;
            IllegalStateException littleRefusal = OccupancyRun.littleRefusal(meanJobs, accepted,
                    sim.flavour == Flavour.TABS ? Double.NaN : serviceMean, acceptedJobs);
            if (sim.flavour == Flavour.TABS) {
                double waiting = meanJobs - busy;
                m.put(Metric.BUSY, busy).put(Metric.IDLE, idle).put(Metric.SETUP, setup).put(Metric.OFF, off)
                        .put(Metric.MEAN_JOBS, meanJobs).put(Metric.MEAN_WAITING_JOBS, waiting)
                        .put(Metric.MEAN_Q2, atLeastTwo).put(Metric.LOSS, loss)
                        .put(Metric.WAIT, waiting / (lambda * (1 - loss)))
                        .put(Metric.WAIT_Q2_PROXY, atLeastTwo / lambda)
                        .put(Metric.RESPONSE, meanJobs / (lambda * (1 - loss)))
                        .put(Metric.ENERGY, sim.power.energy(busy, setup, idle, off));
            } else {
                double warmMean = y[0];
                double r = meanJobs / (lambda * (1 - loss));
                double wastage = setup + idle;
                m.put(Metric.OFF, off).put(Metric.SETUP, setup).put(Metric.IDLE, idle).put(Metric.BUSY, busy)
                        .put(Metric.WARM, warmMean).put(Metric.MEAN_JOBS, meanJobs)
                        .put(Metric.JOBS_PER_WARM, warmMean > 0 ? meanJobs / warmMean : 0.0).put(Metric.LOSS, loss)
                        .put(Metric.THROUGHPUT, window > 0 ? acceptedJobs / (window * sim.n)
                                : Double.NaN)
                        .put(Metric.RESPONSE, r).put(Metric.WAIT, r - serviceMean).put(Metric.ENERGY, 1 - off)
                        .put(Metric.WASTAGE, wastage).put(Metric.RELATIVE_WASTAGE, wastage / lambda)
                        .put(Metric.RELATIVE_WASTAGE_POWERED, wastage / (1 - off));
            }
            m.put(Metric.MAX_QUEUE_EVER, maxLevelEver);
            for (int l : seriesLevels) {
                m.put(sim.levelSeriesName(l), l < fractions.length ? fractions[l] : 0.0);
            }
            OccupancyCounters counters = new OccupancyCounters(events, arrivals, losses, departures, scaleUps,
                    nullScalings, initializations, expirations, initialJobs, jobs);
            Provenance p = spec.describe(sim.parameters.withSeed(seed))
                    .with("stop", byHorizon ? "horizon " + spec.horizon() : spec.maxEvents() + " events");
            Trajectory trajectory = new Trajectory(spec.grid(), sim.seriesNames(), series, p);
            return new OccupancyRun(trajectory, m.build(), fractions, counters, end, littleRefusal);
        }

        // ScalingState view over the counts (no allocation)
        @Override
        public double lambda() {
            return sim.lambda;
        }

        @Override
        public double alpha() {
            return sim.alpha;
        }

        @Override
        public double beta() {
            return sim.beta;
        }

        @Override
        public double cold() {
            return (double) cold / sim.n;
        }

        @Override
        public double initializing() {
            return (double) initializing / sim.n;
        }

        @Override
        public double idleOn() {
            return (double) (tail[0] - tail[1]) / sim.n;
        }

        @Override
        public double oneJob() {
            return (double) (tail[1] - tail[2]) / sim.n;
        }

        @Override
        public double warm() {
            return (double) tail[0] / sim.n;
        }
    }
}
