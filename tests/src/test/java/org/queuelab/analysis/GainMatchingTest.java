package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.queuelab.result.Estimate;

class GainMatchingTest {

    /** energy(κ) = κ/(1+κ), increasing from 0 to 1. */
    private static double energy(double kappa) {
        return kappa / (1 + kappa);
    }

    @Test
    void aSmoothEnergyIsMatchedInFarFewerRunsThanBisectionNeeds() {
        // bisection on log κ over [0.01, 100] gains one bit per run: 10⁻⁸ in κ/(1+κ) took it 40 runs after the ends
        AtomicInteger runs = new AtomicInteger();
        GainMatching.Match<Double> m = GainMatching.matchEnergy(k -> {
            runs.incrementAndGet();
            return energy(k);
        }, e -> e, 0.75, 0.01, 100, 40, 1e-10);
        assertTrue(m.bracketed());
        assertEquals(3.0, m.kappa(), 1e-8);           // 3/(1+3) = 0.75
        assertTrue(m.mismatch() <= 1e-10, "mismatch " + m.mismatch());
        assertTrue(m.evaluations() <= 12, "evaluations " + m.evaluations());
        assertEquals(m.evaluations(), runs.get());
    }

    @Test
    void withoutToleranceEveryStepRunsAndTheBracketNeverLosesTheRoot() {
        // a convex energy whose chord always lands on one side (plain regula falsi would keep one end for ever)
        GainMatching.Match<Double> m = GainMatching.matchEnergy(k -> Math.pow(energy(k), 8), e -> e, 0.5, 0.01, 1e4,
                30, 0);
        double root = 1 / (Math.pow(0.5, -1.0 / 8) - 1);   // (κ/(1+κ))^8 = 1/2
        assertEquals(root, m.kappa(), 1e-9 * root);
        assertTrue(m.evaluations() <= 16, "evaluations " + m.evaluations());   // bisection: 34 steps for 1e-9 here
    }

    @Test
    void aStepFunctionEnergyGivesTheClosestEvaluatedRun() {
        // a seeded simulated energy can be piecewise constant in κ
        GainMatching.Match<Double> m = GainMatching.matchEnergy(k -> Math.floor(10 * energy(k)) / 10,
                e -> e, 0.75, 0.01, 100, 20, 0);
        assertTrue(m.mismatch() <= 0.05 + 1e-12);
    }

    @Test
    void aNoisyEnergyStopsWithinTheToleranceWhenOneRunReachesIt() {
        // trend plus noise (a seeded simulation whose streams diverge once κ changes a decision)
        SplittableRandom noise = new SplittableRandom(7);
        GainMatching.Match<Double> m = GainMatching.matchEnergy(k -> energy(k) + 0.002 * (noise.nextDouble() - 0.5),
                e -> e, 0.6, 0.01, 100, 30, 0.002);
        assertTrue(m.mismatch() <= 0.002, "mismatch " + m.mismatch());
        assertTrue(m.evaluations() < 32, "stopped early: " + m.evaluations());
    }

    @Test
    void theNoiseToleranceIsHalfTheTargetsHalfWidth() {
        Estimate target = Estimate.of(0.70, 0.72, 0.71, 0.69, 0.73);
        assertEquals(0.5 * target.halfWidth(), GainMatching.noiseTolerance(target), 0);
        // one run has no interval (NaN half-width): no early stop, rather than an invalid tolerance
        assertEquals(0.0, GainMatching.noiseTolerance(Estimate.of(0.7)), 0);
    }

    @Test
    void aTargetOutsideTheRangeReturnsTheNearerEndUnbracketed() {
        GainMatching.Match<Double> m = GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, 0.999, 0.1, 10, 5, 0);
        assertFalse(m.bracketed());
        assertEquals(10, m.kappa(), 0);
        assertEquals(2, m.evaluations());
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, 0.5, 0, 1, 3, 0));
        assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, 0.5, 2, 1, 3, 0));
        assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, Double.NaN, 1, 2, 3, 0));
        assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, 0.5, 1, 2, -1, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e2 -> e2, 0.5, 1, 2, 3, Double.NaN));
        assertTrue(e.getMessage().contains("tolerance"));
        assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e2 -> e2, 0.5, 1, 2, 3, -1));
        // a run whose energy is not a number stops the search with its gain named, never a NaN match
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(k -> k > 0.5 && k < 50 ? Double.NaN : energy(k), e2 -> e2, 0.5, 0.01,
                        100, 5, 0));
        assertTrue(nan.getMessage().contains("energy of the run at κ = ") && nan.getMessage().contains("NaN"),
                nan.getMessage());
    }
}
