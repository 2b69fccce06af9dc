/**
 * Event-driven simulation of N single-server FCFS queues with general service times (issue 3).
 *
 * <ul>
 *   <li>{@link org.queuelab.sim.event.TabsSimulator}: TABS, token-based auto-scaling (docs/tabs.md §2), with its
 *       options (power weights, per-server queue recording), giving a {@link org.queuelab.sim.event.TabsResult} (counts, time
 *       averages, trajectory); {@link org.queuelab.sim.event.TabsSweep} runs curves of stationary metrics (e.g.
 *       against the standby mean), keeping every replication for 95% intervals and paired differences.</li>
 *   <li>{@link org.queuelab.sim.event.LoadBalancingSimulator}: Random, SQ(d), JBT-d/JIQ and SQ(d,N) on always-on
 *       servers ({@link org.queuelab.model.LoadBalancingModel}), with its option (tail levels recorded), giving a
 *       {@link org.queuelab.sim.event.LoadBalancingResult}.</li>
 * </ul>
 *
 * <p>Entry point: {@link org.queuelab.sim.event.EventSimulation#of}. Every run takes a
 * {@link org.queuelab.sim.RunWindow} (horizon, warm-up, grid, initial state — "every server starts with k fresh
 * jobs", the invariant-state Monte Carlo start, is {@link org.queuelab.sim.InitialState#jobsPerServer}) and a seed:
 * {@code run(window, seed)} splits the five streams of {@link org.queuelab.sim.event.EventStreams} (arrivals,
 * service, standby, setup, dispatch) from the seed; {@code replicate(window, seed, count)} runs
 * {@link org.queuelab.sim.Replications} and gives the same numbers whatever the thread count, as one
 * {@link org.queuelab.result.ReplicatedResult} (95% intervals, averaged trajectories with bands). Results reuse the
 * shared types of {@code org.queuelab.result} and convert to Tablesaw tables carrying parameters and seed.
 */
package org.queuelab.sim.event;
