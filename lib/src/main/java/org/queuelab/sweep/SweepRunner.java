package org.queuelab.sweep;

import java.util.List;
import java.util.function.Consumer;

/**
 * Where a sweep's tasks run: {@link LocalRunner} on this machine's cores; {@code org.queuelab.spark.SparkRunner}
 * (module queuelab-spark) on a Spark cluster. A runner hands every finished observation to {@code sink} (from
 * one thread at a time, in any order); the sweep orders, stores and summarises them.
 * See {@code docs/spark.md}.
 */
public interface SweepRunner {

    /**
     * Runs {@code tasks} of {@code sweep}, passing each observation to {@code sink} as it finishes.
     *
     * @param sweep the sweep the tasks belong to; each task runs by {@link Sweep#runTask(Task)}
     * @param tasks the tasks to run (those not yet stored), each exactly once
     * @param sink  receives every observation, from one thread at a time
     */
    void run(Sweep sweep, List<Task> tasks, Consumer<Observation> sink);
}
