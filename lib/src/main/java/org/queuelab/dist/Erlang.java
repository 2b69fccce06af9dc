package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * Erlang law: the sum of {@code phases} independent exponentials of rate {@code rate}, i.e. Gamma(k, 1/rate) with
 * integer k. Ḡ(x) = Q(k, rate·x) = e^{−rate x} Σ_{j&lt;k} (rate x)^j / j!. Sampled phase by phase up to
 * {@value #PHASE_BY_PHASE} phases; above that, where k exponentials cost more than one gamma variate, by the
 * Marsaglia–Tsang gamma sampler of {@link Gamma} (the same law, O(1) per sample whatever k).
 *
 * @param phases k ≥ 1
 * @param rate   rate of each phase, 0 &lt; rate &lt; ∞
 */
public record Erlang(int phases, double rate) implements ServiceDistribution {

    /** Most phases sampled as a sum of exponentials. */
    static final int PHASE_BY_PHASE = 32;

    /**
     * Validates the parameters.
     *
     * @param phases k ≥ 1
     * @param rate rate of each phase, 0 &lt; rate &lt; ∞
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public Erlang {
        Arguments.require(phases >= 1, "phases", phases, "phases ≥ 1");
        Require.positive("rate", rate);
        Arguments.requireMoments("phases = " + phases + ", rate = " + rate, phases / rate, phases / rate / rate,
                false);
    }

    /**
     * {@return mean 1: rate k, SCV 1/k}
     *
     * @param phases k, ≥ 1
     */
    public static Erlang unitMean(int phases) {
        return new Erlang(phases, phases);
    }

    /**
     * {@return the Erlang-k law with the given mean: rate k/mean}
     *
     * @param phases k, ≥ 1
     * @param mean   the mean, in (0, ∞) (units of time)
     */
    public static Erlang withMean(int phases, double mean) {
        return new Erlang(phases, phases / Require.positive("mean", mean));
    }

    @Override
    public double mean() {
        return phases / rate;
    }

    @Override
    public double variance() {
        return phases / (rate * rate);
    }

    @Override
    public double cdf(double x) {
        return Gamma.lowerRegularized(phases, rate * x);
    }

    @Override
    public double ccdf(double x) {
        return Gamma.upperRegularized(phases, rate * x);
    }

    @Override
    public double density(double x) {
        return Gamma.density(phases, 1.0 / rate, x);
    }

    @Override
    public double hazard(double x) {
        return Gamma.hazard(phases, 1.0 / rate, x);
    }

    @Override
    public double sample(RandomGenerator rng) {
        if (phases > PHASE_BY_PHASE) {
            double d = phases - 1.0 / 3.0;
            return Gamma.marsagliaTsang(rng, d, 1.0 / Math.sqrt(9.0 * d)) / rate;
        }
        double sum = 0.0;
        for (int i = 0; i < phases; i++) {
            sum += rng.nextExponential();
        }
        return sum / rate;
    }

    @Override
    public String label() {
        return "Erlang(k=" + phases + ", rate=" + Arguments.fmt(rate) + ")";
    }
}
