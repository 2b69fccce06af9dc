package org.queuelab.notebook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.report.Checks;

/** Re-running a notebook cell re-records its checks: they replace the earlier ones instead of adding copies. */
class ChecksRerunTest {

    private static void cellA(Checks checks, double ours) {
        checks.absolute("Fig 1", "x at t = 10", 0.5, ours, 0.01);
        checks.claim("Fig 1", "x decreases", true, "ours decreases");
    }

    private static void cellB(Checks checks) {
        checks.relative("Table 2", "H(3)", 2.0, 2.01, 0.01);
    }

    @Test
    void rerunningACellReplacesItsChecksInPlace() {
        Checks checks = Checks.forNotebook("rerun");
        cellA(checks, 0.7);   // fails
        cellB(checks);
        cellA(checks, 0.501); // the same cell re-run after a fix
        cellB(checks);
        List<Checks.Check> all = checks.all();
        assertEquals(3, all.size(), "three distinct checks, however often their cells ran");
        assertEquals(List.of("x at t = 10", "x decreases", "H(3)"), all.stream().map(Checks.Check::quantity).toList(),
                "first-recorded order is kept");
        assertEquals(0.501, all.get(0).ours(), "the latest run's value");
        assertTrue(checks.failures().isEmpty(), "the fixed re-run replaced the failing check");
        assertEquals(3, checks.table().rowCount());
    }

    @Test
    void distinctQuantitiesOfOneFigureAreKept() {
        Checks checks = Checks.forNotebook("distinct");
        checks.absolute("Fig 2", "y(1)", 1, 1, 0);
        checks.absolute("Fig 2", "y(2)", 1, 3, 0);
        assertEquals(2, checks.all().size());
        assertFalse(checks.failures().isEmpty());
    }
}
