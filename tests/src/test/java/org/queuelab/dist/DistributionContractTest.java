package org.queuelab.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Internal consistency of every law: cdf + ccdf = 1, density = −dḠ/dx, ∫ density = 1, ∫ Ḡ = mean,
 * 2∫ xḠ = E[S²], hazard = density/ccdf, and the far tail of Ḡ equal to the integral of the density.
 */
class DistributionContractTest {

    /** Tail probabilities at which pointwise checks are made, down to the far tail the invariant solver uses. */
    private static final double[] TAILS = {0.9, 0.5, 0.1, 1e-3, 1e-6, 1e-9, 1e-12, 1e-15};

    static List<LawCase> cases() {
        return LawCase.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void cdfAndCcdfAddUpToOne(LawCase c) {
        for (double p : c.resolvableTails(TAILS)) {
            double x = c.quantileOfTail(p);
            assertEquals(1.0, c.law().cdf(x) + c.law().ccdf(x), 4e-16, () -> "x = " + x);
        }
        assertEquals(0.0, c.law().cdf(-1.0));
        assertEquals(1.0, c.law().ccdf(-1.0));
        assertEquals(0.0, c.law().density(-1.0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void densityIsMinusDerivativeOfCcdf(LawCase c) {
        for (double p : c.resolvableTails(TAILS)) {
            double x = c.quantileOfTail(p);
            double hz = c.law().hazard(x);
            // step with h·hazard ≈ 1e-3: truncation ~ (1e-3)^4, rounding ~ 1e-16/1e-3 (five-point stencil)
            double h = Math.min(1e-3 / hz, 1e-3 * x);
            if (Double.isFinite(c.upperEnd())) {
                h = Math.min(h, (c.upperEnd() - x) / 4);
            }
            var g = c.law();
            double derivative = (-g.ccdf(x + 2 * h) + 8 * g.ccdf(x + h) - 8 * g.ccdf(x - h) + g.ccdf(x - 2 * h))
                    / (12 * h);
            double density = g.density(x);
            // x itself is known to an ulp: near a finite upper end that dominates the error (conditioning)
            double tolerance = 2e-7 + 16 * Math.ulp(x) / h;
            assertEquals(density, -derivative, tolerance * density, () -> "Ḡ = " + p + ", x = " + x);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void hazardIsDensityOverCcdf(LawCase c) {
        for (double p : c.resolvableTails(TAILS)) {
            double x = c.quantileOfTail(p);
            double expected = c.law().density(x) / c.law().ccdf(x);
            assertEquals(expected, c.law().hazard(x), 1e-12 * expected, () -> "x = " + x);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void densityIntegratesToOne(LawCase c) {
        assertEquals(1.0, c.integrate(c.law()::density, 0.0), 1e-10);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void ccdfIntegratesToMeanAndSecondMoment(LawCase c) {
        double mean = c.law().mean();
        assertEquals(mean, c.rawMoment(1), 1e-9 * mean);
        if (c.maxMoment() >= 2) {
            double second = c.law().variance() + mean * mean;
            assertEquals(second, c.rawMoment(2), 1e-9 * second);
        } else {
            assertEquals(Double.POSITIVE_INFINITY, c.law().variance());
        }
        assertEquals(c.law().variance() / (mean * mean), c.law().scv(), 1e-15 * c.law().scv());
    }

    /** Ḡ(x) = ∫_x^∞ density to 1e-9 relative (plus input conditioning) where Ḡ(x) is 1e-12 and 1e-15: Ḡ is not computed as 1 − cdf. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void farTailCcdfEqualsIntegralOfDensity(LawCase c) {
        for (double p : c.resolvableTails(1e-12, 1e-15)) {
            double x = c.quantileOfTail(p);
            double tail = c.law().ccdf(x);
            assertTrue(tail > 0 && tail < 1e-11, () -> "Ḡ(x) = " + tail);
            // relative sensitivity of Ḡ to the ulp-rounding of x is hazard(x)·ulp(x) (large only near a finite end)
            double tolerance = 1e-9 + 4 * c.law().hazard(x) * Math.ulp(x);
            assertEquals(tail, c.integrate(c.law()::density, x), tolerance * tail, () -> "x = " + x);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void labelIsShortAndNamesTheParameters(LawCase c) {
        String label = c.law().label();
        assertTrue(label.length() > 3 && label.length() < 80 && label.contains("("), label);
    }
}
