package org.queuelab.bench;

import java.util.Locale;

import org.queuelab.dist.Exponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.event.EventSimulation;
import org.queuelab.sim.event.LoadBalancingResult;
import org.queuelab.sim.event.LoadBalancingSimulator;
import org.queuelab.sim.event.TabsCounts;
import org.queuelab.sim.event.TabsSimulator;

/**
 * Event-driven simulator figures ({@code ./benchmark des}): SQ(2) with lognormal service (mean 1, σ = 1) at
 * N = 10³, 10⁴, 10⁵ and 10⁶ in events per CPU-second beside the size of the per-server state and the caches, which
 * explains the fall of the rate with N; the same engine against the {@link DesBaseline} object-per-event simulator on
 * the exponential model (ratio per interleaved pair of runs); TABS; and the invariant-state Monte Carlo of
 * docs/invariant-states.md §8 (600 realisations, N = 600, λ = 0.5, d = 2, one fresh job per server,
 * t ∈ [0, 15], Δt = 0.1) on 1 and 2 threads. Every figure is {@link Measure}'s median (min–max) of
 * {@link Measure#RUNS} runs after a warm-up.
 */
public final class DesBench {

    private static final double LAMBDA = 0.9;

    /**
     * Bytes per server of the lazy engine's ({@code sim.event.LazyFcfsRun}) hot record: next departure time, job
     * count and ring head, time of the last queue-length change, last job's departure time (8 B each); a probe reads
     * its first 16 B.
     */
    private static final long HOT_BYTES_PER_SERVER = 32;
    /** Bytes per server of its ring of departure times at the initial 8 slots (doubled when a queue outgrows it). */
    private static final long RING_BYTES_PER_SERVER = 64;

    private DesBench() {
    }

    public static void main(String[] args) {
        Measure.header("DES", "./benchmark des");
        ServiceDistribution lognormal = LogNormal.unitMean(1.0);
        ServiceDistribution exponential = Exponential.unitMean();
        workingSetSweep(lognormal);
        for (int n : new int[] {1_000, 100_000}) {
            double horizon = n == 1_000 ? 2_500 : 25;
            Measure.warmUp(() -> libraryRate(exponential, n, horizon));
            Measure.warmUp(() -> baselineRate(n, horizon));
            double[] lib = new double[Measure.RUNS];
            double[] base = new double[Measure.RUNS];
            double[] ratio = new double[Measure.RUNS];
            for (int r = 0; r < Measure.RUNS; r++) {
                lib[r] = libraryRate(exponential, n, horizon);
                base[r] = baselineRate(n, horizon);
                ratio[r] = lib[r] / base[r];
            }
            System.out.printf(Locale.ROOT, "   SQ(2) exponential, λ=0.9, N=%d: library %s M events/CPU-s,"
                            + " PriorityQueue baseline %s; library / baseline %s×%n", n,
                    Measure.Stats.of(lib).format("%.2f", 1e-6), Measure.Stats.of(base).format("%.2f", 1e-6),
                    Measure.Stats.of(ratio).format("%.2f", 1));
        }
        print("TABS lognormal σ=1, N=100, λ=0.5, µ=10, ν=5 (events incl. timers)",
                Measure.sampleAfterWarmUp(() -> tabsRate(lognormal)));
        double[] check = new double[1];
        Measure.Stats mc = Measure.sample(1, () -> Measure.wallSeconds(() -> check[0] = invariantMonteCarlo(lognormal,
                Runtime.getRuntime().availableProcessors())));
        System.out.printf(Locale.ROOT, "   invariant-state MC, 600 runs, N=600, t∈[0,15], all cores: %s s wall;"
                + " mean tail_2 over [10,15] %.5f (s*_2 = 0.14345)%n", mc.format("%.2f", 1), check[0]);
        System.out.println("   invariant-state MC: " + Measure.parallel(2, threads -> invariantMonteCarlo(lognormal,
                threads)));
    }

    /**
     * SQ(2)-lognormal at N = 10³, 10⁴, 10⁵, 10⁶ (about 2.25·10⁶ arrivals each, horizon 2.5·10⁶/N, from empty) beside
     * the lazy engine's per-server state, to show where the rate falls: each arrival probes two uniformly chosen
     * servers, so once N servers' hot records outgrow a cache level most probes miss it.
     */
    private static void workingSetSweep(ServiceDistribution lognormal) {
        long l2 = cacheBytes(2);
        long l3 = cacheBytes(3);
        System.out.printf(Locale.ROOT, "   cache: L2 %s per core, L3 %s (from /sys/devices/system/cpu/cpu0/cache;"
                + " hardware counters are not readable here)%n", bytes(l2), bytes(l3));
        for (int n : new int[] {1_000, 10_000, 100_000, 1_000_000}) {
            Measure.Stats rate = Measure.sampleAfterWarmUp(() -> libraryRate(lognormal, n, 2.5e6 / n));
            long hot = HOT_BYTES_PER_SERVER * n;
            long rings = RING_BYTES_PER_SERVER * n;
            System.out.printf(Locale.ROOT, "   SQ(2) lognormal σ=1, λ=0.9, N=%d: %s M events/CPU-s; hot records %s"
                    + " (%s), rings ≥ %s%n", n, rate.format("%.2f", 1e-6), bytes(hot), l2 < 0 ? "cache sizes unknown"
                    : hot + rings <= l2 ? "all state fits L2" : hot <= l2 ? "fit L2, rings beyond"
                    : hot <= l3 ? "beyond L2, within L3" : "beyond L3", bytes(rings));
        }
        System.out.println("   why: an arrival draws its 2 candidates, then loads the first 16 B of each one's "
                + HOT_BYTES_PER_SERVER + "-byte hot record (next departure, jobs: one cache line each; the two loads"
                + " overlap each other and the size and inter-arrival draws); purging due departures and placing the"
                + " job stay in those records, except for the ring of departure times (" + RING_BYTES_PER_SERVER
                + " B per server at 8 slots) of the jobs waiting behind the first, written when a job joins a busy"
                + " server and read when a departure leaves two or more. The arrival stream, sizes and counters stay"
                + " in L1. While records and rings fit L2 (N ≤ 10⁴) the probes hit; at N = 10⁵ the records alone ("
                + bytes(HOT_BYTES_PER_SERVER * 100_000) + ") outgrow L2, so many probes miss to L3, which is the drop"
                + " from 10⁴ to 10⁵; at 10⁶ records and rings (" + bytes((HOT_BYTES_PER_SERVER + RING_BYTES_PER_SERVER)
                * 1_000_000) + " or more) compete for an L3 shared with the other cores, and their"
                + " 4 KB pages outgrow the TLB, so misses go further. Estimated from sizes and timings, not counted.");
    }

    /** The size of the CPU's cache of the given level from sysfs, or −1 where it cannot be read. */
    private static long cacheBytes(int level) {
        for (int index = 0; index < 8; index++) {
            java.nio.file.Path dir = java.nio.file.Path.of("/sys/devices/system/cpu/cpu0/cache/index" + index);
            try {
                if (Integer.parseInt(java.nio.file.Files.readString(dir.resolve("level")).trim()) == level) {
                    String size = java.nio.file.Files.readString(dir.resolve("size")).trim();
                    long unit = size.endsWith("K") ? 1L << 10 : size.endsWith("M") ? 1L << 20 : 1;
                    return Long.parseLong(size.replaceAll("[^0-9]", "")) * unit;
                }
            } catch (java.io.IOException | NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }

    private static String bytes(long b) {
        return b < 0 ? "unknown" : b >= 1L << 20 ? String.format(Locale.ROOT, "%.1f MB", b / 1048576.0)
                : String.format(Locale.ROOT, "%.0f KB", b / 1024.0);
    }

    private static void print(String name, Measure.Stats rate) {
        System.out.printf(Locale.ROOT, "   %s: %s M events/CPU-s%n", name, rate.format("%.2f", 1e-6));
    }

    /** Events per CPU-second of one library run. */
    private static double libraryRate(ServiceDistribution law, int n, double horizon) {
        LoadBalancingModel model = new LoadBalancingModel(LAMBDA, new PowerOfD(2), Buffers.INFINITE, law);
        LoadBalancingSimulator sim = EventSimulation.of(model, n).withTrackedLevels(3);
        RunWindow window = RunWindow.until(horizon).withSampleInterval(horizon);
        LoadBalancingResult[] r = new LoadBalancingResult[1];
        double seconds = Measure.cpuSeconds(() -> r[0] = sim.run(window, 1));
        return r[0].events() / seconds;
    }

    /** Events per CPU-second of one baseline run. */
    private static double baselineRate(int n, double horizon) {
        long[] events = new long[1];
        double seconds = Measure.cpuSeconds(() -> events[0] = DesBaseline.run(n, LAMBDA, horizon, 1));
        return events[0] / seconds;
    }

    /** TABS events (arrivals, departures, timer firings) per CPU-second of one run. */
    private static double tabsRate(ServiceDistribution law) {
        TabsSimulator sim = EventSimulation.of(TabsModel.of(0.5, law, 10, 5), 100);
        RunWindow window = RunWindow.until(20_000).withSampleInterval(20_000);
        TabsCounts[] c = new TabsCounts[1];
        double seconds = Measure.cpuSeconds(() -> c[0] = sim.run(window, 1).counts());
        return (c[0].arrivals() + c[0].departures() + c[0].standbyExpiries() + c[0].setupsCompleted()) / seconds;
    }

    /** Mean tail_2 over t ∈ [10, 15] of the invariant-state Monte Carlo on {@code threads} threads. */
    private static double invariantMonteCarlo(ServiceDistribution law, int threads) {
        LoadBalancingModel model = new LoadBalancingModel(0.5, new PowerOfD(2), Buffers.INFINITE, law);
        LoadBalancingSimulator sim = EventSimulation.of(model, 600).withTrackedLevels(3);
        RunWindow window = RunWindow.until(15).withInitial(InitialState.jobsPerServer(1)).withSampleInterval(0.1);
        ReplicatedResult<LoadBalancingResult> reps = sim.replicate(window, 2019, 600, threads);
        ReplicatedTrajectory avg = reps.trajectory();
        double[] tail2 = avg.series("s2");
        double sum = 0;
        for (int k = 100; k <= 150; k++) {
            sum += tail2[k];
        }
        return sum / 51;
    }
}
