package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.analysis.Comparison.Side;
import org.queuelab.report.Checks;
import org.queuelab.result.Provenance;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Trajectory;
import org.queuelab.result.ReplicatedTrajectory;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

class ComparisonTest {

    private static Table table(String name, double[] t, double[] a, double[] b) {
        return Table.create(name, DoubleColumn.create("t", t), DoubleColumn.create("a", a),
                DoubleColumn.create("b", b));
    }

    /** Two runs of series "LS" on 0, 0.5, 1: (1, 2, 3) and (3, 4, 5), mean (2, 3, 4). */
    private static ReplicatedTrajectory twoRuns() {
        TimeGrid grid = TimeGrid.of(1.0, 0.5);
        Trajectory a = new Trajectory(grid, List.of("LS", "idle"), new double[][] {{1, 2, 3}, {0, 0, 0}},
                Provenance.of("test").withSeed(1));
        Trajectory b = new Trajectory(grid, List.of("LS", "idle"), new double[][] {{3, 4, 5}, {0, 0, 0}},
                Provenance.of("test").withSeed(1));
        return ReplicatedTrajectory.of(List.of(a, b));
    }

    @Test
    void supNormOnTheSameGridIsTheLargestAbsoluteDifference() {
        Table ref = table("ref", new double[] {0, 1, 2}, new double[] {0, 1, 2}, new double[] {5, 5, 5});
        Table sim = table("sim", new double[] {0, 1, 2}, new double[] {0.1, 1.3, 2}, new double[] {5, 4.9, 5});
        Comparison c = Comparison.of(Side.table("fluid", ref, "t"), Side.table("sim", sim, "t"));
        assertEquals(List.of("a", "b"), c.seriesNames());
        Comparison.Gap gap = c.supNorm();
        assertEquals(0.3, gap.error(), 1e-12);
        assertEquals("a", gap.series());
        assertEquals(1.0, gap.time(), 0);
        assertEquals(6, gap.compared());
        assertEquals(0.1, c.worst("b").error(), 1e-12);
    }

    @Test
    void sideAIsInterpolatedLinearlyAndWindowRestrictsTimes() {
        Table ref = table("ref", new double[] {0, 2}, new double[] {1, 5}, new double[] {0, 0});
        Table sim = table("sim", new double[] {0, 1, 2, 3}, new double[] {1, 3, 5, 100}, new double[] {0, 0, 0, 0});
        Comparison c = Comparison.of(Side.table("fluid", ref, "t"), Side.table("sim", sim, "t")).series("a");
        assertEquals(3.0, c.valueA("a", 1.0), 1e-12);
        assertEquals(2.0, Comparison.interpolate(new double[] {0, 2}, new double[] {1, 5}, 0.5), 1e-12);
        assertThrows(IllegalArgumentException.class, c::supNorm);            // t = 3 is outside the fluid
        Comparison inside = c.window(0.5, 2.5);
        assertEquals(0.0, inside.supNorm().error(), 1e-12);
        assertEquals(2, inside.supNorm().compared());
    }

    @Test
    void referenceTableBesideOursSkipsEmptyCellsAndReportsNaNOfOurs() {
        Table ours = table("ours", new double[] {0, 1, 2}, new double[] {1, 2, 30}, new double[] {1, Double.NaN, 0});
        Table ref = table("ref", new double[] {0, 1, 2}, new double[] {1.5, 2, Double.NaN}, new double[] {1, 2, 0});
        Comparison c = Comparison.of(Side.table("ours", ours, "t"), Side.table("ref", ref, "t"));
        Comparison.Gap w = c.worst("a");
        assertEquals(0.0, w.time(), 0);
        assertEquals(0.5, w.error(), 1e-12);
        assertEquals(1.5, w.b(), 0);
        assertEquals(1.0, w.a(), 0);
        assertEquals(2, w.compared());
        assertTrue(Double.isNaN(c.worst("b").error()));
        Table t = c.table();
        assertEquals(List.of("t", "a ours", "a ref", "|Δ| a", "b ours", "b ref", "|Δ| b"), t.columnNames());
        assertEquals(0.5, t.doubleColumn("|Δ| a").get(0), 1e-12);
    }

    @Test
    void checksRecordTheWorstPerSeriesPerRowAndTheSupNorm() {
        Table ours = table("ours", new double[] {0, 1}, new double[] {1, 2.01}, new double[] {3, 4});
        Table ref = table("ref", new double[] {0, 1}, new double[] {1, 2}, new double[] {3.5, 4});
        Comparison c = Comparison.of(Side.rows("ours", ours), Side.rows("ref", ref)).series("a", "b");
        Checks checks = Checks.forNotebook("test");
        c.checkEachSeries(checks, "fig", 0.1);
        assertEquals(2, checks.all().size());
        assertTrue(checks.all().get(0).pass());
        assertFalse(checks.all().get(1).pass());                                 // |3 − 3.5| > 0.1
        assertEquals(3.5, checks.all().get(1).reference(), 0);
        c.checkEachTime(checks, "fig", k -> "case " + k, 0.02);
        assertEquals(4, checks.all().size());
        assertFalse(checks.all().get(2).pass());                                 // row 0: b is off by 0.5
        assertTrue(checks.all().get(3).pass());                                  // row 1: 0.01
        c.checkSupNorm(checks, "fig", "sup", 0.5);
        assertTrue(checks.all().get(4).pass());
        assertEquals("row", c.table().columnNames().get(0));
    }

    @Test
    void fluidAgainstASimulationAverageWithItsBand() {
        double[] fluidTimes = {0, 0.25, 0.5, 0.75, 1.0};
        double[] fluidLs = {2.5, 9, 3.5, 9, 3.0};
        Comparison c = Comparison.of(Side.series("fluid", fluidTimes, Map.of("L_S", fluidLs)),
                        Side.average("stochastic", twoRuns()))
                .series("L_S", "L_S", "LS");
        assertEquals(List.of("L_S"), c.seriesNames());
        assertEquals(3.5, c.valueA("L_S", 0.5), 0);
        assertEquals(3.0, c.estimateB("L_S", 0.5).mean(), 1e-15);
        assertEquals(2, c.estimateB("L_S", 0.5).n());
        assertEquals(1.0, c.supNorm().error(), 1e-15);                        // |3 − 4| at t = 1
        assertEquals(1.0, c.window(0.75, 1).supNorm().error(), 1e-15);
        assertEquals(0.5, c.gapAt("L_S", 0).a() - c.gapAt("L_S", 0).b(), 1e-15);
        Table t = c.table();
        assertEquals(3, t.rowCount());
        // the band is mean ± t_{0.975,1}·s/√2 with s = √2: half-width 12.706…
        assertEquals(12.7062047, t.doubleColumn("L_S stochastic ±").getDouble(0), 1e-6);
        Table at = c.tableAt(1.0);
        assertEquals(1, at.rowCount());
        assertEquals(4.0, at.doubleColumn("L_S stochastic").getDouble(0), 1e-15);
        // one band (two traces), the solid mean and the dashed fluid
        assertEquals(4, c.figure("L_S").getTraces().length);
    }

    @Test
    void aRunsColumnIsACountNotAComparedSeries() {
        Table ours = table("ours", new double[] {0, 1}, new double[] {1, 2}, new double[] {0, 0})
                .addColumns(DoubleColumn.create("runs", new double[] {10, 10}));
        Table ref = table("ref", new double[] {0, 1}, new double[] {1, 2.5}, new double[] {0, 0})
                .addColumns(DoubleColumn.create("runs", new double[] {30, 30}));
        Side a = Side.table("ours", ours, "t");
        Side b = Side.table("ref", ref, "t");
        assertEquals(List.of("a", "b"), List.copyOf(b.values().keySet()));
        assertEquals(30, b.runs());
        Comparison c = Comparison.of(a, b);
        assertEquals(List.of("a", "b"), c.seriesNames());
        assertEquals(0.5, c.supNorm().error(), 1e-12);                        // not |10 − 30| of the counts
        assertEquals(4, c.supNorm().compared());
        Checks checks = Checks.forNotebook("test");
        c.checkEachPoint(checks, "fig", 1.0);
        assertEquals(4, checks.all().size());                                 // 2 series × 2 times, no runs rows
        assertThrows(IllegalArgumentException.class, () -> c.series("runs"));
    }

    @Test
    void badInputIsRejectedWithTheParameterNamed() {
        Table ref = table("ref", new double[] {0, 1}, new double[] {0, 1}, new double[] {0, 1});
        Side side = Side.table("ref", ref, "t");
        Comparison c = Comparison.of(side, side);
        assertThrows(IllegalArgumentException.class, () -> c.series("zz"));
        assertThrows(IllegalArgumentException.class, () -> c.series(new String[0]));
        assertThrows(IllegalArgumentException.class, () -> c.window(2, 1));
        assertThrows(IllegalArgumentException.class, () -> c.window(5, 6).supNorm());
        assertThrows(IllegalArgumentException.class, () -> c.valueA("a", 2));
        assertThrows(IllegalArgumentException.class, () -> Side.table("ref", ref, "time"));
        Side unsorted = Side.series("x", new double[] {1, 0}, Map.of("a", new double[] {5, 7}));
        assertEquals(7.0, Comparison.of(unsorted, unsorted).valueA("a", 0), 0);      // exact keys need no order
        assertThrows(IllegalArgumentException.class, () -> Comparison.of(unsorted, unsorted).valueA("a", 0.5));
        assertThrows(IllegalArgumentException.class,
                () -> Side.series("x", new double[] {0, 1}, Map.of("a", new double[] {0})));
    }
}
