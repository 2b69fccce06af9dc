package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * The constant law S = value. Its density is the Dirac mass: +∞ at {@code value}, 0 elsewhere.
 *
 * @param value 0 &lt; value &lt; ∞
 */
public record Deterministic(double value) implements ServiceDistribution {

    /**
     * Validates the parameters.
     *
     * @param value 0 &lt; value &lt; ∞
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public Deterministic {
        Require.positive("value", value);
    }

    /** {@return S = 1} */
    public static Deterministic unitMean() {
        return new Deterministic(1.0);
    }

    @Override
    public double mean() {
        return value;
    }

    @Override
    public double variance() {
        return 0.0;
    }

    @Override
    public double cdf(double x) {
        return x >= value ? 1.0 : 0.0;
    }

    @Override
    public double ccdf(double x) {
        return x >= value ? 0.0 : 1.0;
    }

    @Override
    public double density(double x) {
        return x == value ? Double.POSITIVE_INFINITY : 0.0;
    }

    @Override
    public double hazard(double x) {
        return x >= value ? Double.POSITIVE_INFINITY : 0.0;
    }

    @Override
    public double sample(RandomGenerator rng) {
        return value;
    }

    @Override
    public String label() {
        return "Det(" + Arguments.fmt(value) + ")";
    }
}
