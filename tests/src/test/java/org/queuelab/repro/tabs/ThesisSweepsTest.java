package org.queuelab.repro.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.queuelab.report.RunMode;
import org.queuelab.sim.event.TabsSweepPlan;

class ThesisSweepsTest {

    @Test
    void stationaryPlanSizes() {
        TabsSweepPlan quick = ThesisSweeps.stationaryPlan(RunMode.QUICK, 100, 1L);
        TabsSweepPlan full = ThesisSweeps.stationaryPlan(RunMode.FULL, 100, 1L);
        assertEquals(10, full.replications()); // the thesis' 10 runs per point (§3.6)
        assertEquals(20_000, full.horizon());
        assertEquals(3_000, full.warmup());
        assertTrue(quick.horizon() < full.horizon());
        assertTrue(quick.replications() >= 8, "intervals with power in quick mode: " + quick.replications());
        assertEquals(50, full.withServers(50).servers());
    }

    /** A claim is judged at the same µ in quick and full mode: every judged µ is in both modes' grids. */
    @Test
    void judgedStandbyMeansAreInBothModesGrids() {
        for (RunMode mode : RunMode.values()) {
            double[] fig8 = ThesisSweeps.standbyMeans(mode);
            assertTrue(contains(fig8, ThesisSweeps.JUDGED_SMALL_STANDBY_MEAN), mode + " " + Arrays.toString(fig8));
            assertTrue(contains(fig8, ThesisSweeps.JUDGED_LARGE_STANDBY_MEAN), mode + " " + Arrays.toString(fig8));
            assertEquals(ThesisSweeps.JUDGED_LARGE_STANDBY_MEAN, fig8[fig8.length - 1]);
            double[] fig9 = ThesisStudies.standbyMeansLong(mode);
            assertTrue(contains(fig9, ThesisStudies.JUDGED_SMALL_STANDBY_MEAN_LONG), mode + " " + Arrays.toString(fig9));
            assertEquals(ThesisSweeps.JUDGED_LARGE_STANDBY_MEAN, fig9[fig9.length - 1]);
            double[] merge = Figure13Merge.standbyMeans(mode);
            for (double mu : new double[] {70, 100, Figure13Merge.JUDGED_SMALL_STANDBY_MEAN,
                    Figure13Merge.JUDGED_LARGE_STANDBY_MEAN}) {
                assertTrue(contains(merge, mu), mode + ": " + mu + " not in " + Arrays.toString(merge));
            }
            assertTrue(Arrays.stream(ThesisStudies.fnVariances(mode)).anyMatch(v -> v == 0.5)
                    && Arrays.stream(ThesisStudies.fnVariances(mode)).anyMatch(v -> v == 2), mode.toString());
            // claims "at every point" are judged on points every mode computes
            for (double mu : ThesisSweeps.judgedStandbyMeans()) {
                assertTrue(contains(fig8, mu), mode + ": " + mu + " not in " + Arrays.toString(fig8));
            }
            for (double mu : ThesisStudies.judgedStandbyMeansLong()) {
                assertTrue(contains(fig9, mu), mode + ": " + mu + " not in " + Arrays.toString(fig9));
            }
            for (double nu : ThesisStudies.judgedFig9Setups()) {
                assertTrue(contains(ThesisStudies.fig9Setups(mode), nu), mode + ": ν = " + nu);
            }
            for (double v : ThesisStudies.judgedFnVariances()) {
                assertTrue(contains(ThesisStudies.fnVariances(mode), v), mode + ": σ² = " + v);
            }
        }
    }

    private static boolean contains(double[] grid, double value) {
        return Arrays.stream(grid).anyMatch(x -> x == value);
    }
}
