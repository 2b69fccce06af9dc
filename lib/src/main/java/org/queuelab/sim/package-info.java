/**
 * Exact (CTMC) stochastic simulation of the exponential queueing models.
 *
 * <p>Results are the shared types of {@code org.queuelab.result} (trajectories, replicated trajectories with 95%
 * bands, metric estimates, provenance) with {@link org.queuelab.result.Metric} names.
 * {@link org.queuelab.sim.TimeWeightedAccumulator} takes lazy time averages after a burn-in;
 * {@link org.queuelab.sim.Replications} runs seeded replications in parallel, thread-count independent, and
 * reports progress.
 *
 * <p>Entry point: {@link org.queuelab.sim.Ctmc}. Occupancy-count CTMC simulators for exponential models, cost per
 * event independent of N:
 * {@link org.queuelab.sim.OccupancySimulator} (ALBA, SQ(d)/JBT-d/JIQ/Random, TABS) and
 * {@link org.queuelab.sim.MemoryChainSimulator} (SQ(d,N), aggregated chain and per-server cross-check).
 */
package org.queuelab.sim;
