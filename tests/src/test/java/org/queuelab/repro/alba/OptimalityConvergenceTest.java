package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

class OptimalityConvergenceTest {

    /** A state as (cold, initializing, warm...) for inspection. */
    private record State(double cold, double initializing, double[] warm) {
        double total() {
            double s = cold + initializing;
            for (double w : warm) {
                s += w;
            }
            return s;
        }

        double busy() {
            double s = 0;
            for (int i = 1; i < warm.length; i++) {
                s += warm[i];
            }
            return s;
        }

        double jobs() {
            double s = 0;
            for (int i = 1; i < warm.length; i++) {
                s += i * warm[i];
            }
            return s;
        }
    }

    @Test
    void theFiveInitialStatesOfC9() {
        Map<String, State> states = OptimalityConvergence.initialStates(0.7, State::new);
        assertEquals(List.of("Fig. 1 state", "all cold", "all idle-on", "a point of S_subopt (c = 0.35)", "x₀,₀ = 0.2, x₀,₁ = 0.1, x₃,₂ = 0.7"),
                List.copyOf(states.keySet()));
        for (State s : states.values()) {
            assertEquals(1.0, s.total(), 1e-15);
        }
        State fig1 = states.get("Fig. 1 state");
        assertEquals(0.3, fig1.cold(), 1e-15);
        assertArrayEquals(new double[] {0.7}, fig1.warm(), 1e-15);
        // the sub-optimal point of (20), JIQ, c = 0.35: busy mass λ, Q̄ = λ²/c = 1.4 (docs/alba.md §10.8)
        State sub = states.get("a point of S_subopt (c = 0.35)");
        assertEquals(0.3, sub.cold(), 1e-15);
        assertEquals(0.0, sub.warm()[0], 0);
        assertEquals(0.35, sub.warm()[1], 1e-15);
        assertEquals(0.175, sub.warm()[2], 1e-15);
        assertEquals(0.7, sub.busy(), 1e-15);
        assertEquals(1.4, sub.jobs(), 1e-12);
        State last = states.get("x₀,₀ = 0.2, x₀,₁ = 0.1, x₃,₂ = 0.7");
        assertEquals(0.1, last.initializing(), 0);
        assertEquals(0.7, last.warm()[3], 0);
    }

    private static Table path(double[] t, double[] x00, double[] x02, double[] y1, double[] q) {
        return Table.create("path", DoubleColumn.create("t", t), DoubleColumn.create("x00", x00),
                DoubleColumn.create("x02", x02), DoubleColumn.create("y1", y1), DoubleColumn.create("Q", q));
    }

    @Test
    void distanceIsZeroAtTheOptimumAndAddsTheThreeGaps() {
        // at x⋆: x00 = 0.3, x02 = 0, y1 = 0.7, Q = 1 (each warm server holds one job), Q̄ = 0.7
        Table t = path(new double[] {0, 1}, new double[] {0.3, 0.25}, new double[] {0, 0.05},
                new double[] {0.7, 0.7}, new double[] {1, 2});
        double[] d = OptimalityConvergence.distanceToOptimum(t, 0.7);
        assertEquals(0.0, d[0], 1e-15);
        // second row: |0.25 − 0.3| + 0 + |2·0.75 − 0.7| = 0.05 + 0.8
        assertEquals(0.85, d[1], 1e-12);
        assertArrayEquals(new double[] {0.7, 1.5}, OptimalityConvergence.jobsPerServer(t), 1e-15);
        // a Qbar column (fluid and simulated tables carry one) is used as it is
        t.addColumns(DoubleColumn.create("Qbar", 0.7, 0.9));
        assertArrayEquals(new double[] {0.7, 0.9}, OptimalityConvergence.jobsPerServer(t), 1e-15);
        assertEquals(0.25, OptimalityConvergence.distanceToOptimum(t, 0.7)[1], 1e-12);
    }

    @Test
    void entryTimeInterpolatesTheLastCrossing() {
        // distance 0.4, 0.3 (after a dip below), 0.2, 0: last sample above 0.25 is t = 2 (0.3), next t = 3 (0.2)
        double[] t = {0, 1, 2, 3, 4};
        double[] x00 = {0.7, 0.3, 0.6, 0.5, 0.3};
        Table p = path(t, x00, new double[] {0, 0, 0, 0, 0}, new double[] {0.7, 0.7, 0.7, 0.7, 0.7},
                new double[] {1, 1, 1, 1, 1});
        assertEquals(2.5, OptimalityConvergence.entryTime(p, "t", 0.7, 0.25), 1e-12);
        assertEquals(0.0, OptimalityConvergence.entryTime(p, "t", 0.7, 1.0), 0);
        Table notYet = path(t, new double[] {0.3, 0.3, 0.3, 0.3, 0.9}, new double[] {0, 0, 0, 0, 0},
                new double[] {0.7, 0.7, 0.7, 0.7, 0.7}, new double[] {1, 1, 1, 1, 1});
        assertEquals(Double.POSITIVE_INFINITY, OptimalityConvergence.entryTime(notYet, "t", 0.7, 0.1));
        Table dist = OptimalityConvergence.distanceTable(p, "t", 0.7, "d");
        assertEquals(0.4, dist.doubleColumn("distance").get(0), 1e-12);
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> OptimalityConvergence.initialStates(1.2, State::new));
        Table noQ = Table.create("noQ", DoubleColumn.create("t", 0.0));
        assertThrows(IllegalArgumentException.class, () -> OptimalityConvergence.distanceToOptimum(noQ, 0.7));
        Table p = path(new double[] {0}, new double[] {0.3}, new double[] {0}, new double[] {0.7}, new double[] {1});
        assertThrows(IllegalArgumentException.class, () -> OptimalityConvergence.entryTime(p, "t", 0.7, 0));
    }
}
