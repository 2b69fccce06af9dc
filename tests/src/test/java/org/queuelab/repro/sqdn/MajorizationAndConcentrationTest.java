package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.result.Estimate;

/** The SQ(d) fluid path and the mass outside Figure 3 left's three components (notebook 02's new evidence). */
class MajorizationAndConcentrationTest {

    @Test
    void sqdFluidPathStartsEmptyAndEndsAtItsFixedPoint() {
        double[] ls = MemoryComparison.sqdFluidMeanQueue(0.9, 2, new double[] {0, 1, 400}, 1e-2);
        assertEquals(0, ls[0], 0);
        assertTrue(ls[1] > 0.5 && ls[1] < 0.9, "L_S(1) = " + ls[1]);   // about λ(1 − e^{−1}) while queues are short
        assertEquals(PowerOfDFixedPoint.meanQueueLength(0.9, 2), ls[2], 1e-6);
        var e = assertThrows(IllegalArgumentException.class, () -> MemoryComparison.sqdFluidMeanQueue(0.9, 2, new double[] {2, 1}, 1e-2));
        assertTrue(e.getMessage().contains("times[1] = 1.0"), e.getMessage());
    }

    @Test
    void outsideMassShrinksFromSmallToLargeN() {
        Estimate small = Figure3.outsideMass(0.45, 50, 10, 20, 60, 11L);
        Estimate large = Figure3.outsideMass(0.45, 1000, 10, 20, 60, 12L);
        assertTrue(small.mean() >= 0 && small.mean() < 1, small.toString());
        assertTrue(large.upper() < small.lower(), large + " vs " + small);
        assertThrows(IllegalArgumentException.class, () -> Figure3.outsideMass(0.45, 50, 0, 20, 60, 1L));
    }
}
