package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.queuelab.result.Estimate;

class ReferenceToleranceTest {

    @Test
    void combinesHalfWidthsInQuadrature() {
        Estimate ours = new Estimate(1.0, 0.03, 5);
        assertEquals(2 * 0.05, ReferenceTolerance.of(ours, 0.04), 1e-15);
        assertEquals(2 * 0.03, ReferenceTolerance.of(ours, 0), 1e-15);
    }

    /** A reference run as long as all our replications together has our mean's half-width (same t quantile). */
    @Test
    void referenceNoiseScalesWithItsWindow() {
        Estimate ours = Estimate.of(1.0, 1.2, 0.9, 1.1);
        double refHalf = ours.halfWidth(); // one reference run over 4× our window = our 4 runs pooled
        assertEquals(2 * Math.hypot(ours.halfWidth(), refHalf), ReferenceTolerance.againstRuns(ours, 100, 400, 1),
                1e-14);
        assertEquals(ReferenceTolerance.againstRuns(ours, 100, 400, 1), ReferenceTolerance.againstRuns(ours, 100, 200, 2),
                1e-14);
    }

    @Test
    void badInput() {
        assertThrows(IllegalArgumentException.class, () -> ReferenceTolerance.of(Estimate.of(1.0), 0));
        assertThrows(IllegalArgumentException.class, () -> ReferenceTolerance.of(new Estimate(1, 0.1, 3), -1));
        assertThrows(IllegalArgumentException.class,
                () -> ReferenceTolerance.againstRuns(new Estimate(1, 0.1, 3), 0, 1, 1));
    }
}
