package org.queuelab.repro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.hipparchus.distribution.continuous.TDistribution;
import org.junit.jupiter.api.Test;
import org.queuelab.result.Estimate;

class DifferenceIntervalTest {

    @Test
    void welchMatchesTheFormulaByHand() {
        double[] a = {1, 2, 3, 4};          // mean 2.5, variance 5/3
        double[] b = {0, 0, 1, 1, 2, 2};    // mean 1, variance 0.8
        double va = (5.0 / 3) / 4;
        double vb = 0.8 / 6;
        double df = (va + vb) * (va + vb) / (va * va / 3 + vb * vb / 5);
        double t = new TDistribution(df).inverseCumulativeProbability(0.975);
        DifferenceInterval d = DifferenceInterval.welch(a, b);
        assertEquals(1.5, d.mean(), 1e-12);
        assertEquals(df, d.df(), 1e-12);
        assertEquals(t * Math.sqrt(va + vb), d.halfWidth(), 1e-12);
        assertFalse(d.paired());
    }

    @Test
    void pairedIsTheStudentIntervalOfTheDifferences() {
        double[] a = {1.0, 2.0, 3.5, 4.0};
        double[] b = {0.5, 1.6, 3.0, 3.55};
        Estimate e = Estimate.of(0.5, 0.4, 0.5, 0.45);
        DifferenceInterval d = DifferenceInterval.paired(a, b);
        assertEquals(e.mean(), d.mean(), 1e-12);
        assertEquals(e.halfWidth(), d.halfWidth(), 1e-12);
        assertEquals(1, d.sign());                       // all differences positive and tight
        assertTrue(DifferenceInterval.welch(a, b).sign() == 0);   // unpaired, the same data cannot order them
        assertEquals(1.0, DifferenceInterval.correlation(a, a), 1e-12);
    }

    @Test
    void refusesTooFewOrUnequalSamples() {
        assertThrows(IllegalArgumentException.class, () -> DifferenceInterval.welch(new double[] {1},
                new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> DifferenceInterval.paired(new double[] {1, 2, 3},
                new double[] {1, 2}));
    }
}
