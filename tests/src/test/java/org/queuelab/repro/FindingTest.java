package org.queuelab.repro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

class FindingTest {

    @Test
    void tableAndTextCarryTheNumbers() {
        Finding a = new Finding("E at N = 1e5", 0.7, 0.734, 0.728, 0.740, false, "slope −0.45");
        Finding b = new Finding("x", Double.NaN, 3, Double.NaN, Double.NaN, true, null);
        Table t = Finding.table("findings", List.of(a, b));
        assertEquals(2, t.rowCount());
        assertEquals("NO", t.stringColumn("holds").get(0));
        assertEquals(0.728, t.doubleColumn("lo").getDouble(0));
        assertEquals("", b.note());
        assertTrue(a.toString().contains("does NOT hold"), a.toString());
        assertThrows(IllegalArgumentException.class, () -> new Finding(" ", 0, 0, 0, 0, true, ""));
    }

    @Test
    void asEvidenceKeepsTheNumbersAndTheInterval() {
        Finding f = new Finding("E at N = 1000", 0.7, 0.75, 0.74, 0.76, false, "10 runs");
        org.queuelab.claims.Evidence e = f.asEvidence(org.queuelab.claims.Evidence.Grade.INDEPENDENT_METHOD);
        assertEquals(0.75, e.ours(), 0);
        assertEquals(0.7, e.reference(), 0);
        assertEquals(false, e.holds());
        assertEquals("95% interval [0.7400, 0.7600]; 10 runs", e.note());
    }
}
