package org.queuelab.autoscale;

/**
 * What a scaling controller may read of the cluster at the current instant ({@code docs/demand.md} §2): instance
 * counts per state, the buffer, running integrals from time 0 (from which windowed averages follow exactly), and
 * the arrival rate.
 */
public interface ClusterView {

    /** {@return the current time} */
    double time();

    /** {@return the instance cap N} */
    int maxInstances();

    /** {@return the instances serving a request} */
    int busy();

    /** {@return the instances on and idle (warm, ready to serve)} */
    int idle();

    /** {@return the instances setting up (cold start in progress)} */
    int settingUp();

    /** {@return the requests waiting in the dispatcher's buffer} */
    int queued();

    /** {@return the instances off: N − busy − idle − setting up} */
    default int off() {
        return maxInstances() - busy() - idle() - settingUp();
    }

    /** {@return the ready instances: busy + idle} */
    default int ready() {
        return busy() + idle();
    }

    /** {@return the instances on: ready + setting up} */
    default int instances() {
        return ready() + settingUp();
    }

    /** {@return ∫_0^t (busy + queued) ds, the integral of the concurrency (requests in the system)} */
    double concurrencyIntegral();

    /** {@return ∫_0^t busy ds} */
    double busyIntegral();

    /** {@return ∫_0^t ready ds} */
    double readyIntegral();

    /**
     * The arrival rate (whole cluster).
     *
     * @return λ(t) itself when the arrival process has a deterministic rate, otherwise an exponentially weighted
     *         count of past arrivals (time constant 10 s), per unit of time
     */
    double arrivalRate();

    /** {@return the model's mean set-up duration (units of time)} */
    double setupMean();

    /** {@return the model's mean service time (units of time)} */
    double serviceMean();
}
