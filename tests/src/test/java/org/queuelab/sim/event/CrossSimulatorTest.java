package org.queuelab.sim.event;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.Estimate;
import org.queuelab.result.MetricEstimates;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;

/** The event-driven and the occupancy-count simulators agree on exponential models, within their intervals. */
class CrossSimulatorTest {

    /** |a − b| ≤ 1.5·√(h_a² + h_b²): about 3.3 standard errors of the difference with 10 replications each. */
    private static void assertAgree(Estimate des, Estimate ctmc, String what) {
        double tol = 1.5 * Math.hypot(des.halfWidth(), ctmc.halfWidth());
        assertTrue(Math.abs(des.mean() - ctmc.mean()) <= tol, () -> what + ": DES " + des + " vs CTMC " + ctmc);
        assertTrue(tol < 0.05 * Math.abs(ctmc.mean()) + 0.002, () -> what + ": intervals too wide " + tol);
    }

    @Test
    void tabsAgreesWithTheOccupancyChain() {
        TabsModel model = new TabsModel(0.6, 6, Exponential.unitMean(), 3, 2, TabsModel.Overflow.NONFULL_UNIFORM);
        int n = 10;
        double horizon = 10_000;
        double burnIn = 200;
        MetricEstimates des = EventSimulation.of(model, n)
                .replicate(RunWindow.until(horizon).withWarmup(burnIn), 1, 10).estimates();
        MetricEstimates ctmc = OccupancySimulator.tabs(model, n)
                .replicate(RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle())
                        .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(burnIn), 2, 10).estimates();
        for (String m : new String[] {"busy", "idle", "setup", "off", "meanJobs", "wait", "energy"}) {
            assertAgree(des.get(m), ctmc.get(m), m);
        }
        assertAgree(des.get("loss"), ctmc.get("loss"), "loss");
    }

    @Test
    void powerOfTwoAgreesWithTheOccupancyChain() {
        LoadBalancingModel model = new LoadBalancingModel(0.85, new PowerOfD(2), Buffers.INFINITE,
                Exponential.unitMean());
        int n = 100;
        double horizon = 3000;
        double burnIn = 100;
        MetricEstimates des = EventSimulation.of(model, n)
                .replicate(RunWindow.until(horizon).withWarmup(burnIn), 3, 10).estimates();
        MetricEstimates ctmc = OccupancySimulator.loadBalancing(model, n)
                .replicate(RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle())
                        .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(burnIn), 4, 10).estimates();
        assertAgree(des.get("meanJobs"), ctmc.get("meanJobs"), "mean jobs per server");
        assertAgree(des.get("response"), ctmc.get("response"), "response time");
        assertAgree(des.get("s1"), ctmc.get("busy"), "busy fraction");
    }

    @Test
    void powerOfTwoWithMemoryAgreesWithTheMemoryChain() {
        LoadBalancingModel model = new LoadBalancingModel(0.9, new org.queuelab.policy.PowerOfDWithMemory(2), 5,
                Exponential.unitMean());
        int n = 100;
        double horizon = 2000;
        double burnIn = 100;
        MetricEstimates des = EventSimulation.of(model, n)
                .replicate(RunWindow.until(horizon).withWarmup(burnIn), 5, 10).estimates();
        MetricEstimates chain = org.queuelab.sim.MemoryChainSimulator.of(model, n)
                .replicate(RunWindow.until(horizon).withInitial(org.queuelab.sim.InitialMemory.allIdle())
                        .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(burnIn), 6, 10).estimates();
        assertAgree(des.get("meanJobs"), chain.get("meanJobs"), "mean jobs per server");
        assertAgree(des.get("response"), chain.get("response"), "response time");
    }
}
