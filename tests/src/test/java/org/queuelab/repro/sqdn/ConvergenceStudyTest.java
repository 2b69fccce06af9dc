package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

class ConvergenceStudyTest {

    /** docs/sqdn.md §9.7: spectrum {−1, −λd, −(1+λd)} on the sum-zero subspace; fit ≈ 0.58 on [3, 8] at λ = 0.3, d = 2. */
    @Test
    void jacobianSpectrumAndFittedRate() {
        Table t = ConvergenceStudy.rates(new double[][] {{0.3, 2}, {0.45, 2}, {0.2, 3}}, 1e-4);
        Row a = t.row(0);
        assertEquals(0.6, a.getDouble("jacobian"), 1e-6);
        assertEquals(1.0, a.getDouble("second"), 1e-6);
        assertEquals(1.6, a.getDouble("third"), 1e-6);
        assertEquals(0.58, a.getDouble("fit_3_8"), 0.01);
        assertEquals(0.9, t.row(1).getDouble("jacobian"), 1e-6);
        assertEquals(0.6, t.row(2).getDouble("jacobian"), 1e-6);
        assertThrows(IllegalArgumentException.class, () -> ConvergenceStudy.rates(new double[][] {{0.6, 2}}, 1e-3));
    }

    @Test
    void slowerAtHighLoad() {
        ConvergenceStudy.Paths p = ConvergenceStudy.paths(new double[][] {{0.45, 2}, {0.9, 2}}, 1e-3, 80);
        double fast = p.settlingTime(0, 1e-2);
        double slow = p.settlingTime(1, 1e-2);
        assertTrue(fast < slow, fast + " vs " + slow);
        assertTrue(p.settlingIncreasing(1e-2));
        assertEquals(2, p.settlingTimes(1e-2).rowCount());
    }

    @Test
    void pathsComeInTheOrderOfThePoints() {
        double[][] points = {{0.9, 2}, {0.3, 2}, {0.6, 3}};
        ConvergenceStudy.Paths all = ConvergenceStudy.paths(points, 1e-3, 20);
        for (int k = 0; k < points.length; k++) {
            ConvergenceStudy.Paths one = ConvergenceStudy.paths(new double[][] {points[k]}, 1e-3, 20);
            org.junit.jupiter.api.Assertions.assertArrayEquals(one.distance(0), all.distance(k), "point " + k);
        }
    }

    @Test
    void flatLayoutRoundTrip() {
        double[][] x = SqdnFluid.zeros(3);
        x[0][0] = 0.1;
        x[1][2] = 0.2;
        x[3][3] = 0.7;
        double[] flat = SqdnFluid.toFlat(x);
        assertEquals(10, flat.length);
        assertEquals(0.2, flat[2 * 3 / 2 + 1], 0);
        double[][] back = SqdnFluid.fromFlat(flat, 3);
        for (int i = 0; i < 4; i++) {
            assertArrayEquals(x[i], back[i], 0);
        }
        assertArrayEquals(new double[] {1, 2, 3}, ConvergenceStudy.distinct(new double[] {1, 1 + 1e-9, 2, 3, 3}, 1e-6), 0);
    }
}
