package org.queuelab.dist;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

import org.queuelab.guard.Require;

/**
 * Hyperexponential law: with probability p_i, an exponential of rate r_i. Ḡ(x) = Σ p_i e^{−r_i x}
 * (docs/tabs.md §5: the thesis' H3 has means (1.2, 0.9, 1.0) with probabilities (0.1, 0.3, 0.6)).
 * Sampling picks the phase by one uniform against the cumulative probabilities, as the thesis' pseudocode does,
 * then draws the exponential.
 */
public final class HyperExponential implements ServiceDistribution {

    private final double[] probabilities;
    private final double[] rates;
    private final double[] cumulative;
    private final double minRate;

    private HyperExponential(double[] probabilities, double[] rates) {
        if (probabilities == null || rates == null || probabilities.length == 0
                || probabilities.length != rates.length) {
            throw new IllegalArgumentException("phases = " + (probabilities == null ? "null" : probabilities.length)
                    + " probabilities, " + (rates == null ? "null" : rates.length)
                    + " rates; allowed: the same number ≥ 1 of each");
        }
        double sum = 0;
        for (int i = 0; i < probabilities.length; i++) {
            Arguments.require(probabilities[i] > 0 && probabilities[i] <= 1, "probabilities[" + i + "]",
                    probabilities[i], "0 < p ≤ 1");
            Require.positive("rates[" + i + "]", rates[i]);
            sum += probabilities[i];
        }
        Arguments.require(Math.abs(sum - 1.0) <= 1e-9, "sum of probabilities", sum, "1 (±1e-9)");
        this.probabilities = probabilities.clone();
        this.rates = rates.clone();
        this.cumulative = new double[probabilities.length];
        double acc = 0;
        for (int i = 0; i < probabilities.length; i++) {
            acc += probabilities[i];
            cumulative[i] = acc;
        }
        cumulative[cumulative.length - 1] = 1.0; // exact, whatever the rounding of the sum
        this.minRate = Arrays.stream(rates).min().orElseThrow();
        Arguments.requireMoments("rates = " + Arrays.toString(rates), mean(), variance(), false);
    }

    /**
     * {@return phases given by their rates}
     *
     * @param probabilities the phase probabilities, each in (0, 1], summing to 1
     * @param rates         the phase rates, each in (0, ∞), one per probability
     */
    public static HyperExponential ofRates(double[] probabilities, double[] rates) {
        return new HyperExponential(probabilities, rates);
    }

    /**
     * {@return phases given by their means (the thesis' convention: MATLAB {@code exprnd(mean)})}
     *
     * @param probabilities the phase probabilities, each in (0, 1], summing to 1
     * @param means         the phase means, each in (0, ∞) (units of time), one per probability
     */
    public static HyperExponential ofMeans(double[] probabilities, double[] means) {
        if (means == null) {
            throw new IllegalArgumentException("means = null; allowed: one positive mean per phase");
        }
        double[] rates = new double[means.length];
        for (int i = 0; i < means.length; i++) {
            rates[i] = 1.0 / Require.positive("means[" + i + "]", means[i]);
        }
        return new HyperExponential(probabilities, rates);
    }

    /** {@return H3_THESIS: means (1.2, 0.9, 1.0), probabilities (0.1, 0.3, 0.6); mean 0.99, variance 0.9939} */
    public static HyperExponential thesis() {
        return ofMeans(new double[] {0.1, 0.3, 0.6}, new double[] {1.2, 0.9, 1.0});
    }

    /** {@return H3_MEAN1: the thesis law with every mean divided by 0.99; mean 1, variance 1.014080} */
    public static HyperExponential thesisMean1() {
        HyperExponential h = thesis();
        return h.scaled(1.0 / h.mean());
    }

    /**
     * Two phases with balanced means (p₁/r₁ = p₂/r₂) and the given mean and SCV ≥ 1:
     * p₁ = ½(1 + √((SCV−1)/(SCV+1))), r_i = 2p_i/mean. SCV = 1 gives the exponential.
     *
     * @param mean the mean, in (0, ∞) (units of time)
     * @param scv  the squared coefficient of variation, in [1, ∞)
     * @return the law
     */
    public static HyperExponential withMeanAndScv(double mean, double scv) {
        Require.positive("mean", mean);
        Arguments.require(scv >= 1 && scv < Double.POSITIVE_INFINITY, "scv", scv,
                "1 ≤ scv < ∞ (a hyperexponential has SCV ≥ 1)");
        double p1 = 0.5 * (1.0 + Math.sqrt((scv - 1.0) / (scv + 1.0)));
        double p2 = 1.0 - p1;
        return new HyperExponential(new double[] {p1, p2}, new double[] {2 * p1 / mean, 2 * p2 / mean});
    }

    /**
     * {@return the law of c·S: same probabilities, every rate divided by c}
     *
     * @param factor c, in (0, ∞)
     */
    public HyperExponential scaled(double factor) {
        Require.positive("factor", factor);
        double[] r = rates.clone();
        for (int i = 0; i < r.length; i++) {
            r[i] /= factor;
        }
        return new HyperExponential(probabilities, r);
    }

    /** {@return the number of phases, ≥ 1} */
    public int phases() {
        return rates.length;
    }

    /** {@return the phase probabilities (a copy), summing to 1} */
    public double[] probabilities() {
        return probabilities.clone();
    }

    /** {@return the phase rates (a copy), each in (0, ∞)} */
    public double[] rates() {
        return rates.clone();
    }

    @Override
    public double mean() {
        double m = 0;
        for (int i = 0; i < rates.length; i++) {
            m += probabilities[i] / rates[i];
        }
        return m;
    }

    @Override
    public double variance() {
        double m = 0;
        double m2 = 0;
        for (int i = 0; i < rates.length; i++) {
            m += probabilities[i] / rates[i];
            m2 += 2.0 * probabilities[i] / (rates[i] * rates[i]);
        }
        return m2 - m * m;
    }

    @Override
    public double cdf(double x) {
        // -expm1 keeps the phases' small cdf values accurate where 1 - exp would cancel
        return x <= 0 ? 0.0 : mixture(rx -> -Math.expm1(-rx), x);
    }

    @Override
    public double ccdf(double x) {
        return x <= 0 ? 1.0 : mixture(rx -> Math.exp(-rx), x);
    }

    /** Σ_i p_i · phase(r_i x): a mixture of the phases' values at x (x > 0). */
    private double mixture(DoubleUnaryOperator phase, double x) {
        double c = 0;
        for (int i = 0; i < rates.length; i++) {
            c += probabilities[i] * phase.applyAsDouble(rates[i] * x);
        }
        return c;
    }

    @Override
    public double density(double x) {
        if (x < 0) {
            return 0.0;
        }
        double d = 0;
        for (int i = 0; i < rates.length; i++) {
            d += probabilities[i] * rates[i] * Math.exp(-rates[i] * x);
        }
        return d;
    }

    /** Σ p r e^{−(r−r_min)x} / Σ p e^{−(r−r_min)x}: finite where both sums underflow in the raw form. */
    @Override
    public double hazard(double x) {
        if (x < 0) {
            return 0.0;
        }
        if (x == Double.POSITIVE_INFINITY) {
            return minRate; // the slowest phase dominates the tail
        }
        double num = 0;
        double den = 0;
        for (int i = 0; i < rates.length; i++) {
            double w = probabilities[i] * Math.exp(-(rates[i] - minRate) * x);
            num += w * rates[i];
            den += w;
        }
        return num / den;
    }

    @Override
    public double sample(RandomGenerator rng) {
        double u = rng.nextDouble();
        int i = 0;
        while (u >= cumulative[i]) {
            i++;
        }
        return rng.nextExponential() / rates[i];
    }

    @Override
    public String label() {
        return "HyperExp(p=" + list(probabilities, false) + ", means=" + list(rates, true) + ")";
    }

    private static String list(double[] values, boolean invert) {
        return Arrays.stream(values).mapToObj(v -> Arguments.fmt(invert ? 1.0 / v : v))
                .collect(Collectors.joining(", ", "[", "]"));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HyperExponential h && Arrays.equals(h.probabilities, probabilities)
                && Arrays.equals(h.rates, rates);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(probabilities) + Arrays.hashCode(rates);
    }

    @Override
    public String toString() {
        return label();
    }
}
