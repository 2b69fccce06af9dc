package org.queuelab.autoscale;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;
import org.queuelab.plot.Labels;

/**
 * A Knative-style pod autoscaler, KPA ({@code docs/demand.md} §4.3). Every {@code tick} it reads the observed
 * concurrency C (requests in service or waiting) averaged over a stable window and a panic window, and with
 * R = max(1, ready instances):
 * <ol>
 *   <li>desired_stable = ⌈C_stable / target⌉ and desired_panic = ⌈C_panic / target⌉, each clamped to
 *       [⌊R / maxScaleDownRate⌋, ⌈maxScaleUpRate · R⌉];</li>
 *   <li>panic starts (or is extended) whenever C_panic/target ≥ panicThreshold · R, and ends once a stable window has
 *       passed since it was last extended;</li>
 *   <li>in panic the target is the largest desired_panic seen since the panic began (it never scales down);
 *       otherwise it is desired_stable;</li>
 *   <li>a target of 0 takes effect only after it has held for {@code scaleToZeroGrace}; until then one instance
 *       stays; the target is raised to {@code minScale} and capped at N;</li>
 *   <li>the difference between the target and the instances on (ready + setting up) is started or stopped.</li>
 * </ol>
 * Like Knative's activator, a request that arrives while no instance is on starts one at once. Idle instances
 * never switch themselves off. Window lengths are rounded to whole ticks.
 *
 * @param target           target concurrency per instance (Knative: container concurrency × target utilisation),
 *                         &gt; 0
 * @param stableWindow     stable window (Knative default 60 s), ≥ tick
 * @param panicWindow      panic window (default 6 s = 10% of stable), in [tick, stableWindow]
 * @param panicThreshold   panic threshold as a multiple of the ready instances (default 2 = 200%), &gt; 0
 * @param maxScaleUpRate   at most this factor up per tick (default 1000), ≥ 1
 * @param maxScaleDownRate at most divide by this per tick (default 2), ≥ 1
 * @param scaleToZeroGrace delay before scaling to zero (default 30 s), ≥ 0
 * @param tick             evaluation period (default 2 s), &gt; 0
 * @param minScale         lower bound on the target (default 0), ≥ 0
 */
public record KnativeScaling(double target, double stableWindow, double panicWindow, double panicThreshold,
                             double maxScaleUpRate, double maxScaleDownRate, double scaleToZeroGrace, double tick,
                             int minScale) implements Autoscaler {

    /**
     * Validates the components.
     *
     * @param target           target concurrency per instance (Knative: container concurrency × target utilisation), &gt; 0
     * @param stableWindow     stable window (Knative default 60 s), ≥ tick
     * @param panicWindow      panic window (default 6 s = 10% of stable), in [tick, stableWindow]
     * @param panicThreshold   panic threshold as a multiple of the ready instances (default 2 = 200%), &gt; 0
     * @param maxScaleUpRate   at most this factor up per tick (default 1000), ≥ 1
     * @param maxScaleDownRate at most divide by this per tick (default 2), ≥ 1
     * @param scaleToZeroGrace delay before scaling to zero (default 30 s), ≥ 0
     * @param tick             evaluation period (default 2 s), &gt; 0
     * @param minScale         lower bound on the target (default 0), ≥ 0
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public KnativeScaling {
        Require.positive("target", target);
        Require.positive("tick", tick);
        if (!(stableWindow >= tick && Double.isFinite(stableWindow))) {
            throw new IllegalArgumentException("stableWindow = " + stableWindow + "; allowed: tick = " + tick
                    + " ≤ stableWindow < ∞");
        }
        if (!(panicWindow >= tick && panicWindow <= stableWindow)) {
            throw new IllegalArgumentException("panicWindow = " + panicWindow + "; allowed: tick ≤ panicWindow ≤ "
                    + "stableWindow = " + stableWindow);
        }
        Require.positive("panicThreshold", panicThreshold);
        if (!(maxScaleUpRate >= 1 && Double.isFinite(maxScaleUpRate))) {
            throw new IllegalArgumentException("maxScaleUpRate = " + maxScaleUpRate + "; allowed: 1 ≤ rate < ∞");
        }
        if (!(maxScaleDownRate >= 1 && Double.isFinite(maxScaleDownRate))) {
            throw new IllegalArgumentException("maxScaleDownRate = " + maxScaleDownRate + "; allowed: 1 ≤ rate < ∞");
        }
        if (!(scaleToZeroGrace >= 0 && Double.isFinite(scaleToZeroGrace))) {
            throw new IllegalArgumentException("scaleToZeroGrace = " + scaleToZeroGrace + "; allowed: 0 ≤ grace < ∞");
        }
        if (minScale < 0) {
            throw new IllegalArgumentException("minScale = " + minScale + "; allowed: ≥ 0");
        }
    }

    /**
     * Knative's defaults around a concurrency target per instance: stable window 60, panic window 6, panic
     * threshold 2, scale-up rate 1000, scale-down rate 2, scale-to-zero grace 30, tick 2, min scale 0.
     *
     * @param target target concurrency per instance, &gt; 0
     * @return the autoscaler
     * @throws IllegalArgumentException naming target when it is out of range
     */
    public static KnativeScaling defaults(double target) {
        return new KnativeScaling(target, 60, 6, 2.0, 1000, 2, 30, 2, 0);
    }

    @Override
    public String label() {
        return "KPA (target " + Labels.number(target) + ", stable " + Labels.number(stableWindow) + " s)";
    }

    @Override
    public ScalingController controller(ClusterModel model, RandomGenerator scaling) {
        int mStable = TickWindows.ticksIn(stableWindow, tick);
        int mPanic = TickWindows.ticksIn(panicWindow, tick);
        TickWindows concurrency = new TickWindows(tick, mStable);
        int n = model.maxInstances();
        return new PeriodicController(tick) {
            private double panicSince = Double.NaN;
            private int maxPanic;
            private double zeroSince = Double.NaN;

            @Override
            int evaluateAt(double now, ClusterView v) {
                concurrency.record(v.concurrencyIntegral());
                double stable = concurrency.average(mStable, now) / target;
                double panic = concurrency.average(mPanic, now) / target;
                double ready = Math.max(1, v.ready());
                double up = Math.ceil(maxScaleUpRate * ready);
                double down = Math.floor(ready / maxScaleDownRate);
                int desiredStable = (int) Math.min(Math.max(Math.ceil(stable - 1e-9), down), up);
                int desiredPanic = (int) Math.min(Math.max(Math.ceil(panic - 1e-9), down), up);
                boolean over = panic / ready >= panicThreshold;
                if (over) {
                    panicSince = now;
                } else if (!Double.isNaN(panicSince) && now - panicSince >= stableWindow) {
                    panicSince = Double.NaN;
                    maxPanic = 0;
                }
                int desired = desiredStable;
                if (!Double.isNaN(panicSince)) {
                    maxPanic = Math.max(maxPanic, desiredPanic);
                    desired = maxPanic;
                }
                desired = Math.max(desired, minScale);
                if (desired == 0) {
                    if (Double.isNaN(zeroSince)) {
                        zeroSince = now;
                    }
                    if (now - zeroSince < scaleToZeroGrace) {
                        desired = Math.min(1, v.instances());
                    }
                } else {
                    zeroSince = Double.NaN;
                }
                return Math.min(desired, n) - v.instances();
            }

        };
    }

    /**
     * A builder that starts from {@link #defaults(double) Knative's defaults} around the target and names every
     * other parameter, so that two of the eight numbers cannot be swapped.
     *
     * <pre>{@code
     * KnativeScaling kpa = KnativeScaling.builder(10).stableWindow(120).panicWindow(12).build();
     * }</pre>
     *
     * @param target target concurrency per instance, &gt; 0
     * @return a new builder
     */
    public static Builder builder(double target) {
        return new Builder(defaults(target));
    }

    /** Builds a {@link KnativeScaling} parameter by parameter; {@link #build()} validates as the constructor does. */
    public static final class Builder {
        private final double target;
        private double stableWindow;
        private double panicWindow;
        private double panicThreshold;
        private double maxScaleUpRate;
        private double maxScaleDownRate;
        private double scaleToZeroGrace;
        private double tick;
        private int minScale;

        private Builder(KnativeScaling defaults) {
            target = defaults.target;
            stableWindow = defaults.stableWindow;
            panicWindow = defaults.panicWindow;
            panicThreshold = defaults.panicThreshold;
            maxScaleUpRate = defaults.maxScaleUpRate;
            maxScaleDownRate = defaults.maxScaleDownRate;
            scaleToZeroGrace = defaults.scaleToZeroGrace;
            tick = defaults.tick;
            minScale = defaults.minScale;
        }

        /**
         * Sets the stable window (default 60), in [tick, ∞) (units of time).
         *
         * @param value the stableWindow
         * @return this builder
         */
        public Builder stableWindow(double value) { this.stableWindow = value; return this; }

        /**
         * Sets the panic window (default 6), in [tick, stableWindow] (units of time).
         *
         * @param value the panicWindow
         * @return this builder
         */
        public Builder panicWindow(double value) { this.panicWindow = value; return this; }

        /**
         * Sets the panic threshold as a multiple of the ready instances (default 2), &gt; 0.
         *
         * @param value the panicThreshold
         * @return this builder
         */
        public Builder panicThreshold(double value) { this.panicThreshold = value; return this; }

        /**
         * Sets the largest factor up per tick (default 1000), in [1, ∞).
         *
         * @param value the maxScaleUpRate
         * @return this builder
         */
        public Builder maxScaleUpRate(double value) { this.maxScaleUpRate = value; return this; }

        /**
         * Sets the largest divisor down per tick (default 2), in [1, ∞).
         *
         * @param value the maxScaleDownRate
         * @return this builder
         */
        public Builder maxScaleDownRate(double value) { this.maxScaleDownRate = value; return this; }

        /**
         * Sets the delay before scaling to zero (default 30), in [0, ∞) (units of time).
         *
         * @param value the scaleToZeroGrace
         * @return this builder
         */
        public Builder scaleToZeroGrace(double value) { this.scaleToZeroGrace = value; return this; }

        /**
         * Sets the evaluation period (default 2), &gt; 0 (units of time).
         *
         * @param value the tick
         * @return this builder
         */
        public Builder tick(double value) { this.tick = value; return this; }

        /**
         * Sets the lower bound on the target (default 0), ≥ 0 instances.
         *
         * @param value the minScale
         * @return this builder
         */
        public Builder minScale(int value) { this.minScale = value; return this; }

        /**
         * @return the autoscaler
         * @throws IllegalArgumentException naming a parameter that is out of range
         */
        public KnativeScaling build() {
            return new KnativeScaling(target, stableWindow, panicWindow, panicThreshold, maxScaleUpRate,
                    maxScaleDownRate, scaleToZeroGrace, tick, minScale);
        }
    }
}
