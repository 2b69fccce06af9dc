package org.queuelab.autoscale;

import java.util.random.RandomGenerator;

/**
 * A {@link ScalingController} that evaluates on a fixed period, at times period, 2·period, … (Knative's tick,
 * Kubernetes' sync period; {@code docs/demand.md} §2): it schedules the evaluations and hands each one its time.
 * Between evaluations it only scales from zero (an arrival to a cluster with no instance starts one), and an idle
 * instance stays on until an evaluation stops it.
 */
abstract class PeriodicController implements ScalingController {

    private final double period;
    private long evaluations;

    PeriodicController(double period) {
        this.period = period;
    }

    @Override
    public final double nextEvaluation(double now) {
        return (Math.floor(now / period + 1e-9) + 1) * period;
    }

    @Override
    public final int evaluate(ClusterView view) {
        return evaluateAt(++evaluations * period, view);
    }

    @Override
    public int onArrivalWithoutIdle(ClusterView view) {
        return view.instances() == 0 ? 1 : 0;
    }

    @Override
    public double idleTimeout(RandomGenerator standby) {
        return Double.POSITIVE_INFINITY;
    }

    /** The evaluation at time {@code now} = k·period: how many instances to start (&gt; 0) or stop (&lt; 0). */
    abstract int evaluateAt(double now, ClusterView view);
}
