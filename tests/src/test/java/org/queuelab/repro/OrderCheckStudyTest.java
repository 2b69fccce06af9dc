package org.queuelab.repro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.report.RunMode;
import org.queuelab.repro.sqdn.SqdnStudies;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Study;

/** Notebook 05's order check as a study gives the notebook's direct run, bit for bit; it exists in full mode only. */
class OrderCheckStudyTest {

    @Test
    void theStudyGivesTheNotebooksRun(@TempDir Path root) {
        double lambda = 0.9;
        long events = 2_000_000L;
        int runs = 4;
        long seed = 7L;
        // the notebook's call before it was a study
        double horizon = events / (50 * (1 + lambda)) / runs;
        Estimate expected = OccupancySimulator.loadBalancing(new LoadBalancingModel(lambda, new PowerOfD(2), 20,
                Exponential.unitMean()), 50).replicate(RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle())
                .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(200), seed + 50_000, runs).estimates()
                .get(Metric.MEAN_JOBS);
        Study study = Studies.orderCheckStudy(lambda, 20, events, runs, seed);
        Estimate computed = SqdnStudies.refinedSimulations(study, new LocalRunner(2), root).get(0);
        assertTrue(study.complete(root));
        Estimate read = SqdnStudies.refinedSimulations(study, new LocalRunner(1), root).get(0);
        for (Estimate e : new Estimate[] {computed, read}) {
            assertEquals(expected.mean(), e.mean(), 0.0);
            assertEquals(expected.halfWidth(), e.halfWidth(), 0.0);
            assertEquals(expected.n(), e.n());
        }
    }

    @Test
    void itIsAFullModeStudy() {
        assertTrue(Studies.all(RunMode.FULL).stream().anyMatch(s -> s.name().equals("population-order-check-full")));
        assertFalse(Studies.all(RunMode.QUICK).stream().anyMatch(s -> s.name().startsWith("population-order-check")));
        assertEquals(1, Studies.orderCheckStudy().sweep().grid().size());
    }
}
