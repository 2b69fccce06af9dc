package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * Lomax (Pareto type II) law: Ḡ(x) = (1 + x/scale)^{−shape} on [0, ∞) (docs/invariant-states.md §7, the
 * rejected Table 1 candidate). Mean scale/(α−1); the variance is infinite for shape ≤ 2.
 *
 * @param shape α, 1 &lt; shape &lt; ∞ (finite mean)
 * @param scale 0 &lt; scale &lt; ∞
 */
public record Lomax(double shape, double scale) implements ServiceDistribution {

    /**
     * Validates the parameters.
     *
     * @param shape α, 1 &lt; shape &lt; ∞ (finite mean)
     * @param scale 0 &lt; scale &lt; ∞
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public Lomax {
        Arguments.require(shape > 1 && shape < Double.POSITIVE_INFINITY, "shape", shape,
                "1 < shape < ∞ (finite mean)");
        Require.positive("scale", scale);
        double mean = scale / (shape - 1.0);
        Arguments.requireMoments("shape = " + shape + ", scale = " + scale, mean, varianceOf(shape, mean), true);
    }

    /**
     * {@return mean 1: scale = α − 1}
     *
     * @param shape α, in (1, ∞)
     */
    public static Lomax unitMean(double shape) {
        Arguments.require(shape > 1 && shape < Double.POSITIVE_INFINITY, "shape", shape,
                "1 < shape < ∞ (finite mean)");
        return new Lomax(shape, shape - 1.0);
    }

    /**
     * {@return the Lomax law with the given mean and SCV: SCV = α/(α−2) &gt; 1, so α = 2·SCV/(SCV−1)}
     *
     * @param mean the mean, in (0, ∞) (units of time)
     * @param scv  the squared coefficient of variation, in (1, ∞)
     */
    public static Lomax withMeanAndScv(double mean, double scv) {
        Require.positive("mean", mean);
        Arguments.require(scv > 1 && scv < Double.POSITIVE_INFINITY, "scv", scv,
                "1 < scv < ∞ (a Lomax law with finite variance has SCV > 1)");
        double shape = 2.0 * scv / (scv - 1.0);
        return new Lomax(shape, mean * (shape - 1.0));
    }

    @Override
    public double mean() {
        return scale / (shape - 1.0);
    }

    @Override
    public double variance() {
        return varianceOf(shape, mean());
    }

    /** m²·α/(α − 2), written through the mean so that it neither overflows nor gives ∞/∞ for large α and scale. */
    private static double varianceOf(double shape, double mean) {
        return shape <= 2 ? Double.POSITIVE_INFINITY : mean * mean * (shape / (shape - 2.0));
    }

    @Override
    public double cdf(double x) {
        return x <= 0 ? 0.0 : -Math.expm1(-shape * Math.log1p(x / scale));
    }

    @Override
    public double ccdf(double x) {
        return x <= 0 ? 1.0 : Math.exp(-shape * Math.log1p(x / scale));
    }

    @Override
    public double density(double x) {
        return x < 0 ? 0.0 : shape / scale * Math.exp(-(shape + 1.0) * Math.log1p(x / scale));
    }

    @Override
    public double hazard(double x) {
        return x < 0 ? 0.0 : shape / (scale + x);
    }

    @Override
    public double sample(RandomGenerator rng) {
        return scale * Math.expm1(rng.nextExponential() / shape);
    }

    @Override
    public String label() {
        return "Lomax(α=" + Arguments.fmt(shape) + ", scale=" + Arguments.fmt(scale) + ")";
    }
}
