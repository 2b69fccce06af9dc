package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class GainMatchingTest {

    /** energy(κ) = κ/(1+κ), increasing from 0 to 1. */
    private static double energy(double kappa) {
        return kappa / (1 + kappa);
    }

    @Test
    void bisectionInLogKappaConvergesToTheMatchingGain() {
        AtomicInteger runs = new AtomicInteger();
        GainMatching.Match<Double> m = GainMatching.matchEnergy(k -> {
            runs.incrementAndGet();
            return energy(k);
        }, e -> e, 0.75, 0.01, 100, 40);
        assertTrue(m.bracketed());
        assertEquals(3.0, m.kappa(), 1e-6);           // 3/(1+3) = 0.75
        assertEquals(0.75, m.result(), 1e-8);
        assertEquals(42, m.evaluations());
        assertEquals(42, runs.get());
    }

    @Test
    void aStepFunctionEnergyGivesTheClosestEvaluatedRun() {
        // simulated energies are piecewise constant in κ for a fixed seed
        GainMatching.Match<Double> m = GainMatching.matchEnergy(k -> Math.floor(10 * energy(k)) / 10,
                e -> e, 0.75, 0.01, 100, 20);
        assertTrue(m.mismatch() <= 0.05 + 1e-12);
    }

    @Test
    void aTargetOutsideTheRangeReturnsTheNearerEndUnbracketed() {
        GainMatching.Match<Double> m = GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, 0.999, 0.1, 10, 5);
        assertFalse(m.bracketed());
        assertEquals(10, m.kappa(), 0);
        assertEquals(2, m.evaluations());
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, 0.5, 0, 1, 3));
        assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, 0.5, 2, 1, 3));
        assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, Double.NaN, 1, 2, 3));
        assertThrows(IllegalArgumentException.class,
                () -> GainMatching.matchEnergy(GainMatchingTest::energy, e -> e, 0.5, 1, 2, -1));
    }
}
