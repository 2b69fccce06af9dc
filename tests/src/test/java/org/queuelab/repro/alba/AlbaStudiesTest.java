package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.analysis.MeanFieldAccuracy;
import org.queuelab.meanfield.AlbaFixedPoint;
import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.report.Checks;
import org.queuelab.report.RunMode;
import org.queuelab.repro.Studies;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Study;

import tech.tablesaw.api.Table;

/** Each ALBA study, computed into its store and read back, gives what the direct computation gives, bit for bit. */
class AlbaStudiesTest {

    @Test
    void theorem2StudyGivesTheDirectSimulationsTableAndChecks(@TempDir Path root) {
        List<Theorem2.Solution> solutions = Theorem2.cases().stream().map(c -> {
            double[] closed = AlbaFixedPoint.blindTheta(c.model(), AlbaStudies.THEOREM2_LEVELS).state();
            return new Theorem2.Solution(c, AlbaStudies.THEOREM2_LEVELS, closed, closed, 0, null);
        }).toList();
        Checks direct = Checks.forNotebook("direct");
        Table expected = Theorem2.simulate(solutions, 40, 30, 10, 2, 11L, direct);
        Study study = AlbaStudies.theorem2Study("t2", new AlbaStudies.Theorem2Run(AlbaStudies.THEOREM2_LEVELS, 40,
                30, 10, 2, 11L));
        Checks computed = Checks.forNotebook("computed");
        Table fromRuns = AlbaStudies.theorem2Simulation(solutions, study, new LocalRunner(2), root, computed);
        assertTrue(study.complete(root));
        Checks read = Checks.forNotebook("read");
        Table fromStore = AlbaStudies.theorem2Simulation(solutions, study, new LocalRunner(1), root, read);
        assertEquals(expected.print(100), fromRuns.print(100));
        assertEquals(expected.print(100), fromStore.print(100));
        assertEquals(direct.all(), read.all());
        assertEquals(5 * solutions.size(), read.all().size());
    }

    @Test
    void rateIdleOverNStudyGivesTheDirectRows(@TempDir Path root) {
        AlbaStudies.OverNRun run = new AlbaStudies.OverNRun(60, 20, 2, 13L);
        int[] sizes = {20, 50};
        RateIdleOverN o = run.definition();
        List<RateIdleOverN.Row> expected = o.run(o.standardGains(), sizes);
        Study study = AlbaStudies.rateIdleOverNStudy("over-n", run, sizes);
        assertEquals(expected, AlbaStudies.rateIdleOverNRows(study, new LocalRunner(2), root));
        assertTrue(study.complete(root));
        assertEquals(expected, AlbaStudies.rateIdleOverNRows(study, new LocalRunner(1), root));
    }

    @Test
    void accuracyStudyGivesTheDirectFit(@TempDir Path root) {
        double horizon = 40;
        int runs = 2;
        long seed = 17L;
        int[] sizes = {20, 80};
        AlbaFluid fluid = AlbaFluid.of(Figure1.model());
        Table fluidTable = fluid.integrate(fluid.state(Figure1.INITIAL_COLD, 0, Figure1.INITIAL_IDLE_ON),
                TimeGrid.of(horizon, 1.0).times()).toTable();
        RunWindow spec = RunWindow.until(horizon).withInitial(InitialOccupancy.coldAndIdle(Figure1.INITIAL_COLD))
                .withGrid(TimeGrid.of(horizon, 1.0));
        MeanFieldAccuracy.Study expected = MeanFieldAccuracy.study(sizes,
                n -> OccupancySimulator.alba(Figure1.model(), n).replicate(spec, seed + n, runs).trajectory()
                        .toTable(), fluidTable, "t", AlbaStudies.ACCURACY_COLUMNS, 0, horizon);
        Study study = AlbaStudies.accuracyStudy("acc", new AlbaStudies.AccuracyRun(horizon, runs, seed), sizes);
        assertEquals(expected, AlbaStudies.accuracy(study, new LocalRunner(2), root));
        assertTrue(study.complete(root));
        assertEquals(expected, AlbaStudies.accuracy(study, new LocalRunner(1), root));
    }

    @Test
    void theReproductionListsTheStudiesAtTheNotebooksSizes() {
        assertEquals(Theorem2.cases().size(),
                Studies.named("alba-theorem2-simulation-full", RunMode.FULL).sweep().grid().size());
        assertEquals(2 * 3, Studies.named("alba-rate-idle-over-n-full", RunMode.FULL).sweep().grid().size());
        assertEquals(2 * 4, Studies.named("alba-rate-idle-over-n-quick", RunMode.QUICK).sweep().grid().size());
        assertEquals(4, Studies.named("alba-mean-field-accuracy-full", RunMode.FULL).sweep().grid().size());
        assertEquals(10, AlbaStudies.theorem2Runs(RunMode.FULL));
        assertEquals(Figure1.HORIZON, AlbaStudies.accuracyHorizon(RunMode.FULL));
    }

    @Test
    void aStudyOfAnotherKindOrTooFewSizesIsRefused(@TempDir Path root) {
        Study overN = AlbaStudies.rateIdleOverNStudy("over-n", new AlbaStudies.OverNRun(60, 20, 2, 1L),
                new int[] {20, 50});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AlbaStudies.accuracy(overN, new LocalRunner(1), root));
        assertTrue(e.getMessage().contains("over-n"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> AlbaStudies.accuracyStudy("acc",
                new AlbaStudies.AccuracyRun(40, 2, 1L), new int[] {20}));
        assertTrue(e.getMessage().contains("sizes"), e.getMessage());
    }
}
