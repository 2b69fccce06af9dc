package org.queuelab.autoscale;

/**
 * What a scaling controller may read of the cluster at the current instant ({@code docs/demand.md} §2): instance
 * counts per state, the buffer, running integrals from time 0 (from which windowed averages follow exactly), and
 * the arrival rate.
 */
public interface ClusterView {

    /** The current time. */
    double time();

    /** The instance cap N. */
    int maxInstances();

    int busy();

    int idle();

    int settingUp();

    /** Requests waiting in the dispatcher's buffer. */
    int queued();

    /** Instances off (N − busy − idle − setting up). */
    default int off() {
        return maxInstances() - busy() - idle() - settingUp();
    }

    /** Ready instances: busy + idle. */
    default int ready() {
        return busy() + idle();
    }

    /** Instances on: ready + setting up. */
    default int instances() {
        return ready() + settingUp();
    }

    /** ∫_0^t (busy + queued) ds: the integral of the concurrency (requests in the system). */
    double concurrencyIntegral();

    /** ∫_0^t busy ds. */
    double busyIntegral();

    /** ∫_0^t ready ds. */
    double readyIntegral();

    /**
     * The arrival rate (whole cluster): λ(t) itself when the arrival process has a deterministic rate, otherwise an
     * exponentially weighted count of past arrivals (time constant 10 s).
     */
    double arrivalRate();

    /** Mean set-up duration of the model. */
    double setupMean();

    /** Mean service time of the model. */
    double serviceMean();
}
