package org.queuelab.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The quantities every engine reports, as typed constants: a trajectory's series and a run's {@link Metrics} are
 * named by these (fluid limits, CTMC and event-driven simulators, and the built-in population models), so that
 * results of different engines for the same model line up column by column, and a misspelt quantity is a compile
 * error, not a run-time one. Every accessor that takes a name ({@link Trajectory#series(Metric)},
 * {@link Metrics#get(Metric)}, {@link MetricEstimates#get(Metric)}, …) takes a {@code Metric}; strings remain only
 * for user-defined observables (population models), whose names are checked when the model is built.
 * All fractions are per server (of N, in [0, 1]); times are in units of the mean service time.
 *
 * <p>Indexed quantities: {@link #level(int)} (fraction of servers on with exactly i jobs, series {@code x<i>}),
 * {@link #tail(int)} (fraction with at least i jobs, series {@code s<i>}), {@link #pair(int, int)} (SQ(d,N):
 * fraction with i jobs and memory j, {@code x<i>_<j>}) and {@link #queue(int)} (jobs at one server,
 * {@code queue<k>}). {@link #name()} is the column name in tables; {@link #of(String)} reads one back.
 *
 * <pre>{@code
 * LoadBalancingModel sq2 = new LoadBalancingModel(0.9, new PowerOfD(2), Buffers.INFINITE, Exponential.unitMean());
 * PowerOfDFluid fluid = Fluid.of(sq2);
 * double[] empty = new double[fluid.dimension()];
 * empty[0] = 1;
 * Trajectory path = fluid.integrate(empty, TimeGrid.of(10, 1).times());
 * double[] busy = path.series(Metric.tail(1));            // s1, the fraction of busy servers
 * double meanJobsAtTen = path.value(Metric.MEAN_JOBS, 10);
 * }</pre>
 */
public final class Metric {

    /** Fraction of servers off (ALBA: cold, x_{0,0}). */
    public static final Metric OFF = new Metric("off");
    /** Fraction of servers in set-up (ALBA: initializing, x_{0,1}). */
    public static final Metric SETUP = new Metric("setup");
    /** Fraction of servers idle-on (warm with no job; ALBA: x_{0,2}). */
    public static final Metric IDLE = new Metric("idle");
    /** Fraction of servers busy (at least one job). */
    public static final Metric BUSY = new Metric("busy");
    /** Fraction of servers warm (idle-on or busy, ALBA: y_0). */
    public static final Metric WARM = new Metric("warm");
    /** Mean number of jobs per server (ALBA Q̄, SQ(d,N) L_S). */
    public static final Metric MEAN_JOBS = new Metric("meanJobs");
    /** Mean number of jobs per warm server (ALBA Q = Q̄ / y_0). */
    public static final Metric JOBS_PER_WARM = new Metric("jobsPerWarm");
    /** Mean number of waiting jobs per server (jobs not in service). */
    public static final Metric MEAN_WAITING_JOBS = new Metric("meanWaitingJobs");
    /** Mean number of servers with at least two jobs, per server. */
    public static final Metric MEAN_Q2 = new Metric("meanQ2");
    /** Mean queue length the dispatcher believes per server (SQ(d,N) L_M, the memory). */
    public static final Metric MEAN_MEMORY = new Metric("meanMemory");
    /** Probability that an arriving job is lost (lost / arrivals). */
    public static final Metric LOSS = new Metric("loss");
    /** Accepted jobs per server per unit time. */
    public static final Metric THROUGHPUT = new Metric("throughput");
    /** Mean response time by Little's law, mean jobs / (λ(1 − loss)). */
    public static final Metric RESPONSE = new Metric("response");
    /** Mean response time averaged over the jobs that completed. */
    public static final Metric RESPONSE_PER_JOB = new Metric("responsePerJob");
    /** Mean waiting time by Little's law (response − E[S], or mean waiting jobs / accepted rate). */
    public static final Metric WAIT = new Metric("wait");
    /** Mean waiting time averaged over the jobs that started service. */
    public static final Metric WAIT_PER_JOB = new Metric("waitPerJob");
    /** Proxy of the mean wait: mean servers with two or more jobs / λ (the thesis' estimator). */
    public static final Metric WAIT_Q2_PROXY = new Metric("waitQ2Proxy");
    /** Energy: ALBA, the fraction of charged servers 1 − off; TABS, the power-weighted fraction. */
    public static final Metric ENERGY = new Metric("energy");
    /** TABS fluid: energy with idle-on servers weighted as busy ones. */
    public static final Metric ENERGY_ON = new Metric("energyOn");
    /** Wastage: set-up plus idle-on fractions. */
    public static final Metric WASTAGE = new Metric("wastage");
    /** Wastage relative to the minimum energy λ (ALBA ε). */
    public static final Metric RELATIVE_WASTAGE = new Metric("relativeWastage");
    /** Wastage relative to the energy spent, wastage / (1 − off). */
    public static final Metric RELATIVE_WASTAGE_POWERED = new Metric("relativeWastagePowered");
    /** Largest queue at a sampling time (series) . */
    public static final Metric MAX_QUEUE = new Metric("maxQueue");
    /** Largest queue over a whole run (metric). */
    public static final Metric MAX_QUEUE_EVER = new Metric("maxQueueEver");
    /** Fraction of accepted jobs sent to an idle server (SQ(d,N)). */
    public static final Metric IDLE_JOIN_FRACTION = new Metric("idleJoinFraction");
    /** Jobs lost so far (TABS event-driven series). */
    public static final Metric LOST_SO_FAR = new Metric("lostSoFar");
    /** Counter: arrivals in the averaging window. */
    public static final Metric ARRIVALS = new Metric("arrivals");
    /** Counter: accepted jobs in the averaging window. */
    public static final Metric ACCEPTED = new Metric("accepted");
    /** Counter: lost jobs in the averaging window. */
    public static final Metric LOST = new Metric("lost");
    /** Counter: departures in the averaging window. */
    public static final Metric DEPARTURES = new Metric("departures");
    /** Counter: jobs in the system at the end of the run. */
    public static final Metric JOBS_AT_END = new Metric("jobsAtEnd");
    /** Counter: set-ups started. */
    public static final Metric SETUPS_STARTED = new Metric("setupsStarted");
    /** Counter: events simulated in the run (population kit's run diagnostic). */
    public static final Metric EVENTS = new Metric("events");
    /** Counter: standby timers that expired. */
    public static final Metric STANDBY_EXPIRIES = new Metric("standbyExpiries");

    private static final Map<String, String> LABELS = labels();
    private static final Pattern INDEXED = Pattern.compile("(x|s|queue)(\\d+)|x(\\d+)_(\\d+)");

    private final String name;

    private Metric(String name) {
        this.name = name;
    }

    /**
     * The column name of this quantity in trajectories, metrics and tables, e.g. {@code "meanJobs"} or
     * {@code "s2"}.
     *
     * @return the name
     */
    public String name() {
        return name;
    }

    /**
     * A label for tables and plots, e.g. "mean jobs per server".
     *
     * @return the label
     */
    public String label() {
        return label(name);
    }

    /**
     * The quantity with this canonical name (fixed or indexed).
     *
     * @param name a name such as {@code "meanJobs"}, {@code "x3"}, {@code "s2"}, {@code "x1_2"}, {@code "queue0"}
     * @return the metric
     * @throws IllegalArgumentException if {@code name} is not canonical (the message lists the allowed names)
     */
    public static Metric of(String name) {
        label(name);
        return new Metric(name);
    }

    /**
     * The fixed (non-indexed) metrics, in declaration order.
     *
     * @return every constant of this class
     */
    public static List<Metric> fixed() {
        return LABELS.keySet().stream().map(Metric::new).toList();
    }

    /**
     * Fraction of servers on with exactly i jobs (ALBA x_{i,2}), series {@code x<i>}.
     *
     * @param i jobs, i ≥ 0
     * @return the metric
     */
    public static Metric level(int i) {
        requireIndex("level", i);
        return new Metric("x" + i);
    }

    /**
     * Fraction of servers with at least i jobs, series {@code s<i>}.
     *
     * @param i jobs, i ≥ 0
     * @return the metric
     */
    public static Metric tail(int i) {
        requireIndex("tail level", i);
        return new Metric("s" + i);
    }

    /**
     * SQ(d,N): fraction of servers with i jobs whose memory entry says j (x_{i,j}), series {@code x<i>_<j>}.
     *
     * @param i jobs, i ≥ 0
     * @param j remembered jobs, j ≥ 0
     * @return the metric
     */
    public static Metric pair(int i, int j) {
        requireIndex("i", i);
        requireIndex("j", j);
        return new Metric("x" + i + "_" + j);
    }

    /**
     * Jobs at one server, for per-server recordings, series {@code queue<k>}.
     *
     * @param server 0-based server index, ≥ 0
     * @return the metric
     */
    public static Metric queue(int server) {
        requireIndex("server", server);
        return new Metric("queue" + server);
    }

    /**
     * Whether {@code name} is the name of one of the metrics above (fixed or indexed).
     *
     * @param name a series or metric name
     * @return true for a canonical name
     */
    public static boolean isCanonical(String name) {
        return LABELS.containsKey(name) || INDEXED.matcher(name).matches();
    }

    /**
     * A label for tables and plots, e.g. "mean jobs per server".
     *
     * @param name a canonical name
     * @return the label
     * @throws IllegalArgumentException for an unknown name
     */
    public static String label(String name) {
        String label = LABELS.get(name);
        if (label != null) {
            return label;
        }
        Matcher m = INDEXED.matcher(name);
        if (!m.matches()) {
            throw new IllegalArgumentException("metric = " + name + "; allowed: one of " + LABELS.keySet()
                    + " or x<i>, s<i>, x<i>_<j>, queue<k>");
        }
        if (m.group(3) != null) {
            return "fraction with " + m.group(3) + " jobs and memory " + m.group(4);
        }
        return switch (m.group(1)) {
            case "x" -> "fraction with " + m.group(2) + " jobs";
            case "s" -> "fraction with ≥ " + m.group(2) + " jobs";
            default -> "jobs at server " + m.group(2);
        };
    }

    /**
     * The fixed names and their labels, in declaration order.
     *
     * @return name → label
     */
    public static Map<String, String> names() {
        return Collections.unmodifiableMap(LABELS);
    }

    /**
     * The names of {@code metrics}, in order (for tables and string-keyed APIs).
     *
     * @param metrics the metrics
     * @return their names
     */
    public static String[] names(Metric... metrics) {
        String[] out = new String[metrics.length];
        for (int i = 0; i < metrics.length; i++) {
            out[i] = metrics[i].name;
        }
        return out;
    }

    /** @return the name, so that a metric reads as its column name in text */
    @Override
    public String toString() {
        return name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metric m && m.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    private static void requireIndex(String what, int i) {
        if (i < 0) {
            throw new IllegalArgumentException(what + " = " + i + "; allowed: ≥ 0");
        }
    }

    private static Map<String, String> labels() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(OFF.name, "off");
        m.put(SETUP.name, "set-up");
        m.put(IDLE.name, "idle-on");
        m.put(BUSY.name, "busy");
        m.put(WARM.name, "warm");
        m.put(MEAN_JOBS.name, "mean jobs per server");
        m.put(JOBS_PER_WARM.name, "mean jobs per warm server");
        m.put(MEAN_WAITING_JOBS.name, "mean waiting jobs per server");
        m.put(MEAN_Q2.name, "servers with ≥ 2 jobs");
        m.put(MEAN_MEMORY.name, "mean remembered jobs per server");
        m.put(LOSS.name, "loss probability");
        m.put(THROUGHPUT.name, "throughput per server");
        m.put(RESPONSE.name, "response time (Little)");
        m.put(RESPONSE_PER_JOB.name, "response time (per job)");
        m.put(WAIT.name, "waiting time (Little)");
        m.put(WAIT_PER_JOB.name, "waiting time (per job)");
        m.put(WAIT_Q2_PROXY.name, "waiting time (≥ 2 jobs proxy)");
        m.put(ENERGY.name, "energy");
        m.put(ENERGY_ON.name, "energy (idle as busy)");
        m.put(WASTAGE.name, "wastage");
        m.put(RELATIVE_WASTAGE.name, "relative wastage (÷ λ)");
        m.put(RELATIVE_WASTAGE_POWERED.name, "relative wastage (÷ energy)");
        m.put(MAX_QUEUE.name, "largest queue");
        m.put(MAX_QUEUE_EVER.name, "largest queue in the run");
        m.put(IDLE_JOIN_FRACTION.name, "jobs sent to idle servers");
        m.put(LOST_SO_FAR.name, "lost jobs so far per server");
        m.put(ARRIVALS.name, "arrivals");
        m.put(ACCEPTED.name, "accepted jobs");
        m.put(LOST.name, "lost jobs");
        m.put(DEPARTURES.name, "departures");
        m.put(JOBS_AT_END.name, "jobs at the end");
        m.put(SETUPS_STARTED.name, "set-ups started");
        m.put(EVENTS.name, "events simulated");
        m.put(STANDBY_EXPIRIES.name, "standby expiries");
        return m;
    }
}
