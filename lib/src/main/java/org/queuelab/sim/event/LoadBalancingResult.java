package org.queuelab.sim.event;

import java.util.Objects;

import org.queuelab.model.LoadBalancingModel;
import org.queuelab.result.Metric;
import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.SimulationRun;
import org.queuelab.result.Trajectory;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * One load-balancing run. Counts cover [0, T] and satisfy {@code initialJobs + arrivals = departures + lost +
 * jobsAtEnd} exactly; time averages cover [warmup, T]; the trajectory holds {@code s1 … sL} (fraction of
 * servers with ≥ ℓ jobs) and {@code meanJobs} (jobs per server) on the window's grid.
 *
 * @param model           the model
 * @param servers         N
 * @param window          the run window
 * @param trackedLevels   L, the tail levels on the trajectory and among the metrics
 * @param seed            the seed the run's streams were split from
 * @param initialJobs     jobs at t = 0
 * @param arrivals        arrivals in [0, T]
 * @param lost            lost arrivals in [0, T] (finite buffers only)
 * @param departures      service completions in [0, T]
 * @param jobsAtEnd       jobs in the system at T
 * @param meanJobs        time-averaged jobs per server over [warmup, T]
 * @param tails           tails[ℓ] = time-averaged fraction of servers with ≥ ℓ jobs (tails[0] = 1), ℓ up to the
 *                        largest queue length seen
 * @param lossProbability lost / arrivals over [warmup, T] (undefined when none arrived: its accessor refuses)
 * @param responsePerJob  mean response time (wait + service) of accepted jobs arriving in [warmup, T], exact by
 *                        FCFS from the work ahead at arrival
 * @param waitPerJob      mean waiting time of the same jobs
 * @param responseLittle  Little's law: meanJobs / (λ (1 − lossProbability)); responsePerJob, waitPerJob and
 *                        responseLittle are undefined (their accessors refuse) when no job was timed or arrived
 * @param trajectory      the sampled path
 */
public record LoadBalancingResult(LoadBalancingModel model, int servers, RunWindow window, int trackedLevels, long seed,
                                  long initialJobs, long arrivals, long lost, long departures, long jobsAtEnd,
                                  double meanJobs, double[] tails, double lossProbability, double responsePerJob,
                                  double waitPerJob, double responseLittle, Trajectory trajectory)
        implements SimulationRun {

    /**
     * Validates the parameters.
     *
     * @param model the model
     * @param servers N
     * @param window the run window
     * @param trackedLevels L, the tail levels on the trajectory and among the metrics
     * @param seed the seed the run's streams were split from
     * @param initialJobs jobs at t = 0
     * @param arrivals arrivals in [0, T]
     * @param lost lost arrivals in [0, T] (finite buffers only)
     * @param departures service completions in [0, T]
     * @param jobsAtEnd jobs in the system at T
     * @param meanJobs time-averaged jobs per server over [warmup, T]
     * @param tails tails[ℓ] = time-averaged fraction of servers with ≥ ℓ jobs (tails[0] = 1), ℓ up to the largest queue
     *             length seen
     * @param lossProbability lost / arrivals over [warmup, T] (0 when none arrived)
     * @param responsePerJob mean response time (wait + service) of accepted jobs arriving in [warmup, T], exact by FCFS
     *                      from the work ahead at arrival
     * @param waitPerJob mean waiting time of the same jobs
     * @param responseLittle Little's law: meanJobs / (λ (1 − lossProbability))
     * @param trajectory the sampled path
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public LoadBalancingResult {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(trajectory, "trajectory");
        tails = tails.clone();
    }

    /**
     * {@return lost / arrivals over [warmup, T]}
     *
     * @throws org.queuelab.result.UndefinedMetricException when no job arrived in that window
     */
    @Override
    public double lossProbability() {
        return defined(Metric.LOSS, lossProbability, "no arrival in [warmup, T]");
    }

    /**
     * {@return the mean response time of the timed jobs}
     *
     * @throws org.queuelab.result.UndefinedMetricException when no job was timed
     */
    @Override
    public double responsePerJob() {
        return defined(Metric.RESPONSE_PER_JOB, responsePerJob, "no accepted job arrived in [warmup, T]");
    }

    /**
     * {@return the mean waiting time of the timed jobs}
     *
     * @throws org.queuelab.result.UndefinedMetricException when no job was timed
     */
    @Override
    public double waitPerJob() {
        return defined(Metric.WAIT_PER_JOB, waitPerJob, "no accepted job arrived in [warmup, T]");
    }

    /**
     * {@return the Little's-law response time}
     *
     * @throws org.queuelab.result.UndefinedMetricException when no job arrived in [warmup, T]
     */
    @Override
    public double responseLittle() {
        return defined(Metric.RESPONSE, responseLittle, "no arrival in [warmup, T]");
    }

    private static double defined(Metric metric, double value, String because) {
        if (Double.isNaN(value)) {
            throw new org.queuelab.result.UndefinedMetricException(metric.name(), because);
        }
        return value;
    }

    /** {@return the time-averaged fractions of servers with ≥ ℓ jobs, ℓ = 0, 1, … (a copy)} */
    @Override
    public double[] tails() {
        return tails.clone();
    }

    /**
     * {@return time-averaged fraction of servers with ≥ ℓ jobs (0 beyond the largest queue length seen)}
     *
     * @param level ℓ, ≥ 0
     */
    public double tail(int level) {
        if (level < 0) {
            throw new IllegalArgumentException("level = " + level + "; allowed: level ≥ 0");
        }
        return level < tails.length ? tails[level] : 0.0;
    }

    /** Events processed: arrivals plus departures. */
    @Override
    public long events() {
        return arrivals + departures;
    }

    /** {@return whether {@code initialJobs + arrivals == departures + lost + jobsAtEnd}} */
    public boolean conserved() {
        return initialJobs + arrivals == departures + lost + jobsAtEnd;
    }

    /** {@return the run's parameters and seed, as carried by every table (those of its trajectory)} */
    public Provenance provenance() {
        return trajectory.provenance();
    }

    /** Stationary metrics (tails up to the tracked levels) and counts as named metrics. */
    @Override
    public Metrics toMetrics() {
        Metrics.Builder b = Metrics.builder().put(Metric.MEAN_JOBS, meanJobs);
        putDefined(b, Metric.RESPONSE_PER_JOB, responsePerJob, "no accepted job arrived in [warmup, T]");
        putDefined(b, Metric.RESPONSE, responseLittle, "no arrival in [warmup, T]");
        putDefined(b, Metric.WAIT_PER_JOB, waitPerJob, "no accepted job arrived in [warmup, T]");
        putDefined(b, Metric.LOSS, lossProbability, "no arrival in [warmup, T]");
        for (int l = 1; l <= trackedLevels; l++) {
            b.put(Metric.tail(l), tail(l));
        }
        return b.put(Metric.ARRIVALS, arrivals).put(Metric.LOST, lost).put(Metric.DEPARTURES, departures)
                .put(Metric.JOBS_AT_END, jobsAtEnd).build();
    }

    private static void putDefined(Metrics.Builder b, Metric metric, double value, String because) {
        if (Double.isNaN(value)) {
            b.undefined(metric, because);
        } else {
            b.put(metric, value);
        }
    }

    /** {@return one row: metrics and counts, then the parameters and seed} */
    public Table toTable() {
        Metrics m = toMetrics();
        Table table = Table.create("load-balancing run");
        for (String name : m.values().keySet()) {
            table.addColumns(DoubleColumn.create(name, new double[] {m.get(name)}));
        }
        return provenance().addColumnsTo(table);
    }
}
