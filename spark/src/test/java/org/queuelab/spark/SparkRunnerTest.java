package org.queuelab.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Sweep;
import org.queuelab.sweep.SweepResult;

class SparkRunnerTest {

    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().master("local[2]").appName("queuelab-test")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** A small simulation-like experiment with two metrics, deterministic in its seed. */
    static final Experiment EXPERIMENT = (p, seed) -> {
        SplittableRandom rng = new SplittableRandom(seed);
        double rate = p.number("lambda");
        double sum = 0;
        double max = 0;
        for (int i = 0; i < 500; i++) {
            double x = -Math.log(1 - rng.nextDouble()) / rate;
            sum += x;
            max = Math.max(max, x);
        }
        return Map.of("mean", sum / 500, "max", max);
    };

    @Test
    void sparkLocal2GivesBitIdenticalResultsToTheLocalRunner() {
        Sweep sweep = Sweep.of(Grid.axis("lambda", 0.5, 1.0, 2.0, 4.0).axis("policy", "a", "b").build(), EXPERIMENT)
                .replications(6).seed(2026).pairedOver("policy");
        SweepResult local = sweep.run(new LocalRunner(2));
        SweepResult onSpark = sweep.run(new SparkRunner(spark, 5));
        for (int p = 0; p < sweep.grid().size(); p++) {
            for (String m : local.metrics()) {
                assertArrayEquals(local.values(p, m), onSpark.values(p, m));
            }
        }
        assertEquals(local.table().toString(), onSpark.table().toString());
    }

    @Test
    void theLibrarysSimulatorRunsOnSparkBitIdentically() {
        Sweep sweep = ExampleSweepJob.sweep(2, 7);
        Sweep small = Sweep.of(Grid.axis("lambda", 0.7, 0.9).axis("d", 2).axis("N", 100).build(),
                sweep.experiment()).replications(2).seed(7);
        SweepResult local = small.run(new LocalRunner(1));
        SweepResult onSpark = small.run(new SparkRunner(spark));
        for (int p = 0; p < small.grid().size(); p++) {
            for (String m : local.metrics()) {
                assertArrayEquals(local.values(p, m), onSpark.values(p, m), m);
            }
        }
    }

    @Test
    void aResumedSparkSweepComputesOnlyTheMissingPoints(@TempDir Path dir) {
        Grid grid = Grid.axis("lambda", 0.5, 1.0, 2.0).build();
        Sweep first = Sweep.of(Grid.axis("lambda", 0.5, 1.0).build(), EXPERIMENT).replications(3).seed(5)
                .resumable(dir);
        first.run(new SparkRunner(spark));
        SweepResult all = Sweep.of(grid, EXPERIMENT).replications(3).seed(5).resumable(dir)
                .run(new SparkRunner(spark));
        assertEquals(2, all.reusedPoints());
        SweepResult fresh = Sweep.of(grid, EXPERIMENT).replications(3).seed(5).run(new LocalRunner(1));
        for (int p = 0; p < 3; p++) {
            assertArrayEquals(fresh.values(p, "mean"), all.values(p, "mean"));
        }
    }

    @Test
    void aStudyComputedOnSparkStoresWhatTheLocalCoresStore(@TempDir Path dir) throws java.io.IOException {
        org.queuelab.sweep.Study study = org.queuelab.repro.Studies.blindThetaGrid(org.queuelab.report.RunMode.QUICK);
        study.result(new SparkRunner(spark), dir.resolve("spark"));
        study.result(new LocalRunner(2), dir.resolve("local"));
        assertEquals(sortedStore(study.store(dir.resolve("local"))), sortedStore(study.store(dir.resolve("spark"))));
        assertEquals(study.sweep().grid().size(), study.result(new SparkRunner(spark), dir.resolve("spark"))
                .reusedPoints(), "a complete store is read, not computed");
    }

    private static java.util.List<String> sortedStore(Path store) throws java.io.IOException {
        try (var lines = java.nio.file.Files.lines(store.resolve("observations.csv"))) {
            return lines.skip(1).sorted().toList();
        }
    }

    @Test
    void anExperimentsFailureNamesThePointOnSparkToo() {
        Sweep failing = Sweep.of(Grid.axis("lambda", 1.0, 2.0).build(), (p, s) -> {
            if (p.number("lambda") == 2.0) {
                throw new IllegalArgumentException("lambda too large");
            }
            return Map.of("x", 1.0);
        });
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> failing.run(new SparkRunner(spark)));
        assertTrue(e.getMessage().contains("lambda=2.0"), e.getMessage());
    }

    @Test
    void progressLinesNameLongSweepsShortly() {
        Sweep sweep = Sweep.of(Grid.axis("lambda", 0.5, 1.0).build(), EXPERIMENT).replications(4).seed(3)
                .identity("x".repeat(300));
        assertEquals(100, SparkRunner.label(sweep).length());
        assertEquals("short", SparkRunner.label(sweep.identity("short")));
    }
}
