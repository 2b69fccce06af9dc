package org.queuelab.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EstimateCloserTest {

    @Test
    void decidesOnlyWhenTheIntervalClearsTheMidpoint() {
        Estimate e = new Estimate(2.0, 0.1, 20);           // interval [1.9, 2.1]
        assertEquals(1, e.closerOf(1.0, 2.05));            // midpoint 1.525 below the interval: b closer
        assertEquals(-1, e.closerOf(2.05, 1.0));           // same, the arguments swapped
        assertEquals(-1, e.closerOf(3.0, 5.0));            // midpoint 4 above the interval, a below it
        assertEquals(0, e.closerOf(1.8, 2.2));             // midpoint 2.0 inside: undecided
        assertEquals(0, e.closerOf(1.0, 2.81));            // midpoint 1.905 inside, though b's point is nearer
        assertEquals(0, e.closerOf(2.3, 2.3));             // a tie is never decided
        assertEquals(0, new Estimate(2.0, Double.NaN, 1).closerOf(1.0, 3.5));
    }

    @Test
    void growthIsTheSquaredRatioOfHalfWidthToDistance() {
        Estimate e = new Estimate(2.0, 0.1, 20);
        assertEquals(4.0, e.growthToSeparate(1.9, 2.0), 1e-12);     // midpoint 1.95: (0.1 / 0.05)²
        assertTrue(e.growthToSeparate(1.0, 2.05) < 1);              // already decided
        assertEquals(Double.POSITIVE_INFINITY, e.growthToSeparate(1.8, 2.2));
    }

    @Test
    void refusesNonFinitePredictionsAndTies() {
        Estimate e = new Estimate(2.0, 0.1, 20);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> e.closerOf(Double.NaN, 1)).getMessage().contains("a"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> e.growthToSeparate(1, Double.POSITIVE_INFINITY))
                .getMessage().contains("b"));
        assertThrows(IllegalArgumentException.class, () -> e.growthToSeparate(1, 1));
    }
}
