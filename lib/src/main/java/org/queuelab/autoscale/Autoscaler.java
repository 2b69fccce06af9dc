package org.queuelab.autoscale;

import java.util.random.RandomGenerator;

/**
 * A scaling policy for the cluster of {@link ClusterModel} ({@code docs/demand.md} §4): an immutable description
 * with its parameters, which makes a fresh {@link ScalingController} for each run.
 *
 * <p>Policies of the works: {@link AsynchronousScaling} (ALBA's Blind-θ and Rate-Idle), {@link OnArrivalScaling}
 * (TABS; and the fixed keep-alive of serverless platforms). Policies from practice: {@link KnativeScaling} (KPA),
 * {@link OnArrivalScaling#keepAlive}, {@link UtilizationTargetScaling} (HPA).
 */
public interface Autoscaler {

    /** {@return a short label for tables and legends} */
    String label();

    /**
     * A controller for one run: it holds the run's state, so each run needs its own.
     *
     * @param model   the cluster
     * @param scaling the run's scaling stream (for randomised policies; independent of arrivals and services)
     * @return the controller of this run
     */
    ScalingController controller(ClusterModel model, RandomGenerator scaling);
}
