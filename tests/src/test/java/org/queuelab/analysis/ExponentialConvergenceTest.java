package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;

class ExponentialConvergenceTest {

    @Test
    void fitRecoversAnExactExponential() {
        double[] t = new double[101];
        double[] dist = new double[101];
        for (int k = 0; k < t.length; k++) {
            t[k] = 0.1 * k;
            dist[k] = 3.0 * Math.exp(-0.6 * t[k]);
        }
        ExponentialConvergence.RateFit fit = ExponentialConvergence.fitRate(t, dist, 2, 8);
        assertEquals(0.6, fit.rate(), 1e-12);
        assertEquals(Math.log(3.0), fit.intercept(), 1e-10);
        assertEquals(61, fit.points());
    }

    /**
     * The exact SQ(d,N) solution from e_{0,0} (docs/sqdn.md §6) at λ = 0.45, d = 2 converges at rate min(1, λd) = 0.9:
     * late-time fits approach it.
     */
    @Test
    void fitFindsTheTheorem3RateOnTheExactSolution() {
        double lambda = 0.45;
        int d = 2;
        double ld = lambda * d;
        double[] xStar = {1 - lambda - 1.0 / d, 1.0 / d, lambda};
        int n = 401;
        double[] t = new double[n];
        double[][] states = new double[n][];
        for (int k = 0; k < n; k++) {
            t[k] = 0.1 * k;
            double x11 = lambda * (1 - Math.exp(-t[k]));
            double x01 = 1.0 / d + lambda * Math.exp(-t[k]) / (1 - ld) - (1.0 / d + lambda / (1 - ld)) * Math.exp(-ld * t[k]);
            states[k] = new double[] {1 - x01 - x11, x01, x11};
        }
        double[] dist = ExponentialConvergence.distances(states, xStar);
        assertEquals(0, dist[n - 1], 1e-6);
        // the second rate, 1, is close to 0.9, so the fitted rate approaches 0.9 slowly and from below
        double early = ExponentialConvergence.fitRate(t, dist, 3, 8).rate();
        double middle = ExponentialConvergence.fitRate(t, dist, 8, 15).rate();
        double late = ExponentialConvergence.fitRate(t, dist, 15, 25).rate();
        assertTrue(early < middle && middle < late && late < 0.9, early + " " + middle + " " + late);
        assertEquals(0.9, late, 0.015);
        assertThrows(IllegalArgumentException.class, () -> ExponentialConvergence.fitRate(t, dist, 0, 0.15));
    }

    @Test
    void fitRejectsNonPositiveDistances() {
        double[] t = {0, 1, 2, 3};
        double[] d = {1, 0.5, 0, 0.1};
        assertThrows(IllegalArgumentException.class, () -> ExponentialConvergence.fitRate(t, d, 0, 3));
        assertThrows(IllegalArgumentException.class, () -> ExponentialConvergence.fitRate(t, d, 3, 0));
        assertThrows(IllegalArgumentException.class, () -> ExponentialConvergence.fitRate(t, new double[3], 0, 3));
    }

    /**
     * Kolmogorov forward equation x' = xQ of a 3-state chain: 0 → 1 at rate a, 1 → 0 at rate b, 2 → 0 at rate c.
     * Its generator has eigenvalues 0 (mass), −(a + b) and −c.
     */
    @Test
    void fitRejectsAWindowWhoseTimesAreAllEqual() {
        // three samples at one time: no slope exists, and the fit must say so rather than return NaN
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExponentialConvergence.fitRate(
                new double[] {0, 1, 1, 1, 3}, new double[] {1, 0.5, 0.4, 0.3, 0.1}, 0.5, 2));
        assertTrue(e.getMessage().contains("times"), e.getMessage());
    }

    @Test
    void decayRatesOfAMarkovGenerator() {
        double a = 0.3;
        double b = 0.5;
        double c = 2.0;
        UnaryOperator<double[]> drift = x -> new double[] {-a * x[0] + b * x[1] + c * x[2], a * x[0] - b * x[1], -c * x[2]};
        double[] x = {0.5, 0.3, 0.2};
        double[] rates = ExponentialConvergence.decayRates(drift, x, 0, 1e-3);
        assertArrayEquals(new double[] {a + b, c}, rates, 1e-9);
        assertEquals(a + b, ExponentialConvergence.slowestRate(drift, x, 0, 1e-3), 1e-9);
    }

    @Test
    void decayRatesRejectBadInput() {
        UnaryOperator<double[]> leaking = x -> new double[] {-x[0], 0};
        double[] x = {0.5, 0.5};
        assertThrows(IllegalArgumentException.class, () -> ExponentialConvergence.decayRates(leaking, x, 0, 1e-3));
        UnaryOperator<double[]> ok = y -> new double[] {-y[0] + y[1], y[0] - y[1]};
        assertTrue(ExponentialConvergence.decayRates(ok, x, 0, 1e-3)[0] > 1.99);
        assertThrows(IllegalArgumentException.class, () -> ExponentialConvergence.decayRates(ok, new double[] {0, 1}, 0, 1e-3));
        assertThrows(IllegalArgumentException.class, () -> ExponentialConvergence.decayRates(ok, x, 2, 1e-3));
        assertThrows(IllegalArgumentException.class, () -> ExponentialConvergence.decayRates(ok, x, 0, 0));
    }
}
