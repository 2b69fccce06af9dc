package org.queuelab.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of series and metrics, defined once for every engine (fluid limits, CTMC and event-driven
 * simulators): a trajectory's {@link Trajectory#names()} and a run's {@link Metrics} use only these, so that
 * results of different engines for the same model line up column by column. All fractions are per server
 * (of N); times are in units of the mean service time.
 *
 * <p>Indexed names: {@link #level(int)} (fraction of servers on with exactly i jobs), {@link #tail(int)}
 * (fraction with at least i jobs), {@link #pair(int, int)} (SQ(d,N): fraction with i jobs and memory j) and
 * {@link #queue(int)} (jobs at one server).
 */
public final class Metric {

    /** Fraction of servers off (ALBA: cold, x_{0,0}). */
    public static final String OFF = "off";
    /** Fraction of servers in set-up (ALBA: initializing, x_{0,1}). */
    public static final String SETUP = "setup";
    /** Fraction of servers idle-on (warm with no job; ALBA: x_{0,2}). */
    public static final String IDLE = "idle";
    /** Fraction of servers busy (at least one job). */
    public static final String BUSY = "busy";
    /** Fraction of servers warm (idle-on or busy, ALBA: y_0). */
    public static final String WARM = "warm";
    /** Mean number of jobs per server (ALBA Q̄, SQ(d,N) L_S). */
    public static final String MEAN_JOBS = "meanJobs";
    /** Mean number of jobs per warm server (ALBA Q = Q̄ / y_0). */
    public static final String JOBS_PER_WARM = "jobsPerWarm";
    /** Mean number of waiting jobs per server (jobs not in service). */
    public static final String MEAN_WAITING_JOBS = "meanWaitingJobs";
    /** Mean number of servers with at least two jobs, per server. */
    public static final String MEAN_Q2 = "meanQ2";
    /** Mean queue length the dispatcher believes per server (SQ(d,N) L_M, the memory). */
    public static final String MEAN_MEMORY = "meanMemory";
    /** Probability that an arriving job is lost (lost / arrivals). */
    public static final String LOSS = "loss";
    /** Accepted jobs per server per unit time. */
    public static final String THROUGHPUT = "throughput";
    /** Mean response time by Little's law, mean jobs / (λ(1 − loss)). */
    public static final String RESPONSE = "response";
    /** Mean response time averaged over the jobs that completed. */
    public static final String RESPONSE_PER_JOB = "responsePerJob";
    /** Mean waiting time by Little's law (response − E[S], or mean waiting jobs / accepted rate). */
    public static final String WAIT = "wait";
    /** Mean waiting time averaged over the jobs that started service. */
    public static final String WAIT_PER_JOB = "waitPerJob";
    /** Proxy of the mean wait: mean servers with two or more jobs / λ (the thesis' estimator). */
    public static final String WAIT_Q2_PROXY = "waitQ2Proxy";
    /** Energy: ALBA, the fraction of charged servers 1 − off; TABS, the power-weighted fraction. */
    public static final String ENERGY = "energy";
    /** TABS fluid: energy with idle-on servers weighted as busy ones. */
    public static final String ENERGY_ON = "energyOn";
    /** Wastage: set-up plus idle-on fractions. */
    public static final String WASTAGE = "wastage";
    /** Wastage relative to the minimum energy λ (ALBA ε). */
    public static final String RELATIVE_WASTAGE = "relativeWastage";
    /** Wastage relative to the energy spent, wastage / (1 − off). */
    public static final String RELATIVE_WASTAGE_POWERED = "relativeWastagePowered";
    /** Largest queue at a sampling time (series) . */
    public static final String MAX_QUEUE = "maxQueue";
    /** Largest queue over a whole run (metric). */
    public static final String MAX_QUEUE_EVER = "maxQueueEver";
    /** Fraction of accepted jobs sent to an idle server (SQ(d,N)). */
    public static final String IDLE_JOIN_FRACTION = "idleJoinFraction";
    /** Jobs lost so far (TABS event-driven series). */
    public static final String LOST_SO_FAR = "lostSoFar";
    /** Counter: arrivals in the averaging window. */
    public static final String ARRIVALS = "arrivals";
    /** Counter: accepted jobs in the averaging window. */
    public static final String ACCEPTED = "accepted";
    /** Counter: lost jobs in the averaging window. */
    public static final String LOST = "lost";
    /** Counter: departures in the averaging window. */
    public static final String DEPARTURES = "departures";
    /** Counter: jobs in the system at the end of the run. */
    public static final String JOBS_AT_END = "jobsAtEnd";
    /** Counter: set-ups started. */
    public static final String SETUPS_STARTED = "setupsStarted";
    /** Counter: standby timers that expired. */
    public static final String STANDBY_EXPIRIES = "standbyExpiries";

    private static final Map<String, String> LABELS = labels();
    private static final Pattern INDEXED = Pattern.compile("(x|s|queue)(\\d+)|x(\\d+)_(\\d+)");

    private Metric() {
    }

    /** Fraction of servers on with exactly i ≥ 0 jobs (ALBA x_{i,2}). */
    public static String level(int i) {
        requireIndex("level", i);
        return "x" + i;
    }

    /** Fraction of servers with at least i ≥ 1 jobs. */
    public static String tail(int i) {
        requireIndex("tail level", i);
        return "s" + i;
    }

    /** SQ(d,N): fraction of servers with i jobs whose memory entry says j (x_{i,j}). */
    public static String pair(int i, int j) {
        requireIndex("i", i);
        requireIndex("j", j);
        return "x" + i + "_" + j;
    }

    /** Jobs at one server (0-based index), for per-server recordings. */
    public static String queue(int server) {
        requireIndex("server", server);
        return "queue" + server;
    }

    /** Whether {@code name} is one of the names above (fixed or indexed). */
    public static boolean isCanonical(String name) {
        return LABELS.containsKey(name) || INDEXED.matcher(name).matches();
    }

    /** A label for tables and plots, e.g. "mean jobs per server"; an exception for an unknown name. */
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

    /** The fixed names and their labels, in declaration order. */
    public static Map<String, String> names() {
        return Collections.unmodifiableMap(LABELS);
    }

    private static void requireIndex(String what, int i) {
        if (i < 0) {
            throw new IllegalArgumentException(what + " = " + i + "; allowed: ≥ 0");
        }
    }

    private static Map<String, String> labels() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(OFF, "off");
        m.put(SETUP, "set-up");
        m.put(IDLE, "idle-on");
        m.put(BUSY, "busy");
        m.put(WARM, "warm");
        m.put(MEAN_JOBS, "mean jobs per server");
        m.put(JOBS_PER_WARM, "mean jobs per warm server");
        m.put(MEAN_WAITING_JOBS, "mean waiting jobs per server");
        m.put(MEAN_Q2, "servers with ≥ 2 jobs");
        m.put(MEAN_MEMORY, "mean remembered jobs per server");
        m.put(LOSS, "loss probability");
        m.put(THROUGHPUT, "throughput per server");
        m.put(RESPONSE, "response time (Little)");
        m.put(RESPONSE_PER_JOB, "response time (per job)");
        m.put(WAIT, "waiting time (Little)");
        m.put(WAIT_PER_JOB, "waiting time (per job)");
        m.put(WAIT_Q2_PROXY, "waiting time (≥ 2 jobs proxy)");
        m.put(ENERGY, "energy");
        m.put(ENERGY_ON, "energy (idle as busy)");
        m.put(WASTAGE, "wastage");
        m.put(RELATIVE_WASTAGE, "relative wastage (÷ λ)");
        m.put(RELATIVE_WASTAGE_POWERED, "relative wastage (÷ energy)");
        m.put(MAX_QUEUE, "largest queue");
        m.put(MAX_QUEUE_EVER, "largest queue in the run");
        m.put(IDLE_JOIN_FRACTION, "jobs sent to idle servers");
        m.put(LOST_SO_FAR, "lost jobs so far per server");
        m.put(ARRIVALS, "arrivals");
        m.put(ACCEPTED, "accepted jobs");
        m.put(LOST, "lost jobs");
        m.put(DEPARTURES, "departures");
        m.put(JOBS_AT_END, "jobs at the end");
        m.put(SETUPS_STARTED, "set-ups started");
        m.put(STANDBY_EXPIRIES, "standby expiries");
        return m;
    }
}
