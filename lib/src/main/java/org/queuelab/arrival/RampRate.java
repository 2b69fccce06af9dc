package org.queuelab.arrival;

import org.queuelab.model.BuilderArguments;
import org.queuelab.guard.Require;

/**
 * λ(t) = from before {@code start}, rising (or falling) linearly to {@code to} at {@code end}, then {@code to}
 * ({@code docs/demand.md} §1). Thinning uses 32 blocks over the ramp, bounded by their larger end value.
 *
 * @param from  rate before the ramp, ≥ 0
 * @param to    rate after the ramp, ≥ 0
 * @param start start of the ramp, ≥ 0
 * @param end   end of the ramp, &gt; start
 */
public record RampRate(double from, double to, double start, double end) implements RateFunction {

    private static final int BLOCKS = 32;

    /**
     * Validates the components.
     *
     * @param from  rate before the ramp, ≥ 0
     * @param to    rate after the ramp, ≥ 0
     * @param start start of the ramp, ≥ 0
     * @param end   end of the ramp, &gt; start
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public RampRate {
        Require.nonNegative("from", from);
        Require.nonNegative("to", to);
        Require.nonNegative("start", start);
        if (!(end > start && Double.isFinite(end))) {
            throw new IllegalArgumentException("end = " + end + "; allowed: start = " + start + " < end < ∞");
        }
    }

    @Override
    public double rate(double t) {
        if (t <= start) {
            return from;
        }
        if (t >= end) {
            return to;
        }
        return from + (to - from) * (t - start) / (end - start);
    }

    @Override
    public double maxOn(double a, double b) {
        return Math.max(rate(a), rate(b));
    }

    @Override
    public double blockEnd(double t) {
        if (t < start) {
            return start;
        }
        if (t >= end) {
            return Double.POSITIVE_INFINITY;
        }
        double h = (end - start) / BLOCKS;
        double next = start + (Math.floor((t - start) / h) + 1) * h;
        return Math.min(Math.max(next, Math.nextUp(t)), end);
    }

    @Override
    public boolean constantOn(double a, double b) {
        return b <= start || a >= end;
    }

    @Override
    public double integral(double a, double b) {
        RateSupport.interval(a, b);
        return primitive(b) - primitive(a);
    }

    /** ∫_0^t λ. */
    private double primitive(double t) {
        double before = from * Math.min(t, start);
        if (t <= start) {
            return before;
        }
        double u = Math.min(t, end);
        double ramp = (u - start) * (from + rate(u)) / 2;
        return before + ramp + (t > end ? to * (t - end) : 0);
    }

    @Override
    public String label() {
        return "ramp λ " + RateSupport.fmt(from) + "→" + RateSupport.fmt(to) + " over [" + RateSupport.fmt(start)
                + ", " + RateSupport.fmt(end) + "]";
    }

    /**
     * A builder that names the two rates and the two times, so that a rate cannot be passed for a time. Every
     * parameter must be set; {@link Builder#build()} validates as the constructor does.
     *
     * <pre>{@code
     * RampRate surge = RampRate.builder().from(0.5).to(0.9).start(100).end(200).build();
     * }</pre>
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link RampRate} parameter by parameter. */
    public static final class Builder {
        private double from = Double.NaN;
        private double to = Double.NaN;
        private double start = Double.NaN;
        private double end = Double.NaN;

        private Builder() {
        }

        /**
         * Sets the rate before the ramp, ≥ 0 (jobs per unit of time).
         *
         * @param value the from
         * @return this builder
         */
        public Builder from(double value) { this.from = value; return this; }

        /**
         * Sets the rate after the ramp, ≥ 0 (jobs per unit of time).
         *
         * @param value the to
         * @return this builder
         */
        public Builder to(double value) { this.to = value; return this; }

        /**
         * Sets the time the ramp starts, ≥ 0.
         *
         * @param value the start
         * @return this builder
         */
        public Builder start(double value) { this.start = value; return this; }

        /**
         * Sets the time the ramp ends, in (start, ∞).
         *
         * @param value the end
         * @return this builder
         */
        public Builder end(double value) { this.end = value; return this; }

        /**
         * @return the rate function
         * @throws IllegalArgumentException naming a parameter that was not set or is out of range
         */
        public RampRate build() {
            return new RampRate(BuilderArguments.requireSet("from", from), BuilderArguments.requireSet("to", to),
                    BuilderArguments.requireSet("start", start), BuilderArguments.requireSet("end", end));
        }
    }
}
