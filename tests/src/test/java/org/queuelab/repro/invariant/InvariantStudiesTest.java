package org.queuelab.repro.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.PaperLaws;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

class InvariantStudiesTest {

    @Test
    void dOneMatchesPollaczekKhinchineForLightTails() {
        var laws = PaperLaws.invariantStatesTable1();
        Table t = InvariantStudies.pollaczekKhinchine(laws, List.of("exponential", "gamma k=2", "shifted exp c=0.5"),
                0.5, 40);
        assertEquals(1.0, t.doubleColumn("w_pk").get(0), 1e-12);          // M/M/1 at load 1/2: W = 1
        assertEquals(0.75, t.doubleColumn("w_pk").get(1), 1e-12);         // E[S²] = 1.5
        assertEquals(0.625, t.doubleColumn("w_pk").get(2), 1e-12);        // E[S²] = 1.25
        for (Row r : t) {
            assertTrue(r.getDouble("relative_error") < 1e-8, r.getString("distribution") + " " + r.getDouble("relative_error"));
        }
    }

    @Test
    void exponentialClosedFormAtDThree() {
        Table t = InvariantStudies.exponentialClosedForm(PaperLaws.invariantStatesTable1().get("exponential"), 0.5, 3, 4);
        assertEquals(0.0625, t.doubleColumn("closed_form").get(1), 0);
        for (Row r : t) {
            assertTrue(r.getDouble("relative_error") < 1e-9, "level " + r.getInt("level"));
        }
    }

    @Test
    void fixedPointMapHasOneZeroPerLevel() {
        var laws = PaperLaws.invariantStatesTable1();
        var st = org.queuelab.invariant.InvariantStateSolver.solve(new org.queuelab.invariant.InvariantStateProblem(
                laws.get("Weibull a=0.5"), 0.5, 2, 5, org.queuelab.invariant.Accuracy.HIGH));
        Table t = InvariantStudies.uniqueness(java.util.Map.of("w", st), List.of("w"), 5, 41);
        assertEquals(4, t.rowCount());
        for (Row r : t) {
            assertTrue(r.getBoolean("positive_at_0") && r.getBoolean("negative_at_top") && r.getBoolean("decreasing"));
            assertEquals(1, r.getInt("sign_changes"));
        }
    }

    @Test
    void badInput() {
        var laws = PaperLaws.invariantStatesTable1();
        var e = assertThrows(IllegalArgumentException.class,
                () -> InvariantStudies.pollaczekKhinchine(laws, List.of("no such law"), 0.5, 10));
        assertTrue(e.getMessage().contains("no such law"));
        assertThrows(IllegalArgumentException.class,
                () -> InvariantStudies.exponentialClosedForm(laws.get("exponential"), 0.5, 1, 4));
    }
}
