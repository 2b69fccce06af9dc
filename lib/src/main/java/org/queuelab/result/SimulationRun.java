package org.queuelab.result;

/**
 * One run of a simulator, as {@link ReplicatedResult} averages it: its trajectory on the run's grid and its
 * stationary metrics (and counts) by {@link Metric} name.
 */
public interface SimulationRun {

    /** The sampled path. */
    Trajectory trajectory();

    /** The run's metrics and counts, named by {@link Metric}. */
    Metrics toMetrics();

    /** The events the run processed (its cost measure: events per second). */
    long events();
}
