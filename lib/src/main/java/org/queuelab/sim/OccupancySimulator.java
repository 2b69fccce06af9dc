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

    enum Flavour { ALBA, LOAD_BALANCING, TABS }

    enum Overflow { LOSE_IF_FULL, NONFULL }

    final Object model;
    final Flavour flavour;
    final int n;
    final double lambda;
    final double mu;
    final double alpha;
    final ScalingRule rule;
    final double beta;
    final double gamma;
    final int buffer;
    final boolean powerOfD;
    final int d;
    final int threshold;
    final boolean onArrival;
    final boolean alwaysWarm;
    final Overflow overflow;
    final PowerModel power;
    final int[] levels;
    final Provenance parameters;

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

    /**
     * {@return ALBA (docs/alba.md §2) on N servers; service Exp(1)}
     *
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     */
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
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     * @return the simulator
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
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     * @return the simulator
     * @throws IllegalArgumentException if the service law is not exponential
     */
    public static OccupancySimulator tabs(TabsModel model, int n) {
        return tabs(model, n, PowerModel.standard());
    }

    /**
     * {@return TABS with exponential service and the given power weights}
     *
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     * @param power the power drawn in each server state
     */
    public static OccupancySimulator tabs(TabsModel model, int n, PowerModel power) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(power, "power");
        Require.atLeast("N", n, 1);
        org.queuelab.guard.Stationarity.requireStationary(model.stable(), model.toString(), "TabsSimulator (its runs give trajectories and counts)");
        requireExponential(model.service());
        return new OccupancySimulator(model, n, power, new int[0]);
    }

    /**
     * {@return the same simulator, also recording the fraction of servers warm with each of these numbers of jobs}
     *
     * @param extraLevels numbers of jobs, each ≥ 0
     */
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

    /** {@return the model record this simulator was built from} */
    public Object model() {
        return model;
    }

    /** {@return number of servers N} */
    public int servers() {
        return n;
    }

    /** The model parameters carried by every result table. */
    @Override
    public Provenance provenance() {
        return parameters;
    }

    /**
     * {@return name of the trajectory series of the fraction of servers warm with {@code level} jobs}
     *
     * @param level a number of jobs, ≥ 0
     */
    public String levelSeriesName(int level) {
        return level == 0 ? Metric.IDLE.name() : Metric.level(level).name();
    }

    /** {@return names of the trajectory series, in order} */
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
     *
     * @return the names, in that order
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
        return new OccupancyChain(this, window, rng, seed).simulate();
    }

    /** The starting counts (cold, initializing, warm by level) of N servers from the kinds this chain accepts. */
    int[] initialCounts(InitialState initial) {
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
}
