package org.queuelab.autoscale;

/** A cluster whose state a test sets by hand; integrals advance with the state held since the last change. */
final class FakeView implements ClusterView {

    double time;
    int n = 100;
    int busy;
    int idle;
    int settingUp;
    int queued;
    double concurrencyI;
    double busyI;
    double readyI;
    double rate;
    double setupMean = 1;

    /** Holds the state until t, accumulating the integrals. */
    FakeView until(double t) {
        double dt = t - time;
        concurrencyI += (busy + queued) * dt;
        busyI += busy * dt;
        readyI += (busy + idle) * dt;
        time = t;
        return this;
    }

    FakeView state(int newBusy, int newIdle, int newSetup, int newQueued) {
        busy = newBusy;
        idle = newIdle;
        settingUp = newSetup;
        queued = newQueued;
        return this;
    }

    @Override
    public double time() {
        return time;
    }

    @Override
    public int maxInstances() {
        return n;
    }

    @Override
    public int busy() {
        return busy;
    }

    @Override
    public int idle() {
        return idle;
    }

    @Override
    public int settingUp() {
        return settingUp;
    }

    @Override
    public int queued() {
        return queued;
    }

    @Override
    public double concurrencyIntegral() {
        return concurrencyI;
    }

    @Override
    public double busyIntegral() {
        return busyI;
    }

    @Override
    public double readyIntegral() {
        return readyI;
    }

    @Override
    public double arrivalRate() {
        return rate;
    }

    @Override
    public double setupMean() {
        return setupMean;
    }

    @Override
    public double serviceMean() {
        return 1;
    }
}
