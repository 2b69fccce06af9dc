package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;

/**
 * Weibull law Ḡ(x) = exp(−(x/scale)^shape) (docs/invariant-states.md §7: mean 1 needs
 * scale = 1/Γ(1+1/shape); shape 0.5 gives scale ½ and Ḡ = e^{−√(2x)}).
 *
 * @param shape 0 &lt; shape &lt; ∞ (the mean must be representable, which excludes shapes below about 0.006)
 * @param scale 0 &lt; scale &lt; ∞
 */
public record Weibull(double shape, double scale) implements ServiceDistribution {

    /** Shapes bracketing {@link #withMeanAndScv}: SCV ≈ 1e29 at 0.02, ≈ 6.6e-6 at 500. */
    private static final double MIN_FIT_SHAPE = 0.02;
    private static final double MAX_FIT_SHAPE = 500.0;

    /**
     * Validates the parameters.
     *
     * @param shape 0 &lt; shape &lt; ∞ (the mean must be representable, which excludes shapes below about 0.006)
     * @param scale 0 &lt; scale &lt; ∞
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public Weibull {
        Require.positive("shape", shape);
        Require.positive("scale", scale);
        double mean = scale * Math.exp(org.hipparchus.special.Gamma.logGamma(1.0 + 1.0 / shape));
        Arguments.require(Double.isFinite(mean), "shape", shape, "a shape whose mean scale·Γ(1+1/shape) is finite");
        Arguments.requireMoments("shape = " + shape + ", scale = " + scale, mean, mean * mean * scvOfShape(shape),
                false);
    }

    /**
     * {@return mean 1: scale = 1/Γ(1+1/shape)}
     *
     * @param shape in (0, ∞)
     */
    public static Weibull unitMean(double shape) {
        Require.positive("shape", shape);
        return new Weibull(shape, Math.exp(-org.hipparchus.special.Gamma.logGamma(1.0 + 1.0 / shape)));
    }

    /**
     * {@return the Weibull law with the given mean and SCV (shape solved numerically; SCV in [scv(500), scv(0.02)])}
     *
     * @param mean the mean, in (0, ∞) (units of time)
     * @param scv  the squared coefficient of variation, in [scv(500), scv(0.02)]
     */
    public static Weibull withMeanAndScv(double mean, double scv) {
        Require.positive("mean", mean);
        Require.positive("scv", scv);
        double lo = scvOfShape(MAX_FIT_SHAPE);
        double hi = scvOfShape(MIN_FIT_SHAPE);
        Arguments.require(scv >= lo && scv <= hi, "scv", scv,
                lo + " ≤ scv ≤ " + hi + " (Weibull shapes 0.02 … 500)");
        // scv(shape) decreases in shape; solve in log(shape) for a well-scaled bracket
        double logShape = new BracketingNthOrderBrentSolver(1e-15, 1e-14, 5).solve(200,
                t -> Math.log(scvOfShape(Math.exp(t))) - Math.log(scv),
                Math.log(MIN_FIT_SHAPE), Math.log(MAX_FIT_SHAPE));
        Weibull unit = unitMean(Math.exp(logShape));
        return new Weibull(unit.shape, unit.scale * mean);
    }

    /** SCV of a Weibull with this shape: Γ(1+2/a)/Γ(1+1/a)² − 1. */
    static double scvOfShape(double shape) {
        double lg1 = org.hipparchus.special.Gamma.logGamma(1.0 + 1.0 / shape);
        double lg2 = org.hipparchus.special.Gamma.logGamma(1.0 + 2.0 / shape);
        return Math.expm1(lg2 - 2.0 * lg1);
    }

    @Override
    public double mean() {
        return scale * Math.exp(org.hipparchus.special.Gamma.logGamma(1.0 + 1.0 / shape));
    }

    @Override
    public double variance() {
        double m = mean();
        return m * m * scvOfShape(shape);
    }

    @Override
    public double cdf(double x) {
        return x <= 0 ? 0.0 : -Math.expm1(-Math.pow(x / scale, shape));
    }

    @Override
    public double ccdf(double x) {
        return x <= 0 ? 1.0 : Math.exp(-Math.pow(x / scale, shape));
    }

    @Override
    public double density(double x) {
        if (x < 0) {
            return 0.0;
        }
        double y = x / scale;
        double tail = Math.exp(-Math.pow(y, shape));
        // where the tail underflows the density is 0, even if y^(a−1) overflows
        return tail == 0 ? 0.0 : shape / scale * Math.pow(y, shape - 1.0) * tail;
    }

    @Override
    public double hazard(double x) {
        return x < 0 ? 0.0 : shape / scale * Math.pow(x / scale, shape - 1.0);
    }

    @Override
    public double sample(RandomGenerator rng) {
        return scale * Math.pow(rng.nextExponential(), 1.0 / shape);
    }

    @Override
    public String label() {
        return "Weibull(a=" + Arguments.fmt(shape) + ", scale=" + Arguments.fmt(scale) + ")";
    }
}
