package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.repro.Finding;

import tech.tablesaw.api.Table;

class Theorem3TimeBoundTest {

    @Test
    void entryTimesFromTheFiveStartsAgainstThePrintedBound() {
        Theorem3TimeBound s = Theorem3TimeBound.figure1Rates();
        List<Theorem3TimeBound.Row> rows = s.run(List.of(RateIdleScaling.inverseAlpha()));
        assertEquals(5, rows.size());
        // the work's material gives t ≈ 211 from the Figure 1 state with κ = 1/α
        assertEquals(211, rows.get(0).entryTime(), 0.05 * 211);
        for (Theorem3TimeBound.Row r : rows) {
            assertTrue(Double.isFinite(r.entryTime()), r.toString());
            assertTrue(r.finalDistance() < s.threshold(), r.toString());
        }
        Finding f = s.withinPrintedBound(rows);
        double worst = rows.stream().mapToDouble(Theorem3TimeBound.Row::entryTime).max().orElseThrow();
        assertEquals(worst, f.ours());
        assertEquals(285, f.reference());                      // read from data/alba/theorem3_reference.csv
        assertEquals(1e-3, s.threshold());
        assertEquals(worst <= 285, f.holds());
        Table t = s.table(rows);
        assertEquals(worst <= 285 ? 0 : 1, Math.min(1, t.stringColumn("within").countOccurrences("NO")));
    }

    @Test
    void rowsComeGainByGainThenStartByStart() {
        Theorem3TimeBound s = Theorem3TimeBound.figure1Rates();
        List<Theorem3TimeBound.Row> both = s.run(s.standardGains());
        List<Theorem3TimeBound.Row> first = s.run(List.of(s.standardGains().get(0)));
        List<Theorem3TimeBound.Row> second = s.run(List.of(s.standardGains().get(1)));
        assertEquals(first, both.subList(0, 5));
        assertEquals(second, both.subList(5, 10));
        assertEquals(List.copyOf(OptimalityConvergence.initialStates(0.7, (a, b, c) -> a).keySet()),
                first.stream().map(Theorem3TimeBound.Row::start).toList());
    }

    @Test
    void aStartBeyondTheBoundFailsAndIsNamed() {
        Theorem3TimeBound s = Theorem3TimeBound.figure1Rates();
        Finding f = s.withinPrintedBound(List.of(new Theorem3TimeBound.Row("a", "g", 200, 1e-7),
                new Theorem3TimeBound.Row("cold", "g", 296.1, 1e-7)));
        assertFalse(f.holds());
        assertTrue(f.note().contains("cold, g: 296.1"), f.note());
        assertTrue(s.withinPrintedBound(List.of(new Theorem3TimeBound.Row("a", "g", 285, 1e-7))).holds());
        assertFalse(s.withinPrintedBound(List.of(new Theorem3TimeBound.Row("a", "g", Double.POSITIVE_INFINITY,
                1))).holds());
    }

    @Test
    void refusesBadParameters() {
        assertThrows(IllegalArgumentException.class, () -> new Theorem3TimeBound(0.7, 0.05, 0.1, 0.025, 100, 600,
                0.5, 0, 285));
        assertThrows(IllegalArgumentException.class, () -> new Theorem3TimeBound(0.7, 0.05, 0.1, 0.025, 100, 600,
                700, 1e-3, 285));
    }
}
