package org.queuelab.autoscale;

import java.util.Objects;
import java.util.random.RandomGenerator;

import org.queuelab.dist.Deterministic;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.plot.Labels;

/**
 * Scale on arrival with an idle timeout ({@code docs/demand.md} §4.2): every request that finds no idle instance
 * starts the set-up of one off instance (if any), and an instance that turns idle switches itself off after a
 * timeout drawn from {@code timeout} unless a request takes it first. Set-ups are never aborted.
 *
 * <ul>
 *   <li>{@link #tabs(double)}: TABS ({@code docs/tabs.md} §2), Exp(mean µ) standby timer;</li>
 *   <li>{@link #keepAlive(double)}: the fixed keep-alive of serverless platforms (AWS-Lambda-like): an instance lives
 *       a set time after its last request.</li>
 * </ul>
 *
 * @param timeout law of the idle time before switch-off
 * @param name    label
 */
public record OnArrivalScaling(ServiceDistribution timeout, String name) implements Autoscaler {

    /**
     * Validates the components.
     *
     * @param timeout law of the idle time before switch-off
     * @param name    label
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public OnArrivalScaling {
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(name, "name");
    }

    /**
     * TABS: an instance that turns idle stays warm for an exponential time.
     *
     * @param standbyMean the mean standby time µ, &gt; 0 (units of time)
     * @return the autoscaler
     * @throws IllegalArgumentException naming standbyMean when it is out of range
     */
    public static OnArrivalScaling tabs(double standbyMean) {
        if (!(standbyMean > 0 && Double.isFinite(standbyMean))) {
            throw new IllegalArgumentException("standbyMean = " + standbyMean + "; allowed: 0 < standbyMean < ∞");
        }
        return new OnArrivalScaling(Exponential.withMean(standbyMean), "TABS (µ = " + Labels.number(standbyMean) + ")");
    }

    /**
     * A fixed keep-alive after the last request.
     *
     * @param seconds the keep-alive, &gt; 0 (units of time)
     * @return the autoscaler
     * @throws IllegalArgumentException naming seconds when it is out of range
     */
    public static OnArrivalScaling keepAlive(double seconds) {
        if (!(seconds > 0 && Double.isFinite(seconds))) {
            throw new IllegalArgumentException("keepAlive = " + seconds + "; allowed: 0 < keepAlive < ∞");
        }
        return new OnArrivalScaling(new Deterministic(seconds), "keep-alive " + Labels.number(seconds) + " s");
    }

    @Override
    public String label() {
        return name;
    }

    @Override
    public ScalingController controller(ClusterModel model, RandomGenerator scaling) {
        return new ScalingController() {
            @Override
            public double nextEvaluation(double now) {
                return Double.POSITIVE_INFINITY;
            }

            @Override
            public int evaluate(ClusterView view) {
                return 0;
            }

            @Override
            public int onArrivalWithoutIdle(ClusterView view) {
                return 1;
            }

            @Override
            public double idleTimeout(RandomGenerator standby) {
                return timeout.sample(standby);
            }
        };
    }
}
