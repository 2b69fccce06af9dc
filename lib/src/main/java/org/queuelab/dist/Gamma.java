package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * Gamma law with shape k and scale θ: Ḡ(x) = Q(k, x/θ), the regularised upper incomplete gamma function
 * (docs/invariant-states.md §7: mean 1 needs scale 1/k). Sampling: Marsaglia–Tsang (2000), with the
 * U^{1/k} boost for k &lt; 1.
 *
 * @param shape k, 0 &lt; k ≤ {@value #MAX_SHAPE}
 * @param scale θ, 0 &lt; θ &lt; ∞ (units of time)
 */
public record Gamma(double shape, double scale) implements ServiceDistribution {

    /** Largest shape: Hipparchus sums P(k, y) near y = k in O(√k) terms (10⁶ at the limit). */
    public static final double MAX_SHAPE = 1e12;

    /**
     * Validates the parameters.
     *
     * @param shape k, 0 &lt; k ≤ {@value #MAX_SHAPE}
     * @param scale θ, 0 &lt; θ &lt; ∞
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public Gamma {
        Arguments.require(shape <= MAX_SHAPE, "shape", shape, "0 < shape ≤ " + MAX_SHAPE
                + " (P(k, y) is summed in O(√k) terms)");
        Require.positive("shape", shape);
        Require.positive("scale", scale);
        Arguments.requireMoments("shape = " + shape + ", scale = " + scale, shape * scale, shape * scale * scale,
                false);
    }

    /**
     * {@return mean 1: scale 1/k, SCV 1/k}
     *
     * @param shape k, in (0, ∞)
     */
    public static Gamma unitMean(double shape) {
        return new Gamma(shape, 1.0 / Require.positive("shape", shape));
    }

    /**
     * {@return the gamma law with the given mean and SCV: k = 1/SCV, θ = mean·SCV}
     *
     * @param mean the mean, in (0, ∞) (units of time)
     * @param scv  the squared coefficient of variation, in (0, ∞)
     */
    public static Gamma withMeanAndScv(double mean, double scv) {
        Require.positive("mean", mean);
        Require.positive("scv", scv);
        return new Gamma(1.0 / scv, mean * scv);
    }

    @Override
    public double mean() {
        return shape * scale;
    }

    @Override
    public double variance() {
        return shape * scale * scale;
    }

    @Override
    public double cdf(double x) {
        return lowerRegularized(shape, x / scale);
    }

    @Override
    public double ccdf(double x) {
        return upperRegularized(shape, x / scale);
    }

    /**
     * P(k, y) for y ≥ 0, 1 at y = ∞ or where Q underflows (where Hipparchus' continued fraction fails), clamped
     * to [0, 1] against the special function's rounding (tiny k gives values a few 1e-14 outside); also used by
     * {@link Erlang}.
     */
    static double lowerRegularized(double shape, double y) {
        return regularized(shape, y, false);
    }

    /** Q(k, y), like {@link #lowerRegularized}: 1 for y ≤ 0, 0 at y = ∞, clamped to [0, 1]. */
    static double upperRegularized(double shape, double y) {
        return regularized(shape, y, true);
    }

    private static double regularized(double shape, double y, boolean upper) {
        if (y <= 0 || upperUnderflows(shape, y)) {
            return (y <= 0) == upper ? 1.0 : 0.0;
        }
        double v = upper ? org.hipparchus.special.Gamma.regularizedGammaQ(shape, y)
                : org.hipparchus.special.Gamma.regularizedGammaP(shape, y);
        return Math.min(1.0, Math.max(0.0, v));
    }

    /**
     * Whether Q(k, y) is below the smallest double, by the bound Q(k, y) ≤ y^{k−1}e^{−y}/(Γ(k)(1 − (k−1)/y)) for
     * y &gt; k − 1 (Hipparchus' continued fraction diverges for y near 1e300 instead of returning 0).
     */
    private static boolean upperUnderflows(double shape, double y) {
        if (y == Double.POSITIVE_INFINITY) {
            return true;
        }
        if (!(y > 2 * shape + 2)) {
            return false;
        }
        double logBound = (shape - 1) * Math.log(y) - y - org.hipparchus.special.Gamma.logGamma(shape)
                - Math.log1p(-(shape - 1) / y);
        return logBound < -760;
    }

    @Override
    public double density(double x) {
        return density(shape, scale, x);
    }

    @Override
    public double hazard(double x) {
        return hazard(shape, scale, x);
    }

    @Override
    public double sample(RandomGenerator rng) {
        // Marsaglia–Tsang constants for shape max(k, k+1)
        double d = (shape < 1 ? shape + 1.0 : shape) - 1.0 / 3.0;
        double g = marsagliaTsang(rng, d, 1.0 / Math.sqrt(9.0 * d));
        if (shape < 1) {
            g *= Math.exp(-rng.nextExponential() / shape); // Gamma(k) = Gamma(k+1)·U^{1/k}
        }
        return scale * g;
    }

    @Override
    public String label() {
        return "Gamma(k=" + Arguments.fmt(shape) + ", scale=" + Arguments.fmt(scale) + ")";
    }

    @Override
    public String toString() {
        return label();
    }

    /** Gamma(k, θ) density; also used by {@link Erlang}. */
    static double density(double shape, double scale, double x) {
        if (x < 0) {
            return 0.0;
        }
        double y = x / scale;
        if (y == 0) {
            return shape < 1 ? Double.POSITIVE_INFINITY : shape == 1 ? 1.0 / scale : 0.0;
        }
        if (y == Double.POSITIVE_INFINITY) {
            return 0.0;
        }
        return Math.exp((shape - 1.0) * Math.log(y) - y - org.hipparchus.special.Gamma.logGamma(shape)) / scale;
    }

    /**
     * Gamma(k, θ) hazard; where Q(k, y) underflows it uses Γ(k, y) ~ y^{k−1}e^{−y}Σ_j (k−1)…(k−j)/y^j
     * (there y &gt; 700, so the asymptotic series converges to machine precision for moderate k).
     */
    static double hazard(double shape, double scale, double x) {
        if (x < 0) {
            return 0.0;
        }
        double y = x / scale;
        if (y == Double.POSITIVE_INFINITY) {
            return 1.0 / scale; // the gamma hazard tends to the rate 1/θ
        }
        double tail = upperRegularized(shape, y);
        if (tail > 1e-290) {
            return density(shape, scale, x) / tail;
        }
        double sum = 1.0;
        double term = 1.0;
        for (int j = 1; j < 60; j++) {
            double next = term * (shape - j) / y;
            if (Math.abs(next) >= Math.abs(term) || Math.abs(next) < 1e-17) {
                break;
            }
            term = next;
            sum += term;
        }
        return 1.0 / (scale * sum);
    }

    /** Marsaglia–Tsang squeeze/acceptance for Gamma(d + 1/3, 1), d ≥ 2/3. */
    static double marsagliaTsang(RandomGenerator rng, double d, double c) {
        while (true) {
            double z = rng.nextGaussian();
            double v = 1.0 + c * z;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = rng.nextDouble();
            double z2 = z * z;
            if (u < 1.0 - 0.0331 * z2 * z2 || Math.log(u) < 0.5 * z2 + d * (1.0 - v + Math.log(v))) {
                return d * v;
            }
        }
    }
}
