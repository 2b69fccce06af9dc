package org.queuelab.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.dist.Weibull;

import tech.tablesaw.api.Table;

/** The work's display conventions: 0 below the resolution, "lost" for noise, NaN H, and the W* table. */
class InvariantTablesTest {

    @Test
    void displayFollowsTheWorkAndNeverPrintsNoise() {
        Map<String, InvariantState> paper = new LinkedHashMap<>();
        paper.put("exponential", InvariantStateSolver.solve(InvariantStateProblem.paper(Exponential.unitMean())));
        paper.put("lognormal σ=1", InvariantStateSolver.solve(InvariantStateProblem.paper(LogNormal.unitMean(1))));
        Table shown = InvariantTables.table1Display("t", paper);
        assertEquals(2, shown.rowCount());
        assertEquals("0.500000", shown.stringColumn("s1").get(0));
        assertEquals("0", shown.stringColumn("s6").get(0));          // 1.08e-19 ≤ 1e-12: the work prints 0
        assertEquals("lost", shown.stringColumn("s6").get(1));       // 1.35e-12 ± 5e-13 in paper mode
        assertEquals("4.72444e-07", shown.stringColumn("s5").get(1));
        Table h = InvariantTables.table2("h", paper);
        assertTrue(Double.isNaN(h.doubleColumn("H6").getDouble(0)));
        assertEquals(-0.52877, h.doubleColumn("H1").getDouble(1), 1e-5);
    }

    @Test
    void waitingTimeTableCarriesAllFourValues() {
        Map<String, InvariantState> high = new LinkedHashMap<>();
        high.put("Weibull a=0.5", InvariantStateSolver.solve(
                new InvariantStateProblem(Weibull.unitMean(0.5), 0.5, 2, 9, Accuracy.HIGH)));
        Table w = InvariantTables.waitingTimes("w", high);
        assertEquals(1, w.rowCount());
        assertEquals(0.694374, w.doubleColumn("W_little").getDouble(0), 1e-6);
        assertEquals(0.694374, w.doubleColumn("W_4.3").getDouble(0), 1e-6);
        assertTrue(w.doubleColumn("W_4.4_left").getDouble(0) > w.doubleColumn("W_4.4_trapezoid").getDouble(0));
    }

    @Test
    void approximationRejectsBadGrid() {
        InvariantState st = InvariantStateSolver.solve(
                new InvariantStateProblem(Exponential.unitMean(), 0.5, 2, 8, Accuracy.HIGH));
        assertBad(() -> VirtualWaitingTime.approximation(st, 0, 20, 0.003), "levels = 0");
        assertBad(() -> VirtualWaitingTime.approximation(st, 8, 20, 0.003), "levels = 8");
        assertBad(() -> VirtualWaitingTime.approximation(st, 6, -1, 0.003), "horizon = -1");
        assertBad(() -> VirtualWaitingTime.approximation(st, 6, Double.POSITIVE_INFINITY, 0.003), "horizon = Infinity");
        assertBad(() -> VirtualWaitingTime.approximation(st, 6, 20, 0), "step = 0");
        assertBad(() -> VirtualWaitingTime.approximation(st, 6, 20, 30), "step = 30");
        InvariantState single = InvariantStateSolver.solve(
                new InvariantStateProblem(Exponential.unitMean(), 0.5, 1, 8, Accuracy.HIGH));
        assertBad(() -> VirtualWaitingTime.integral(single), "d = 1");
        // d = 1: Little's law is the Pollaczek–Khinchine mean wait λE[S²]/(2(1−λ)) = 1 for M/M/1 at λ = ½ (levels ≤ 8
        // leave the geometric tail Σ_{ℓ>8} λ^ℓ/λ = 2^-7)
        assertEquals(1 - Math.pow(0.5, 7), VirtualWaitingTime.little(single), 1e-12);
    }

    private static void assertBad(org.junit.jupiter.api.function.Executable call, String fragment) {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(fragment) && e.getMessage().contains("allowed"), e.getMessage());
    }
}
