/**
 * SQ(d,N), power-of-d with memory (docs/sqdn.md), notebook 02: start from
 * {@link org.queuelab.repro.sqdn.Figure3} and {@link org.queuelab.repro.sqdn.FixedPointSurvey}. The notebook's heavy
 * simulations are named studies, {@link org.queuelab.repro.sqdn.SqdnStudies}, read from {@code out/sweeps/} when a
 * Spark job or an earlier run computed them (docs/spark.md §5).
 */
package org.queuelab.repro.sqdn;
