/**
 * Event-driven simulation of N single-server FCFS queues with general service times (issue 3).
 *
 * <ul>
 *   <li>{@link org.queuelab.sim.event.TabsSimulator}: TABS, token-based auto-scaling (docs/tabs.md §2), with
 *       {@link org.queuelab.sim.event.TabsSettings} (N, horizon, warm-up, Δt, initial condition, power model,
 *       per-server queue recording) giving a {@link org.queuelab.sim.event.TabsResult} (counts, time averages,
 *       trajectory) or, replicated, {@link org.queuelab.sim.event.TabsReplications} (95% intervals, averaged
 *       trajectories with bands); {@link org.queuelab.sim.event.TabsSweep} runs curves of stationary metrics (e.g. against the
 *       standby mean), keeping every replication for 95% intervals and paired differences.</li>
 *   <li>{@link org.queuelab.sim.event.LoadBalancingSimulator}: Random, SQ(d), JBT-d/JIQ and SQ(d,N) on always-on
 *       servers ({@link org.queuelab.model.LoadBalancingModel}), with
 *       {@link org.queuelab.sim.event.LoadBalancingSettings} (including "every server starts with k fresh jobs",
 *       the invariant-state Monte Carlo start) giving {@link org.queuelab.sim.event.LoadBalancingResult} or
 *       {@link org.queuelab.sim.event.LoadBalancingReplications}.</li>
 * </ul>
 *
 * <p>Every run is seeded: {@code run(seed)} splits the five streams of {@link org.queuelab.sim.event.EventStreams}
 * (arrivals, service, standby, setup, dispatch) from the seed; {@code replicate(seed, count)} runs
 * {@link org.queuelab.sim.Replications} and gives the same numbers whatever the thread count. Results reuse the
 * shared types of {@link org.queuelab.sim} ({@link org.queuelab.result.Trajectory}, {@link org.queuelab.result.Estimate},
 * {@link org.queuelab.result.MetricEstimates}, {@link org.queuelab.result.ReplicatedTrajectory}) and convert to Tablesaw
 * tables carrying parameters and seed.
 */
package org.queuelab.sim.event;
