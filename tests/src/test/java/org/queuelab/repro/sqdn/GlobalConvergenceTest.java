package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

class GlobalConvergenceTest {

    @Test
    void fromLongQueuesTheRateIsMinOfOneAndLambdaD() {
        Table t = GlobalConvergence.fluidFromStarts(0.3, 2, List.of(GlobalConvergence.Start.allAt(6, 6),
                GlobalConvergence.Start.spread(4, 7)), 1e-3, 80);
        for (Row r : t) {
            assertTrue(r.getDouble("enters_linear_at") > 1, "the start must drain through the non-linear regime");
            assertEquals(0.6, r.getDouble("fitted_rate"), 0.03, r.getString("start"));
            assertTrue(Double.isFinite(r.getDouble("settles_at")));
            assertTrue(r.getDouble("bias") < 10 * 1e-3, "O(h) bias of the scheme");
        }
    }

    @Test
    void theGapToTheFluidShrinksWithN() {
        Table t = GlobalConvergence.overN(0.45, 2, GlobalConvergence.Start.allAt(4, 4), new int[] {50, 20_000}, 10,
                1e-3, 8, 11L);
        assertTrue(t.doubleColumn("upper").get(1) < t.doubleColumn("lower").get(0), t.print());
        Table again = GlobalConvergence.overN(0.45, 2, GlobalConvergence.Start.allAt(4, 4), new int[] {50, 20_000}, 10,
                1e-3, 8, 11L);
        assertEquals(t.doubleColumn("sup_gap").get(1), again.doubleColumn("sup_gap").get(1), 0, "same seed, same result");
    }

    @Test
    void badInput() {
        assertThrows(IllegalArgumentException.class, () -> GlobalConvergence.fluidFromStarts(0.6, 2,
                List.of(GlobalConvergence.Start.allAt(4, 4)), 1e-3, 80));   // λ ≥ 1 − 1/d
        assertThrows(IllegalArgumentException.class, () -> GlobalConvergence.Start.allAt(5, 4));
        assertThrows(IllegalArgumentException.class, () -> GlobalConvergence.Start.spread(4, 7).initial(10));
        assertThrows(IllegalArgumentException.class, () -> GlobalConvergence.overN(0.45, 2,
                GlobalConvergence.Start.allAt(4, 4), new int[] {100}, 10, 1e-3, 1, 1L));
    }
}
