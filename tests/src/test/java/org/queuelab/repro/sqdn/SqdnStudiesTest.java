package org.queuelab.repro.sqdn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.report.RunMode;
import org.queuelab.repro.Studies;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.RunWindow;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Study;

import tech.tablesaw.api.Table;

/** Each SQ(d,N) study, computed into its store and read back, gives what the direct computation gives, bit for bit. */
class SqdnStudiesTest {

    @Test
    void largestQueueStudyGivesTheDirectRun(@TempDir Path root) {
        LargestQueueBound.LargestQueueRun expected = LargestQueueBound.simulateLargestQueue(0.95, 2, 200, 20, 30, 5L);
        Study study = SqdnStudies.largestQueueStudy("largest", new SqdnExperiments.LargestQueueRun(200, 20, 30, 5L),
                new double[] {0.95}, 2);
        LargestQueueBound.LargestQueueRun computed = SqdnStudies.largestQueue(study, new LocalRunner(2), root).get(0);
        assertTrue(study.complete(root));
        LargestQueueBound.LargestQueueRun read = SqdnStudies.largestQueue(study, new LocalRunner(1), root).get(0);
        for (LargestQueueBound.LargestQueueRun r : List.of(computed, read)) {
            assertEquals(expected.table().print(100), r.table().print(100));
            assertArrayEquals(expected.queueMarginal(), r.queueMarginal());
            assertEquals(expected.meanQueue(), r.meanQueue());
            assertEquals(expected.largestLevelSeen(), r.largestLevelSeen());
            assertEquals(expected.largestInMarginal(), r.largestInMarginal());
            assertEquals(expected.jStarPlusOne(), r.jStarPlusOne());
            assertEquals(expected.seed(), r.seed());
        }
    }

    @Test
    void confirmStudyGivesTheDirectTable(@TempDir Path root) {
        double[][] points = {{0.45, 2}, {0.9, 3}};
        Table expected = FixedPointSurvey.confirm(points, 1e-2, 20, 100, 20, 30, 10, 2, 7L);
        Study study = SqdnStudies.confirmStudy("confirm", new SqdnExperiments.ConfirmRun(1e-2, 20, 100, 20, 30, 10, 2, 7L,
                points));
        assertEquals(expected.print(100), SqdnStudies.confirm(study, new LocalRunner(2), root).print(100));
        assertTrue(study.complete(root));
        assertEquals(expected.print(100), SqdnStudies.confirm(study, new LocalRunner(1), root).print(100));
        assertEquals(expected.doubleColumn("sim_L_S").asList(),
                SqdnStudies.confirm(study, new LocalRunner(1), root).doubleColumn("sim_L_S").asList());
    }

    @Test
    void gapOverNStudyGivesTheDirectTable(@TempDir Path root) {
        int[] sizes = {50, 200};
        Table expected = FixedPointSurvey.stationaryGapOverN(0.9, 2, sizes, 20, 30, 10, 2, 9L);
        Study study = SqdnStudies.gapOverNStudy("gap", new SqdnExperiments.GapRun(0.9, 2, 20, 30, 10, 2, 9L), sizes);
        assertEquals(expected.print(100), SqdnStudies.gapOverN(study, new LocalRunner(2), root).print(100));
        assertTrue(study.complete(root));
        Table read = SqdnStudies.gapOverN(study, new LocalRunner(1), root);
        assertEquals(expected.print(100), read.print(100));
        assertEquals(expected.doubleColumn("gap").asList(), read.doubleColumn("gap").asList());
    }

    @Test
    void refinedStudyGivesTheNotebooksCtmcEstimates(@TempDir Path root) {
        int[] sizes = {10, 20};
        long events = 200_000L;
        int runs = 3;
        long seed = 11L;
        LoadBalancingModel model = new LoadBalancingModel(0.9, new PowerOfD(2), 20, Exponential.unitMean());
        List<Estimate> expected = new ArrayList<>();
        for (int n : sizes) {   // the notebook's former cell, verbatim
            double horizon = events / (n * 1.9) / runs;
            expected.add(Ctmc.of(model, n).replicate(RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle())
                    .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(200), seed + n, runs).estimates()
                    .get(Metric.MEAN_JOBS));
        }
        Study study = SqdnStudies.refinedStudy("refined", new SqdnExperiments.RefinedRun(0.9, 2, 20, events, runs, seed),
                sizes);
        assertEquals(expected, SqdnStudies.refinedSimulations(study, new LocalRunner(2), root));
        assertTrue(study.complete(root));
        assertEquals(expected, SqdnStudies.refinedSimulations(study, new LocalRunner(1), root));
    }

    @Test
    void theReproductionListsTheStudiesAtTheNotebooksSizes() {
        assertEquals(6, Studies.named("sqdn-fixed-point-confirm-full", RunMode.FULL).sweep().grid().size());
        assertEquals(3, Studies.named("sqdn-gap-over-n-full", RunMode.FULL).sweep().grid().size());
        assertEquals(4, Studies.named("sqdn-refined-ctmc-quick", RunMode.QUICK).sweep().grid().size());
        assertEquals(1, Studies.named("sqdn-largest-queue-full", RunMode.FULL).sweep().grid().size());
        assertEquals(100_000, SqdnStudies.claimServers(RunMode.FULL));
        assertEquals(1200.0, SqdnStudies.claimHorizon(RunMode.FULL));
        assertArrayEquals(new int[] {2_500, 10_000, 40_000}, SqdnStudies.gapSizes(RunMode.FULL));
        assertEquals(400_000_000L, SqdnStudies.refinedEvents(RunMode.FULL));
    }

    @Test
    void aStudyOfAnotherKindOrBadSizesIsRefused(@TempDir Path root) {
        Study gap = SqdnStudies.gapOverNStudy("gap", new SqdnExperiments.GapRun(0.9, 2, 20, 30, 10, 2, 9L),
                new int[] {50});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SqdnStudies.refinedSimulations(gap, new LocalRunner(1), root));
        assertTrue(e.getMessage().contains("gap"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new SqdnExperiments.ConfirmRun(1e-2, 20, 100, 20, 30, 10,
                2, 7L, new double[][] {{0.45}}));
        assertTrue(e.getMessage().contains("points"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new SqdnExperiments.RefinedRun(0.9, 2, 20, 1000, 1, 1L));
        assertTrue(e.getMessage().contains("runs = 1"), e.getMessage());
    }
}
