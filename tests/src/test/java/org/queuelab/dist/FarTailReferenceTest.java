package org.queuelab.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Far-tail Ḡ against references computed independently of the implementation (published normal tail values,
 * closed-form Erlang sums, the asymptotic erfc series), and hazards where Ḡ underflows.
 */
class FarTailReferenceTest {

    /** Φ̄(z) for z = 5, 7, 8, 10, 20 (standard tables, 16 digits). */
    private static final double[][] NORMAL_TAIL = {{5, 2.866515718791939e-07}, {7, 1.279812543885835e-12},
            {8, 6.220960574271785e-16}, {10, 7.619853024160527e-24}, {20, 2.753624118606233e-89}};

    @Test
    void lognormalTailIsTheNormalTail() {
        LogNormal ln = new LogNormal(0, 1);
        for (double[] r : NORMAL_TAIL) {
            assertEquals(r[1], ln.ccdf(Math.exp(r[0])), 1e-12 * r[1], "z = " + r[0]);
            assertEquals(r[1], ln.cdf(Math.exp(-r[0])), 1e-12 * r[1], "lower tail z = " + r[0]);
        }
    }

    @Test
    void foldedNormalTailIsTheSumOfTwoNormalTails() {
        FoldedNormal f = FoldedNormal.thesis(1); // |N(1, 1)|: Ḡ(9) = Φ̄(8) + Φ̄(10)
        double expected = NORMAL_TAIL[2][1] + NORMAL_TAIL[3][1];
        assertEquals(expected, f.ccdf(9), 1e-12 * expected);
        FoldedNormal half = new FoldedNormal(0, 1); // Ḡ(x) = 2Φ̄(x)
        assertEquals(2 * NORMAL_TAIL[4][1], half.ccdf(20), 1e-12 * NORMAL_TAIL[4][1]);
    }

    @Test
    void erlangTailAgainstClosedFormSum() {
        for (int k = 1; k <= 6; k++) {
            Erlang e = new Erlang(k, 1);
            for (double y : new double[] {0.5, 5, 40, 150, 600}) {
                double sum = 0;
                double term = 1;
                for (int j = 0; j < k; j++) {
                    sum += term;
                    term *= y / (j + 1);
                }
                double expected = Math.exp(-y) * sum;
                assertEquals(expected, e.ccdf(y), 1e-12 * expected, "k = " + k + ", y = " + y);
            }
        }
    }

    /** Q(½, y) = erfc(√y) ~ e^{−y}/√(πy)·Σ_j (−1)^j (2j−1)!!/(2y)^j. */
    @Test
    void gammaHalfTailAgainstAsymptoticErfc() {
        Gamma g = new Gamma(0.5, 1);
        for (double y : new double[] {400, 900}) {
            double sum = 0;
            double term = 1;
            for (int j = 0; j < 8; j++) {
                sum += term;
                term *= -(2 * j + 1) / (2 * y);
            }
            double expected = Math.exp(-y) / Math.sqrt(Math.PI * y) * sum;
            assertEquals(expected, g.ccdf(y), 1e-12 * expected, "y = " + y);
        }
    }

    @Test
    void tailsBelow1e12AreNotRoundedToZero() {
        // 1 − cdf would give 0 or noise here; ccdf must keep full relative precision
        assertEquals(Math.exp(-40), Exponential.unitMean().ccdf(40), 1e-15 * Math.exp(-40));
        assertEquals(Math.exp(-Math.sqrt(2 * 800)), Weibull.unitMean(0.5).ccdf(800), 1e-13 * Math.exp(-40));
        Pareto p = Pareto.unitMean(3);
        assertEquals(Math.pow(p.scale() / 1e6, 3), p.ccdf(1e6), 1e-14 * Math.pow(p.scale() / 1e6, 3));
        HyperExponential h = HyperExponential.thesis();
        double expected = 0.1 * Math.exp(-50 / 1.2) + 0.3 * Math.exp(-50 / 0.9) + 0.6 * Math.exp(-50.0);
        assertEquals(expected, h.ccdf(50), 1e-14 * expected);
        ShiftedExponential s = ShiftedExponential.unitMean(0.5);
        assertEquals(Math.exp(-2 * 19.5), s.ccdf(20), 1e-14 * Math.exp(-39));
        assertTrue(Lomax.unitMean(1.5).ccdf(1e20) > 0);
    }

    /** Hazards stay finite and correct where Ḡ and the density both underflow. */
    @Test
    void hazardBeyondUnderflow() {
        LogNormal ln = new LogNormal(0, 1);
        double z = 60; // Φ̄ underflows; Mills ratio h_N(z) = z/(1 − 1/z² + 3/z⁴ − 15/z⁶ + …)
        double x = Math.exp(z);
        double mills = z / (1 - 1 / (z * z) + 3 / Math.pow(z, 4) - 15 / Math.pow(z, 6));
        assertEquals(mills / x, ln.hazard(x), 1e-12 * mills / x);
        // continuity where NormalTail switches to its asymptotic series (z = 35)
        double below = NormalTail.hazard(35 - 1e-12);
        double above = NormalTail.hazard(35 + 1e-12);
        assertEquals(below, above, 1e-11 * below);

        Gamma g = new Gamma(3, 1);
        double y = 2000; // Γ(3, y) = e^{−y}(y² + 2y + 2), so hazard = y²/(y² + 2y + 2) exactly
        assertEquals(y * y / (y * y + 2 * y + 2), g.hazard(y), 1e-14);
        // continuity where Gamma switches from the Q ratio to its series (Q = 1e-290), non-terminating series
        for (double k : new double[] {0.5, 3.5}) {
            Gamma gk = new Gamma(k, 1);
            double lo = 500;
            double hi = 800;
            for (int i = 0; i < 100; i++) {
                double mid = 0.5 * (lo + hi);
                if (gk.ccdf(mid) > 1e-290) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            assertEquals(gk.hazard(lo), gk.hazard(hi), 1e-12, "k = " + k);
        }

        FoldedNormal f = FoldedNormal.thesis(1);
        assertEquals(NormalTail.hazard(99), f.hazard(100), 1e-12 * 99); // z1 = 99, the second term negligible
        assertEquals(f.density(30) / f.ccdf(30), f.hazard(30), 1e-11 * f.hazard(30));

        HyperExponential h = HyperExponential.thesis();
        assertEquals(1 / 1.2, h.hazard(1e5), 1e-15); // the slowest phase dominates
    }
}
