package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Trajectory;

import tech.tablesaw.api.Table;

class FluidStochasticComparisonTest {

    private static final TimeGrid GRID = TimeGrid.of(1.0, 0.5);   // 0, 0.5, 1

    /** Two runs of series "LS": (1, 2, 3) and (3, 4, 5): mean (2, 3, 4). */
    private static ReplicatedTrajectory twoRuns() {
        Trajectory a = new Trajectory(GRID, List.of("LS", "idle"), new double[][] {{1, 2, 3}, {0, 0, 0}}, Provenance.of("test").withSeed(1));
        Trajectory b = new Trajectory(GRID, List.of("LS", "idle"), new double[][] {{3, 4, 5}, {0, 0, 0}}, Provenance.of("test").withSeed(1));
        return ReplicatedTrajectory.of(List.of(a, b));
    }

    @Test
    void fluidIsMatchedOnTheSimulationGrid() {
        double[] fluidTimes = {0, 0.25, 0.5, 0.75, 1.0};
        double[] fluidLs = {2.5, 9, 3.5, 9, 3.0};
        FluidStochasticComparison c = FluidStochasticComparison.of("test", twoRuns())
                .quantity("L_S", fluidTimes, fluidLs, "LS").build();
        assertEquals(List.of("L_S"), c.quantities());
        assertEquals(3.5, c.fluidAt("L_S", 0.5), 0);
        assertEquals(3.0, c.stochasticAt("L_S", 0.5).mean(), 1e-15);
        assertEquals(1.0, c.maxGap("L_S", 0), 1e-15);      // |4 - 3| at t = 1
        assertEquals(1.0, c.maxGap("L_S", 0.75), 1e-15);
        assertEquals(0.5, c.maxGap("L_S", 0.0) - 0.5, 1e-15);
        Table t = c.table();
        assertEquals(3, t.rowCount());
        assertEquals(-0.5, t.doubleColumn("gap").getDouble(0), 1e-15);
        assertEquals(2, t.doubleColumn("runs").getDouble(0), 0);
        // the band is mean ± t_{0.975,1}·s/√2, with s = √2: half-width 12.706…
        assertEquals(2 - 12.7062047, t.doubleColumn("lo").getDouble(0), 1e-6);
        Table at = c.tableAt(1.0);
        assertEquals(1, at.rowCount());
        assertEquals(4.0, at.doubleColumn("stochastic").getDouble(0), 1e-15);
        // two dashed/solid lines and one band (two traces) for one quantity
        assertEquals(4, c.figure("L_S").getTraces().length);
    }

    @Test
    void missingGridTimesAndUnknownSeriesAreRejected() {
        ReplicatedTrajectory avg = twoRuns();
        assertThrows(IllegalArgumentException.class, () -> FluidStochasticComparison.of("t", avg)
                .quantity("L_S", new double[] {0, 1}, new double[] {1, 2}, "LS"));
        assertThrows(IllegalArgumentException.class, () -> FluidStochasticComparison.of("t", avg)
                .quantity("L_S", new double[] {0, 0.5, 1}, new double[] {1, 2, 3}, "nope"));
        assertThrows(IllegalArgumentException.class, () -> FluidStochasticComparison.of("t", avg)
                .quantity("L_S", new double[] {0, 0.5, 1}, new double[] {1, 2}, "LS"));
        assertThrows(IllegalStateException.class, () -> FluidStochasticComparison.of("t", avg).build());
        FluidStochasticComparison c = FluidStochasticComparison.of("t", avg)
                .quantity("L_S", new double[] {0, 0.5, 1}, new double[] {1, 2, 3}, "LS").build();
        assertThrows(IllegalArgumentException.class, () -> c.fluidAt("x00", 0));
        assertThrows(IllegalArgumentException.class, () -> c.fluidAt("L_S", 2));
    }
}
