package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * Classical (type I) Pareto law: Ḡ(x) = 1 for x &lt; scale, (scale/x)^shape for x ≥ scale
 * (docs/invariant-states.md §7: mean 1 needs scale x_m = (α−1)/α; α = 1.5 gives x_m = 1/3).
 * The variance is infinite for shape ≤ 2.
 *
 * @param scale x_m, 0 &lt; scale &lt; ∞
 * @param shape α, 1 &lt; shape &lt; ∞ (finite mean)
 */
public record Pareto(double scale, double shape) implements ServiceDistribution {

    /**
     * Validates the parameters.
     *
     * @param scale x_m, 0 &lt; scale &lt; ∞
     * @param shape α, 1 &lt; shape &lt; ∞ (finite mean)
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public Pareto {
        Require.positive("scale", scale);
        Arguments.require(shape > 1 && shape < Double.POSITIVE_INFINITY, "shape", shape,
                "1 < shape < ∞ (finite mean)");
        double mean = shape * (scale / (shape - 1.0));
        Arguments.requireMoments("scale = " + scale + ", shape = " + shape, mean, varianceOf(shape, mean), true);
    }

    /**
     * {@return mean 1: x_m = (α−1)/α}
     *
     * @param shape α, in (1, ∞)
     */
    public static Pareto unitMean(double shape) {
        Arguments.require(shape > 1 && shape < Double.POSITIVE_INFINITY, "shape", shape,
                "1 < shape < ∞ (finite mean)");
        return new Pareto((shape - 1.0) / shape, shape);
    }

    /**
     * {@return the Pareto law with the given mean and SCV: SCV = 1/(α(α−2)), so α = 1 + √(1 + 1/SCV) &gt; 2}
     *
     * @param mean the mean, in (0, ∞) (units of time)
     * @param scv  the squared coefficient of variation, in (0, ∞)
     */
    public static Pareto withMeanAndScv(double mean, double scv) {
        Require.positive("mean", mean);
        Require.positive("scv", scv);
        double shape = 1.0 + Math.sqrt(1.0 + 1.0 / scv);
        return new Pareto(mean * (shape - 1.0) / shape, shape);
    }

    @Override
    public double mean() {
        return shape * (scale / (shape - 1.0));
    }

    @Override
    public double variance() {
        return varianceOf(shape, mean());
    }

    /** m²/(α(α − 2)), written through the mean so that it does not overflow for large α. */
    private static double varianceOf(double shape, double mean) {
        return shape <= 2 ? Double.POSITIVE_INFINITY : mean / shape * (mean / (shape - 2.0));
    }

    @Override
    public double cdf(double x) {
        return x <= scale ? 0.0 : -Math.expm1(shape * Math.log(scale / x));
    }

    @Override
    public double ccdf(double x) {
        return x <= scale ? 1.0 : Math.exp(shape * Math.log(scale / x));
    }

    @Override
    public double density(double x) {
        // α/x·(x_m/x)^α in logs: α/x alone overflows for large α
        return x < scale ? 0.0 : Math.exp(Math.log(shape / x) + shape * Math.log(scale / x));
    }

    @Override
    public double hazard(double x) {
        return x < scale ? 0.0 : shape / x;
    }

    @Override
    public double sample(RandomGenerator rng) {
        return scale * Math.exp(rng.nextExponential() / shape);
    }

    @Override
    public String label() {
        return "Pareto(xm=" + Arguments.fmt(scale) + ", α=" + Arguments.fmt(shape) + ")";
    }
}
