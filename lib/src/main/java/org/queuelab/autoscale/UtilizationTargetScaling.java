package org.queuelab.autoscale;

import java.util.ArrayDeque;
import java.util.random.RandomGenerator;

import org.queuelab.plot.Labels;

/**
 * Utilisation-target scaling in the manner of the Kubernetes horizontal pod autoscaler, HPA
 * ({@code docs/demand.md} §4.4). Every {@code syncPeriod}, with u the utilisation of the ready instances over the
 * last period (∫busy / ∫ready) and I the instances on (ready + setting up):
 * <ol>
 *   <li>if |u/target − 1| ≤ tolerance the recommendation is I, otherwise ⌈B̄ / target⌉ where B̄ is the mean number
 *       of busy instances over the period (= ⌈R̄·u/target⌉ with R̄ the mean ready count);</li>
 *   <li>up: the recommendation, at most max(2·I, I + 4) (the default scale-up policy: 100% or 4 instances per
 *       period);</li>
 *   <li>down (stabilisation): the largest recommendation of the last {@code stabilizationWindow}, at most I;</li>
 *   <li>bounded to [minReplicas, N]; the difference with I is started or stopped.</li>
 * </ol>
 * With no ready instance during the period there is no metric and nothing changes. Idle instances never switch
 * themselves off; a request arriving while none is on starts one (only reachable with minReplicas = 0).
 *
 * @param target              target utilisation in (0, 1]
 * @param syncPeriod          evaluation period (Kubernetes default 15 s), &gt; 0
 * @param stabilizationWindow down-scale stabilisation window (default 300 s), ≥ 0
 * @param tolerance           no change while |u/target − 1| ≤ tolerance (default 0.1), ≥ 0
 * @param minReplicas         lower bound (default 1), ≥ 0
 */
public record UtilizationTargetScaling(double target, double syncPeriod, double stabilizationWindow,
                                       double tolerance, int minReplicas) implements Autoscaler {

    /**
     * Validates the components.
     *
     * @param target              target utilisation in (0, 1]
     * @param syncPeriod          evaluation period (Kubernetes default 15 s), &gt; 0
     * @param stabilizationWindow down-scale stabilisation window (default 300 s), ≥ 0
     * @param tolerance           no change while |u/target − 1| ≤ tolerance (default 0.1), ≥ 0
     * @param minReplicas         lower bound (default 1), ≥ 0
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public UtilizationTargetScaling {
        if (!(target > 0 && target <= 1)) {
            throw new IllegalArgumentException("target = " + target + "; allowed: 0 < target ≤ 1");
        }
        if (!(syncPeriod > 0 && Double.isFinite(syncPeriod))) {
            throw new IllegalArgumentException("syncPeriod = " + syncPeriod + "; allowed: 0 < syncPeriod < ∞");
        }
        if (!(stabilizationWindow >= 0 && Double.isFinite(stabilizationWindow))) {
            throw new IllegalArgumentException("stabilizationWindow = " + stabilizationWindow
                    + "; allowed: 0 ≤ window < ∞");
        }
        if (!(tolerance >= 0 && Double.isFinite(tolerance))) {
            throw new IllegalArgumentException("tolerance = " + tolerance + "; allowed: 0 ≤ tolerance < ∞");
        }
        if (minReplicas < 0) {
            throw new IllegalArgumentException("minReplicas = " + minReplicas + "; allowed: ≥ 0");
        }
    }

    /**
     * Kubernetes defaults around a utilisation target: sync 15 s, stabilisation 300 s, tolerance 0.1, min 1.
     *
     * @param target the utilisation target, in (0, 1]
     * @return the autoscaler
     * @throws IllegalArgumentException naming target when it is out of range
     */
    public static UtilizationTargetScaling defaults(double target) {
        return new UtilizationTargetScaling(target, 15, 300, 0.1, 1);
    }

    @Override
    public String label() {
        return "HPA (target " + Labels.number(target) + ", window " + Labels.number(stabilizationWindow) + " s)";
    }

    @Override
    public ScalingController controller(ClusterModel model, RandomGenerator scaling) {
        int n = model.maxInstances();
        return new PeriodicController(syncPeriod) {
            private final ArrayDeque<double[]> recommendations = new ArrayDeque<>(); // (time, value)
            private double lastBusy;
            private double lastReady;

            @Override
            int evaluateAt(double now, ClusterView v) {
                double busy = v.busyIntegral() - lastBusy;
                double ready = v.readyIntegral() - lastReady;
                lastBusy = v.busyIntegral();
                lastReady = v.readyIntegral();
                int current = v.instances();
                if (ready <= 0) {
                    return Math.max(minReplicas, Math.min(current, n)) - current;
                }
                double ratio = busy / ready / target;
                int raw = Math.abs(ratio - 1) <= tolerance ? current
                        : (int) Math.ceil(busy / syncPeriod / target - 1e-9);
                recommendations.addLast(new double[] {now, raw});
                while (recommendations.peekFirst()[0] <= now - stabilizationWindow - 1e-9) {
                    recommendations.removeFirst();
                }
                int desired;
                if (raw > current) {
                    desired = Math.min(raw, Math.max(2 * current, current + 4));
                } else {
                    double max = 0;
                    for (double[] r : recommendations) {
                        max = Math.max(max, r[1]);
                    }
                    desired = (int) Math.min(current, max);
                }
                desired = Math.min(Math.max(desired, minReplicas), n);
                return desired - current;
            }

        };
    }

    /**
     * A builder that starts from {@link #defaults(double) Kubernetes' defaults} around the target and names every
     * other parameter, so that the period, the window and the tolerance cannot be swapped.
     *
     * <pre>{@code
     * UtilizationTargetScaling hpa = UtilizationTargetScaling.builder(0.6).stabilizationWindow(60).build();
     * }</pre>
     *
     * @param target target utilisation, in (0, 1]
     * @return a new builder
     */
    public static Builder builder(double target) {
        return new Builder(defaults(target));
    }

    /**
     * Builds a {@link UtilizationTargetScaling} parameter by parameter; {@link #build()} validates as the
     * constructor does.
     */
    public static final class Builder {
        private final double target;
        private double syncPeriod;
        private double stabilizationWindow;
        private double tolerance;
        private int minReplicas;

        private Builder(UtilizationTargetScaling defaults) {
            target = defaults.target;
            syncPeriod = defaults.syncPeriod;
            stabilizationWindow = defaults.stabilizationWindow;
            tolerance = defaults.tolerance;
            minReplicas = defaults.minReplicas;
        }

        /**
         * Sets the evaluation period (default 15), &gt; 0 (units of time).
         *
         * @param value the syncPeriod
         * @return this builder
         */
        public Builder syncPeriod(double value) { this.syncPeriod = value; return this; }

        /**
         * Sets the down-scale stabilisation window (default 300), ≥ 0 (units of time).
         *
         * @param value the stabilizationWindow
         * @return this builder
         */
        public Builder stabilizationWindow(double value) { this.stabilizationWindow = value; return this; }

        /**
         * Sets the relative tolerance around the target (default 0.1), ≥ 0.
         *
         * @param value the tolerance
         * @return this builder
         */
        public Builder tolerance(double value) { this.tolerance = value; return this; }

        /**
         * Sets the lower bound on the instances (default 1), ≥ 0.
         *
         * @param value the minReplicas
         * @return this builder
         */
        public Builder minReplicas(int value) { this.minReplicas = value; return this; }

        /**
         * @return the autoscaler
         * @throws IllegalArgumentException naming a parameter that is out of range
         */
        public UtilizationTargetScaling build() {
            return new UtilizationTargetScaling(target, syncPeriod, stabilizationWindow, tolerance, minReplicas);
        }
    }
}
