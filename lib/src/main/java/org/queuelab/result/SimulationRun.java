package org.queuelab.result;

/**
 * One run of a simulator, as {@link ReplicatedResult} averages it: its trajectory on the run's grid and its
 * stationary metrics (and counts) by {@link Metric} name.
 */
public interface SimulationRun {

    /** {@return the sampled path} */
    Trajectory trajectory();

    /**
     * The run's metrics and counts, named by {@link Metric}: one sample per replication, for estimates across
     * replications (intervals, paired differences, sweeps). A run may refuse to report them on their own (e.g. a
     * Little's-law wait on a window too short for it) while keeping this sample.
     *
     * @return one value per metric name
     */
    Metrics toMetrics();

    /** {@return the events the run processed (its cost measure: events per second)} */
    long events();
}
