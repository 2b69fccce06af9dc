package org.queuelab.dist;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * Shifted exponential: S = shift + Exp(rate), so Ḡ(x) = 1 for x &lt; shift and e^{−rate(x−shift)} beyond
 * (docs/invariant-states.md §7; mean 1 with shift c needs rate 1/(1−c)).
 *
 * @param shift 0 ≤ shift &lt; ∞
 * @param rate  0 &lt; rate &lt; ∞
 */
public record ShiftedExponential(double shift, double rate) implements ServiceDistribution {

    /**
     * Validates the parameters.
     *
     * @param shift 0 ≤ shift &lt; ∞
     * @param rate 0 &lt; rate &lt; ∞
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public ShiftedExponential {
        Require.nonNegative("shift", shift);
        Require.positive("rate", rate);
        Arguments.requireMoments("shift = " + shift + ", rate = " + rate, shift + 1 / rate, 1 / rate / rate, false);
    }

    /**
     * {@return mean 1 with the given shift c: rate 1/(1−c), variance (1−c)²}
     *
     * @param shift c, in [0, 1)
     */
    public static ShiftedExponential unitMean(double shift) {
        Arguments.require(shift >= 0 && shift < 1, "shift", shift, "0 ≤ shift < 1 for mean 1");
        return new ShiftedExponential(shift, 1.0 / (1.0 - shift));
    }

    /**
     * {@return the law with the given mean and SCV; the family has SCV = (1/rate)²/mean² ∈ (0, 1]}
     *
     * @param mean the mean, in (0, ∞) (units of time)
     * @param scv  the squared coefficient of variation, in (0, 1]
     */
    public static ShiftedExponential withMeanAndScv(double mean, double scv) {
        Require.positive("mean", mean);
        Arguments.require(scv > 0 && scv <= 1, "scv", scv, "0 < scv ≤ 1 (a shifted exponential has SCV ≤ 1)");
        double expMean = mean * Math.sqrt(scv);
        return new ShiftedExponential(Math.max(0.0, mean - expMean), 1.0 / expMean);
    }

    @Override
    public double mean() {
        return shift + 1.0 / rate;
    }

    @Override
    public double variance() {
        return 1.0 / (rate * rate);
    }

    @Override
    public double cdf(double x) {
        return x <= shift ? 0.0 : -Math.expm1(-rate * (x - shift));
    }

    @Override
    public double ccdf(double x) {
        return x <= shift ? 1.0 : Math.exp(-rate * (x - shift));
    }

    @Override
    public double density(double x) {
        return x < shift ? 0.0 : rate * Math.exp(-rate * (x - shift));
    }

    @Override
    public double hazard(double x) {
        return x < shift ? 0.0 : rate;
    }

    @Override
    public double sample(RandomGenerator rng) {
        return shift + rng.nextExponential() / rate;
    }

    @Override
    public String label() {
        return "ShiftedExp(c=" + Arguments.fmt(shift) + ", rate=" + Arguments.fmt(rate) + ")";
    }
}
