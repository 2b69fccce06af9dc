package org.queuelab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

import org.queuelab.model.AlbaModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancyResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunSpec;

/**
 * Occupancy-count CTMC throughput ({@code ./bench ctmc}): ALBA Power-of-2 + Blind-θ with the Figure 1 parameters
 * (docs/alba.md §8) at N = 10^3, 10^5 and 10^6, in events per second on one thread; the same model run by a
 * straightforward per-server simulator ({@link CtmcPerServerBaseline}) in the same process as the baseline;
 * and the speed-up of parallel replications on 2 threads. Single-thread rates are events per second of the
 * thread's CPU time (robust to other load); the parallel speed-up is a wall-clock ratio and suffers from any
 * other load on the machine. Each figure is the best of a few interleaved repetitions after a JIT warm-up.
 */
public final class CtmcBench {

    private static final double LAMBDA = 0.7;
    private static final double ALPHA = 0.05;
    private static final double THETA = 0.06;
    private static final double BETA = 0.1;
    private static final double GAMMA = 0.025;
    private static final int BUFFER = 100;

    /** Single-thread rates use the thread's CPU time, so that other processes on a shared machine do not count. */
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private CtmcBench() {
    }

    private static OccupancySimulator simulator(int n) {
        AlbaModel model = new AlbaModel(LAMBDA, new PowerOfD(2), BUFFER,
                Scaling.asynchronous(new BlindTheta(THETA), ALPHA), BETA, GAMMA);
        return OccupancySimulator.alba(model, n);
    }

    private static RunSpec spec(long events) {
        return RunSpec.forEvents(InitialOccupancy.coldAndIdle(0.3), events, TimeGrid.of(1000, 10), 0);
    }

    /** Best events/s over {@code repeats} single-thread runs of the occupancy chain. */
    private static double chainRate(int n, long events, int repeats) {
        OccupancySimulator sim = simulator(n);
        double best = 0;
        for (int r = 0; r < repeats; r++) {
            long t0 = CPU.getCurrentThreadCpuTime();
            OccupancyRun run = sim.run(spec(events), 1000L + r);
            double seconds = (CPU.getCurrentThreadCpuTime() - t0) / 1e9;
            if (!run.counters().conserved()) {
                throw new IllegalStateException("conservation failed");
            }
            best = Math.max(best, run.counters().events() / seconds);
        }
        return best;
    }

    /** Best events/s of the per-server baseline. */
    private static double baselineRate(int n, long events, int repeats) {
        double best = 0;
        double checksum = 0;
        for (int r = 0; r < repeats; r++) {
            CtmcPerServerBaseline baseline = new CtmcPerServerBaseline(n, LAMBDA, ALPHA, THETA, BETA, GAMMA,
                    BUFFER, 2, 0.3);
            long t0 = CPU.getCurrentThreadCpuTime();
            checksum += baseline.run(events, new SplittableRandom(2000L + r));
            double seconds = (CPU.getCurrentThreadCpuTime() - t0) / 1e9;
            best = Math.max(best, events / seconds);
        }
        if (Double.isNaN(checksum)) {
            throw new IllegalStateException("baseline produced NaN");
        }
        return best;
    }

    /** Wall time of {@code replications} runs on {@code threads} threads. */
    private static double replicationSeconds(int threads, int replications, long events) {
        OccupancySimulator sim = simulator(1000);
        long t0 = System.nanoTime();
        OccupancyResult result = sim.replicate(spec(events), 7L, replications, threads);
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (result.runs().size() != replications) {
            throw new IllegalStateException("missing runs");
        }
        return seconds;
    }

    public static void main(String[] args) {
        long events = args.length > 0 ? Long.parseLong(args[0]) : 5_000_000L;
        int cores = Runtime.getRuntime().availableProcessors();
        // JIT warm-up on both simulators
        chainRate(1000, 5_000_000, 2);
        baselineRate(1000, 2_000_000, 2);

        // interleave chain and baseline (best of 3 each, same number of events from the same start) so that load
        // from other processes hits both alike
        int[] sizes = {1_000, 100_000, 1_000_000};
        double[] chain = new double[sizes.length];
        double[] base = new double[sizes.length];
        for (int r = 0; r < 3; r++) {
            for (int s = 0; s < sizes.length; s++) {
                chain[s] = Math.max(chain[s], chainRate(sizes[s], events, 1));
                if (sizes[s] < 1_000_000 || r == 0) {   // the slow N = 10^6 baseline: one shorter run
                    base[s] = Math.max(base[s], baselineRate(sizes[s], sizes[s] < 1_000_000 ? events : events / 5,
                            1));
                }
            }
        }
        double one = Double.MAX_VALUE;
        double two = Double.MAX_VALUE;
        for (int r = 0; r < 2; r++) {
            one = Math.min(one, replicationSeconds(1, 4, events));
            two = Math.min(two, replicationSeconds(2, 4, events));
        }
        double load = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();

        System.out.println("# CTMC bench, " + ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_INSTANT)
                + ", " + cores + " cores visible, Java " + System.getProperty("java.version")
                + ", load average " + load + " (shared machine: figures as measured)");
        System.out.println("# ALBA Power-of-2 + Blind-0.06, λ=0.7 α=0.05 β=0.1 γ=0.025 B=100, from 30% cold / 70% idle-on");
        System.out.printf("| %-44s | %10s | %10s | %10s |%n", "figure", "N = 10^3", "N = 10^5", "N = 10^6");
        System.out.printf("|%s|%s|%s|%s|%n", "-".repeat(46), "-".repeat(12), "-".repeat(12), "-".repeat(12));
        System.out.printf("| %-44s | %10.1f | %10.1f | %10.1f |%n", "occupancy chain, M events per CPU-s",
                chain[0] / 1e6, chain[1] / 1e6, chain[2] / 1e6);
        System.out.printf("| %-44s | %10.1f | %10.1f | %10.1f |%n", "per-server baseline, M events per CPU-s",
                base[0] / 1e6, base[1] / 1e6, base[2] / 1e6);
        System.out.printf("| %-44s | %10.2f | %10.2f | %10.2f |%n", "speed-up chain / per-server",
                chain[0] / base[0], chain[1] / base[1], chain[2] / base[2]);
        System.out.printf("| %-44s | %10.2f | %10.2f | %10.2f |%n", "chain rate relative to N = 10^3 (flat = 1)",
                1.0, chain[1] / chain[0], chain[2] / chain[0]);
        System.out.printf("| %-44s | %10.2f | %10s | %10s |%n",
                "4 replications: wall time 1 thread / 2 thr.", one / two, "", "");
        System.out.printf("# events per run: %d (chain and baseline; baseline at N = 10^6: one run of %d),"
                + " replications 4 × %d at N = 10^3%n", events, events / 5, events);
    }
}
