package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.report.ReferenceData;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

class FixedPointSurveyTest {

    /** Every entry of data/sqdn/fixed_points.csv to 1e−6 and j* as listed (docs/sqdn.md §9.3). */
    @Test
    void tableCEntries() {
        Table cmp = FixedPointSurvey.compareEntries(ReferenceData.load("sqdn/fixed_points.csv"));
        assertEquals(46, cmp.rowCount());
        for (Row r : cmp) {
            String at = "λ = " + r.getDouble("lambda") + ", d = " + r.getInt("d") + ", (" + r.getInt("i") + "," + r.getInt("j") + ")";
            assertEquals(r.getDouble("x"), r.getDouble("ours"), 1e-6, at);
            assertEquals(r.getInt("jstar"), r.getInt("ours_jstar"), at);
        }
    }

    @Test
    void tableCSummaries() {
        Table cmp = FixedPointSurvey.compareSummary(ReferenceData.load("sqdn/fixed_point_summary.csv"));
        for (Row r : cmp) {
            String at = "λ = " + r.getDouble("lambda") + ", d = " + r.getInt("d");
            assertEquals(r.getInt("jstar"), r.getInt("ours_jstar"), at);
            assertEquals(r.getDouble("L_S"), r.getDouble("ours_L_S"), 1e-6, at);
            assertEquals(r.getDouble("ours_L_S") + 1.0 / r.getInt("d"), r.getDouble("ours_L_M"), 1e-9, at);
            if (!r.isMissing("max_queue")) {
                assertEquals(r.getInt("max_queue"), r.getInt("ours_max_queue"), at);
            }
        }
        Table idle = ReferenceData.load("sqdn/idle_join_fraction.csv");
        for (Row r : idle) {
            double ours = FixedPointSurvey.fixedPoint(r.getDouble("lambda"), r.getInt("d")).idleJoinFraction();
            assertEquals(r.getDouble("idle_join_fraction"), ours, 1e-6, "λ = " + r.getDouble("lambda") + ", d = " + r.getInt("d"));
        }
    }

    /** Structure on a coarse grid (the notebook runs 500 points per d). */
    @Test
    void structureOnAGrid() {
        Table g = FixedPointSurvey.grid(new int[] {2, 3, 5}, 0.01, 0.999, 60);
        assertTrue(g.rowCount() >= 170);
        assertTrue(g.booleanColumn("in_interval").all());
        assertTrue(g.booleanColumn("two_slots").all());
        assertTrue(g.booleanColumn("max_is_bound").all());
        assertTrue(g.doubleColumn("idle_error").max() < 1e-9);
        assertTrue(g.doubleColumn("gap_error").max() < 1e-9);
        assertTrue(g.doubleColumn("drift_norm").max() < 1e-12, "max |b(x*)| = " + g.doubleColumn("drift_norm").max());
    }

    @Test
    void nearThresholdDetection() {
        assertTrue(FixedPointSurvey.nearThreshold(0.5, 2));
        assertTrue(FixedPointSurvey.nearThreshold(Math.sqrt(3) / 2, 2));
        assertTrue(!FixedPointSurvey.nearThreshold(0.6, 2));
    }

    /** Long-time integration from e_{0,0} lands on x* (O(h) bias) and a short simulation agrees (docs/sqdn.md §9.6). */
    @Test
    void confirmedByIntegrationAndSimulation() {
        Table c = FixedPointSurvey.confirm(new double[][] {{0.9, 2}}, 1e-3, 100, 1000, 20, 300, 50, 8, 5L);
        Row r = c.row(0);
        assertTrue(r.getDouble("integration_distance") < 5e-3, "distance " + r.getDouble("integration_distance"));
        double halfWidth = r.getDouble("sim_L_S_halfwidth");
        assertTrue(halfWidth < 0.05, "the simulation must be able to tell: half-width " + halfWidth);
        assertEquals(1.721408, r.getDouble("sim_L_S"), 2 * halfWidth);
    }

    /** Several points: each row is what a confirm of that point alone gives with its seed (seed + row). */
    @Test
    void confirmRowsAreEachPointsOwnConfirm() {
        double[][] points = {{0.6, 2}, {0.45, 2}, {0.6, 3}};
        Table all = FixedPointSurvey.confirm(points, 1e-3, 30, 200, 20, 60, 20, 3, 11L);
        for (int p = 0; p < points.length; p++) {
            Table one = FixedPointSurvey.confirm(new double[][] {points[p]}, 1e-3, 30, 200, 20, 60, 20, 3, 11L + p);
            assertEquals(one.print(), all.rows(p).print(), "point " + p);
        }
    }

    /**
     * Below 1 − 1/d every job joins an idle server at the fixed point, L_S = λ: the stationary gap at N = 400 and
     * 1600 is small (|gap| < 0.02, about ten times the O(1/N) bias expected there), and the derived columns are the
     * gap, its interval and its scalings.
     */
    @Test
    void stationaryGapOverNAtLowLoad() {
        Table t = FixedPointSurvey.stationaryGapOverN(0.45, 2, new int[] {400, 1600}, 20, 60, 20, 4, 3L);
        assertEquals(2, t.rowCount());
        for (Row r : t) {
            double gap = r.getDouble("sim_L_S") - 0.45;
            assertEquals(0.45, r.getDouble("L_S"), 1e-9);
            assertEquals(gap, r.getDouble("gap"), 1e-12);
            assertEquals(gap - r.getDouble("half_width"), r.getDouble("gap_lower"), 1e-12);
            assertEquals(r.getInt("N") * gap, r.getDouble("N·gap"), 1e-9);
            assertTrue(Math.abs(gap) < 0.02, "gap " + gap + " at N = " + r.getInt("N"));
            assertTrue(r.getDouble("half_width") > 0);
        }
    }
}
