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
 * Event-driven simulator figures ({@code ./benchmark des}): SQ(2) with lognormal service (mean 1, σ = 1) at N = 10³
 * and 10⁵ in events per CPU-second; the same engine against the {@link DesBaseline} object-per-event simulator on
 * the exponential model (ratio per interleaved pair of runs); TABS; and the invariant-state Monte Carlo of
 * docs/invariant-states.md §8 (600 realisations, N = 600, λ = 0.5, d = 2, one fresh job per server,
 * t ∈ [0, 15], Δt = 0.1) on 1 and 2 threads. Every figure is {@link Measure}'s median (min–max) of
 * {@link Measure#RUNS} runs after a warm-up.
 */
public final class DesBench {

    private static final double LAMBDA = 0.9;

    private DesBench() {
    }

    public static void main(String[] args) {
        Measure.header("DES", "./benchmark des");
        ServiceDistribution lognormal = LogNormal.unitMean(1.0);
        ServiceDistribution exponential = Exponential.unitMean();
        print("SQ(2) lognormal σ=1, λ=0.9, N=1e3", Measure.sample(1, () -> libraryRate(lognormal, 1_000, 2_500)));
        print("SQ(2) lognormal σ=1, λ=0.9, N=1e5", Measure.sample(1, () -> libraryRate(lognormal, 100_000, 25)));
        for (int n : new int[] {1_000, 100_000}) {
            double horizon = n == 1_000 ? 2_500 : 25;
            libraryRate(exponential, n, horizon);   // warm-up
            baselineRate(n, horizon);
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
                Measure.sample(1, () -> tabsRate(lognormal)));
        double[] check = new double[1];
        Measure.Stats mc = Measure.sample(1, () -> Measure.wallSeconds(() -> check[0] = invariantMonteCarlo(lognormal,
                Runtime.getRuntime().availableProcessors())));
        System.out.printf(Locale.ROOT, "   invariant-state MC, 600 runs, N=600, t∈[0,15], all cores: %s s wall;"
                + " mean tail_2 over [10,15] %.5f (s*_2 = 0.14345)%n", mc.format("%.2f", 1), check[0]);
        System.out.println("   invariant-state MC: " + Measure.parallel(2, threads -> invariantMonteCarlo(lognormal,
                threads)));
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
