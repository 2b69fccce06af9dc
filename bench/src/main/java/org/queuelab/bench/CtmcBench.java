package org.queuelab.bench;

import java.util.Locale;
import java.util.SplittableRandom;

import org.queuelab.model.AlbaModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;

/**
 * Occupancy-count CTMC throughput ({@code ./benchmark ctmc [events]}): ALBA Power-of-2 + Blind-θ with the Figure 1
 * parameters (docs/alba.md §8) at N = 10^3, 10^5 and 10^6, in events per CPU-second of one thread, against a
 * straightforward per-server simulator ({@link CtmcPerServerBaseline}) run interleaved in the same process; and
 * parallel replications on 2 threads (wall-clock speed-up with the load average, CPU-normalised efficiency).
 * Every figure is {@link Measure}'s median (min–max) of {@link Measure#RUNS} runs after a warm-up.
 */
public final class CtmcBench {

    private static final double LAMBDA = 0.7;
    private static final double ALPHA = 0.05;
    private static final double THETA = 0.06;
    private static final double BETA = 0.1;
    private static final double GAMMA = 0.025;
    private static final int BUFFER = 100;

    private CtmcBench() {
    }

    private static OccupancySimulator simulator(int n) {
        AlbaModel model = new AlbaModel(LAMBDA, new PowerOfD(2), BUFFER,
                Scaling.asynchronous(new BlindTheta(THETA), ALPHA), BETA, GAMMA);
        return OccupancySimulator.alba(model, n);
    }

    private static RunWindow spec(long events) {
        return RunWindow.forEvents(events, TimeGrid.of(1000, 10)).withInitial(InitialOccupancy.coldAndIdle(0.3));
    }

    /** Events per CPU-second of one run of the occupancy chain. */
    private static double chainRate(OccupancySimulator sim, long events, long seed) {
        OccupancyRun[] run = new OccupancyRun[1];
        double seconds = Measure.cpuSeconds(() -> run[0] = sim.run(spec(events), seed));
        if (!run[0].counters().conserved()) {
            throw new IllegalStateException("conservation failed");
        }
        return run[0].counters().events() / seconds;
    }

    /** Events per CPU-second of one run of the per-server baseline. */
    private static double baselineRate(int n, long events, long seed) {
        CtmcPerServerBaseline baseline = new CtmcPerServerBaseline(n, LAMBDA, ALPHA, THETA, BETA, GAMMA, BUFFER, 2,
                0.3);
        double[] checksum = new double[1];
        double seconds = Measure.cpuSeconds(() -> checksum[0] = baseline.run(events, new SplittableRandom(seed)));
        if (Double.isNaN(checksum[0])) {
            throw new IllegalStateException("baseline produced NaN");
        }
        return events / seconds;
    }

    public static void main(String[] args) {
        long events = args.length > 0 ? Long.parseLong(args[0]) : 5_000_000L;
        Measure.header("CTMC (ALBA Power-of-2 + Blind-0.06, λ=0.7 α=0.05 β=0.1 γ=0.025 B=100, from 30% cold)",
                "./benchmark ctmc " + events);
        OccupancySimulator warm = simulator(1000);
        Measure.warmUp(() -> chainRate(warm, events, 1));   // JIT warm-up on both simulators
        Measure.warmUp(() -> baselineRate(1000, events / 2, 2));
        int[] sizes = {1_000, 100_000, 1_000_000};
        for (int n : sizes) {
            OccupancySimulator sim = simulator(n);
            long baseEvents = n < 1_000_000 ? events : events / 5;   // the slow N = 10^6 baseline: shorter runs
            double[] chain = new double[Measure.RUNS];
            double[] base = new double[Measure.RUNS];
            double[] ratio = new double[Measure.RUNS];
            for (int r = 0; r < Measure.RUNS; r++) {   // interleaved: load from other processes hits both alike
                chain[r] = chainRate(sim, events, 1000L + r);
                base[r] = baselineRate(n, baseEvents, 2000L + r);
                ratio[r] = chain[r] / base[r];
            }
            System.out.printf(Locale.ROOT, "   N = %-8d chain %s M events/CPU-s; per-server baseline %s;"
                            + " chain / baseline %s×%n", n, Measure.Stats.of(chain).format("%.1f", 1e-6),
                    Measure.Stats.of(base).format("%.1f", 1e-6), Measure.Stats.of(ratio).format("%.2f", 1));
        }
        OccupancySimulator small = simulator(1000);
        System.out.println("   4 replications at N = 10^3, " + events + " events each: "
                + Measure.parallel(2, threads -> small.replicate(spec(events), 7L, 4, threads)));
        System.out.printf(Locale.ROOT, "   events per run %d (baseline at N = 10^6: %d)%n", events, events / 5);
    }
}
