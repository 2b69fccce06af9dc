/**
 * Comparing results: {@link org.queuelab.analysis.Comparison} (a fluid against a simulation or a reference
 * table, series by series), {@link org.queuelab.analysis.PairedDifference} (common random numbers),
 * {@link org.queuelab.analysis.MeanFieldAccuracy} (gap against N) and the convergence and extremum checks.
 */
package org.queuelab.analysis;
