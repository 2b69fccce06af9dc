package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

class DriftSmoothnessTest {

    /** j* ≥ 1: no mass below j*, and the drift changes by O(1) however small ε — a jump, no Jacobian. */
    @Test
    void discontinuousAboveFirstThreshold() {
        Table t = DriftSmoothness.probe(new double[][] {{0.9, 2}}, new double[] {1e-4, 1e-8});
        assertEquals(2, t.intColumn("j*").getInt(0));
        assertEquals(0, t.doubleColumn("mass on slots < j*").getDouble(0), 1e-15);
        double coarse = t.doubleColumn("|Δb|_∞").getDouble(0);
        double fine = t.doubleColumn("|Δb|_∞").getDouble(1);
        assertTrue(fine > 0.05, "jump at ε = 1e-8: " + fine);
        assertTrue(fine > 0.5 * coarse, "jump does not vanish with ε: " + fine + " vs " + coarse);
    }

    /** j* = 0: inside the affine regime the change is proportional to ε. */
    @Test
    void linearBelowFirstThreshold() {
        Table t = DriftSmoothness.probe(new double[][] {{0.3, 2}}, new double[] {1e-4, 1e-8});
        assertEquals(0, t.intColumn("j*").getInt(0));
        double r1 = t.doubleColumn("|Δb|_∞ / ε").getDouble(0);
        double r2 = t.doubleColumn("|Δb|_∞ / ε").getDouble(1);
        assertTrue(r1 > 0 && r1 < 10, "slope " + r1);
        assertEquals(r1, r2, 1e-6 * r1 + 1e-6);
    }

    @Test
    void rejectsBadInput() {
        assertThrows(IllegalArgumentException.class, () -> DriftSmoothness.probe(new double[][] {{1.2, 2}}, new double[] {1e-4}));
        assertThrows(IllegalArgumentException.class, () -> DriftSmoothness.probe(new double[][] {{0.5, 2}}, new double[] {0.5}));
    }
}
