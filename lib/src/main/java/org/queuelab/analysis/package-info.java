/**
 * Comparing and judging results. Start from {@link org.queuelab.analysis.Comparison}: two results side by side,
 * series by series (a fluid trajectory against the average of simulated paths, ours against a work's reference
 * table), with the aligned table, the gap statistics, the figure and the checks.
 *
 * <p>For particular questions: {@link org.queuelab.analysis.PairedDifference} (a difference under common random
 * numbers), {@link org.queuelab.analysis.ReferenceTolerance} and {@link org.queuelab.analysis.ReferenceNoise}
 * (tolerances against a simulated reference number), {@link org.queuelab.analysis.MeanFieldAccuracy} (the fluid gap
 * against N, docs/alba.md), {@link org.queuelab.analysis.ExponentialConvergence} (observed and predicted rates of
 * convergence to a fixed point, docs/sqdn.md), {@link org.queuelab.analysis.QueueLengthTail} (the stationary tail
 * P(Q ≥ i) across runs), {@link org.queuelab.analysis.GainMatching} (tuning a gain to match an energy,
 * docs/alba.md), {@link org.queuelab.analysis.InvariantMonteCarlo} (the invariant-states Monte Carlo,
 * docs/invariant-states.md), {@link org.queuelab.analysis.Extremum} and {@link org.queuelab.analysis.Monotone}.
 */
package org.queuelab.analysis;
