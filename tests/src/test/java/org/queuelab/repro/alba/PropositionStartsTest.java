package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.repro.Finding;

class PropositionStartsTest {

    @Test
    void closedFormOfTheWorkedExample() {
        PropositionStarts p = PropositionStarts.figure1Rates(200, 1500);
        assertTrue(p.overdamped());
        // λ = 0.7, ακ = 0.0125, y0(0) = x12(0) = 0.5: 0.5 + 0.2/0.0125 = 16.5
        assertEquals(16.5, p.closedForm(new double[] {0.5, 0, 0, 0.5}), 1e-12);
        assertEquals(12.5, p.closedForm(new double[] {0.45, 0.05, 0, 0.5}), 1e-12);
    }

    @Test
    void fluidLimitsDependOnTheStartAndMatchTheClosedForm() {
        PropositionStarts p = PropositionStarts.figure1Rates(250, 1500);    // Q̄ → 8.6: queues reach ~100
        Map<String, double[]> starts = new LinkedHashMap<>();
        starts.put("x00=0.35, x12=0.65", new double[] {0.35, 0, 0, 0.65});
        starts.put("x00=0.4, x12=0.6", new double[] {0.4, 0, 0, 0.6});
        List<PropositionStarts.Row> rows = p.run(starts);
        Finding differ = p.limitsDiffer(rows);
        assertTrue(differ.holds(), differ.toString());
        Finding closed = p.matchesClosedForm(rows, 1e-3);
        assertTrue(closed.holds(), closed.toString());
        assertEquals(2, p.table(rows).rowCount());
    }

    @Test
    void equalLimitsOrAnUnderdampedGainDoNotPass() {
        PropositionStarts p = PropositionStarts.figure1Rates(120, 1500);
        List<PropositionStarts.Row> same = List.of(new PropositionStarts.Row("a", 0.5, 16.5, 16.5, 16.4, 0, 0.7),
                new PropositionStarts.Row("b", 0.5, 16.5, 16.5, 16.4, 0, 0.7));
        assertFalse(p.limitsDiffer(same).holds());
        PropositionStarts under = new PropositionStarts(0.7, 0.05, 0.1, 0.025, 2, 120, 1500);
        assertFalse(under.overdamped());
        assertFalse(under.matchesClosedForm(same, 1e-3).holds());
    }

    @Test
    void refusesStartsWithIdleServersAndBadSizes() {
        PropositionStarts p = PropositionStarts.figure1Rates(120, 100);
        assertThrows(IllegalArgumentException.class, () -> p.run(Map.of("idle", new double[] {0.5, 0, 0.1, 0.4})));
        assertThrows(IllegalArgumentException.class, () -> PropositionStarts.figure1Rates(5, 100));
        assertThrows(IllegalArgumentException.class, () -> PropositionStarts.figure1Rates(100, 0));
    }
}
