package org.queuelab.repro.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.GeneralizedPareto;
import org.queuelab.repro.Finding;

class DiffusionScaleTest {

    private static DiffusionScale quick() {
        return new DiffusionScale(0.14, GeneralizedPareto.thesis(), 10, 20, 800, 200, 1.0, 3, 4L);
    }

    @Test
    void wastedFractionsAndFluctuationsShrinkOnTheRootNScale() {
        DiffusionScale d = quick();
        List<DiffusionScale.Row> rows = d.run(100, 1600);
        Finding wasted = d.wastedFractionsShrink(rows);
        assertTrue(wasted.holds(), wasted.toString());
        Finding fluct = d.fluctuationsShrink(rows);
        assertTrue(fluct.holds(), fluct.toString());
        // 1/√N predicts −1/2; a 1/N bias would give −1 and O(1) noise 0
        double slope = DiffusionScale.slope(rows, DiffusionScale.Row::busyStd);
        assertTrue(slope < -0.3 && slope > -0.7, "slope " + slope);
        assertEquals(2, d.table(rows).rowCount());
    }

    @Test
    void refusesBadInput() {
        assertThrows(IllegalArgumentException.class, () -> new DiffusionScale(0.14, GeneralizedPareto.thesis(), 10,
                20, 800, 200, 1.0, 1, 4L));
        assertThrows(IllegalArgumentException.class, () -> new DiffusionScale(0.14, GeneralizedPareto.thesis(), 10,
                20, 800, 900, 1.0, 3, 4L));
        assertThrows(IllegalArgumentException.class, () -> quick().run(100));
    }
}
