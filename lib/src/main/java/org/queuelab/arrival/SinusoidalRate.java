package org.queuelab.arrival;

import org.queuelab.model.BuilderArguments;
import org.queuelab.guard.Require;

/**
 * A day cycle λ(t) = mean·(1 + amplitude·cos(2π(t − peak)/period)) ({@code docs/demand.md} §1): it peaks at
 * {@code peak} (mod period) at mean·(1 + amplitude) and bottoms half a period later at mean·(1 − amplitude).
 * Thinning uses blocks of period/64, bounded exactly.
 *
 * @param mean      time-average rate, &gt; 0
 * @param amplitude relative amplitude in [0, 1] (above 1 the rate would turn negative)
 * @param period    period, &gt; 0 (86 400 s for a day)
 * @param peak      time of a peak
 */
public record SinusoidalRate(double mean, double amplitude, double period, double peak) implements RateFunction {

    private static final int BLOCKS = 64;

    /**
     * Validates the components.
     *
     * @param mean      time-average rate, &gt; 0
     * @param amplitude relative amplitude in [0, 1] (above 1 the rate would turn negative)
     * @param period    period, &gt; 0 (86 400 s for a day)
     * @param peak      time of a peak
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public SinusoidalRate {
        Require.positive("mean", mean);
        if (!(amplitude >= 0 && amplitude <= 1)) {
            throw new IllegalArgumentException("amplitude = " + amplitude
                    + "; allowed: 0 ≤ amplitude ≤ 1 (lambda(t) would turn negative)");
        }
        Require.positive("period", period);
        if (!Double.isFinite(peak)) {
            throw new IllegalArgumentException("peak = " + peak + "; allowed: finite");
        }
    }

    private double phase(double t) {
        return 2 * Math.PI * (t - peak) / period;
    }

    @Override
    public double rate(double t) {
        return mean * (1 + amplitude * Math.cos(phase(t)));
    }

    @Override
    public double maxOn(double a, double b) {
        // a peak t = peak + k·period inside [a, b] gives the global maximum; otherwise an end does
        double k = Math.ceil((a - peak) / period);
        if (peak + k * period <= b) {
            return mean * (1 + amplitude);
        }
        return Math.max(rate(a), rate(b));
    }

    @Override
    public double blockEnd(double t) {
        double h = period / BLOCKS;
        double next = (Math.floor(t / h) + 1) * h;
        return Math.max(next, Math.nextUp(t));
    }

    @Override
    public double integral(double a, double b) {
        RateSupport.interval(a, b);
        double w = 2 * Math.PI / period;
        return mean * (b - a) + mean * amplitude * (Math.sin(phase(b)) - Math.sin(phase(a))) / w;
    }

    @Override
    public String label() {
        return "day cycle λ̄=" + RateSupport.fmt(mean) + " ±" + RateSupport.fmt(100 * amplitude) + "%";
    }

    /**
     * A builder that names the four parameters, so that a rate, a fraction and two times cannot be swapped. Mean,
     * amplitude and period must be set; the peak defaults to time 0.
     *
     * <pre>{@code
     * SinusoidalRate day = SinusoidalRate.builder().mean(0.7).amplitude(0.3).period(86_400).peak(50_400).build();
     * }</pre>
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link SinusoidalRate} parameter by parameter; {@link #build()} validates as the constructor does. */
    public static final class Builder {
        private double mean = Double.NaN;
        private double amplitude = Double.NaN;
        private double period = Double.NaN;
        private double peak;

        private Builder() {
        }

        /**
         * Sets the time-average rate, &gt; 0 (jobs per unit of time).
         *
         * @param value the mean
         * @return this builder
         */
        public Builder mean(double value) { this.mean = value; return this; }

        /**
         * Sets the relative amplitude, in [0, 1].
         *
         * @param value the amplitude
         * @return this builder
         */
        public Builder amplitude(double value) { this.amplitude = value; return this; }

        /**
         * Sets the period, &gt; 0 (86 400 for a day in seconds).
         *
         * @param value the period
         * @return this builder
         */
        public Builder period(double value) { this.period = value; return this; }

        /**
         * Sets the time of a peak, finite (default 0).
         *
         * @param value the peak
         * @return this builder
         */
        public Builder peak(double value) { this.peak = value; return this; }

        /**
         * @return the rate function
         * @throws IllegalArgumentException naming a parameter that was not set or is out of range
         */
        public SinusoidalRate build() {
            return new SinusoidalRate(BuilderArguments.requireSet("mean", mean),
                    BuilderArguments.requireSet("amplitude", amplitude), BuilderArguments.requireSet("period", period),
                    peak);
        }
    }
}
