package org.queuelab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The occupancy-count CTMC against a native C++ version of the same chain ({@code bench/native/sqd_ctmc.cpp}:
 * SQ(2), λ = 0.9, B = 50, same event choice and level look-up, xoshiro256** and a ziggurat exponential, compiled
 * here with {@code g++ -O3 -march=native}). Both run the same number of events from all idle at N = 10³ and 10⁵,
 * interleaved, {@link Measure#RUNS} times each; rates are events per CPU-second. The mean jobs per server of the
 * longest runs are printed side by side, as a check that both simulate the same chain. Skipped without g++.
 */
public final class NativeBench {

    private static final double LAMBDA = 0.9;
    private static final int BUFFER = 50;
    private static final long EVENTS = 20_000_000L;

    private NativeBench() {
    }

    public static void main(String[] args) {
        Measure.header("CTMC vs native C++ (same chain)", "./benchmark native");
        Path binary;
        try {
            binary = compile();
        } catch (IOException | InterruptedException e) {
            System.out.println("   skipped: " + e.getMessage());
            return;
        }
        if (binary == null) {
            System.out.println("   skipped: g++ not found (apt-get install g++)");
            return;
        }
        for (int n : new int[] {1_000, 100_000}) {
            OccupancySimulator sim = OccupancySimulator.loadBalancing(
                    new LoadBalancingModel(LAMBDA, new PowerOfD(2), BUFFER, Exponential.unitMean()), n);
            RunWindow spec = RunWindow.forEvents(EVENTS, TimeGrid.of(10, 10)).withInitial(InitialOccupancy.allIdle());
            Measure.warmUp(() -> sim.run(spec, 99));   // JIT warm-up
            double[] java = new double[Measure.RUNS];
            double[] cpp = new double[Measure.RUNS];
            double[] ratio = new double[Measure.RUNS];
            double javaMean = 0;
            double cppMean = 0;
            for (int r = 0; r < Measure.RUNS; r++) {
                OccupancyRun[] run = new OccupancyRun[1];
                final long seed = 1000L + r;
                double seconds = Measure.cpuSeconds(() -> run[0] = sim.run(spec, seed));
                java[r] = run[0].counters().events() / seconds;
                JsonNode out = runNative(binary, n, seed);
                cpp[r] = out.get("events").asDouble() / out.get("cpu_seconds").asDouble();
                ratio[r] = java[r] / cpp[r];
                javaMean = run[0].metrics().get(Metric.MEAN_JOBS);
                cppMean = out.get("mean_jobs_per_server").asDouble();
            }
            System.out.printf(Locale.ROOT, "   N = %-7d Java chain %s M events/CPU-s; C++ %s; Java / C++ %s×%n", n,
                    Measure.Stats.of(java).format("%.1f", 1e-6), Measure.Stats.of(cpp).format("%.1f", 1e-6),
                    Measure.Stats.of(ratio).format("%.2f", 1));
            System.out.printf(Locale.ROOT, "             mean jobs per server (last run, %d events from empty): "
                    + "Java %.4f, C++ %.4f%n", EVENTS, javaMean, cppMean);
        }
    }

    /** Compiles the native peer into bench/target/native when g++ exists; null without g++. */
    private static Path compile() throws IOException, InterruptedException {
        Path source = Path.of("bench/native/sqd_ctmc.cpp");
        Path binary = Path.of("bench/target/native/sqd_ctmc");
        if (!Files.exists(source)) {
            throw new IOException("run from the repository root (" + source + " not found)");
        }
        if (Files.exists(binary) && Files.getLastModifiedTime(binary).compareTo(Files.getLastModifiedTime(source)) > 0) {
            return binary;
        }
        Files.createDirectories(binary.getParent());
        Process p;
        try {
            p = new ProcessBuilder("g++", "-O3", "-march=native", "-o", binary.toString(), source.toString())
                    .inheritIO().start();
        } catch (IOException e) {
            return null;
        }
        if (p.waitFor() != 0) {
            throw new IOException("g++ failed on " + source);
        }
        return binary;
    }

    private static JsonNode runNative(Path binary, int n, long seed) {
        try {
            Process p = new ProcessBuilder(List.of(binary.toString(), Integer.toString(n), Double.toString(LAMBDA),
                    Integer.toString(BUFFER), "2", Long.toString(EVENTS), Long.toString(seed))).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() != 0) {
                throw new IllegalStateException("native peer failed: " + new String(p.getErrorStream().readAllBytes()));
            }
            return new ObjectMapper().readTree(out);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("native peer: " + e.getMessage(), e);
        }
    }
}
