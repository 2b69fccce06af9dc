package org.queuelab.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash safety of the resumable sweep store: a child JVM runs {@link SweepKillTarget} on one store and is killed
 * with SIGKILL at a random moment, 50 times over. After every kill the store must read back (no refusal), every
 * point it holds must equal a run without kills, and no point may be committed twice; a final run completes it.
 */
class SweepStoreKillTest {

    private static final int KILLS = 50;

    @Test
    void fiftySigkillsAtRandomMomentsLoseAndDuplicateNoReplication(@TempDir Path dir) throws Exception {
        Sweep sweep = SweepKillTarget.sweep();
        SweepResult reference = sweep.run(new LocalRunner(1));
        SplittableRandom rng = new SplittableRandom(33);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        int killedRunning = 0;
        List<Integer> committedAfterKill = new ArrayList<>();
        // every kill must meet work in progress whatever the machine's speed: a store half done is replaced by a
        // fresh one (a child always has ≥ 120 points, about a second, ahead of it), and the kill comes at a random
        // moment within 200 ms after the child's first new commit (its JVM up and the sweep running)
        int round = 0;
        Path store = dir.resolve("round-0");
        long start = System.nanoTime();
        for (int k = 0; k < KILLS; k++) {
            Process child = new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp", classpath,
                    SweepKillTarget.class.getName(), store.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            int before = commits(store);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (child.isAlive() && commits(store) <= before && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            if (!child.waitFor(rng.nextLong(200), TimeUnit.MILLISECONDS)) {
                killedRunning++;
            }
            child.destroyForcibly();   // SIGKILL on POSIX
            child.waitFor();
            int committed = checkStore(store, sweep, reference);
            committedAfterKill.add(committed);
            if (committed >= SweepKillTarget.POINTS / 2) {
                store = dir.resolve("round-" + ++round);
            }
        }
        SweepResult finished = sweep.resumable(store).run(new LocalRunner(2));
        for (int p = 0; p < SweepKillTarget.POINTS; p++) {
            for (int m = 0; m < SweepKillTarget.METRICS; m++) {
                assertArrayEquals(reference.values(p, "m" + m), finished.values(p, "m" + m), "point " + p);
            }
        }
        assertEquals(SweepKillTarget.POINTS, checkStore(store, sweep, reference));
        System.out.printf("sweep store kill test: %d SIGKILLs (%d while the child ran), points committed after "
                + "each kill: %s, %.1f s%n", KILLS, killedRunning, committedAfterKill,
                (System.nanoTime() - start) / 1e9);
        assertEquals(KILLS, killedRunning, "every kill must land while the child runs");
    }

    /** Commit rows in the store's observations so far (0 before the file exists); read while a child writes. */
    private static int commits(Path dir) throws Exception {
        Path file = dir.resolve("observations.csv");
        if (!Files.exists(file)) {
            return 0;
        }
        int n = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.ISO_8859_1)) {
            if (line.contains(",end,")) {
                n++;
            }
        }
        return n;
    }

    /** Reads the store as a resumed run would; checks every stored value and that no point is committed twice. */
    private static int checkStore(Path dir, Sweep sweep, SweepResult reference) throws Exception {
        if (!Files.exists(dir.resolve("observations.csv"))) {
            return 0;
        }
        Observation[][] observed = new Observation[sweep.grid().size()][sweep.replications()];
        int points = SweepStore.completePoints(dir, sweep);
        Map<String, Integer> commits = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("observations.csv"), StandardCharsets.UTF_8)) {
            String[] f = line.split(",", -1);
            if (f.length == 4 && f[1].equals("end")) {
                commits.merge(f[0], 1, Integer::sum);
            }
        }
        commits.forEach((key, n) -> assertEquals(1, n, "point " + key + " committed " + n + " times"));
        try (SweepStore store = SweepStore.open(dir, sweep)) {
            assertEquals(points, store.load(observed));
        }
        for (int p = 0; p < observed.length; p++) {
            if (observed[p][0] == null) {
                continue;
            }
            for (int r = 0; r < sweep.replications(); r++) {
                for (int m = 0; m < SweepKillTarget.METRICS; m++) {
                    assertEquals(reference.values(p, "m" + m)[r], observed[p][r].values().get("m" + m),
                            "point " + p + " replication " + r);
                }
            }
        }
        return points;
    }
}
