package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

class TrajectoryGapTest {

    private static Table path(String name, double[] t, double[] a, double[] b) {
        return Table.create(name, DoubleColumn.create("t", t), DoubleColumn.create("a", a),
                DoubleColumn.create("b", b));
    }

    @Test
    void supNormOnTheSameGridIsTheLargestAbsoluteDifference() {
        Table ref = path("ref", new double[] {0, 1, 2}, new double[] {0, 1, 2}, new double[] {5, 5, 5});
        Table sim = path("sim", new double[] {0, 1, 2}, new double[] {0.1, 0.7, 2}, new double[] {5, 5.2, 4.9});
        TrajectoryGap.Gap gap = TrajectoryGap.supNorm(ref, sim, "t", List.of("a", "b"));
        assertEquals(0.3, gap.supNorm(), 1e-12);
        assertEquals("a", gap.column());
        assertEquals(1.0, gap.time());
        assertEquals(6, gap.comparedPoints());
    }

    @Test
    void referenceIsInterpolatedLinearlyBetweenItsSamples() {
        // reference a(t) = t^2 sampled coarsely: linear interpolation at 0.5 gives 0.5, not 0.25
        Table ref = path("ref", new double[] {0, 1, 2}, new double[] {0, 1, 4}, new double[] {0, 0, 0});
        Table sim = path("sim", new double[] {0.5, 1.5}, new double[] {0.5, 2.5}, new double[] {0, 0});
        assertEquals(0.0, TrajectoryGap.supNorm(ref, sim, "t", List.of("a")).supNorm(), 1e-12);
        assertEquals(2.5, TrajectoryGap.interpolate(ref.numberColumn("t"), ref.numberColumn("a"), 1.5), 1e-12);
    }

    @Test
    void windowRestrictsTheComparedTimes() {
        Table ref = path("ref", new double[] {0, 1, 2, 3}, new double[] {0, 0, 0, 0}, new double[] {0, 0, 0, 0});
        Table sim = path("sim", new double[] {0, 1, 2, 3}, new double[] {9, 0.1, 0.2, 9}, new double[] {0, 0, 0, 0});
        TrajectoryGap.Gap gap = TrajectoryGap.supNorm(ref, sim, "t", List.of("a"), 0.5, 2.5);
        assertEquals(0.2, gap.supNorm(), 1e-12);
        assertEquals(2, gap.comparedPoints());
    }

    @Test
    void sampleAtGivesTheReferenceAtRequestedTimes() {
        Table ref = path("ref", new double[] {0, 10}, new double[] {0, 1}, new double[] {2, 0});
        Table s = TrajectoryGap.sampleAt(ref, "t", List.of("a", "b"), 0, 2.5, 10);
        assertEquals(0.25, s.doubleColumn("a").get(1), 1e-12);
        assertEquals(1.5, s.doubleColumn("b").get(1), 1e-12);
        assertEquals(3, s.rowCount());
    }

    @Test
    void badInputIsRejectedWithTheParameterNamed() {
        Table ref = path("ref", new double[] {0, 1}, new double[] {0, 1}, new double[] {0, 1});
        Table late = path("late", new double[] {2}, new double[] {0}, new double[] {0});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TrajectoryGap.supNorm(ref, late, "t", List.of("a")));
        assertEquals(true, e.getMessage().contains("does not cover"));
        assertThrows(IllegalArgumentException.class, () -> TrajectoryGap.supNorm(ref, ref, "t", List.of("zz")));
        assertThrows(IllegalArgumentException.class, () -> TrajectoryGap.supNorm(ref, ref, "t", List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> TrajectoryGap.supNorm(ref, ref, "t", List.of("a"), 5, 6));
        Table unordered = path("u", new double[] {1, 0}, new double[] {0, 1}, new double[] {0, 1});
        assertThrows(IllegalArgumentException.class,
                () -> TrajectoryGap.supNorm(unordered, ref, "t", List.of("a")));
    }
}
