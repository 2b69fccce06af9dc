package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialFractions;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;

/** The order-2 expansion against simulation: SQ(2), λ = 0.9, steady state (B = 20) and transient (B = 8). */
class SecondOrderSimulationTest {

    @Test
    void order2MeanQueueLengthIsCloserToALongSimulationThanOrder1() {
        LoadBalancingModel sq2 = new LoadBalancingModel(0.9, new PowerOfD(2), 20, Exponential.unitMean());
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 20);
        ObservableExpansion jobs = SecondOrderExpansion.steadyState(model, model.state(Map.of("x0", 1.0)))
                .observable(Metric.MEAN_JOBS);
        for (int n : new int[] {10, 20, 50}) {
            double horizon = 4e6 / n;
            Estimate sim = OccupancySimulator.loadBalancing(sq2, n).replicate(RunWindow.until(horizon)
                    .withInitial(InitialOccupancy.allIdle()).withGrid(TimeGrid.of(horizon, horizon))
                    .withWarmup(100), 500 + n, 20, 2).estimate(Metric.MEAN_JOBS);
            double e0 = jobs.refined0(n) - sim.mean();
            double e1 = jobs.refined(n) - sim.mean();
            double e2 = jobs.refined2(n) - sim.mean();
            System.out.printf("N = %d: CTMC %.5f ± %.5f; order 0 %.5f (%+.5f), 1 %.5f (%+.5f), 2 %.5f (%+.5f)%n", n,
                    sim.mean(), sim.halfWidth(), jobs.refined0(n), e0, jobs.refined(n), e1, jobs.refined2(n), e2);
            assertTrue(Math.abs(e2) < Math.abs(e1), "N = " + n + ": order 2 off by " + e2 + ", order 1 by " + e1);
            assertTrue(Math.abs(e2) <= sim.halfWidth(), "N = " + n + ": order 2 off by " + e2 + " ± " + sim.halfWidth());
        }
    }

    @Test
    void transientOrder1And2AgreeWithAveragedSimulationsAtN50() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 8);
        double[] empty = model.state(Map.of("x0", 1.0));
        double[] times = {0.5, 1, 2, 4};
        int n = 50;
        SecondOrderExpansion.TransientObservable jobs = SecondOrderExpansion.transientRegime(model, empty, times)
                .observable(Metric.MEAN_JOBS);
        ReplicatedTrajectory sim = PopulationSimulator.of(model, n).replicate(RunWindow.until(4)
                .withInitial(InitialFractions.of(empty)).withGrid(TimeGrid.of(4, 0.5)), 77, 20_000, 2).trajectory();
        boolean meanFieldResolved = false;
        for (int k = 0; k < times.length; k++) {
            Estimate e = sim.estimateAtTime(Metric.MEAN_JOBS, times[k]);
            double o0 = jobs.meanField()[k];
            double o1 = jobs.refined(n)[k];
            double o2 = jobs.refined2(n)[k];
            System.out.printf("t = %.1f: simulation %.5f ± %.5f; order 0 %.5f, 1 %.5f, 2 %.5f%n", times[k], e.mean(),
                    e.halfWidth(), o0, o1, o2);
            assertTrue(Math.abs(o1 - e.mean()) <= e.halfWidth(), "t = " + times[k] + ": order 1 " + o1 + " vs " + e);
            assertTrue(Math.abs(o2 - e.mean()) <= e.halfWidth(), "t = " + times[k] + ": order 2 " + o2 + " vs " + e);
            meanFieldResolved |= Math.abs(o0 - e.mean()) > e.halfWidth();
        }
        // the intervals are narrow enough to tell the mean field from the simulation at some time
        assertTrue(meanFieldResolved, "the intervals do not resolve the 1/N term");
    }
}
