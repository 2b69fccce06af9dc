package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * Lognormal law S = exp(μ + σZ): Ḡ(x) = ½ erfc((ln x − μ)/(σ√2)) (docs/invariant-states.md §7: mean 1 needs
 * μ = −σ²/2). The tail is computed from erfc directly, so it keeps full relative precision far below 1e-12.
 *
 * @param mu    μ, finite
 * @param sigma σ, 0 &lt; σ &lt; ∞
 */
public record LogNormal(double mu, double sigma) implements ServiceDistribution {

    /**
     * Validates the parameters.
     *
     * @param mu μ, finite
     * @param sigma σ, 0 &lt; σ &lt; ∞
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public LogNormal {
        Require.finite("mu", mu);
        Require.positive("sigma", sigma);
        Arguments.require(Double.isFinite(Math.exp(mu + 0.5 * sigma * sigma)), "sigma", sigma,
                "a value with finite mean exp(mu + sigma²/2)");
        double s2 = sigma * sigma;
        Arguments.requireMoments("mu = " + mu + ", sigma = " + sigma, Math.exp(mu + 0.5 * s2),
                Math.expm1(s2) * Math.exp(2.0 * mu + s2), false);
    }

    /**
     * {@return mean 1: μ = −σ²/2, SCV e^{σ²} − 1}
     *
     * @param sigma σ, in (0, ∞)
     */
    public static LogNormal unitMean(double sigma) {
        Require.positive("sigma", sigma);
        return new LogNormal(-0.5 * sigma * sigma, sigma);
    }

    /**
     * {@return the lognormal law with the given mean and SCV: σ² = ln(1 + SCV), μ = ln(mean) − σ²/2}
     *
     * @param mean the mean, in (0, ∞) (units of time)
     * @param scv  the squared coefficient of variation, in (0, ∞)
     */
    public static LogNormal withMeanAndScv(double mean, double scv) {
        Require.positive("mean", mean);
        Require.positive("scv", scv);
        double s2 = Math.log1p(scv);
        return new LogNormal(Math.log(mean) - 0.5 * s2, Math.sqrt(s2));
    }

    @Override
    public double mean() {
        return Math.exp(mu + 0.5 * sigma * sigma);
    }

    @Override
    public double variance() {
        double s2 = sigma * sigma;
        return Math.expm1(s2) * Math.exp(2.0 * mu + s2);
    }

    private double z(double x) {
        return (Math.log(x) - mu) / sigma;
    }

    @Override
    public double cdf(double x) {
        return x <= 0 ? 0.0 : NormalTail.lower(z(x));
    }

    @Override
    public double ccdf(double x) {
        return x <= 0 ? 1.0 : NormalTail.upper(z(x));
    }

    @Override
    public double density(double x) {
        return x <= 0 ? 0.0 : NormalTail.pdf(z(x)) / sigma / x;
    }

    @Override
    public double hazard(double x) {
        if (x == Double.POSITIVE_INFINITY) {
            return 0.0; // the log-normal hazard decays like log(x)/(σ²x)
        }
        return x <= 0 ? 0.0 : NormalTail.hazard(z(x)) / sigma / x;
    }

    @Override
    public double sample(RandomGenerator rng) {
        return Math.exp(mu + sigma * rng.nextGaussian());
    }

    @Override
    public String label() {
        return "LogNormal(μ=" + Arguments.fmt(mu) + ", σ=" + Arguments.fmt(sigma) + ")";
    }
}
