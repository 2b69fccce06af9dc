package org.queuelab.sim.event;

import java.util.ArrayList;
import java.util.List;

import org.queuelab.model.TabsModel;
import org.queuelab.result.Metric;
import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.SimulationRun;
import org.queuelab.result.Trajectory;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.Table;

/**
 * One TABS run: its counts, its time averages over [warmup, T] and its trajectory on the window's grid.
 * The trajectory's series are {@code busy, idle, setup, off} (fractions of servers), {@code lost} (cumulative lost
 * jobs) and, when recorded, {@code queue_0 … queue_{N−1}} (jobs held by each server).
 *
 * @param model      the model
 * @param servers    N
 * @param window     the run window
 * @param seed       the seed the run's streams were split from
 * @param counts     event counts
 * @param metrics    time averages; see {@link #metrics()}
 * @param trajectory the sampled path
 */
public record TabsResult(TabsModel model, int servers, RunWindow window, long seed, TabsCounts counts,
                         TabsMetrics metrics, Trajectory trajectory) implements SimulationRun {

    /**
     * Validates the parameters.
     *
     * @param model the model
     * @param servers N
     * @param window the run window
     * @param seed the seed the run's streams were split from
     * @param counts event counts
     * @param metrics time averages; see {@link #metrics()}
     * @param trajectory the sampled path
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public TabsResult {
        EventRuns.requireNonNull("model, window, counts, metrics, trajectory", model, window, counts, metrics,
                trajectory);
    }

    /**
     * Time averages over [warmup, T]; refused (IllegalStateException) for an overloaded model, which has no
     * stationary regime: use the trajectory and the counts instead.
     *
     * @return the run's metrics, time averages over the window
     */
    @Override
    public TabsMetrics metrics() {
        if (!model.stable()) {
            throw new IllegalStateException("lambda·E[S] = " + model.lambda() * model.service().mean()
                    + " ≥ 1 with an infinite buffer: the system is overloaded and has no stationary metrics;"
                    + " use trajectory() and counts()");
        }
        return metrics;
    }

    /** Events processed: arrivals, departures, standby expiries and set-up completions. */
    @Override
    public long events() {
        return counts.arrivals() + counts.departures() + counts.standbyExpiries() + counts.setupsCompleted();
    }

    /**
     * {@return series name of server s's queue length in the trajectory}
     *
     * @param server a server index, in [0, N)
     */
    public static String queueSeries(int server) {
        return Metric.queue(server).name();
    }

    /**
     * {@return jobs held by {@code server} at every grid time (requires {@link TabsSimulator#withQueueLengths})}
     *
     * @param server a server index, in [0, N)
     */
    public double[] queueLengths(int server) {
        if (!trajectory.names().contains(queueSeries(0))) {
            throw new IllegalStateException("queue lengths were not recorded; use simulator.withQueueLengths(true)");
        }
        if (server < 0 || server >= servers) {
            throw new IllegalArgumentException("server = " + server + "; allowed: 0 ≤ server < " + servers);
        }
        return trajectory.series(queueSeries(server));
    }

    /** {@return the run's parameters and seed, as carried by every table (those of its trajectory)} */
    public Provenance provenance() {
        return trajectory.provenance();
    }

    /** Time averages (when the model is stable) and counts as named metrics, for {@code MetricEstimates}. */
    @Override
    public Metrics toMetrics() {
        Metrics.Builder b = Metrics.builder();
        if (model.stable()) {
            TabsMetrics m = metrics;
            b.put(Metric.BUSY, m.busy()).put(Metric.IDLE, m.idle()).put(Metric.SETUP, m.setup())
                    .put(Metric.OFF, m.off()).put(Metric.MEAN_JOBS, m.meanJobs())
                    .put(Metric.MEAN_WAITING_JOBS, m.meanWaitingJobs()).put(Metric.MEAN_Q2, m.meanQ2())
                    .put(Metric.WAIT_Q2_PROXY, m.waitQ2Proxy()).put(Metric.ENERGY, m.energy());
            String noArrival = "no arrival in [warmup, T]";
            if (counts.windowArrivals() == 0) {
                b.undefined(Metric.LOSS, noArrival).undefined(Metric.WAIT, noArrival);
            } else {
                b.put(Metric.LOSS, m.lossProbability()).put(Metric.WAIT, m.waitLittle());
            }
            if (m.jobsTimed() == 0) {
                b.undefined(Metric.WAIT_PER_JOB, "no accepted job arrived in [warmup, T]");
            } else {
                b.put(Metric.WAIT_PER_JOB, m.waitPerJob());
            }
        }
        TabsCounts c = counts;
        b.put(Metric.ARRIVALS, c.arrivals()).put(Metric.ACCEPTED, c.accepted()).put(Metric.LOST, c.lost())
                .put(Metric.DEPARTURES, c.departures()).put(Metric.JOBS_AT_END, c.jobsAtEnd())
                .put(Metric.SETUPS_STARTED, c.setupsStarted()).put(Metric.STANDBY_EXPIRIES, c.standbyExpiries());
        return b.build();
    }

    /** {@return one row: every metric and count, then the parameters and seed} */
    public Table toTable() {
        Metrics m = toMetrics();
        Table table = Table.create("TABS run");
        List<String> names = new ArrayList<>(m.values().keySet());
        for (String name : names) {
            table.addColumns(tech.tablesaw.api.DoubleColumn.create(name, new double[] {m.get(name)}));
        }
        return provenance().addColumnsTo(table);
    }
}
