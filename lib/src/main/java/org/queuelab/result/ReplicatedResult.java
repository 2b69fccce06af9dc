package org.queuelab.result;

/**
 * Independent replications of a simulation, as every simulator returns them: the mean trajectory with 95% bands
 * and the 95% estimates of the stationary metrics, both named by {@link Metric}.
 */
public interface ReplicatedResult {

    /** Pointwise mean trajectory with 95% Student-t bands. */
    ReplicatedTrajectory trajectory();

    /** 95% estimates of the stationary metrics. */
    MetricEstimates estimates();

    /** Shorthand for {@code estimates().get(metric)}. */
    default Estimate estimate(String metric) {
        return estimates().get(metric);
    }
}
