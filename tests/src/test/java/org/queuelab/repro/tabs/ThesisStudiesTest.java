package org.queuelab.repro.tabs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.report.RunMode;
import org.queuelab.repro.Studies;
import org.queuelab.sim.event.TabsSweep;
import org.queuelab.sim.event.TabsSweepPoint;
import org.queuelab.sim.event.TabsSweepResult;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Study;

class ThesisStudiesTest {

    @Test
    void aStudyGivesTabsSweepsNumbersBitForBitComputedOrReadFromItsStore(@TempDir Path root) {
        ThesisStudies.Definition d = ThesisStudies.nScaling(RunMode.QUICK, 100);
        TabsSweepResult direct = TabsSweep.run(d.plan(), d.points(), 2);
        TabsSweepResult computed = ThesisStudies.result(d, RunMode.QUICK, new LocalRunner(2), root);
        Study study = ThesisStudies.study(d, RunMode.QUICK);
        assertTrue(study.complete(root));
        TabsSweepResult read = ThesisStudies.result(d, RunMode.QUICK, new LocalRunner(1), root);
        assertEquals(d.plan().replications(), direct.plan().replications());
        for (TabsSweepPoint p : d.points()) {
            for (String m : TabsSweep.METRICS) {
                double[] expected = direct.values(p.series(), p.x(), m);
                assertArrayEquals(expected, computed.values(p.series(), p.x(), m), p + " " + m);
                assertArrayEquals(expected, read.values(p.series(), p.x(), m), p + " " + m);
            }
        }
    }

    @Test
    void everyDefinitionIsAStudyOfTheReproductionWithDistinctModelsAsPoints() {
        for (RunMode mode : RunMode.values()) {
            List<String> names = Studies.all(mode).stream().map(Study::name).toList();
            for (ThesisStudies.Definition d : ThesisStudies.definitions(mode)) {
                assertTrue(names.contains(d.name()), d.name() + " in " + names);
                assertTrue(d.name().endsWith("-" + mode.name().toLowerCase()), d.name());
                assertEquals(d.models().size(), Studies.named(d.name(), mode).sweep().grid().size(), d.name());
                assertEquals(d.points().stream().map(TabsSweepPoint::model).collect(Collectors.toSet()).size(),
                        d.models().size(), d.name());
            }
        }
        // the thesis' sizes: 3 ν × 4 laws × 11 µ in full mode, 10 replications of 20 000 s
        ThesisStudies.Definition fig9 = ThesisStudies.fig9(RunMode.FULL);
        assertEquals(3 * 4 * 11, fig9.points().size());
        assertEquals(10, fig9.plan().replications());
        assertEquals(20_000.0, fig9.plan().horizon());
    }
}
