/**
 * The results of every engine — fluid limits, CTMC and event-driven simulators — in one vocabulary:
 * {@link org.queuelab.result.Trajectory} (named series at sampling times; fluid and simulation alike),
 * {@link org.queuelab.result.ReplicatedTrajectory} (mean of replications with 95% Student-t bands),
 * {@link org.queuelab.result.Metrics} / {@link org.queuelab.result.MetricEstimates} /
 * {@link org.queuelab.result.Estimate} (stationary quantities per run and across runs),
 * {@link org.queuelab.result.TimeGrid} (uniform sampling times), {@link org.queuelab.result.Provenance} (engine,
 * model, options, seed, library version; built in one place), {@link org.queuelab.result.Metric} (the names of
 * series and metrics, defined once) and {@link org.queuelab.result.TableBuilder} (result tables filled row by row).
 */
package org.queuelab.result;
