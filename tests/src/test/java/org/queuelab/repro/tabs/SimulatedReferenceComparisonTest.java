package org.queuelab.repro.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.analysis.ReferenceNoise;
import org.queuelab.analysis.ReferenceTolerance;
import org.queuelab.dist.Exponential;
import org.queuelab.report.Checks;
import org.queuelab.result.Estimate;
import org.queuelab.sim.event.TabsSweep;
import org.queuelab.sim.event.TabsSweepPlan;
import org.queuelab.sim.event.TabsSweepResult;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

class SimulatedReferenceComparisonTest {

    @Test
    void recordsOneCheckPerReferenceNumber() {
        TabsSweepResult r = TabsSweep.run(new TabsSweepPlan(5, 2_000, 200, 3, 3L),
                TabsSweep.overStandbyMeans("Exp", 0.3, 2, Exponential.unitMean(), 5, 50));
        Estimate busy5 = r.estimate("Exp", 5, "busy");
        Estimate busy50 = r.estimate("Exp", 50, "busy");
        // a reference equal to our mean passes; one 10 half-widths away fails (at another µ: a check is named by its
        // point, and a second check of the same point would replace the first, as a re-run cell does)
        Table ref = Table.create("ref", StringColumn.create("law", "E", "E"), DoubleColumn.create("mu", 5, 50),
                DoubleColumn.create("busy", busy5.mean(), busy50.mean() + 10 * busy50.halfWidth()));
        Map<String, String> cols = new LinkedHashMap<>();
        cols.put("busy", "busy");
        Checks checks = Checks.forNotebook("test");
        Table out = SimulatedReferenceComparison.compare(r, ref, row -> "Exp", "mu", cols, ReferenceNoise.fromRuns(1_800, 3, 0),
                checks, "Fig X");
        assertEquals(2, out.rowCount());
        assertEquals(2, checks.all().size());
        assertTrue(checks.all().get(0).pass());
        assertFalse(checks.all().get(1).pass());
        double tol = ReferenceTolerance.againstRuns(busy5, 1_800, 1_800, 3);
        assertEquals(tol, out.doubleColumn("tolerance").get(0), 1e-15);
        // stated reference noise and printed rounding: tolerance 2·√(h² + stated²) + r
        Checks stated = Checks.forNotebook("test");
        Table out2 = SimulatedReferenceComparison.compare(r, ref, row -> "Exp", "mu", cols,
                ReferenceNoise.stated((col, v) -> 0.01, (col, v) -> 0.0005), stated, "Fig Y");
        assertEquals(2 * Math.hypot(busy5.halfWidth(), 0.01) + 0.0005, out2.doubleColumn("tolerance").get(0), 1e-15);
        assertEquals(2, stated.all().size());
        // with the runs known as well, the larger of the two reference noises counts
        ReferenceNoise both = ReferenceNoise.stated((col, v) -> 0.0, (col, v) -> 0.0).withRuns(1_800, 3);
        assertEquals(tol, both.tolerance("busy", busy5.mean(), busy5, 1_800), 1e-15);
        ReferenceNoise big = ReferenceNoise.stated((col, v) -> 1.0, (col, v) -> 0.0).withRuns(1_800, 3);
        assertEquals(ReferenceTolerance.of(busy5, 1.0), big.tolerance("busy", busy5.mean(), busy5, 1_800), 1e-15);
    }
}
