package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;
import org.hipparchus.special.Erf;

/**
 * Folded normal law S = |X|, X ~ N(α, σ²) (docs/tabs.md §5). Mean σ√(2/π)e^{−α²/(2σ²)} + α·erf(α/(σ√2)),
 * second moment α² + σ². Its SCV depends only on r = α/σ and decreases from π/2 − 1 (half-normal, r = 0) to 0,
 * so <b>no folded normal has SCV above π/2 − 1 ≈ 0.5708</b> — in particular none has mean 1 and variance 1,
 * the thesis' description. The thesis simulated |N(1, σ²)| ({@link #thesis}).
 *
 * @param location α, the mean of the underlying normal, 0 ≤ α &lt; ∞ (|N(−α, σ²)| is the same law)
 * @param sigma    σ, the standard deviation of the underlying normal, 0 &lt; σ &lt; ∞
 */
public record FoldedNormal(double location, double sigma) implements ServiceDistribution {

    /** The largest SCV of the family, π/2 − 1 (the half-normal). */
    public static final double MAX_SCV = Math.PI / 2 - 1;

    private static final double SQRT2 = Math.sqrt(2.0);
    private static final double SQRT_2_OVER_PI = Math.sqrt(2.0 / Math.PI);

    /**
     * Validates the parameters.
     *
     * @param location α of the underlying normal, 0 ≤ α &lt; ∞ (|N(−α, σ²)| is the same law)
     * @param sigma    σ of the underlying normal, 0 &lt; σ &lt; ∞
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public FoldedNormal {
        Require.nonNegative("location", location);
        Require.positive("sigma", sigma);
        Arguments.requireMoments("location = " + location + ", sigma = " + sigma, mean(location, sigma),
                variance(location, sigma), false);
    }

    /** m = α + δ with δ = σ√(2/π)e^{−r²/2} − α·erfc(r/√2). */
    private static double mean(double location, double sigma) {
        return location + sigma * excessOverLocation(location / sigma);
    }

    /** Var = σ² − δ(2α + δ), which avoids α² + σ² − m² cancelling. */
    private static double variance(double location, double sigma) {
        double delta = sigma * excessOverLocation(location / sigma);
        return sigma * sigma - delta * (2.0 * location + delta);
    }

    /** δ/σ = (m − α)/σ as a function of r = α/σ. */
    private static double excessOverLocation(double r) {
        return SQRT_2_OVER_PI * Math.exp(-0.5 * r * r) - r * Erf.erfc(r / SQRT2);
    }

    /** SCV as a function of r = α/σ (scale-free). */
    static double scvOfRatio(double r) {
        double delta = excessOverLocation(r);
        double m = r + delta;
        return (1.0 - delta * (2.0 * r + delta)) / (m * m);
    }

    /**
     * {@return FN_THESIS(σ²) = |N(1, σ²)|, what the thesis simulated; σ² = 1 gives mean 1.166631, variance 0.638972}
     *
     * @param sigma2 σ², the variance of the underlying normal, in (0, ∞)
     */
    public static FoldedNormal thesis(double sigma2) {
        return new FoldedNormal(1.0, Math.sqrt(Require.positive("sigma2", sigma2)));
    }

    /**
     * {@return FN_RESCALED(σ²) = |N(1, σ²)| / m(σ²): exact mean 1, variance = the SCV of FN_THESIS(σ²)}
     *
     * @param sigma2 σ², the variance of the underlying normal, in (0, ∞)
     */
    public static FoldedNormal rescaled(double sigma2) {
        FoldedNormal f = thesis(sigma2);
        return f.scaled(1.0 / f.mean());
    }

    /**
     * {@return FN_MEAN1(v): mean 1 and variance v, feasible iff 0 &lt; v ≤ π/2 − 1}
     *
     * @param variance v, in (0, π/2 − 1]
     */
    public static FoldedNormal mean1(double variance) {
        return withMeanAndScv(1.0, variance);
    }

    /**
     * The folded normal with the given mean and SCV, feasible iff 0 &lt; SCV ≤ π/2 − 1: r = α/σ solves
     * scv(r) = SCV (Brent), then σ = mean/(r + δ(r)), α = rσ.
     *
     * @param mean the mean, in (0, ∞) (units of time)
     * @param scv  the squared coefficient of variation, in (0, π/2 − 1]
     * @return the law
     */
    public static FoldedNormal withMeanAndScv(double mean, double scv) {
        Require.positive("mean", mean);
        Arguments.require(scv > 0 && scv <= MAX_SCV, "scv", scv,
                "0 < scv ≤ π/2 − 1 = " + MAX_SCV + " (no folded normal is more variable; e.g. mean 1 with "
                        + "variance 1 is impossible)");
        double r;
        if (scv >= MAX_SCV) {
            r = 0.0;
        } else {
            double upper = 10.0 + 2.0 / Math.sqrt(scv); // scv(r) ≈ 1/r² for large r
            r = new BracketingNthOrderBrentSolver(1e-15, 1e-15, 5).solve(500,
                    t -> scvOfRatio(t) - scv, 0.0, upper);
        }
        double sigma = mean / (r + excessOverLocation(r));
        return new FoldedNormal(r * sigma, sigma);
    }

    /**
     * {@return the law of c·S = |N(cα, c²σ²)|}
     *
     * @param factor c, in (0, ∞)
     */
    public FoldedNormal scaled(double factor) {
        Require.positive("factor", factor);
        return new FoldedNormal(location * factor, sigma * factor);
    }

    @Override
    public double mean() {
        return mean(location, sigma);
    }

    @Override
    public double variance() {
        return variance(location, sigma);
    }

    @Override
    public double cdf(double x) {
        if (x <= 0) {
            return 0.0;
        }
        // Φ((x−α)/σ) − Φ((−x−α)/σ) = Φ̄((α−x)/σ) − Φ̄((x+α)/σ)
        return NormalTail.upper((location - x) / sigma) - NormalTail.upper((x + location) / sigma);
    }

    @Override
    public double ccdf(double x) {
        if (x <= 0) {
            return 1.0;
        }
        return NormalTail.upper((x - location) / sigma) + NormalTail.upper((x + location) / sigma);
    }

    @Override
    public double density(double x) {
        if (x < 0) {
            return 0.0;
        }
        return (NormalTail.pdf((x - location) / sigma) + NormalTail.pdf((x + location) / sigma)) / sigma;
    }

    /**
     * With z₁ = (x−α)/σ, z₂ = (x+α)/σ and e = φ(z₂)/φ(z₁) = e^{−2αx/σ²}: h = h_N(z₁)(1 + e) / (σ(1 + e·ρ)),
     * ρ = Φ̄(z₂)φ(z₁)/(Φ̄(z₁)φ(z₂)) = h_N(z₁)/h_N(z₂), which stays finite where the tails underflow.
     */
    @Override
    public double hazard(double x) {
        if (x < 0) {
            return 0.0;
        }
        double z1 = (x - location) / sigma;
        if (z1 == Double.POSITIVE_INFINITY) {
            return Double.POSITIVE_INFINITY; // the normal hazard grows like x/σ²
        }
        double z2 = (x + location) / sigma;
        double h1 = NormalTail.hazard(z1);
        double e = Math.exp(-2.0 * location * x / (sigma * sigma));
        return h1 * (1.0 + e) / (sigma * (1.0 + e * h1 / NormalTail.hazard(z2)));
    }

    @Override
    public double sample(RandomGenerator rng) {
        return Math.abs(location + sigma * rng.nextGaussian());
    }

    @Override
    public String label() {
        return "|N(" + Arguments.fmt(location) + ", " + Arguments.fmt(sigma * sigma) + ")|";
    }

    @Override
    public String toString() {
        return label();
    }
}
