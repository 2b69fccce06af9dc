package org.queuelab.repro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.result.Estimate;

class OverNTest {

    @Test
    void slopeOfPowerLaws() {
        int[] ns = {100, 1000, 10000};
        assertEquals(-0.5, OverN.slope(ns, new double[] {0.1, 0.1 / Math.sqrt(10), 0.01}), 1e-12);
        assertEquals(-1.0, OverN.slope(ns, new double[] {1, 0.1, 0.01}), 1e-12);
        assertTrue(Double.isNaN(OverN.slope(ns, new double[] {1, 0, 0.01})));
        assertThrows(IllegalArgumentException.class, () -> OverN.slope(new int[] {1}, new double[] {1}));
    }

    @Test
    void shrinkingNeedsDisjointIntervals() {
        assertTrue(OverN.shrinksSignificantly(List.of(new Estimate(1, 0.1, 3), new Estimate(0.5, 0.1, 3))));
        assertFalse(OverN.shrinksSignificantly(List.of(new Estimate(1, 0.3, 3), new Estimate(0.5, 0.3, 3))));
        assertFalse(OverN.shrinksSignificantly(List.of(new Estimate(0.5, 0.1, 3), new Estimate(1, 0.1, 3))));
    }

    @Test
    void slopeRejectsSizesAllEqual() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> OverN.slope(new int[] {100, 100, 100}, new double[] {0.1, 0.2, 0.3}));
        assertTrue(e.getMessage().startsWith("ns is [100, 100, 100]"),
                e.getMessage());
    }
}
