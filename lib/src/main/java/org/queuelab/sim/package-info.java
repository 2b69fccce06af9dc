/**
 * Stochastic simulation of the queueing models, and the result types every simulator shares.
 *
 * <p>Result types (shared with the event-driven simulators of {@code org.queuelab.sim.event}):
 * {@link org.queuelab.sim.TimeGrid} (sampling times), {@link org.queuelab.sim.Trajectory} (named series of one
 * run), {@link org.queuelab.sim.TrajectoryAverage} (mean and 95% Student-t band over replications),
 * {@link org.queuelab.sim.Metrics} / {@link org.queuelab.sim.MetricEstimates} / {@link org.queuelab.sim.Estimate}
 * (stationary quantities per run and across runs), {@link org.queuelab.sim.TimeWeightedAccumulator} (lazy
 * time averages after a burn-in), {@link org.queuelab.sim.Parameters} (parameters and seed carried into every
 * table), {@link org.queuelab.sim.Replications} (seeded, parallel, thread-count independent).
 *
 * <p>Occupancy-count CTMC simulators for exponential models, cost per event independent of N:
 * {@link org.queuelab.sim.OccupancySimulator} (ALBA, SQ(d)/JBT-d/JIQ/Random, TABS) and
 * {@link org.queuelab.sim.MemoryChainSimulator} (SQ(d,N), aggregated chain and per-server cross-check).
 */
package org.queuelab.sim;
