package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;

class Figure3Test {

    /** Left panel: the fluid follows the exact solution of docs/sqdn.md §6 (docs/sqdn.md §9.6 at h = 1e−4). */
    @Test
    void leftPanelFluidIsTheExactSolution() {
        Figure3.Panel left = Figure3.left(1e-4, 20, 2, 3L);
        double lambda = 0.45;
        for (double t : new double[] {0.5, 1, 2, 3, 5, 10}) {
            double x11 = lambda * (1 - Math.exp(-t));
            double x01 = 0.5 + lambda * Math.exp(-t) / (1 - 0.9) - (0.5 + lambda / (1 - 0.9)) * Math.exp(-0.9 * t);
            assertEquals(x11, left.fluidAt("x1_1", t), 1e-4, "t = " + t);
            assertEquals(x01, left.fluidAt("x0_1", t), 1e-4, "t = " + t);
            assertEquals(1 - x01 - x11, left.fluidAt("x0_0", t), 1e-4, "t = " + t);
        }
        assertEquals(2, left.runs());
    }

    /** Right panel: fluid L_S against data/sqdn/fig3_fluid_right.csv (docs/sqdn.md §9.6, 2e−3) and a 10-run mean inside 4σ at t = 10. */
    @Test
    void rightPanel() {
        Figure3.Panel right = Figure3.right(1e-3, 20, 10, 4L);
        assertEquals(1.43604, right.fluidAt(Metric.MEAN_JOBS.name(), 10), 2e-3);
        assertEquals(1.71956, right.fluidAt(Metric.MEAN_JOBS.name(), 50), 2e-3);
        assertEquals(0.5, right.fluidAt(Metric.MEAN_MEMORY.name(), 60) - right.fluidAt(Metric.MEAN_JOBS.name(), 60), 2e-3);
        Estimate at10 = right.stochasticAt(Metric.MEAN_JOBS.name(), 10);
        assertEquals(1.443, at10.mean(), 4 * 0.017 * Math.sqrt(1 + 1.0 / 40));
        assertTrue(right.maxGap(Metric.MEAN_JOBS.name(), 5) < 0.1);
    }
}
