/**
 * Exact (CTMC) stochastic simulation of the exponential queueing models.
 *
 * <p>Results are the shared types of {@code org.queuelab.result} (trajectories, replicated trajectories with 95%
 * bands, metric estimates, provenance) with {@link org.queuelab.result.Metric} names.
 * Every simulator ({@link org.queuelab.sim.Simulator}) runs in one {@link org.queuelab.sim.RunWindow} (horizon,
 * warm-up, grid, {@link org.queuelab.sim.InitialState}) and replicates into one
 * {@link org.queuelab.result.ReplicatedResult}.
 * {@link org.queuelab.sim.TimeWeightedAccumulator} takes lazy time averages after a warm-up;
 * {@link org.queuelab.sim.Replications} runs seeded replications in parallel, thread-count independent, and
 * reports progress.
 *
 * <p>Entry point: {@link org.queuelab.sim.Ctmc}. Occupancy-count CTMC simulators for exponential models, cost per
 * event independent of N:
 * {@link org.queuelab.sim.OccupancySimulator} (ALBA, SQ(d)/JBT-d/JIQ/Random, TABS) and
 * {@link org.queuelab.sim.MemoryChainSimulator} (SQ(d,N), aggregated chain and per-server cross-check).
 */
package org.queuelab.sim;
