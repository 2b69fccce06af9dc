package org.queuelab.sim;

import java.util.Objects;

import org.queuelab.guard.Stationarity;
import org.queuelab.result.Metrics;
import org.queuelab.result.SimulationRun;
import org.queuelab.result.Trajectory;

import tech.tablesaw.api.Table;

/**
 * One run of an occupancy-count chain: the trajectory on the run's grid, the stationary time averages over
 * [warmup, endTime] ({@link #metrics()}; names listed by the simulator's class documentation), the stationary
 * fraction of servers warm with i jobs for every level reached ({@link #levelFractions()}), and the counters.
 *
 * <p>Response and waiting times come from Little's law over the averaging window (R = L/λ_acc, W = R − E[S]).
 * On a window too short for L = λW to hold, W comes out negative (or the throughput is not positive);
 * {@link #metrics()} then refuses the run's stationary metrics with that reason (the trajectory and the counters
 * remain), while {@link #toMetrics()} keeps the per-run values for averaging over replications, where such a value
 * is one sample of an estimator whose 95% interval {@link org.queuelab.result.ReplicatedResult} reports.
 */
public final class OccupancyRun implements SimulationRun {

    private final Trajectory trajectory;
    private final Metrics metrics;
    private final double[] levelFractions;
    private final OccupancyCounters counters;
    private final double endTime;
    private final IllegalStateException littleRefusal;

    OccupancyRun(Trajectory trajectory, Metrics metrics, double[] levelFractions, OccupancyCounters counters,
                 double endTime, IllegalStateException littleRefusal) {
        this.trajectory = Objects.requireNonNull(trajectory);
        this.metrics = Objects.requireNonNull(metrics);
        this.levelFractions = levelFractions;
        this.counters = Objects.requireNonNull(counters);
        this.endTime = endTime;
        this.littleRefusal = littleRefusal;
    }

    /**
     * Why Little's law does not hold on a window with time-average {@code meanJobs} jobs and {@code throughput}
     * accepted jobs per unit time, {@code acceptedJobs} in all ({@link Stationarity#littleWaitingTime}, or
     * {@link Stationarity#littleResponseTime} when {@code meanService} is NaN), or null when it does.
     */
    static IllegalStateException littleRefusal(double meanJobs, double throughput, double meanService,
                                               long acceptedJobs) {
        try {
            if (Double.isNaN(meanService)) {
                Stationarity.littleResponseTime(meanJobs, throughput);
            } else {
                Stationarity.littleWaitingTime(meanJobs, throughput, meanService, acceptedJobs);
            }
            return null;
        } catch (IllegalStateException e) {
            return e;
        }
    }

    public Trajectory trajectory() {
        return trajectory;
    }

    /**
     * Stationary time averages and rates over [warmup, endTime].
     *
     * @return one value per metric name
     * @throws IllegalStateException when the window is too short for Little's law (see the class comment)
     */
    public Metrics metrics() {
        if (littleRefusal != null) {
            throw new IllegalStateException(littleRefusal.getMessage() + "; the trajectory and counters of this run"
                    + " remain available", littleRefusal);
        }
        return metrics;
    }

    /** The per-run metric values, for averaging over replications, also when {@link #metrics()} refuses them. */
    @Override
    public Metrics toMetrics() {
        return metrics;
    }

    /** {@return whether Little's law holds on this run's averaging window (otherwise {@link #metrics()} refuses)} */
    public boolean littleLawHolds() {
        return littleRefusal == null;
    }

    /** {@return time-averaged fraction of the N servers warm with exactly i jobs, i = 0.. highest level reached} */
    public double[] levelFractions() {
        return levelFractions.clone();
    }

    /** Events of the run, null scaling events included. */
    @Override
    public long events() {
        return counters.events();
    }

    /** {@return the run's event, arrival, loss and scaling counts} */
    public OccupancyCounters counters() {
        return counters;
    }

    /** {@return time at which the run stopped: the horizon, or the last event when the event budget ran out} */
    public double endTime() {
        return endTime;
    }

    /** {@return the trajectory as a table (t, series…, parameters, seed)} */
    public Table toTable() {
        return trajectory.toTable();
    }
}
