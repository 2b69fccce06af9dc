package org.queuelab.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.policy.Scaling;
import org.queuelab.policy.ScalingRule;
import org.queuelab.policy.ScalingState;

/**
 * Exact simulation of the occupancy-count CTMC of N exchangeable servers with exponential service
 * ({@code alba.md} §2.1–§2.3): the state is the number of cold servers, of initializing servers and of warm
 * servers holding i jobs (i = 0..B), plus the total number of jobs. Gillespie's direct method: the holding time is
 * Exp(Λ) with Λ = λN + µ·#busy + αN + β·#initializing + γ·#idle-on, and the event is drawn in proportion to its
 * rate. A scaling time with no cold server, or whose Bernoulli(g(x)) draw fails, is a null event and counts as an
 * event (§2.3).
 *
 * <p>One engine, three models:
 * <ul>
 *   <li>{@link #alba(AlbaModel, int)}: ALBA with every dispatch × scaling combination. Power-of-d picks the
 *       least loaded of d warm servers drawn with replacement (f_i of §2.2); JBT-d/JIQ picks a warm server holding
 *       ≤ d jobs, else a uniform warm server (lost if full). {@link Scaling.OnArrival} is TABS-d (§4.2): an arrival
 *       that finds no warm server holding ≤ d jobs (d = 0 for Power-of-d) also starts one cold server, if any.
 *       {@link Scaling.AlwaysWarm} keeps all N servers warm.</li>
 *   <li>{@link #loadBalancing(LoadBalancingModel, int)}: SQ(d), JBT-d/JIQ and Random on N always-warm servers
 *       ({@code sqdn.md} §1.6), exponential service of any mean.</li>
 *   <li>{@link #tabs(TabsModel, int)}: TABS with exponential service ({@code tabs.md} §2, §4.1): idle-on first,
 *       else the overflow rule among busy servers; every arrival that finds no idle-on server sets up one off
 *       server, if any (so an arrival that finds every server off is lost and starts a set-up).</li>
 * </ul>
 *
 * <p>Cost per event is independent of N: a uniformly chosen server of a class is drawn by its rank and located by
 * scanning the level counts upwards from the bottom, which stops at the chosen level (expected cost 1 + the level
 * chosen, e.g. about 2–4 steps in the Figure 1 setting). Power-of-d draws the minimum of d uniform ranks, which
 * is exact: P(level ≥ i) = (y_i/y_0)^d. Time averages are kept lazily per level, so an event costs O(1) there
 * too. No allocation per event; the user's {@link ScalingRule} is called once per scaling time with a cold server,
 * through a {@link ScalingState} view of the counts.
 *
 * <p>Trajectory series (ALBA and load balancing): {@code x00, x01, x02, y1, y0, Q, Qbar, energy, maxQueue}
 * and {@code x<i>2} (fraction warm with i jobs) for requested levels; TABS: {@code busy, idle, setup, off, jobs,
 * waiting, energy, maxQueue} and {@code m<i>} (fraction with i jobs). Stationary metrics: see
 * {@link #metricNames()}.
 */
public final class OccupancySimulator {

    private enum Flavour { ALBA, LOAD_BALANCING, TABS }

    private enum Overflow { LOSE_IF_FULL, NONFULL }

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
    private final Parameters parameters;

    private OccupancySimulator(Flavour flavour, int n, double lambda, double mu, double alpha, ScalingRule rule,
                               double beta, double gamma, int buffer, Dispatch dispatch, Scaling scaling,
                               Overflow overflow, PowerModel power, int[] levels, Parameters parameters) {
        this.flavour = flavour;
        this.n = n;
        this.lambda = lambda;
        this.mu = mu;
        this.alpha = alpha;
        this.rule = rule;
        this.beta = beta;
        this.gamma = gamma;
        this.buffer = buffer;
        this.onArrival = scaling instanceof Scaling.OnArrival;
        this.alwaysWarm = scaling instanceof Scaling.AlwaysWarm;
        if (dispatch instanceof PowerOfD p) {
            this.powerOfD = true;
            this.d = p.d();
            this.threshold = 0;
        } else if (dispatch instanceof RandomDispatch) {
            this.powerOfD = true;
            this.d = 1;
            this.threshold = 0;
        } else if (dispatch instanceof JoinBelowThreshold j) {
            this.powerOfD = false;
            this.d = 0;
            this.threshold = j.d();
        } else {
            throw new IllegalArgumentException("dispatch = " + dispatch.label()
                    + "; allowed: PowerOfD, RandomDispatch or JoinBelowThreshold (SQ(d,N): MemoryChainSimulator)");
        }
        if (powerOfD && d > n) {
            throw new IllegalArgumentException("d = " + d + " > N = " + n + "; allowed: 1 ≤ d ≤ N");
        }
        this.overflow = overflow;
        this.power = power;
        this.levels = levels;
        this.parameters = parameters;
    }

    private static void requireN(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("N = " + n + "; allowed: N ≥ 1");
        }
    }

    /** ALBA ({@code alba.md} §2) on N servers; service Exp(1). */
    public static OccupancySimulator alba(AlbaModel model, int n) {
        Objects.requireNonNull(model, "model");
        requireN(n);
        double alpha = 0;
        ScalingRule rule = null;
        String scalingLabel = model.scaling().label();
        if (model.scaling() instanceof Scaling.Asynchronous a) {
            alpha = a.alpha();
            rule = a.rule();
        }
        Parameters p = Parameters.seed(0).with("model", "ALBA").with("N", n).with("lambda", model.lambda())
                .with("B", Buffers.label(model.buffer())).with("dispatch", model.dispatch().label())
                .with("scaling", scalingLabel).with("alpha", alpha).with("beta", model.beta())
                .with("gamma", model.gamma());
        return new OccupancySimulator(Flavour.ALBA, n, model.lambda(), 1.0, alpha, rule, model.beta(),
                model.gamma(), model.buffer(), model.dispatch(), model.scaling(), Overflow.LOSE_IF_FULL,
                PowerModel.poweredOn(), new int[0], p);
    }

    /**
     * SQ(d), JBT-d/JIQ or Random on N always-warm servers with exponential service of the model's mean
     * ({@code sqdn.md} §1.6). JBT-d with no server holding ≤ d jobs sends the job to a uniform server (lost if
     * full), as in {@code alba.md} §2.2.
     *
     * @throws IllegalArgumentException if the service law is not exponential, or the dispatch is SQ(d,N)
     */
    public static OccupancySimulator loadBalancing(LoadBalancingModel model, int n) {
        Objects.requireNonNull(model, "model");
        requireN(n);
        requireExponential(model.service());
        if (model.dispatch() instanceof PowerOfDWithMemory) {
            throw new IllegalArgumentException("dispatch = " + model.dispatch().label()
                    + "; allowed here: PowerOfD, RandomDispatch or JoinBelowThreshold (use MemoryChainSimulator)");
        }
        Parameters p = Parameters.seed(0).with("model", "load balancing").with("N", n)
                .with("lambda", model.lambda()).with("B", Buffers.label(model.buffer()))
                .with("dispatch", model.dispatch().label()).with("service", model.service().label());
        return new OccupancySimulator(Flavour.LOAD_BALANCING, n, model.lambda(), 1.0 / model.service().mean(), 0,
                null, 1.0, 0.0, model.buffer(), model.dispatch(), Scaling.alwaysWarm(), Overflow.LOSE_IF_FULL,
                PowerModel.poweredOn(), new int[0], p);
    }

    /**
     * TABS with exponential service ({@code tabs.md} §2, §4.1), energy with {@link PowerModel#standard()}.
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
        requireN(n);
        requireExponential(model.service());
        Parameters p = Parameters.seed(0).with("model", "TABS").with("N", n).with("lambda", model.lambda())
                .with("B", Buffers.label(model.buffer())).with("standbyMean", model.standbyMean())
                .with("setupMean", model.setupMean()).with("overflow", model.overflow().name())
                .with("service", model.service().label());
        Overflow overflow = model.overflow() == TabsModel.Overflow.NONFULL_UNIFORM ? Overflow.NONFULL
                : Overflow.LOSE_IF_FULL;
        return new OccupancySimulator(Flavour.TABS, n, model.lambda(), 1.0 / model.service().mean(), 0, null,
                model.setupRate(), model.standbyRate(), model.buffer(), JoinBelowThreshold.jiq(),
                Scaling.onArrival(), overflow, power, new int[0], p);
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
        return new OccupancySimulator(flavour, n, lambda, mu, alpha, rule, beta, gamma, buffer, dispatch(),
                scaling(), overflow, power, all, parameters);
    }

    private Dispatch dispatch() {
        return powerOfD ? new PowerOfD(d) : new JoinBelowThreshold(threshold);
    }

    private Scaling scaling() {
        return alwaysWarm ? Scaling.alwaysWarm() : onArrival ? Scaling.onArrival()
                : Scaling.asynchronous(rule, alpha);
    }

    /** Number of servers N. */
    public int servers() {
        return n;
    }

    /** The model parameters carried by every result table. */
    public Parameters parameters() {
        return parameters;
    }

    /** Name of the trajectory series of the fraction of servers warm with {@code level} jobs. */
    public String levelSeriesName(int level) {
        return flavour == Flavour.TABS ? "m" + level : "x" + level + "2";
    }

    /** Names of the trajectory series, in order. */
    public List<String> seriesNames() {
        List<String> names = new ArrayList<>(flavour == Flavour.TABS
                ? List.of("busy", "idle", "setup", "off", "jobs", "waiting", "energy", "maxQueue")
                : List.of("x00", "x01", "x02", "y1", "y0", "Q", "Qbar", "energy", "maxQueue"));
        for (int l : levels) {
            String name = levelSeriesName(l);
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /**
     * Names of the stationary metrics. ALBA and load balancing: {@code x00, x01, x02, y1, y0, Qbar} (mean jobs
     * per server), {@code Q} (mean jobs per warm server, ratio of time averages), {@code loss} (lost / arrivals
     * after burn-in), {@code throughput} (accepted jobs per server per unit time), {@code R} (mean response time
     * by Little, Qbar / (λ(1 − loss))), {@code W} (R − E[S]), {@code energy} (1 − x00), {@code wastage}
     * (x01 + x02), {@code relWastage} (wastage / λ), {@code relWastageAlt} (wastage / (1 − x00)), then
     * requested levels {@code x<i>2}. TABS: {@code busy, idle, setup, off, meanJobs, meanWaitingJobs, meanQ2,
     * loss, waitLittle, waitQ2Proxy, responseLittle, energy} (with the power weights), then {@code m<i>}.
     */
    public List<String> metricNames() {
        List<String> names = new ArrayList<>(flavour == Flavour.TABS
                ? List.of("busy", "idle", "setup", "off", "meanJobs", "meanWaitingJobs", "meanQ2", "loss",
                "waitLittle", "waitQ2Proxy", "responseLittle", "energy")
                : List.of("x00", "x01", "x02", "y1", "y0", "Qbar", "Q", "loss", "throughput", "R", "W", "energy",
                "wastage", "relWastage", "relWastageAlt"));
        for (int l : levels) {
            String name = levelSeriesName(l);
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /** One run with a stream seeded by {@code seed}. */
    public OccupancyRun run(RunSpec spec, long seed) {
        return run(spec, new SplittableRandom(seed), seed);
    }

    /** One run drawing from {@code rng}; {@code seed} is recorded in the result's parameters. */
    public OccupancyRun run(RunSpec spec, RandomGenerator rng, long seed) {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(rng, "rng");
        return new Chain(this, spec, rng, seed).simulate();
    }

    /** {@code replications} independent runs on all cores ({@link Replications}); identical for any thread count. */
    public OccupancyResult replicate(RunSpec spec, long seed, int replications) {
        return replicate(spec, seed, replications, Runtime.getRuntime().availableProcessors());
    }

    /** {@code replications} independent runs on {@code threads} threads. */
    public OccupancyResult replicate(RunSpec spec, long seed, int replications, int threads) {
        Objects.requireNonNull(spec, "spec");
        List<OccupancyRun> runs = Replications.run(seed, replications, threads,
                (r, stream) -> new Chain(this, spec, stream, seed).simulate());
        return new OccupancyResult(runs, parameters.with("replications", replications).withSeed(seed));
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

    /** The mutable state of one run. Hot loop in {@link #simulate()}. */
    private static final class Chain implements ScalingState {
        private final OccupancySimulator sim;
        private final RunSpec spec;
        private final RandomGenerator rng;
        private final long seed;
        private final int bufferTop;         // B, or Integer.MAX_VALUE
        private final double invD;
        private final boolean powerOfD;
        private final int d;
        private final int threshold;
        private final boolean onArrival;
        private final boolean nonFull;

        private int[] level;                 // level[i]: warm servers with i jobs
        private int cold;
        private int initializing;
        private int warm;
        private int below;                   // warm servers holding ≤ threshold jobs
        private long jobs;
        private int maxLevel;
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
        private double[] levelArea;
        private double[] levelSince;
        private double coldArea;
        private double coldSince;
        private double initArea;
        private double initSince;
        private final double[][] series;
        private final int[] seriesLevels;

        Chain(OccupancySimulator sim, RunSpec spec, RandomGenerator rng, long seed) {
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
            int[] counts = spec.initial().resolve(sim.n);
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
            int capacity = Buffers.isInfinite(bufferTop) ? Math.max(16, 2 * (top + 2)) : bufferTop + 2;
            level = new int[capacity];
            for (int i = 0; i <= top; i++) {
                level[i] = counts[i + 2];
                warm += level[i];
                jobs += (long) i * level[i];
                if (i <= sim.threshold) {
                    below += level[i];
                }
                if (level[i] > 0) {
                    maxLevel = i;
                }
            }
            initialJobs = jobs;
            levelArea = new double[capacity];
            levelSince = new double[capacity];
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
            final double lamN = sim.lambda * sim.n;
            final double alphaN = sim.alpha * sim.n;
            final double mu = sim.mu;
            final double beta = sim.beta;
            final double gamma = sim.gamma;
            final double horizon = spec.horizon();
            final long maxEvents = spec.maxEvents();
            final double burnIn = spec.burnIn();
            final TimeGrid grid = spec.grid();
            final int gridSize = grid.size();
            int k = 0;
            double nextSample = 0;
            boolean byHorizon = false;
            while (true) {
                int busy = warm - level[0];
                double busyRate = mu * busy;
                double initRate = beta * initializing;
                double expiryRate = gamma * level[0];
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
                } else if (level[0] > 0) {
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
            Arrays.fill(levelArea, 0);
            Arrays.fill(levelSince, burnIn);
            coldArea = 0;
            coldSince = burnIn;
            initArea = 0;
            initSince = burnIn;
        }

        private void touchLevel(int i) {
            levelArea[i] += level[i] * (time - levelSince[i]);
            levelSince[i] = time;
        }

        private void touchCold() {
            coldArea += cold * (time - coldSince);
            coldSince = time;
        }

        private void touchInit() {
            initArea += initializing * (time - initSince);
            initSince = time;
        }

        private void arrive() {
            arrivals++;
            boolean trigger = below == 0;
            int from;
            if (powerOfD) {
                if (warm == 0) {
                    from = -1;
                } else {
                    from = levelOfRank(minRank(), 0);
                    if (from == bufferTop) {
                        from = -1;
                    }
                }
            } else if (below > 0) {
                from = levelOfRank(RandomDraws.uniformInt(rng, below), 0);
            } else if (!nonFull) {
                if (warm == 0) {
                    from = -1;
                } else {
                    from = levelOfRank(RandomDraws.uniformInt(rng, warm), 0);
                    if (from == bufferTop) {
                        from = -1;
                    }
                }
            } else {
                int room = Buffers.isInfinite(bufferTop) ? warm : warm - level[bufferTop];
                from = room == 0 ? -1 : levelOfRank(RandomDraws.uniformInt(rng, room), 0);
            }
            if (from < 0) {
                losses++;
            } else {
                int to = from + 1;
                if (to + 1 >= level.length) {
                    grow();
                }
                touchLevel(from);
                touchLevel(to);
                level[from]--;
                level[to]++;
                jobs++;
                if (from == threshold) {
                    below--;
                }
                if (to > maxLevel) {
                    maxLevel = to;
                }
            }
            if (onArrival && trigger && cold > 0) {
                touchCold();
                touchInit();
                cold--;
                initializing++;
                scaleUps++;
            }
        }

        /** The rank, among warm servers sorted by level, of the least loaded of d uniform draws with replacement. */
        private int minRank() {
            int w = warm;
            if (d <= 4) {
                int r = RandomDraws.uniformInt(rng, w);
                for (int j = 1; j < d; j++) {
                    int s = RandomDraws.uniformInt(rng, w);
                    if (s < r) {
                        r = s;
                    }
                }
                return r;
            }
            // min of d uniform ranks: P(rank ≥ k) = (1 − k/w)^d, inverted exactly
            int r = (int) (w * (1 - Math.pow(rng.nextDouble(), invD)));
            return Math.min(r, w - 1);
        }

        /** The level of the server of the given rank, counting servers level by level from {@code start}. */
        private int levelOfRank(int rank, int start) {
            int i = start;
            int cumulative = level[i];
            while (rank >= cumulative) {
                i++;
                cumulative += level[i];
            }
            return i;
        }

        private void depart(int busy) {
            departures++;
            int from = levelOfRank(RandomDraws.uniformInt(rng, busy), 1);
            int to = from - 1;
            touchLevel(from);
            touchLevel(to);
            level[from]--;
            level[to]++;
            jobs--;
            if (to == threshold) {
                below++;
            }
            if (from == maxLevel) {
                while (maxLevel > 0 && level[maxLevel] == 0) {
                    maxLevel--;
                }
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
                touchCold();
                touchInit();
                cold--;
                initializing++;
                scaleUps++;
            } else {
                nullScalings++;
            }
        }

        private void initializeOne() {
            initializations++;
            touchInit();
            touchLevel(0);
            initializing--;
            level[0]++;
            warm++;
            below++;
        }

        private void expire() {
            expirations++;
            touchLevel(0);
            touchCold();
            level[0]--;
            warm--;
            below--;
            cold++;
        }

        private void grow() {
            int old = level.length;
            level = Arrays.copyOf(level, 2 * old);
            levelArea = Arrays.copyOf(levelArea, 2 * old);
            levelSince = Arrays.copyOf(levelSince, 2 * old);
            Arrays.fill(levelSince, old, 2 * old, time);   // new levels are empty: no area to carry
        }

        private void record(int k) {
            double inv = 1.0 / sim.n;
            int busy = warm - level[0];
            double[] v;
            if (sim.flavour == Flavour.TABS) {
                double b = busy * inv;
                double idle = level[0] * inv;
                double setup = initializing * inv;
                double off = cold * inv;
                v = new double[] {b, idle, setup, off, jobs * inv, (jobs - busy) * inv,
                        sim.power.energy(b, setup, idle, off), maxLevel};
            } else {
                v = new double[] {cold * inv, initializing * inv, level[0] * inv, busy * inv, warm * inv,
                        warm > 0 ? (double) jobs / warm : 0.0, jobs * inv, 1 - cold * inv, maxLevel};
            }
            int s = 0;
            for (; s < v.length; s++) {
                series[s][k] = v[s];
            }
            for (int l : seriesLevels) {
                series[s++][k] = l < level.length ? level[l] * inv : 0.0;
            }
        }

        private OccupancyRun finish(boolean byHorizon) {
            double end = time;
            double inv = 1.0 / sim.n;
            double window = end - spec.burnIn();
            double scale = window > 0 ? inv / window : Double.NaN;   // count integral → time-averaged fraction
            int top = level.length - 1;
            double[] fractions = new double[top + 1];
            double busy = 0;
            double atLeastTwo = 0;
            double meanJobs = 0;
            for (int i = 0; i <= top; i++) {
                fractions[i] = (levelArea[i] + level[i] * (end - levelSince[i])) * scale;
                meanJobs += i * fractions[i];
                if (i >= 1) {
                    busy += fractions[i];
                }
                if (i >= 2) {
                    atLeastTwo += fractions[i];
                }
            }
            int last = fractions.length;
            while (last > 1 && !(fractions[last - 1] > 0)) {
                last--;
            }
            fractions = Arrays.copyOf(fractions, last);
            double off = (coldArea + cold * (end - coldSince)) * scale;
            double setup = (initArea + initializing * (end - initSince)) * scale;
            double idle = fractions[0];
            long windowArrivals = arrivals - arrivalsAtBurnIn;
            long windowLosses = losses - lossesAtBurnIn;
            double loss = windowArrivals > 0 ? (double) windowLosses / windowArrivals : Double.NaN;
            double lambda = sim.lambda;
            double serviceMean = 1.0 / sim.mu;
            Metrics.Builder m = Metrics.builder();
            if (sim.flavour == Flavour.TABS) {
                double waiting = meanJobs - busy;
                m.put("busy", busy).put("idle", idle).put("setup", setup).put("off", off)
                        .put("meanJobs", meanJobs).put("meanWaitingJobs", waiting).put("meanQ2", atLeastTwo)
                        .put("loss", loss).put("waitLittle", waiting / (lambda * (1 - loss)))
                        .put("waitQ2Proxy", atLeastTwo / lambda)
                        .put("responseLittle", meanJobs / (lambda * (1 - loss)))
                        .put("energy", sim.power.energy(busy, setup, idle, off));
            } else {
                double warmMean = idle + busy;
                double r = meanJobs / (lambda * (1 - loss));
                double wastage = setup + idle;
                m.put("x00", off).put("x01", setup).put("x02", idle).put("y1", busy).put("y0", warmMean)
                        .put("Qbar", meanJobs).put("Q", warmMean > 0 ? meanJobs / warmMean : 0.0).put("loss", loss)
                        .put("throughput", window > 0 ? (windowArrivals - windowLosses) / (window * sim.n)
                                : Double.NaN)
                        .put("R", r).put("W", r - serviceMean).put("energy", 1 - off).put("wastage", wastage)
                        .put("relWastage", wastage / lambda).put("relWastageAlt", wastage / (1 - off));
            }
            for (int l : seriesLevels) {
                m.put(sim.levelSeriesName(l), l < fractions.length ? fractions[l] : 0.0);
            }
            OccupancyCounters counters = new OccupancyCounters(events, arrivals, losses, departures, scaleUps,
                    nullScalings, initializations, expirations, initialJobs, jobs);
            Parameters p = sim.parameters.withSeed(seed).with("burnIn", spec.burnIn())
                    .with("stop", byHorizon ? "horizon " + spec.horizon() : spec.maxEvents() + " events");
            Trajectory trajectory = new Trajectory(spec.grid(), sim.seriesNames(), series, p);
            return new OccupancyRun(trajectory, m.build(), fractions, counters, end);
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
            return (double) level[0] / sim.n;
        }

        @Override
        public double oneJob() {
            return (double) level[1] / sim.n;
        }

        @Override
        public double warm() {
            return (double) warm / sim.n;
        }
    }
}
