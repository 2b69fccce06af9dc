package org.queuelab.dist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Samplers against the exact laws, n = 100 000 draws from a fixed seed. Every bound is 5 standard errors of the
 * estimator under the CLT (a correct sampler fails one check with probability ≈ 6e-7): the empirical tail
 * frequency at four levels, the sample mean where the variance is finite, the sample variance where the fourth
 * moment is finite (standard error √((µ₄ − σ⁴)/n), µ₄ from quadrature of Ḡ).
 */
class SamplingTest {

    private static final int N = 100_000;
    private static final double Z = 5.0;

    static List<LawCase> cases() {
        return LawCase.all();
    }

    private static double[] draw(ServiceDistribution law, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[] x = new double[N];
        for (int i = 0; i < N; i++) {
            x[i] = law.sample(rng);
        }
        return x;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void tailFrequencies(LawCase c) {
        double[] x = draw(c.law(), 20261130L);
        for (double p : c.resolvableTails(0.9, 0.5, 0.1, 0.01)) {
            double q = c.quantileOfTail(p);
            double tail = c.law().ccdf(q);
            long above = java.util.Arrays.stream(x).filter(v -> v > q).count();
            double se = Math.sqrt(tail * (1 - tail) / N);
            assertEquals(tail, above / (double) N, Z * se, "Ḡ = " + p);
        }
        for (double v : x) {
            assertTrue(v >= 0 && v <= c.upperEnd(), () -> "sample " + v + " outside the support");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void meanAndVariance(LawCase c) {
        if (c.maxMoment() < 2) {
            return; // no CLT for the mean; the tail frequencies cover these samplers
        }
        double[] x = draw(c.law(), 7L);
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= N;
        double ss = 0;
        for (double v : x) {
            ss += (v - mean) * (v - mean);
        }
        double sampleVariance = ss / (N - 1);
        double m = c.law().mean();
        double var = c.law().variance();
        assertEquals(m, mean, Z * Math.sqrt(var / N), "mean");
        if (c.maxMoment() >= 4) {
            double e2 = var + m * m;
            double e3 = c.rawMoment(3);
            double e4 = c.rawMoment(4);
            double mu4 = e4 - 4 * m * e3 + 6 * m * m * e2 - 3 * m * m * m * m;
            assertEquals(var, sampleVariance, Z * Math.sqrt((mu4 - var * var) / N), "variance");
        }
    }

    @Test
    void sameSeedSameSamples() {
        for (LawCase c : LawCase.all()) {
            assertArrayEquals(draw(c.law(), 99L), draw(c.law(), 99L), c.name());
        }
    }

    @Test
    void deterministicLaw() {
        Deterministic d = new Deterministic(1.5);
        assertEquals(1.5, d.sample(new SplittableRandom(1)));
        assertEquals(0.0, d.variance());
        assertEquals(0.0, d.scv());
        assertEquals(0.0, d.cdf(1.4999));
        assertEquals(1.0, d.cdf(1.5));
        assertEquals(1.0, d.ccdf(1.4999));
        assertEquals(0.0, d.ccdf(1.5));
        assertEquals(Double.POSITIVE_INFINITY, d.density(1.5));
        assertEquals(0.0, d.density(1.0));
        assertEquals(0.0, d.hazard(1.0));
        assertEquals(Double.POSITIVE_INFINITY, d.hazard(1.5));
        assertEquals("Det(1.5)", d.label());
    }
}
