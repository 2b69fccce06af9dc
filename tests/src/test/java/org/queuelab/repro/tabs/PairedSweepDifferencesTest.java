package org.queuelab.repro.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.FoldedNormal;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.repro.Finding;
import org.queuelab.result.Metric;
import org.queuelab.sim.event.TabsSweep;
import org.queuelab.sim.event.TabsSweepPlan;
import org.queuelab.sim.event.TabsSweepResult;

import tech.tablesaw.api.Table;

class PairedSweepDifferencesTest {

    private static TabsSweepResult sweep() {
        Map<String, ServiceDistribution> laws = new LinkedHashMap<>();
        laws.put("Exp", Exponential.unitMean());
        laws.put("Exp again", Exponential.unitMean());
        laws.put("FN", FoldedNormal.thesis(1));       // mean 1.1666: busy fraction higher by about 0.08 at λ = 0.5
        return TabsSweep.run(new TabsSweepPlan(20, 800, 200, 3, 9L),
                TabsSweep.overStandbyMeans(0.5, 5, laws, 2, 5, 10));
    }

    @Test
    void sameLawSameStreamsGiveZeroDifferencesAndAHigherMeanLawIsSeen() {
        TabsSweepResult s = sweep();
        PairedSweepDifferences same = new PairedSweepDifferences(s, "Exp", "Exp again", Metric.BUSY.name());
        for (PairedSweepDifferences.Row r : same.rows()) {
            assertEquals(0.0, r.difference().mean(), 0.0);      // common random numbers: identical paths
        }
        assertTrue(same.identical(2).holds());
        assertTrue(same.identicalWithin(2, 1e-9).holds());   // identical curves: every interval is [0, 0]
        assertEquals(2.0, same.mergeMu());
        assertFalse(same.vanishesBeyond(5).holds());            // nothing differs below 5 either

        PairedSweepDifferences fn = new PairedSweepDifferences(s, "FN", "Exp", Metric.BUSY.name());
        Finding f = fn.identical(2);
        assertFalse(f.holds(), f.toString());
        assertFalse(fn.identicalWithin(2, 0.01).holds());      // busy differs by λ(E|N(1,1)| − 1) ≈ 0.08
        assertTrue(fn.identicalWithin(2, 1.0).holds());        // a margin wider than every interval
        assertEquals(Double.POSITIVE_INFINITY, fn.mergeMu());
        assertFalse(fn.vanishesBeyond(10).holds());
        Table t = fn.table();
        assertEquals(3, t.rowCount());
        assertEquals(List.of("significantly positive", "significantly positive", "significantly positive"),
                t.stringColumn("verdict").asList());
    }

    @Test
    void refusesUnknownSeriesAndAPrintedMuOffTheGrid() {
        TabsSweepResult s = sweep();
        assertThrows(IllegalArgumentException.class, () -> new PairedSweepDifferences(s, "Exp", "nope", "busy"));
        PairedSweepDifferences p = new PairedSweepDifferences(s, "FN", "Exp", Metric.WAIT.name());
        assertThrows(IllegalArgumentException.class, () -> p.vanishesBeyond(7));
        assertThrows(IllegalArgumentException.class, () -> p.vanishesBeyond(2));
        assertThrows(IllegalArgumentException.class, () -> p.identical(11));
    }

    @Test
    void figure13GridContainsThePrintedMergePoints() {
        List<Double> grid = java.util.Arrays.stream(Figure13Merge.STANDBY_MEANS).boxed().toList();
        assertTrue(grid.contains(70.0) && grid.contains(100.0));
        assertEquals("σ² = 2.0", Figure13Merge.series(2.0));
        assertThrows(IllegalArgumentException.class, () -> Figure13Merge.run(new TabsSweepPlan(10, 100, 10, 2, 1L),
                0.2, new double[] {1}, 70));
    }
}
