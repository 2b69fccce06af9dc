package org.queuelab.autoscale;

import java.util.Objects;

import org.queuelab.arrival.ArrivalProcess;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.guard.Require;
import org.queuelab.model.PowerModel;

/**
 * An autoscaled cluster ({@code docs/demand.md} §2): requests arrive by {@code arrivals} at a dispatcher with an
 * unbounded FCFS buffer; up to {@code maxInstances} instances each serve one request at a time (service law
 * {@code service}); an instance is off, setting up (a cold start of law {@code setup}), idle or busy. A request
 * that finds an idle instance starts at once (join-idle-queue); otherwise it waits in the buffer and takes the
 * next instance that finishes a request or a set-up. When and which instances start and stop is the
 * {@link Autoscaler}'s choice.
 *
 * @param arrivals     the arrival process (whole cluster)
 * @param service      request service times
 * @param setup        set-up (cold-start) durations
 * @param maxInstances the instance cap N ≥ 1
 * @param power        power drawn per instance in each state (busy 1 by convention)
 */
public record ClusterModel(ArrivalProcess arrivals, ServiceDistribution service, ServiceDistribution setup,
                           int maxInstances, PowerModel power) {

    /**
     * Validates the components.
     *
     * @param arrivals     the arrival process (whole cluster)
     * @param service      request service times
     * @param setup        set-up (cold-start) durations
     * @param maxInstances the instance cap N ≥ 1
     * @param power        power drawn per instance in each state (busy 1 by convention)
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public ClusterModel {
        Objects.requireNonNull(arrivals, "arrivals");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(setup, "setup");
        Objects.requireNonNull(power, "power");
        Require.atLeast("maxInstances", maxInstances, 1);
    }

    /**
     * The same cluster with other arrivals.
     *
     * @param other the arrival process
     * @return the new model
     */
    public ClusterModel withArrivals(ArrivalProcess other) {
        return new ClusterModel(other, service, setup, maxInstances, power);
    }
}
