/**
 * Parameter sweeps: describe the grid with {@link org.queuelab.sweep.Grid}, one run with an
 * {@link org.queuelab.sweep.Experiment}, run it with {@link org.queuelab.sweep.Sweep} and read the
 * {@link org.queuelab.sweep.SweepResult} (estimates per point and metric, seeds fixed per point and replication).
 *
 * <p>Start from {@link org.queuelab.sweep.Sweep#of}. A sweep runs on local cores
 * ({@link org.queuelab.sweep.LocalRunner}) or on a Spark cluster (module queuelab-spark, {@code docs/spark.md});
 * a named {@link org.queuelab.sweep.Study} keeps its results in a store that later runs read back.
 * {@link org.queuelab.sweep.Parallel} maps a deterministic function over a list on all cores, when there is no
 * randomness to replicate.
 */
package org.queuelab.sweep;
