package org.queuelab.badinput;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.RunWindow;

/** Valid edge inputs that must keep working (issue 33): the largest sizes the models allow. */
class EdgeInputTest {

    @Test
    void ctmcWithTwoToTheThirtyOneMinusOneServers() {
        AlbaModel m = new AlbaModel(0.7, new PowerOfD(2), 100, Scaling.asynchronous(new BlindTheta(0.06), 0.05),
                0.1, 0.025);
        // a short window: N = 2³¹ − 1 servers give λN ≈ 1.5·10⁹ arrivals per unit time
        OccupancyRun run = Ctmc.of(m, Integer.MAX_VALUE).run(RunWindow.until(1e-7)
                .withInitial(InitialOccupancy.coldAndIdle(0.3)).withGrid(TimeGrid.of(1e-7, 1e-7)), 1L);
        // level fractions count warm servers: 70 % at t = 0, and 10⁻⁷ time units change only a few of 2³¹ − 1
        double warm = java.util.Arrays.stream(run.levelFractions()).sum();
        assertEquals(0.7, warm, 1e-6, "warm fraction of N = 2³¹ − 1 servers");
    }

    @Test
    void aggregatedSqdnChainWithABillionServers() {
        LoadBalancingModel m = new LoadBalancingModel(0.9, new PowerOfDWithMemory(2), 5, Exponential.unitMean());
        OccupancyRun run = Ctmc.withMemory(m, 1_000_000_000).run(RunWindow.until(1e-6)
                .withGrid(TimeGrid.of(1e-6, 1e-6)), 1L);
        double mass = java.util.Arrays.stream(run.levelFractions()).sum();
        assertEquals(1.0, mass, 1e-9, "fractions of servers over the levels");
    }

    @Test
    void markovModulatedProcessWithEveryRateZeroHasNoArrival() {
        var silent = new org.queuelab.arrival.MarkovModulatedPoisson(new double[] {0, 0},
                new double[][] {{-1, 1}, {1, -1}});
        assertEquals(Double.POSITIVE_INFINITY, silent.stream(new java.util.SplittableRandom(1)).next());
    }
}
