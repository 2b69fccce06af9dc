package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.report.ReferenceData;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;

import tech.tablesaw.api.Table;

class ConvergenceFromBelowTest {

    @Test
    void overdampedGainNeverOvershootsAndUnderdampedDoes() {
        TimeGrid grid = TimeGrid.of(200, 1.0);
        ConvergenceFromBelow over = ConvergenceFromBelow.run(0.25, 400, grid);
        ConvergenceFromBelow under = ConvergenceFromBelow.run(2, 400, grid);
        assertTrue(over.overdamped());                   // β = 0.1 ≥ 4·0.05·0.25
        assertFalse(under.overdamped());
        assertTrue(over.maxWarm() <= 0.7 + 1e-9);
        assertTrue(under.maxWarm() > 0.7);
        assertEquals(0.5, over.path().doubleColumn(Metric.WARM.name()).get(0), 1e-12);
        Table ref = ReferenceData.load("alba/proposition_below.csv");
        Table summary = ConvergenceFromBelow.summary(List.of(over, under), ref);
        assertEquals(16.5, summary.doubleColumn("Qbar limit (ref)").get(0), 0);
        assertEquals(0.759, ConvergenceFromBelow.referenceValue(ref, 2, "max_y0"), 0);
        assertTrue(Double.isNaN(ConvergenceFromBelow.referenceValue(ref, 20, "Qbar_limit")));
        assertThrows(IllegalArgumentException.class, () -> ConvergenceFromBelow.referenceValue(ref, 3, "max_y0"));
        assertEquals(2, ConvergenceFromBelow.figure(List.of(over, under), Metric.WARM.name(), "y0", "y0").getTraces().length);
    }

    @Test
    void runAllGivesEachGainsRunInOrder() {
        TimeGrid grid = TimeGrid.of(100, 1.0);
        List<ConvergenceFromBelow> all = ConvergenceFromBelow.runAll(new double[] {2, 0.25}, 400, grid);
        assertEquals(List.of(2.0, 0.25), all.stream().map(ConvergenceFromBelow::kappa).toList());
        for (ConvergenceFromBelow one : List.of(ConvergenceFromBelow.run(2, 400, grid),
                ConvergenceFromBelow.run(0.25, 400, grid))) {
            ConvergenceFromBelow same = all.get(one.kappa() == 2 ? 0 : 1);
            assertEquals(one.path().print(1000), same.path().print(1000));
        }
    }
}
