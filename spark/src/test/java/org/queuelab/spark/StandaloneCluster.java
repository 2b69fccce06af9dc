package org.queuelab.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Spark standalone cluster on this machine for tests: one master and {@code n} workers, each a separate JVM
 * started from Spark's jars as Maven resolved them (no download), laid out as a {@code SPARK_HOME} whose
 * {@code jars/} links to them — the layout a worker needs to launch executors and drivers. Submissions go through
 * {@code org.apache.spark.deploy.SparkSubmit}, the class that Spark's {@code bin/spark-submit} runs.
 *
 * <p>{@link #close()} kills every process it started and their descendants (executors, drivers), also when a test
 * fails; each process's output goes to a log file under the cluster's directory, named in failure messages.
 */
final class StandaloneCluster implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final Path dir;
    private final Path sparkHome;
    private final int masterPort;
    private final int masterUiPort;
    private final List<Process> processes = new ArrayList<>();
    private final List<Process> workers = new ArrayList<>();

    private StandaloneCluster(Path dir) throws IOException {
        this.dir = dir;
        this.sparkHome = layOutSparkHome(dir.resolve("spark-home"));
        this.masterPort = freePort();
        this.masterUiPort = freePort();
    }

    /** Starts a master and {@code workerCount} workers of one core each, and waits until all have registered. */
    static StandaloneCluster start(Path dir, int workerCount) throws IOException, InterruptedException {
        StandaloneCluster c = new StandaloneCluster(dir);
        try {
            c.processes.add(c.launch("master", List.of("org.apache.spark.deploy.master.Master", "--host",
                    "127.0.0.1", "--port", Integer.toString(c.masterPort), "--webui-port",
                    Integer.toString(c.masterUiPort))));
            c.awaitAliveWorkers(0);
            for (int i = 0; i < workerCount; i++) {
                c.startWorker(i);
            }
            c.awaitAliveWorkers(workerCount);
            return c;
        } catch (IOException | InterruptedException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    String masterUrl() {
        return "spark://127.0.0.1:" + masterPort;
    }

    Path sparkHome() {
        return sparkHome;
    }

    private void startWorker(int i) throws IOException {
        Path work = Files.createDirectories(dir.resolve("worker-" + i));
        Process p = launch("worker-" + i, List.of("org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                "--cores", "1", "--memory", "1g", "--webui-port", Integer.toString(freePort()), "--work-dir",
                work.toString(), masterUrl()));
        processes.add(p);
        workers.add(p);
    }

    /** The worker's JVM and everything it launched (executors, drivers), as if its machine were lost. */
    void killWorker(int i) {
        Process p = workers.get(i);
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();   // SIGKILL on Unix
    }

    /**
     * Waits until an executor of worker {@code i} is running a task it has not finished (read from the executors'
     * logs in the worker's work directory), so that killing the worker then loses a running task.
     */
    void awaitRunningTask(int i, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!hasUnfinishedTask(dir.resolve("worker-" + i))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("worker " + i + " ran no task within " + timeout + "; logs under "
                        + dir.resolve("worker-" + i));
            }
            Thread.sleep(20);
        }
    }

    private static final Pattern TASK_EVENT =
            Pattern.compile("(Running|Finished) task \\S+ in stage \\S+ \\(TID (\\d+)\\)");

    private static boolean hasUnfinishedTask(Path workerDir) throws IOException {
        Set<String> running = new HashSet<>();
        try (Stream<Path> files = Files.walk(workerDir)) {
            for (Path log : files.filter(f -> f.getFileName().toString().equals("stderr")).toList()) {
                for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                    Matcher m = TASK_EVENT.matcher(line);
                    if (m.find()) {
                        if (m.group(1).equals("Running")) {
                            running.add(m.group(2));
                        } else {
                            running.remove(m.group(2));
                        }
                    }
                }
            }
        }
        return !running.isEmpty();
    }

    /** {@code SparkSubmit ARGS...} as a process of its own, its output in {@code submit-<name>.log}. */
    Process submit(String name, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of("org.apache.spark.deploy.SparkSubmit"));
        command.addAll(args);
        Process p = launch("submit-" + name, command);
        processes.add(p);
        return p;
    }

    Path log(String name) {
        return dir.resolve(name + ".log");
    }

    private Process launch(String name, List<String> mainAndArgs) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx512m");
        command.addAll(moduleOptions());
        command.add("-cp");
        command.add(sparkHome.resolve("conf") + java.io.File.pathSeparator + sparkHome.resolve("jars") + "/*");
        command.addAll(mainAndArgs);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log(name).toFile());
        Map<String, String> env = pb.environment();
        env.put("SPARK_HOME", sparkHome.toString());
        env.put("SPARK_CONF_DIR", sparkHome.resolve("conf").toString());
        env.put("SPARK_SCALA_VERSION", "2.13");
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
        env.put("SPARK_LOCAL_DIRS", Files.createDirectories(dir.resolve("local-" + name)).toString());
        return pb.start();
    }

    /** The module options this JVM runs with (Spark's, from the build), for the cluster's JVMs. */
    private static List<String> moduleOptions() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("-Djdk.reflect")
                        || a.startsWith("-Dio.netty") || a.startsWith("-XX:+IgnoreUnrecognizedVMOptions"))
                .toList();
    }

    /** Waits until the master's status page answers with {@code n} ALIVE workers. */
    private void awaitAliveWorkers(int n) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            for (Process p : processes) {
                if (!p.isAlive()) {
                    throw new IllegalStateException("a cluster process ended (exit " + p.exitValue() + "); logs in "
                            + dir);
                }
            }
            try {
                last = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + masterUiPort + "/json/"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString()).body();
                if (aliveWorkers(last) == n) {
                    return;
                }
            } catch (IOException notYet) {
                // the master is still starting
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the cluster did not reach " + n + " alive workers in " + START_TIMEOUT
                + "; master status: " + last + "; logs in " + dir);
    }

    static int aliveWorkers(String masterJson) {
        Matcher m = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)").matcher(masterJson);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** {@code jars/} linking to Spark's runtime classpath as Maven resolved it, and a quiet log configuration. */
    private static Path layOutSparkHome(Path home) throws IOException {
        Path classpathFile = Path.of("target", "spark-runtime-classpath.txt");
        if (!Files.isRegularFile(classpathFile)) {
            throw new IllegalStateException(classpathFile.toAbsolutePath() + " is missing: run mvn with the spark"
                    + " module (its build writes Spark's runtime classpath there)");
        }
        Path jars = Files.createDirectories(home.resolve("jars"));
        for (String entry : Files.readString(classpathFile).strip().split(java.io.File.pathSeparator)) {
            Path jar = Path.of(entry);
            Path link = jars.resolve(jar.getFileName());
            if (!Files.exists(link)) {
                Files.createSymbolicLink(link, jar.toAbsolutePath());
            }
        }
        Path conf = Files.createDirectories(home.resolve("conf"));
        Files.writeString(conf.resolve("log4j2.properties"), String.join("\n",
                "rootLogger.level = warn", "rootLogger.appenderRef.stdout.ref = console",
                "appender.console.type = Console", "appender.console.name = console",
                "appender.console.target = SYSTEM_ERR", "appender.console.layout.type = PatternLayout",
                "appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n",
                // executors say which task they start and finish: how a test knows a worker is busy before killing it
                "logger.executor.name = org.apache.spark.executor.Executor", "logger.executor.level = info", ""),
                StandardCharsets.UTF_8);
        return home;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Kills every process started and its descendants, and waits for them. */
    @Override
    public void close() {
        for (Process p : processes) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : processes) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UncheckedIOException(new IOException("interrupted while stopping the cluster", e));
            }
        }
    }
}
