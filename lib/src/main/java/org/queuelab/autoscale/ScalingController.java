package org.queuelab.autoscale;

import java.util.random.RandomGenerator;

/**
 * The per-run, mutable side of an {@link Autoscaler}: the simulator calls it at its evaluation times, at each
 * arrival that finds no idle instance, and whenever an instance turns idle ({@code docs/demand.md} §2).
 * Requests to start are capped by the instances off; requests to stop take idle instances first, then cancel
 * set-ups (busy instances are never interrupted).
 */
public interface ScalingController {

    /**
     * The next evaluation time.
     *
     * @param now the current time
     * @return the next evaluation time, strictly after {@code now}, or +∞ for none
     */
    double nextEvaluation(double now);

    /**
     * At an evaluation: how many instances to start or stop.
     *
     * @param view the cluster now
     * @return instances to start (&gt; 0) or stop (&lt; 0), 0 for none
     */
    int evaluate(ClusterView view);

    /**
     * At an arrival that finds no idle instance (after it joined the buffer): how many instances to start.
     *
     * @param view the cluster now
     * @return instances to start, ≥ 0
     */
    int onArrivalWithoutIdle(ClusterView view);

    /**
     * How long an instance that just turned idle stays warm before it switches itself off.
     *
     * @param standby the run's stream for random keep-alives
     * @return the keep-alive duration, ≥ 0 (+∞: until stopped)
     */
    double idleTimeout(RandomGenerator standby);
}
