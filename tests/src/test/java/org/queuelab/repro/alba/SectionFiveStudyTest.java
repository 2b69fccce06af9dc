package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.report.RunMode;
import org.queuelab.repro.Studies;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Study;

class SectionFiveStudyTest {

    @Test
    void theStudysRowsEqualADirectRunComputedOrReadFromTheStore(@TempDir Path root) {
        SectionFiveGrid grid = SectionFiveGrid.figure1Rates(60, 10, 3, 5L, 2);
        int[] ns = {20, 30};
        double[] lambdas = {0.5};
        int[] ds = {0, 1};
        List<SectionFiveGrid.Row> direct = grid.run(ns, lambdas, ds);
        Study study = SectionFiveStudy.study("s5", grid, ns, lambdas, ds);
        List<SectionFiveGrid.Row> computed = SectionFiveStudy.rows(study, new LocalRunner(2), root);
        assertTrue(study.complete(root));
        List<SectionFiveGrid.Row> read = SectionFiveStudy.rows(study, new LocalRunner(1), root);
        assertEquals(direct, computed);
        assertEquals(direct, read);
        assertEquals(grid.table(direct).print(), grid.table(read).print());
    }

    @Test
    void theReproductionListsTheGridAtTheNotebooksSizes() {
        Study full = Studies.named("alba-section5-grid-full", RunMode.FULL);
        assertEquals(2 * 4, full.sweep().grid().size());
        assertEquals(8, SectionFiveStudy.grid(RunMode.FULL).runs());
        assertEquals(2 * 2, Studies.named("alba-section5-grid-quick", RunMode.QUICK).sweep().grid().size());
    }
}
