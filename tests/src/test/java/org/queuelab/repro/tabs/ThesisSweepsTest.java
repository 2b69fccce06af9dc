package org.queuelab.repro.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
