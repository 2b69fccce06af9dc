package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * Exponential law with the given rate: Ḡ(x) = e^{−rate·x} (docs/tabs.md §5, docs/invariant-states.md §7).
 *
 * @param rate 0 &lt; rate &lt; ∞
 */
public record Exponential(double rate) implements ServiceDistribution {

    /**
     * Validates the parameters.
     *
     * @param rate 0 &lt; rate &lt; ∞
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public Exponential {
        Require.positive("rate", rate);
        Arguments.requireMoments("rate = " + rate, 1 / rate, 1 / rate / rate, false);
    }

    /** {@return rate 1, mean 1} */
    public static Exponential unitMean() {
        return new Exponential(1.0);
    }

    /**
     * {@return the exponential law with the given mean}
     *
     * @param mean the mean, in (0, ∞) (units of time)
     */
    public static Exponential withMean(double mean) {
        return new Exponential(1.0 / Require.positive("mean", mean));
    }

    @Override
    public double mean() {
        return 1.0 / rate;
    }

    @Override
    public double variance() {
        return 1.0 / (rate * rate);
    }

    @Override
    public double cdf(double x) {
        return x <= 0 ? 0.0 : -Math.expm1(-rate * x);
    }

    @Override
    public double ccdf(double x) {
        return x <= 0 ? 1.0 : Math.exp(-rate * x);
    }

    @Override
    public double density(double x) {
        return x < 0 ? 0.0 : rate * Math.exp(-rate * x);
    }

    @Override
    public double hazard(double x) {
        return x < 0 ? 0.0 : rate;
    }

    @Override
    public double sample(RandomGenerator rng) {
        return rng.nextExponential() / rate;
    }

    @Override
    public String label() {
        return "Exp(rate=" + Arguments.fmt(rate) + ")";
    }
}
