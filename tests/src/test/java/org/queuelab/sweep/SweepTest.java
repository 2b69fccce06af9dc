package org.queuelab.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.progress.Progress;
import org.queuelab.result.Estimate;

import tech.tablesaw.api.Table;

class SweepTest {

    /** Mean of 200 exponential draws with mean {@code lambda}: a stand-in for a simulation. */
    static final Experiment MEAN_OF_EXPONENTIALS = (p, seed) -> {
        SplittableRandom rng = new SplittableRandom(seed);
        double lambda = p.number("lambda");
        double sum = 0;
        for (int i = 0; i < 200; i++) {
            sum += -Math.log(1 - rng.nextDouble()) * lambda;
        }
        return Map.of("mean", sum / 200);
    };

    private static Grid grid() {
        return Grid.axis("lambda", 0.5, 1.0, 2.0).axis("d", 1, 2).build();
    }

    @Test
    void cartesianGridHasEveryCombinationLastAxisFastest() {
        Grid g = grid();
        assertEquals(6, g.size());
        assertEquals(Point.of("lambda", 0.5, "d", 1), g.points().get(0));
        assertEquals(Point.of("lambda", 0.5, "d", 2), g.points().get(1));
        assertEquals(Point.of("lambda", 2.0, "d", 2), g.points().get(5));
    }

    @Test
    void resultsDoNotDependOnThreadCountOrPointOrder() {
        Sweep sweep = Sweep.of(grid(), MEAN_OF_EXPONENTIALS).replications(7).seed(42);
        SweepResult one = sweep.run(new LocalRunner(1));
        SweepResult two = sweep.run(new LocalRunner(2));
        List<Point> reversed = new ArrayList<>(grid().points());
        Collections.reverse(reversed);
        SweepResult rev = Sweep.of(Grid.of(reversed), MEAN_OF_EXPONENTIALS).replications(7).seed(42)
                .run(new LocalRunner(3));
        for (int p = 0; p < 6; p++) {
            Point point = grid().points().get(p);
            assertArrayEquals(one.values(p, "mean"), two.values(p, "mean"));
            assertArrayEquals(one.values(p, "mean"), rev.values(5 - p, "mean"));
            assertEquals(point, rev.sweep().grid().points().get(5 - p));
        }
    }

    @Test
    void seedsDifferAcrossPointsReplicationsAndSweepSeeds() {
        Sweep s = Sweep.of(grid(), MEAN_OF_EXPONENTIALS).seed(1);
        Point a = grid().points().get(0);
        Point b = grid().points().get(1);
        assertNotEquals(s.seed(a, 0), s.seed(b, 0));
        assertNotEquals(s.seed(a, 0), s.seed(a, 1));
        assertNotEquals(s.seed(a, 0), s.seed(2).seed(a, 0));
        assertEquals(s.seed(a, 3), Sweep.of(grid(), MEAN_OF_EXPONENTIALS).seed(1).seed(a, 3));
    }

    @Test
    void tableEstimatesAreTheReplicationsStudentInterval() {
        SweepResult r = Sweep.of(grid(), MEAN_OF_EXPONENTIALS).replications(10).seed(3).run();
        Table t = r.table();
        assertEquals(6, t.rowCount());
        assertEquals(List.of("lambda", "d", "metric", "runs", "mean", "lower", "upper"), t.columnNames());
        Estimate e = Estimate.of(r.values(4, "mean"));
        assertEquals(e.mean(), t.doubleColumn("mean").get(4), 0.0);
        assertEquals(e.lower(), t.doubleColumn("lower").get(4), 0.0);
        assertEquals(e, r.estimate(grid().points().get(4), "mean"));
        // the estimator is unbiased: the interval at lambda = 2 must be near 2 (10 × 200 draws: sd of mean ≈ 0.045)
        assertEquals(2.0, r.estimate(Point.of("lambda", 2.0, "d", 1), "mean").mean(), 0.25);
    }

    @Test
    void pairedVariantsShareRandomNumbersAndIntervalsDecideOrderings() {
        Grid g = Grid.axis("lambda", 1.0, 2.0).axis("policy", "a", "b", "c").build();
        // policy b adds exactly 0.01 to a's draws; policy c scales them by 1 (same as a)
        Experiment exp = (p, seed) -> {
            double m = MEAN_OF_EXPONENTIALS.run(p, seed).get("mean");
            String policy = p.text("policy");
            return Map.of("mean", policy.equals("b") ? m + 0.01 : m);
        };
        Sweep sweep = Sweep.of(g, exp).replications(5).seed(9).pairedOver("policy");
        Point a = Point.of("lambda", 1.0, "policy", "a");
        assertEquals(sweep.seed(a, 2), sweep.seed(Point.of("lambda", 1.0, "policy", "b"), 2));
        Table paired = sweep.run().paired("a");
        assertEquals(4, paired.rowCount());
        assertEquals(List.of("lambda", "variant", "metric", "runs", "difference", "lower", "upper", "ordering"),
                paired.columnNames());
        for (int row = 0; row < 4; row++) {
            boolean isB = paired.stringColumn("variant").get(row).startsWith("b");
            assertEquals(isB ? 0.01 : 0.0, paired.doubleColumn("difference").get(row), 1e-12);
        }
        // an unpaired sweep of the same (seed includes policy) cannot see a 0.01 shift: its interval is wide
        Sweep unpaired = Sweep.of(g, exp).replications(5).seed(9);
        assertNotEquals(unpaired.seed(a, 2), unpaired.seed(Point.of("lambda", 1.0, "policy", "b"), 2));
        assertThrows(IllegalStateException.class, () -> unpaired.run().paired("a"));
    }

    @Test
    void resumedSweepComputesOnlyMissingPointsAndMatchesAFreshRun(@TempDir Path dir) throws Exception {
        Sweep sweep = Sweep.of(grid(), MEAN_OF_EXPONENTIALS).replications(4).seed(11).identity("test model");
        SweepResult fresh = sweep.run(new LocalRunner(1));
        // a run killed after three points: the experiment fails on the fourth point it starts
        AtomicInteger started = new AtomicInteger();
        Experiment dying = (p, seed) -> {
            if (p.equals(grid().points().get(3))) {
                throw new IllegalStateException("killed");
            }
            started.incrementAndGet();
            return MEAN_OF_EXPONENTIALS.run(p, seed);
        };
        Sweep killed = Sweep.of(grid(), dying).replications(4).seed(11).identity("test model").resumable(dir);
        Sweep.SweepFailedException e = assertThrows(Sweep.SweepFailedException.class,
                () -> killed.run(new LocalRunner(1)));
        assertTrue(e.getMessage().contains("lambda=1.0;d=2"), e.getMessage());
        // a torn last line, as a kill during a write would leave
        Files.writeString(dir.resolve("observations.csv"), "lambda=2.0;d=1,0,me", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        AtomicInteger computed = new AtomicInteger();
        Experiment counting = (p, seed) -> {
            computed.incrementAndGet();
            return MEAN_OF_EXPONENTIALS.run(p, seed);
        };
        SweepResult resumed = Sweep.of(grid(), counting).replications(4).seed(11).identity("test model")
                .resumable(dir).run(new LocalRunner(2));
        assertEquals(3, resumed.reusedPoints());
        assertEquals(3 * 4, computed.get());
        for (int p = 0; p < 6; p++) {
            assertArrayEquals(fresh.values(p, "mean"), resumed.values(p, "mean"));
        }
        // a third run computes nothing
        computed.set(0);
        Sweep.of(grid(), counting).replications(4).seed(11).identity("test model").resumable(dir).run();
        assertEquals(0, computed.get());
    }

    /**
     * A metric that is not finite fails the run where the task runs, naming point, replication and metric (it used
     * to pass run() and surface later in table() as "mean = NaN", naming neither); the store never holds it.
     */
    @Test
    void nonFiniteMetricFailsTheRunNamingPointReplicationAndMetricAndIsNeverStored(@TempDir Path dir)
            throws Exception {
        Point bad = grid().points().get(4);
        for (double v : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            Experiment exp = (p, seed) -> p.equals(bad) && seed == Sweep.of(grid(), MEAN_OF_EXPONENTIALS)
                    .replications(3).seed(5).seed(bad, 2) ? Map.of("mean", 1.0, "x", v)
                    : Map.of("mean", 1.0, "x", 2.0);
            Path store = dir.resolve("store" + Double.toString(v).replace('-', 'm'));
            Sweep sweep = Sweep.of(grid(), exp).replications(3).seed(5).identity("finite").resumable(store);
            Sweep.SweepFailedException e = assertThrows(Sweep.SweepFailedException.class,
                    () -> sweep.run(new LocalRunner(1)));
            for (String part : new String[] {bad.toString(), "replication 2", "metric x = " + v, "finite"}) {
                assertTrue(e.getMessage().contains(part), "'" + part + "' missing from: " + e.getMessage());
            }
            String stored = Files.readString(store.resolve("observations.csv"), StandardCharsets.UTF_8);
            assertTrue(!stored.contains(bad.key()), "the failing point was stored: " + stored);
            assertTrue(stored.contains(grid().points().get(3).key()), "earlier points are kept: " + stored);
        }
        // a sweep read back value by value (a study) carries NaN as given; an estimate over it names point and metric
        SweepResult carried = Sweep.of(grid(), (p, seed) -> Map.of("x", p.equals(bad) ? Double.NaN : 1.0))
                .carryingNonFinite().replications(2).run(new LocalRunner(1));
        assertTrue(Double.isNaN(carried.values(4, "x")[1]));
        IllegalArgumentException table = assertThrows(IllegalArgumentException.class, carried::table);
        assertTrue(table.getMessage().contains("point " + bad + ", metric x"), table.getMessage());
        Map<String, Double> withNull = new java.util.HashMap<>();
        withNull.put("x", null);
        Sweep.SweepFailedException e = assertThrows(Sweep.SweepFailedException.class,
                () -> Sweep.of(grid(), (p, seed) -> withNull).run(new LocalRunner(1)));
        assertTrue(e.getMessage().contains("metric x = null"), e.getMessage());
    }

    @Test
    void storeRefusesResultsMadeUnderAnotherModelSeedOrReplicationCount(@TempDir Path dir) {
        Sweep.of(grid(), MEAN_OF_EXPONENTIALS).replications(2).seed(1).identity("model A").resumable(dir).run();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Sweep.of(grid(),
                MEAN_OF_EXPONENTIALS).replications(2).seed(1).identity("model B").resumable(dir).run());
        assertTrue(e.getMessage().contains("identity"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> Sweep.of(grid(), MEAN_OF_EXPONENTIALS).replications(3)
                .seed(1).identity("model A").resumable(dir).run());
        assertThrows(IllegalStateException.class, () -> Sweep.of(grid(), MEAN_OF_EXPONENTIALS).replications(2)
                .seed(2).identity("model A").resumable(dir).run());
    }

    @Test
    void badInputNamesTheParameter() {
        assertThrows(IllegalArgumentException.class, () -> Point.of("lambda"));
        assertThrows(IllegalArgumentException.class, () -> Point.of("lambda", Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Point.of("lambda", new Object()));
        assertThrows(IllegalArgumentException.class, () -> Grid.axis("lambda"));
        assertThrows(IllegalArgumentException.class, () -> Grid.of(List.of(Point.of("a", 1), Point.of("a", 1))));
        assertThrows(IllegalArgumentException.class, () -> Grid.of(List.of(Point.of("a", 1), Point.of("b", 1))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Sweep.of(grid(), MEAN_OF_EXPONENTIALS).replications(0));
        assertTrue(e.getMessage().startsWith("replications = 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Sweep.of(grid(), MEAN_OF_EXPONENTIALS)
                .replications(Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> new LocalRunner(0));
        assertThrows(IllegalArgumentException.class, () -> new LocalRunner(100_000));
        assertThrows(IllegalArgumentException.class, () -> Sweep.of(grid(), MEAN_OF_EXPONENTIALS)
                .pairedOver("policy"));
        assertThrows(IllegalStateException.class, () -> Sweep.of(grid(),
                (p, s) -> p.integer("d") == 1 ? Map.of("a", 1.0) : Map.of("b", 1.0)).run());
    }

    @Test
    void progressStepsOncePerTask() {
        java.util.concurrent.atomic.AtomicLong steps = new java.util.concurrent.atomic.AtomicLong();
        List<Long> totals = Collections.synchronizedList(new ArrayList<>());
        Progress before = Progress.current();
        Progress.install((label, total) -> {
            totals.add(total);
            return new Progress.Task() {
                @Override
                public void step() {
                    steps.incrementAndGet();
                }

                @Override
                public void close() {
                }
            };
        });
        try {
            Sweep.of(grid(), MEAN_OF_EXPONENTIALS).replications(3).run(new LocalRunner(2));
        } finally {
            Progress.install(before);
        }
        assertEquals(List.of(18L), totals);
        assertEquals(18, steps.get());
    }

    @Test
    void explicitReplicationSeedsAreUsedAtEveryPointAndRecordedInTheStore(@TempDir Path dir) {
        long[] seeds = {11L, -7L, 123_456_789_012L};
        Sweep sweep = Sweep.of(grid(), MEAN_OF_EXPONENTIALS).seed(99).replicationSeeds(seeds).identity("engine");
        assertEquals(3, sweep.replications());
        for (Task t : sweep.tasks()) {
            assertEquals(seeds[t.replication()], t.seed(), "task " + t);
        }
        SweepResult r = sweep.resumable(dir).run(new LocalRunner(2));
        for (int p = 0; p < grid().size(); p++) {
            for (int k = 0; k < seeds.length; k++) {
                double alone = MEAN_OF_EXPONENTIALS.run(grid().points().get(p), seeds[k]).get("mean");
                assertEquals(alone, r.value(p, k, "mean"), "point " + p + ", replication " + k);
            }
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Sweep.of(grid(),
                MEAN_OF_EXPONENTIALS).seed(99).replicationSeeds(11L, -7L, 5L).identity("engine").resumable(dir)
                .run());
        assertTrue(e.getMessage().contains("replicationSeeds"), e.getMessage());
        assertEquals(grid().size(), sweep.resumable(dir).run(new LocalRunner(1)).reusedPoints());
        assertTrue(sweep.replications(3).tasks().stream().noneMatch(t -> t.seed() == seeds[t.replication()]),
                "replications(n) afterwards returns to derived seeds");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> Sweep.of(grid(), MEAN_OF_EXPONENTIALS).replicationSeeds(new long[0]));
        assertTrue(bad.getMessage().startsWith("seeds = []"), bad.getMessage());
    }
}
