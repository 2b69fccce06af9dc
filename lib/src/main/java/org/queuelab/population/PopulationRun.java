package org.queuelab.population;

import java.util.Arrays;

import org.queuelab.result.Metrics;
import org.queuelab.result.SimulationRun;
import org.queuelab.result.Trajectory;

/**
 * One simulated path of a {@link PopulationModel} at finite N: the trajectory sampled on the requested grid
 * (one series per class, then per observable), the time averages over [burn-in, horizon] as {@link Metrics}
 * (same names, plus {@code events}), and the final counts.
 * See {@code docs/population.md} §4.
 */
public final class PopulationRun implements SimulationRun {

    private final Trajectory trajectory;
    private final Metrics metrics;
    private final long events;
    private final int[] finalCounts;

    PopulationRun(Trajectory trajectory, Metrics metrics, long events, int[] finalCounts) {
        this.trajectory = trajectory;
        this.metrics = metrics;
        this.events = events;
        this.finalCounts = finalCounts.clone();
    }

    @Override
    public Trajectory trajectory() {
        return trajectory;
    }

    @Override
    public Metrics toMetrics() {
        return metrics;
    }

    /** Transitions simulated. */
    @Override
    public long events() {
        return events;
    }

    /**
     * Servers per class at the horizon.
     *
     * @return a copy, one count of servers per class, in {@link PopulationModel#coordinateNames()} order
     */
    public int[] finalCounts() {
        return finalCounts.clone();
    }

    @Override
    public String toString() {
        return "PopulationRun(" + events + " events, final counts " + Arrays.toString(finalCounts) + ")";
    }
}
