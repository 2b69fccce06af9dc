package org.queuelab.result;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;

/** The shared trajectory: sampling at given or uniform times, lookup by time, window means, provenance. */
class TrajectoryTest {

    private static final Provenance TEST = Provenance.of("test");

    @Test
    void atTimeTakesTheNearestSample() {
        Trajectory tr = new Trajectory(new double[] {0, 0.5, 2}, List.of("a"), new double[][] {{1, 2, 3}}, TEST);
        assertEquals(1, tr.atTime("a", 0.2), 0);
        assertEquals(1, tr.atTime("a", 0.25), 0);   // a tie goes to the earlier sample
        assertEquals(2, tr.atTime("a", 0.26), 0);
        assertEquals(2, tr.atTime("a", 1.2), 0);
        assertEquals(3, tr.atTime("a", 1.3), 0);
        assertEquals(3, tr.atTime("a", 2), 0);
        assertThrows(IllegalArgumentException.class, () -> tr.atTime("a", 2.1));
        assertThrows(IllegalArgumentException.class, () -> tr.atTime("a", -0.1));
        assertFalse(tr.hasGrid());
        assertThrows(IllegalStateException.class, tr::grid);
        assertThrows(IllegalArgumentException.class,
                () -> new Trajectory(new double[] {0, 0}, List.of("a"), new double[][] {{1, 2}}, TEST));
    }

    @Test
    void windowMeanAveragesTheSamplesInside() {
        Trajectory tr = new Trajectory(TimeGrid.of(4, 1), List.of("a"), new double[][] {{1, 2, 3, 4, 5}}, TEST);
        assertTrue(tr.hasGrid());
        assertEquals((3 + 4 + 5) / 3.0, tr.windowMean("a", 2, 4), 0);
        assertEquals(3, tr.windowMean("a", 0.5, 3.5), 0);      // samples at t = 1, 2, 3
        assertThrows(IllegalArgumentException.class, () -> tr.windowMean("a", 1.2, 1.8));
        assertThrows(IllegalArgumentException.class, () -> tr.windowMean("a", 3, 2));
    }

    @Test
    void replicatedTrajectoryIsATrajectoryOfMeans() {
        TimeGrid grid = TimeGrid.of(1, 1);
        Trajectory a = new Trajectory(grid, List.of("a"), new double[][] {{1, 3}}, TEST.withSeed(5));
        Trajectory b = new Trajectory(grid, List.of("a"), new double[][] {{3, 5}}, TEST.withSeed(6));
        ReplicatedTrajectory avg = ReplicatedTrajectory.of(List.of(a, b));
        assertArrayEquals(new double[] {2, 4}, avg.series("a"), 0);
        assertEquals(4, avg.atTime("a", 0.9), 0);
        Estimate at1 = avg.estimateAtTime("a", 1);
        assertEquals(Estimate.of(3, 5).mean(), at1.mean(), 1e-15);
        assertEquals(Estimate.of(3, 5).halfWidth(), at1.halfWidth(), 1e-12);
        assertEquals(2, at1.n());
        assertEquals(5, avg.provenance().seed());
    }

    @Test
    void provenanceDescribesTheModelWithOneSetOfNames() {
        LoadBalancingModel model = new LoadBalancingModel(0.7, new PowerOfD(2), Buffers.INFINITE,
                Exponential.unitMean());
        Provenance p = Provenance.of("CTMC", model).with("N", 100).withSeed(3);
        assertEquals(List.of("lambda", "dispatch", "buffer", "service", "N"), List.copyOf(p.values().keySet()));
        assertEquals("∞", p.get("buffer"));
        assertEquals(model, p.model());
        assertEquals("CTMC", p.engine());
        assertEquals(3, p.seed());
        assertFalse(Provenance.of("fluid", model).seeded());
        assertThrows(IllegalStateException.class, () -> Provenance.of("fluid", model).seed());
        assertFalse(p.version().isEmpty());
        assertFalse("unknown".equals(p.version()), "the build filters the library version in");
    }
}
