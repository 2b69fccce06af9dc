package org.queuelab.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.result.Estimate;
import org.queuelab.result.MetricEstimates;
import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Trajectory;

import tech.tablesaw.api.Table;

class ResultTypesTest {

    @Test
    void gridHasInclusiveHorizonAndValidates() {
        TimeGrid g = TimeGrid.of(1.0, 0.1);
        assertEquals(11, g.size());
        assertEquals(1.0, g.time(10), 1e-12);
        assertEquals(5, TimeGrid.intervals(10, 4).size());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TimeGrid.of(0, 1)).getMessage()
                .contains("horizon"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> TimeGrid.of(1, Double.NaN)).getMessage()
                .contains("step"));
        assertThrows(IllegalArgumentException.class, () -> TimeGrid.of(-1, 0.1));
    }

    @Test
    void estimateUsesStudentT() {
        Estimate e = Estimate.of(1, 2, 3, 4);
        assertEquals(2.5, e.mean(), 1e-15);
        // s = sqrt(5/3), t_{0.975,3} = 3.182446
        assertEquals(3.182446305 * Math.sqrt(5.0 / 3) / 2, e.halfWidth(), 1e-8);
        assertTrue(e.contains(2.5));
        assertTrue(Double.isNaN(Estimate.of(7).halfWidth()));
        assertThrows(IllegalArgumentException.class, Estimate::of);
    }

    @Test
    void trajectoryAverageBandsAndTable() {
        TimeGrid g = TimeGrid.of(1, 0.5);
        Provenance p = Provenance.of("test").withSeed(42).with("N", 10).with("policy", "x");
        Trajectory a = new Trajectory(g, List.of("q"), new double[][] {{0, 1, 2}}, p);
        Trajectory b = new Trajectory(g, List.of("q"), new double[][] {{0, 3, 4}}, p);
        ReplicatedTrajectory avg = ReplicatedTrajectory.of(List.of(a, b));
        assertEquals(2.0, avg.series("q")[1], 1e-15);
        assertEquals(0.0, avg.halfWidth("q")[0], 1e-15);
        // s = sqrt(2), t_{0.975,1} = 12.7062
        assertEquals(12.7062047 * Math.sqrt(2) / Math.sqrt(2), avg.halfWidth("q")[1], 1e-6);
        assertEquals(2.0 - avg.halfWidth("q")[1], avg.lower("q")[1], 1e-15);
        assertEquals(2.0 + avg.halfWidth("q")[1], avg.upper("q")[1], 1e-15);
        Table t = avg.toTable();
        assertEquals(List.of("t", "q", "q_lo", "q_hi", "runs", "N", "policy", "seed"), t.columnNames());
        assertArrayEquals(avg.lower("q"), t.doubleColumn("q_lo").asDoubleArray());
        assertArrayEquals(avg.upper("q"), t.doubleColumn("q_hi").asDoubleArray());
        assertEquals(3, t.rowCount());
        assertThrows(IllegalArgumentException.class, () -> avg.series("nope"));
        assertThrows(IllegalArgumentException.class,
                () -> new Trajectory(g, List.of("q"), new double[][] {{0, 1}}, p));
    }

    @Test
    void accumulatorAveragesAfterBurnIn() {
        TimeWeightedAccumulator acc = new TimeWeightedAccumulator(1, 1.0);
        acc.set(0, 0.0, 5);    // value 5 on [0, 2): only [1, 2) counts
        acc.set(0, 2.0, 1);    // value 1 on [2, 4)
        assertEquals((5 * 1 + 1 * 2) / 3.0, acc.mean(0, 4.0), 1e-15);
        acc.ensureDimension(3);
        acc.add(2, 3.0, 2);
        assertEquals(2.0, acc.mean(2, 4.0) * 3, 1e-15);
        assertTrue(Double.isNaN(acc.mean(0, 0.5)));
    }

    @Test
    void metricEstimatesTable() {
        Metrics m1 = Metrics.builder().put("a", 1).put("b", 2).build();
        Metrics m2 = Metrics.builder().put("a", 3).put("b", 2).build();
        MetricEstimates e = MetricEstimates.of(List.of(m1, m2), Provenance.of("test").withSeed(1));
        assertEquals(2.0, e.get("a").mean(), 1e-15);
        assertEquals(0.0, e.get("b").halfWidth(), 1e-15);
        assertEquals(2, e.toTable().rowCount());
    }

    @Test
    void metricEstimatesTableCarriesNAsAParameter() {
        // Tablesaw column names ignore case: the replication count must not be called "n" beside the parameter N.
        Metrics m = Metrics.builder().put("a", 1).build();
        Table t = MetricEstimates.of(List.of(m, m, m), Provenance.of("test").withSeed(7).with("N", 1000)).toTable();
        assertEquals(3.0, t.doubleColumn("runs").get(0), 0.0);
        assertTrue(t.columnNames().contains("N"), t.columnNames().toString());
    }
}
