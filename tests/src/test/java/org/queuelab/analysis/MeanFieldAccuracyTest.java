package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

class MeanFieldAccuracyTest {

    private static Table flat(String name, double value) {
        return Table.create(name, DoubleColumn.create("t", 0, 1, 2), DoubleColumn.create("x", value, value, value));
    }

    @Test
    void anExactInverseSquareRootGapGivesSlopeMinusOneHalf() {
        // simulated mean = fluid + 0.5/√N: the fitted constant is 0.5 and the slope −1/2
        Table fluid = flat("fluid", 0.3);
        MeanFieldAccuracy.Study s = MeanFieldAccuracy.study(new int[] {100, 1000, 10000},
                n -> flat("sim", 0.3 + 0.5 / Math.sqrt(n)), fluid, "t", List.of("x"), 0, 2);
        assertEquals(-0.5, s.slope(), 1e-9);
        assertEquals(0.5, s.sqrtConstant(), 1e-9);
        assertEquals(0.005, s.reference(10000), 1e-12);
        Table t = s.toTable();
        assertEquals(3, t.rowCount());
        assertEquals(0.05, t.doubleColumn("gap").get(0), 1e-12);
        assertEquals(2, s.figure("gap", "sup-norm gap").getTraces().length);
    }

    @Test
    void slopeOfAnInverseGapIsMinusOne() {
        Table fluid = flat("fluid", 0);
        MeanFieldAccuracy.Study s = MeanFieldAccuracy.study(new int[] {10, 100, 1000},
                n -> flat("sim", 1.0 / n), fluid, "t", List.of("x"), 0, 2);
        assertEquals(-1.0, s.slope(), 1e-9);
    }

    @Test
    void badInputIsRejected() {
        Table fluid = flat("fluid", 0);
        assertThrows(IllegalArgumentException.class, () -> MeanFieldAccuracy.study(new int[] {10},
                n -> flat("sim", 1.0), fluid, "t", List.of("x"), 0, 2));
        assertThrows(IllegalArgumentException.class, () -> MeanFieldAccuracy.study(new int[] {10, 100},
                n -> flat("sim", 0.0), fluid, "t", List.of("x"), 0, 2));   // zero gap: log undefined
        assertThrows(IllegalArgumentException.class, () -> MeanFieldAccuracy.study(new int[] {10, 10},
                n -> flat("sim", 1.0), fluid, "t", List.of("x"), 0, 2));
    }
}
