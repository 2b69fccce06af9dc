package org.queuelab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.report.RunMode;
import org.queuelab.repro.Studies;
import org.queuelab.repro.alba.AlbaStudies;
import org.queuelab.repro.alba.RateIdleOverN;
import org.queuelab.repro.tabs.ThesisStudies;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Study;

/**
 * A named study of the reproduction computed by {@link StudyJob} on {@code local[2]} leaves the store a local run
 * leaves, value for value: what {@code ./reproduce --full --spark-master local[2]} relies on.
 */
class StudyJobTest {

    private static final Map<String, String> SPARK = Map.of("spark.master", "local[2]", "spark.ui.enabled", "false",
            "spark.driver.host", "127.0.0.1", "spark.driver.bindAddress", "127.0.0.1");

    @Test
    void aTabsStudyOnLocal2EqualsTheLocalRunsStoreBitForBit(@TempDir Path root) throws IOException {
        ThesisStudies.Definition d = ThesisStudies.nScaling(RunMode.QUICK, 100);
        Study study = ThesisStudies.study(d, RunMode.QUICK);
        Path onSpark = root.resolve("spark");
        Path local = root.resolve("local");
        SPARK.forEach(System::setProperty);
        try {
            StudyJob.main(new String[] {"--mode", "quick", "--out", onSpark.toString(), d.name()});
        } finally {
            SPARK.keySet().forEach(System::clearProperty);
        }
        assertTrue(study.complete(onSpark), "the job completed the study's store");
        ThesisStudies.result(d, RunMode.QUICK, new LocalRunner(2), local);
        List<String> sparkRows = dataRows(study.store(onSpark));
        assertFalse(sparkRows.isEmpty());
        assertEquals(dataRows(study.store(local)), sparkRows);
        assertEquals(d.models().size(), study.result(new LocalRunner(1), onSpark).reusedPoints(),
                "the notebook reads the cluster's store instead of computing");
    }

    @Test
    void anAlbaStudyOnLocal2GivesTheRowsOfTheDirectRun(@TempDir Path root) throws IOException {
        Study study = Studies.named("alba-rate-idle-over-n-quick", RunMode.QUICK);
        Path onSpark = root.resolve("spark");
        SPARK.forEach(System::setProperty);
        try {
            StudyJob.main(new String[] {"--mode", "quick", "--out", onSpark.toString(), study.name()});
        } finally {
            SPARK.keySet().forEach(System::clearProperty);
        }
        assertTrue(study.complete(onSpark), "the job completed the study's store");
        RateIdleOverN o = AlbaStudies.rateIdleOverN(RunMode.QUICK);
        List<RateIdleOverN.Row> direct = o.run(o.standardGains(), AlbaStudies.rateIdleOverNSizes(RunMode.QUICK));
        assertEquals(direct, AlbaStudies.rateIdleOverNRows(study, new LocalRunner(1), onSpark));
        assertEquals(study.sweep().grid().size(), study.result(new LocalRunner(1), onSpark).reusedPoints(),
                "the notebook reads the cluster's store instead of computing");
    }

    /** The store's observation rows (point, replication, metric, value) in a fixed order, commit rows left out. */
    private static List<String> dataRows(Path store) throws IOException {
        try (var lines = Files.lines(store.resolve("observations.csv"))) {
            return lines.skip(1).filter(l -> !l.contains(",end,")).sorted().toList();
        }
    }
}
