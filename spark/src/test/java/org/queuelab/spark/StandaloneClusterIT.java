package org.queuelab.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.queuelab.sweep.LocalRunner;

/**
 * A real Spark standalone cluster — a master and two one-core workers, each its own JVM — running the example
 * study through {@code SparkSubmit} in client and cluster deploy mode, losing a worker (SIGKILL) and a driver
 * while tasks run; every store must equal, line for line, the store of a local run of the same sweep.
 */
class StandaloneClusterIT {

    private static final int REPLICATIONS = 2;
    private static final long SEED = 11;
    /** Long enough that tasks run for a while (N = 1000 points take ≈ 0.3 s), so that a kill lands mid-job. */
    private static final double LONG_HORIZON = 6000;
    private static final long JOB_TIMEOUT_SECONDS = 300;

    @TempDir
    static Path dir;
    private static StandaloneCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        cluster = StandaloneCluster.start(dir.resolve("cluster"), 2);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void clientAndClusterDeployModesStoreWhatALocalRunStores() throws Exception {
        Path client = dir.resolve("client");
        Path clustered = dir.resolve("clustered");
        awaitSuccess("client", submit("client", "client", client, 300));
        awaitSuccess("cluster", submit("cluster", "cluster", clustered, 300));
        List<String> local = localStore(dir.resolve("local-300"), 300);
        assertEquals(local, storeLines(client));
        assertEquals(local, storeLines(clustered));
        assertTrue(Files.readString(cluster.log("submit-client")).contains("points 24/24 done"),
                "the driver prints its progress");
    }

    @Test
    void aKilledDriverLeavesAStoreThatARerunCompletesWithoutRecomputingFinishedPoints() throws Exception {
        Path out = dir.resolve("driver-killed");
        Process driver = submit("driver-1", "client", out, LONG_HORIZON);
        awaitStoredPoints(out, 2, driver);
        driver.descendants().forEach(ProcessHandle::destroyForcibly);
        driver.destroyForcibly();
        driver.waitFor();
        int storedBefore = completePoints(out);
        awaitSuccess("driver-2", submit("driver-2", "client", out, LONG_HORIZON));
        Matcher m = Pattern.compile("(\\d+) points reused from the store")
                .matcher(Files.readString(cluster.log("submit-driver-2")));
        assertTrue(m.find(), "the rerun says how many points it reused");
        assertTrue(Integer.parseInt(m.group(1)) >= storedBefore && storedBefore >= 2,
                "reused " + m.group(1) + " points, " + storedBefore + " were stored when the driver died");
        assertEquals(localStore(dir.resolve("local-long"), LONG_HORIZON), storeLines(out),
                "no point lost or duplicated, every value as in a local run");
    }

    @Test
    void anUnreachableMasterFailsWithinAMinuteNamingTheUrl() throws Exception {
        String url = "spark://127.0.0.1:" + unusedPort();
        List<String> args = List.of("--master", url, "--deploy-mode", "client", "--class",
                ExampleSweepJob.class.getName(), jobJar().toString(), dir.resolve("unreachable").toString(), "1");
        long t0 = System.nanoTime();
        Process p = cluster.submit("unreachable", args);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running after 60 s");
        assertNotEquals(0, p.exitValue());
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(60));
        String log = Files.readString(cluster.log("submit-unreachable"));
        assertTrue(log.contains(url + " is unreachable"), log);
        assertTrue(!Files.exists(dir.resolve("unreachable").resolve("summary.csv")), "no result marked complete");
    }

    /** Runs last in its own cluster, since it loses a worker. */
    @Test
    void aWorkerKilledWhileTasksRunIsSurvivedWithIdenticalResults(@TempDir Path own) throws Exception {
        try (StandaloneCluster lossy = StandaloneCluster.start(own.resolve("cluster"), 2)) {
            Path out = own.resolve("worker-lost");
            Process driver = submit(lossy, "lossy", "client", out, LONG_HORIZON);
            awaitStoredPoints(out, 1, driver);
            // between two batches a worker may hold no task: kill it only once it runs one, or nothing is lost
            lossy.awaitRunningTask(0, java.time.Duration.ofSeconds(JOB_TIMEOUT_SECONDS));
            lossy.killWorker(0);
            awaitSuccess(lossy, "lossy", driver);
            String log = Files.readString(lossy.log("submit-lossy"));
            assertTrue(log.contains("points 24/24 done"), log);
            assertTrue(log.contains("failed tasks re-run"), "the lost worker's tasks were re-run:\n" + log);
            assertEquals(localStore(dir.resolve("local-long"), LONG_HORIZON), storeLines(out));
        }
    }

    private static Process submit(String name, String deployMode, Path out, double horizon) throws IOException {
        return submit(cluster, name, deployMode, out, horizon);
    }

    private static Process submit(StandaloneCluster c, String name, String deployMode, Path out, double horizon)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("--master", c.masterUrl(), "--deploy-mode", deployMode,
                "--class", ExampleSweepJob.class.getName(), "--executor-memory", "512m",
                "--conf", "spark.ui.enabled=false", "--conf", "spark.driver.host=127.0.0.1",
                // a killed worker's executor is noticed when its connection drops, not by heartbeat timeouts: those
                // stay at Spark's defaults so that a loaded machine does not lose the surviving executor too
                "--conf", "spark.standalone.submit.waitAppCompletion=true"));
        args.addAll(List.of(jobJar().toString(), out.toString(), Integer.toString(REPLICATIONS),
                Long.toString(SEED), Double.toString(horizon)));
        return c.submit(name, args);
    }

    private static void awaitSuccess(String name, Process p) throws Exception {
        awaitSuccess(cluster, name, p);
    }

    private static void awaitSuccess(StandaloneCluster c, String name, Process p) throws Exception {
        if (!p.waitFor(JOB_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            fail("job " + name + " still running after " + JOB_TIMEOUT_SECONDS + " s; log " + c.log("submit-" + name));
        }
        if (p.exitValue() != 0) {
            fail("job " + name + " exited " + p.exitValue() + ":\n" + tail(c.log("submit-" + name)));
        }
    }

    /** Waits until the store holds {@code points} complete points (the job is running tasks by then). */
    private static void awaitStoredPoints(Path out, int points, Process driver) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(JOB_TIMEOUT_SECONDS);
        while (completePoints(out) < points) {
            if (!driver.isAlive()) {
                fail("the job ended (exit " + driver.exitValue() + ") before storing " + points + " points");
            }
            if (System.nanoTime() > deadline) {
                fail("no " + points + " points stored in " + JOB_TIMEOUT_SECONDS + " s");
            }
            Thread.sleep(100);
        }
    }

    private static int completePoints(Path out) throws IOException {
        Path csv = out.resolve("store").resolve("observations.csv");
        if (!Files.exists(csv)) {
            return 0;
        }
        Set<String> points = new HashSet<>();
        for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
            if (line.endsWith(",") || line.startsWith("point,")) {
                continue;
            }
            points.add(line.substring(0, line.indexOf(',')));
        }
        return points.size();
    }

    /** The same sweep run locally into its own store (once per horizon). */
    private static synchronized List<String> localStore(Path out, double horizon) throws IOException {
        if (!Files.exists(out.resolve("observations.csv"))) {
            ExampleSweepJob.sweep(REPLICATIONS, SEED, horizon).resumable(out).run(new LocalRunner(2));
        }
        return sorted(out.resolve("observations.csv"));
    }

    /** A store's observation lines, sorted (points are appended in the order they finish). */
    private static List<String> storeLines(Path out) throws IOException {
        List<String> lines = sorted(out.resolve("store").resolve("observations.csv"));
        assertEquals(lines.size(), new HashSet<>(lines).size(), "a duplicated observation in " + out);
        return lines;
    }

    private static List<String> sorted(Path csv) throws IOException {
        try (Stream<String> s = Files.lines(csv, StandardCharsets.UTF_8)) {
            return s.skip(1).sorted().toList();
        }
    }

    private static Path jobJar() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("target"))) {
            return s.filter(p -> p.getFileName().toString().endsWith("-job.jar")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no target/*-job.jar: the spark module's package"
                            + " phase builds it; run mvn verify")).toAbsolutePath();
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    private static int unusedPort() throws IOException {
        try (var s = new java.net.ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
