package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.report.ReferenceData;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

class LargestQueueBoundTest {

    private static final int[] CHOICES = {2, 3, 4, 5, 10};

    /** the thresholds of data/sqdn/thresholds.csv to its 6 printed decimals, and λ_1 = 1 − 1/d, λ_2 = √3/2 at d = 2 (docs/sqdn.md §9.2). */
    @Test
    void thresholdsMatchTableA() {
        Table cmp = LargestQueueBound.compareThresholds(LargestQueueBound.thresholds(CHOICES, 6),
                ReferenceData.load("sqdn/thresholds.csv"));
        assertEquals(30, cmp.rowCount());
        for (Row r : cmp) {
            assertEquals(r.getDouble("reference"), r.getDouble("lambda_J"), 5e-7, "d = " + r.getInt("d") + ", J = " + r.getInt("J"));
        }
        for (int d : CHOICES) {
            assertEquals(1 - 1.0 / d, SqdnFluid.threshold(1, d), 1e-12);
        }
        assertEquals(Math.sqrt(3) / 2, SqdnFluid.threshold(2, 2), 1e-12);
    }

    /** data/sqdn/jstar_bound.csv, except the three entries exactly on λ_1 (docs/sqdn.md §9.2). */
    @Test
    void boundMatchesTableBOffTheThresholds() {
        Table cmp = LargestQueueBound.compareBound(ReferenceData.load("sqdn/jstar_bound.csv"));
        int checked = 0;
        for (Row r : cmp) {
            if (!r.getBoolean("on_threshold")) {
                assertEquals(r.getInt("jstar_plus_one"), r.getInt("ours"), "λ = " + r.getDouble("lambda") + ", d = " + r.getInt("d"));
                checked++;
            }
        }
        assertEquals(62, checked);
    }

    /**
     * Threshold points sensitive to rounding (docs/sqdn.md §5): λ = 2/3 with d = 3 evaluates the eq. (1) ratio to
     * 0.9999999999999998 and λ = 0.8 with d = 5 to 1.0000000000000002; the documented convention puts both on the
     * upper side (j* = 1). Around every λ_J the jump from J−1 to J lies in (λ_J − 1e−9, nextUp(λ_J)].
     */
    @Test
    void thresholdPointsLandOnTheUpperSide() {
        assertEquals(1, SqdnFluid.jStar(2.0 / 3.0, 3));
        assertEquals(1, SqdnFluid.jStar(0.8, 5));
        assertEquals(1, SqdnFluid.jStar(0.5, 2));
        assertEquals(1, SqdnFluid.jStar(0.9, 10));
        Table around = LargestQueueBound.aroundThresholds(CHOICES, 6, 1e-9);
        int exactlyAt = 0;
        for (Row r : around) {
            int level = r.getInt("J");
            String at = "d = " + r.getInt("d") + ", J = " + level;
            assertEquals(level - 1, r.getInt("below"), at);
            assertEquals(level, r.getInt("next"), at);
            assertEquals(level, r.getInt("above"), at);
            assertTrue(r.getInt("at") == level || r.getInt("at") == level - 1, at);
            exactlyAt += r.getInt("at") == level ? 1 : 0;
        }
        // the double λ_J is the root's lower neighbour only near λ = 1 (d = 10, J = 5 and 6)
        assertEquals(28, exactlyAt);
    }

    @Test
    void curveStepsAtTheThresholds() {
        Table c = LargestQueueBound.curve(new int[] {2}, 0.01, 0.999, 200);
        double[] lambda = c.doubleColumn("lambda").asDoubleArray();
        int[] bound = c.intColumn("bound").asIntArray();
        for (int level = 1; level <= 6; level++) {
            double lj = SqdnFluid.threshold(level, 2);
            int found = 0;
            for (int k = 0; k < lambda.length; k++) {
                if (lambda[k] == Math.nextUp(lj)) {
                    assertEquals(level + 1, bound[k], "λ_" + level);
                    // nextDown(λ_J) is within the 1e−12 slack of the convention: either side is right
                    assertTrue(bound[k - 2] == level || bound[k - 2] == level + 1, "below λ_" + level);
                    found++;
                }
            }
            assertEquals(1, found, "λ_" + level);
        }
        assertEquals(7, c.intColumn("bound").max(), 0);   // j*(0.999, 2) = 6
        for (int k = 1; k < lambda.length; k++) {
            assertTrue(lambda[k] > lambda[k - 1] && bound[k] >= bound[k - 1], "increasing at " + lambda[k]);
        }
        assertThrows(IllegalArgumentException.class, () -> LargestQueueBound.curve(new int[] {2}, 0.5, 0.4, 10));
        assertThrows(IllegalArgumentException.class, () -> LargestQueueBound.curve(new int[] {}, 0.1, 0.4, 10));
    }

    @Test
    void roundedCountsSumToN() {
        double[][] x = {{1.0 / 3, 1.0 / 3}, {0, 1.0 / 3}};
        int[][] c = LargestQueueBound.roundedCounts(x, 100);
        assertEquals(100, c[0][0] + c[0][1] + c[1][1]);
        assertEquals(0, c[1][0]);
        for (int i = 0; i < 2; i++) {
            for (int j = i; j < 2; j++) {
                assertTrue(Math.abs(c[i][j] - 100.0 / 3) < 1, c[i][j] + "");
            }
        }
        assertThrows(IllegalArgumentException.class, () -> LargestQueueBound.roundedCounts(new double[][] {{0.7, 0.7}, {0, 0}}, 10));
        assertThrows(IllegalArgumentException.class, () -> LargestQueueBound.roundedCounts(x, 0));
    }

    /** λ = 0.995, d = 2: the fluid bound is 5 and a short simulation at N = 5000 from x* never exceeds it (docs/sqdn.md §9.8). */
    @Test
    void noServerAboveFiveAtLoad0995() {
        assertEquals(5, LargestQueueBound.fixedPoint(0.995, 2).maxQueue());
        assertEquals(4, LargestQueueBound.fixedPoint(0.995, 3).maxQueue());
        LargestQueueBound.LargestQueueRun run = LargestQueueBound.simulateLargestQueue(0.995, 2, 5000, 20, 20, 11L);
        assertTrue(run.largestLevelSeen() <= 5, "largest " + run.largestLevelSeen());
        assertEquals(run.largestLevelSeen(), run.largestInMarginal());
        assertEquals(4.11, run.meanQueue(), 0.1);
        assertEquals(5, run.jStarPlusOne());
        assertThrows(IllegalArgumentException.class, () -> LargestQueueBound.simulateLargestQueue(0.995, 2, 100, 5, 1, 1L));
    }

    /** Figure 2 as two panels with the same series (so a row of figures lists each once) and a log axis on the second. */
    @Test
    void figure2IsTwoPanelsWithTheSameSeries() {
        var panels = LargestQueueBound.figure2(LargestQueueBound.curve(CHOICES, 0.01, 0.999, 50), CHOICES, 0.995, 2, 5);
        assertEquals(2, panels.size());
        for (var panel : panels) {
            String js = panel.asJavascript("fig2");
            for (int d : CHOICES) {
                assertTrue(js.contains("name: 'd = " + d + "'"), js);
            }
            assertTrue(js.contains(LargestQueueBound.quotedPoint(0.995, 2, 5)), js);
        }
        assertTrue(panels.get(1).asJavascript("fig2").contains("type: 'log'"), "second panel against 1 − λ on a log axis");
    }
}
