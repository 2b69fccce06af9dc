package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.repro.tabs.ThesisSweeps;
import org.queuelab.result.Estimate;

class PairedDifferenceTest {

    @Test
    void pairingRemovesTheSharedNoise() {
        // a = b + 0.1 exactly: the paired difference has no spread, whatever the spread of a and b
        Estimate d = PairedDifference.of(new double[] {1.1, 5.1, 3.1}, new double[] {1, 5, 3});
        assertEquals(0.1, d.mean(), 1e-12);
        assertEquals(0.0, d.halfWidth(), 1e-12);
        assertEquals(3, d.n());
        assertThrows(IllegalArgumentException.class, () -> PairedDifference.of(new double[] {1}, new double[] {1, 2}));
    }

    @Test
    void aDifferenceIsPositiveOnlyWhenItsIntervalLiesAboveZero() {
        assertFalse(ThesisSweeps.positive(new Estimate(0.01, 0.05, 3)));     // the mean alone never decides
        assertFalse(ThesisSweeps.positive(new Estimate(0.05, 0.05, 3)));     // an interval touching 0
        assertTrue(ThesisSweeps.positive(new Estimate(0.1, 0.05, 8)));
        assertFalse(ThesisSweeps.positive(new Estimate(-0.1, 0.05, 10)));
    }

    @Test
    void monotoneIsStrictAndNaNBreaksIt() {
        assertTrue(Monotone.increasing(new double[] {1, 2, 3}));
        assertFalse(Monotone.increasing(new double[] {1, 1, 3}));
        assertTrue(Monotone.decreasing(new double[] {3, 2, 1}));
        assertFalse(Monotone.decreasing(new double[] {3, Double.NaN, 1}));
    }
}
