package org.queuelab.dist;

import org.queuelab.model.BuilderArguments;
import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * Generalized Pareto law in the MATLAB convention (docs/tabs.md §5): shape k, scale σ, threshold θ, with
 * Ḡ(x) = (1 + k(x−θ)/σ)^{−1/k} for x ≥ θ (k ≠ 0) and e^{−(x−θ)/σ} (k = 0). For k &lt; 0 the support is bounded,
 * [θ, θ − σ/k]. Mean θ + σ/(1−k); variance σ²/((1−k)²(1−2k)) for k &lt; ½, infinite otherwise. Equivalent to
 * {@code scipy.stats.genpareto(c=k, loc=θ, scale=σ)}.
 *
 * @param shape     k, −∞ &lt; k &lt; 1 (finite mean)
 * @param scale     σ, 0 &lt; σ &lt; ∞
 * @param threshold θ, 0 ≤ θ &lt; ∞ (service times are non-negative)
 */
public record GeneralizedPareto(double shape, double scale, double threshold) implements ServiceDistribution {

    /**
     * Validates the parameters.
     *
     * @param shape k, −∞ &lt; k &lt; 1 (finite mean)
     * @param scale σ, 0 &lt; σ &lt; ∞
     * @param threshold θ, 0 ≤ θ &lt; ∞ (service times are non-negative)
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public GeneralizedPareto {
        Arguments.require(shape < 1 && shape > Double.NEGATIVE_INFINITY, "shape", shape, "-∞ < shape < 1 (finite mean)");
        Require.positive("scale", scale);
        Require.nonNegative("threshold", threshold);
    }

    /** {@return GP_THESIS: k = −0.6, σ = 0.7, θ = 0.56 (mean 0.9975, variance 0.087003; docs/tabs.md §5)} */
    public static GeneralizedPareto thesis() {
        return new GeneralizedPareto(-0.6, 0.7, 0.56);
    }

    /** {@return GP_MEAN1: k = −0.6, σ = 0.7, θ = 0.5625 (mean exactly 1, variance 0.087003; docs/tabs.md §5)} */
    public static GeneralizedPareto mean1() {
        return withShapeAndScale(-0.6, 0.7, 1.0);
    }

    /**
     * {@return same shape and scale, threshold chosen so the mean is {@code mean}: θ = mean − σ/(1−k) ≥ 0}
     *
     * @param shape k, in (−∞, 1)
     * @param scale σ, in (0, ∞) (units of time)
     * @param mean  the mean, ≥ σ/(1 − k) (units of time)
     */
    public static GeneralizedPareto withShapeAndScale(double shape, double scale, double mean) {
        Require.positive("mean", mean);
        Require.positive("scale", scale);
        Arguments.require(shape < 1 && shape > Double.NEGATIVE_INFINITY, "shape", shape, "-∞ < shape < 1 (finite mean)");
        double threshold = mean - scale / (1.0 - shape);
        if (threshold < 0 && threshold >= -8 * Math.ulp(mean)) {
            threshold = 0;   // mean = scale/(1−shape) up to rounding (e.g. shape 0.9, scale 0.1, mean 1): θ = 0
        }
        Arguments.require(threshold >= 0, "mean", mean,
                "mean ≥ scale/(1−shape) = " + scale / (1.0 - shape) + " (threshold ≥ 0)");
        return new GeneralizedPareto(shape, scale, threshold);
    }

    /**
     * The law with this shape k &lt; ½ and the given mean and variance: σ = √v·(1−k)√(1−2k), θ = mean − σ/(1−k),
     * which must be ≥ 0 (e.g. mean 1, variance 0.0870 and k = −0.6 give σ = 0.699989, θ = 0.562507).
     *
     * @param shape    k, in (−∞, ½)
     * @param mean     the mean, in (0, ∞) (units of time), large enough that θ ≥ 0
     * @param variance v, in (0, ∞) (units of time squared)
     * @return the law
     */
    public static GeneralizedPareto withShapeMeanAndVariance(double shape, double mean, double variance) {
        Arguments.require(shape < 0.5, "shape", shape, "shape < 1/2 (finite variance)");
        Require.positive("variance", variance);
        double scale = Math.sqrt(variance) * (1.0 - shape) * Math.sqrt(1.0 - 2.0 * shape);
        return withShapeAndScale(shape, scale, mean);
    }

    /** {@return the upper end of the support: θ − σ/k for k &lt; 0, +∞ otherwise} */
    public double upperBound() {
        return shape < 0 ? threshold - scale / shape : Double.POSITIVE_INFINITY;
    }

    @Override
    public double mean() {
        return threshold + scale / (1.0 - shape);
    }

    @Override
    public double variance() {
        if (shape >= 0.5) {
            return Double.POSITIVE_INFINITY;
        }
        double om = 1.0 - shape;
        return scale * scale / (om * om * (1.0 - 2.0 * shape));
    }

    /** −ln Ḡ(x) for x ≥ θ inside the support: ln(1 + k z)/k, or z for k = 0. */
    private double cumulativeHazard(double x) {
        double z = (x - threshold) / scale;
        return shape == 0 ? z : Math.log1p(shape * z) / shape;
    }

    @Override
    public double cdf(double x) {
        if (x <= threshold) {
            return 0.0;
        }
        return x >= upperBound() ? 1.0 : -Math.expm1(-cumulativeHazard(x));
    }

    @Override
    public double ccdf(double x) {
        if (x <= threshold) {
            return 1.0;
        }
        return x >= upperBound() ? 0.0 : Math.exp(-cumulativeHazard(x));
    }

    @Override
    public double density(double x) {
        if (x < threshold || x >= upperBound()) {
            return 0.0;
        }
        return hazard(x) * Math.exp(-cumulativeHazard(x));
    }

    @Override
    public double hazard(double x) {
        if (x < threshold) {
            return 0.0;
        }
        return x >= upperBound() ? Double.POSITIVE_INFINITY : 1.0 / (scale + shape * (x - threshold));
    }

    @Override
    public double sample(RandomGenerator rng) {
        // inversion x = θ + σ((1−U)^{−k} − 1)/k with −ln(1−U) = E ~ Exp(1)
        double e = rng.nextExponential();
        return shape == 0 ? threshold + scale * e : threshold + scale * Math.expm1(shape * e) / shape;
    }

    @Override
    public String label() {
        return "GP(k=" + Arguments.fmt(shape) + ", σ=" + Arguments.fmt(scale) + ", θ=" + Arguments.fmt(threshold) + ")";
    }

    /**
     * A builder that names shape, scale and threshold (or mean), so that they cannot be swapped. Shape and scale
     * must be set, and exactly one of threshold and mean; with the mean the threshold is chosen as in
     * {@link #withShapeAndScale}.
     *
     * <pre>{@code
     * GeneralizedPareto gp = GeneralizedPareto.builder().shape(-0.6).scale(0.7).mean(1).build();
     * }</pre>
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link GeneralizedPareto} parameter by parameter. */
    public static final class Builder {
        private double shape = Double.NaN;
        private double scale = Double.NaN;
        private double threshold = Double.NaN;
        private double mean = Double.NaN;

        private Builder() {
        }

        /**
         * Sets the shape k, in (−∞, 1).
         *
         * @param value the shape
         * @return this builder
         */
        public Builder shape(double value) { this.shape = value; return this; }

        /**
         * Sets the scale σ, in (0, ∞) (units of time).
         *
         * @param value the scale
         * @return this builder
         */
        public Builder scale(double value) { this.scale = value; return this; }

        /**
         * Sets the threshold θ, in [0, ∞) (units of time); leave unset when the mean is set.
         *
         * @param value the threshold
         * @return this builder
         */
        public Builder threshold(double value) { this.threshold = value; return this; }

        /**
         * Sets the mean θ + σ/(1 − k), ≥ σ/(1 − k) (units of time); leave unset when the threshold is set.
         *
         * @param value the mean
         * @return this builder
         */
        public Builder mean(double value) { this.mean = value; return this; }

        /**
         * @return the law
         * @throws IllegalArgumentException naming a parameter that was not set, set twice (threshold and mean) or is
         *                                  out of range
         */
        public GeneralizedPareto build() {
            BuilderArguments.requireSet("shape", shape);
            BuilderArguments.requireSet("scale", scale);
            if (Double.isNaN(threshold) == Double.isNaN(mean)) {
                throw new IllegalArgumentException("threshold = " + threshold + ", mean = " + mean
                        + "; allowed: exactly one of threshold(value) and mean(value) called");
            }
            return Double.isNaN(mean) ? new GeneralizedPareto(shape, scale, threshold)
                    : withShapeAndScale(shape, scale, mean);
        }
    }
}
