package org.queuelab.sim;

import java.util.Objects;

import org.queuelab.result.Metrics;
import org.queuelab.result.Trajectory;

import tech.tablesaw.api.Table;

/**
 * One run of an occupancy-count chain: the trajectory on the run's grid, the stationary time averages over
 * [burnIn, endTime] ({@link #metrics()}; names listed by the simulator's class documentation), the stationary
 * fraction of servers warm with i jobs for every level reached ({@link #levelFractions()}), and the counters.
 */
public final class OccupancyRun {

    private final Trajectory trajectory;
    private final Metrics metrics;
    private final double[] levelFractions;
    private final OccupancyCounters counters;
    private final double endTime;

    OccupancyRun(Trajectory trajectory, Metrics metrics, double[] levelFractions, OccupancyCounters counters,
                 double endTime) {
        this.trajectory = Objects.requireNonNull(trajectory);
        this.metrics = Objects.requireNonNull(metrics);
        this.levelFractions = levelFractions;
        this.counters = Objects.requireNonNull(counters);
        this.endTime = endTime;
    }

    public Trajectory trajectory() {
        return trajectory;
    }

    /** Stationary time averages and rates over [burnIn, endTime]. */
    public Metrics metrics() {
        return metrics;
    }

    /** Time-averaged fraction of the N servers warm with exactly i jobs, i = 0.. highest level reached. */
    public double[] levelFractions() {
        return levelFractions.clone();
    }

    public OccupancyCounters counters() {
        return counters;
    }

    /** Time at which the run stopped: the horizon, or the last event when the event budget ran out. */
    public double endTime() {
        return endTime;
    }

    /** The trajectory as a table (t, series…, parameters, seed). */
    public Table toTable() {
        return trajectory.toTable();
    }
}
