package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.analysis.Comparison;
import org.queuelab.analysis.Comparison.Side;
import org.queuelab.report.Checks;
import org.queuelab.report.ReferenceData;
import org.queuelab.result.Metric;

import tech.tablesaw.api.Table;

class Theorem2Test {

    private static final int LEVELS = 200;

    @Test
    void casesFollowTheReferenceTableRowByRow() {
        Table ref = ReferenceData.load("alba/theorem2_fixed_points.csv");
        List<Theorem2.Case> cases = Theorem2.cases();
        assertEquals(ref.rowCount(), cases.size());
        for (int i = 0; i < cases.size(); i++) {
            assertEquals(ref.stringColumn("check").get(i), cases.get(i).check());
            assertEquals(ref.numberColumn("theta").getDouble(i), cases.get(i).theta(), 0);
        }
    }

    @Test
    void closedFormMatchesTheReferenceAndTheFluidReachesIt() {
        // JIQ and JBT-1 at θ = 0.06: rows 3 and 4 of the reference (independently transcribed numbers)
        Table ref = ReferenceData.load("alba/theorem2_fixed_points.csv");
        List<Theorem2.Solution> solved = List.of(Theorem2.solve(Theorem2.cases().get(3), LEVELS),
                Theorem2.solve(Theorem2.cases().get(4), LEVELS));
        Table closed = Theorem2.table("closed", solved, Theorem2.Solution::closed);
        assertEquals(Theorem2.COLUMNS, closed.columnNames().subList(3, closed.columnCount()));
        Table refRows = ref.rows(3, 4);
        Checks checks = Checks.forNotebook("test");
        Comparison.of(Side.rows("ours", closed), Side.rows("ref", refRows))
                .series(Theorem2.COLUMNS.toArray(String[]::new))
                .checkEachTime(checks, "Thm 2", k -> solved.get(k).name(), 1e-6);
        assertEquals(2, checks.all().size());
        assertTrue(checks.failures().isEmpty(), checks.failures().toString());
        for (Theorem2.Solution s : solved) {
            assertNull(s.stopped());
            assertTrue(s.gapFromFigure1() < 1e-5, "gap " + s.gapFromFigure1());
        }
        Table fluid = Theorem2.table("fluid", solved, Theorem2.Solution::fromIdle);
        assertEquals(closed.doubleColumn("R").get(1), fluid.doubleColumn("R").get(1), 1e-5);
        assertEquals("10.3/10.5 JBT-1, θ = 0.06", solved.get(1).name());
    }

    @Test
    void referenceValueReadsTheRowOfADispatcherDAndTheta() {
        Table ref = ReferenceData.load("alba/theorem2_fixed_points.csv");
        assertEquals(0.15, Theorem2.referenceValue(ref, "JBT-d", 0, 0.06, "x00"), 0);            // JIQ, Figure 1's θ
        assertEquals(2.233601, Theorem2.referenceValue(ref, "Power-of-d", 2, 0.06, "R"), 0);
        assertEquals(2.5, Theorem2.referenceValue(ref, "JBT-d", 1, 0.04, "ratio_r"), 0);         // not θ = 0.06's row
        assertThrows(IllegalArgumentException.class, () -> Theorem2.referenceValue(ref, "JBT-d", 4, 0.06, "x00"));
        assertThrows(IllegalArgumentException.class, () -> Theorem2.referenceValue(ref, "JBT-d", 0, 0.06, "E"));
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> Theorem2.referenceValue(ref, "Power-of-d", 2, 0.2, "R"));
        assertTrue(empty.getMessage().contains("R is empty"), empty.getMessage());
    }

    @Test
    void solveAllSolvesEveryCaseInOrderAsSolveDoes() {
        int levels = LEVELS;
        List<Theorem2.Solution> all = Theorem2.solveAll(levels);
        assertEquals(Theorem2.cases().size(), all.size());
        for (int k : new int[] {0, Theorem2.cases().size() - 1}) {
            Theorem2.Solution one = Theorem2.solve(Theorem2.cases().get(k), levels);
            assertEquals(one.c(), all.get(k).c());
            assertArrayEquals(one.closed(), all.get(k).closed());
            assertArrayEquals(one.fromIdle(), all.get(k).fromIdle());
            assertEquals(one.gapFromFigure1(), all.get(k).gapFromFigure1());
        }
    }

    @Test
    void withoutScalingAndTheSuboptimalSetMatchTheirClosedForms() {
        Table c7 = Theorem2.withoutScaling(LEVELS);
        assertEquals(3, c7.rowCount());
        assertEquals(1.130118, c7.doubleColumn("Qbar closed form").get(0), 1e-6);   // Power-of-2, λ = 0.7
        assertEquals(c7.doubleColumn("Qbar closed form").get(1), c7.doubleColumn("Qbar fluid t = 3000").get(1), 1e-5);
        assertEquals(1.0, c7.doubleColumn("R fluid").get(2), 1e-6);                 // JIQ on warm servers
        Table c8 = Theorem2.suboptimalSet(0.35, LEVELS);
        assertTrue(c8.doubleColumn("max |F(x)|").get(0) < 1e-12);
        assertEquals(0 + 0.7 / 0.35, c8.doubleColumn("R").get(0), 1e-9);            // R = d + λ/c
        assertEquals(1 + 0.7 / 0.35, c8.doubleColumn("R").get(1), 1e-9);
    }

    @Test
    void simulationRecordsOneCheckPerCaseAndMetric() {
        List<Theorem2.Solution> solved = List.of(Theorem2.solve(Theorem2.cases().get(1), LEVELS));
        Checks checks = Checks.forNotebook("test");
        Table t = Theorem2.simulate(solved, 500, 60, 10, 2, 7L, checks);
        assertEquals(1, t.rowCount());
        assertEquals(5, checks.all().size());
        assertEquals(solved.get(0).row(solved.get(0).closed())[0], t.doubleColumn(Metric.OFF + " closed").get(0), 0);
    }

    @Test
    void otherFixedPointsAndRemarkOneChecksPassAgainstTheReference() {
        Checks checks = Checks.forNotebook("test");
        List<Table> tables = Theorem2.checkOtherFixedPoints(checks,
                ReferenceData.load("alba/other_fixed_points.csv"), LEVELS);
        Theorem2.checkRemarkOne(checks, LEVELS);
        assertEquals(2, tables.size());
        assertEquals(5 + 4 + 2, checks.all().size());
        assertTrue(checks.failures().isEmpty(), checks.failures().toString());
    }
}
