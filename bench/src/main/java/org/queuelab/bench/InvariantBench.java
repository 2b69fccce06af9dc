package org.queuelab.bench;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.queuelab.dist.LogNormal;
import org.queuelab.dist.PaperLaws;
import org.queuelab.dist.Pareto;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.invariant.Accuracy;
import org.queuelab.invariant.InvariantState;
import org.queuelab.invariant.InvariantStateProblem;
import org.queuelab.invariant.InvariantStateSolver;
import org.queuelab.invariant.VirtualWaitingTime;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.event.EventSimulation;
import org.queuelab.sim.event.LoadBalancingResult;
import org.queuelab.sim.event.LoadBalancingSimulator;

/**
 * Invariant-state figures (issue 8): the whole of Table 1 (λ = 0.5, d = 2, levels 1..8, every law of
 * {@link PaperLaws#invariantStatesTable1()}) at PAPER and HIGH accuracy (target &lt; 5 s), the W* approximation (4.4)
 * for every law, each as a ratio to the baseline solve of the exponential law measured in the same run; and the
 * Figure-1 Monte Carlo (N = 600, λ = 0.5, d = 2, lognormal σ = 1, t ∈ [0, 15], Δt = 0.1) with 600 realisations in
 * full mode (target &lt; 60 s on 2 cores), 100 in the default quick mode. Solve times are {@link Measure}'s median
 * (min–max) CPU time of {@link Measure#RUNS} runs after 1 CPU-second of warm-up; the Monte Carlo is timed in wall-clock seconds on
 * all cores and as a parallel figure (speed-up with load average, CPU-normalised efficiency). Arguments:
 * {@code [quick|full]}.
 */
public final class InvariantBench {

    private InvariantBench() {
    }

    public static void main(String[] args) {
        boolean full = args.length > 0 && args[0].equalsIgnoreCase("full");
        Map<String, ServiceDistribution> laws = PaperLaws.invariantStatesTable1();
        int cores = Runtime.getRuntime().availableProcessors();
        Measure.header("invariant states (" + (full ? "full" : "quick") + " mode)",
                "./benchmark invariant" + (full ? " full" : ""));

        Measure.Stats base = cpu(() -> InvariantStateSolver.solve(
                InvariantStateProblem.paper(laws.get("exponential"))));
        double baseline = base.median();
        System.out.printf(Locale.ROOT, "  baseline: exponential Table-1 row, PAPER            %s ms%n",
                base.format("%.1f", 1e3));
        for (Accuracy accuracy : Accuracy.values()) {
            Measure.Stats t = cpu(() -> table1(laws, accuracy));
            System.out.printf(Locale.ROOT, "  Table 1, %2d laws × 8 levels, %-5s               %s ms  (%.0f× baseline;"
                    + " target < 5000 ms)%n", laws.size(), accuracy, t.format("%.1f", 1e3), t.median() / baseline);
        }
        Measure.Stats wstar = cpu(() -> {
            for (ServiceDistribution law : laws.values()) {
                InvariantState st = InvariantStateSolver.solve(
                        new InvariantStateProblem(law, 0.5, 2, 9, Accuracy.HIGH));
                VirtualWaitingTime.approximation(st);
                VirtualWaitingTime.integral(st);
            }
        });
        System.out.printf(Locale.ROOT, "  W* table (HIGH solve 9 levels + (4.3) + (4.4)), all   %s ms  (%.0f× baseline)%n",
                wstar.format("%.1f", 1e3), wstar.median() / baseline);
        InvariantState pareto = InvariantStateSolver.solve(
                new InvariantStateProblem(Pareto.unitMean(1.5), 0.5, 2, 20, Accuracy.HIGH));
        System.out.printf(Locale.ROOT, "  (Pareto 1.5 to level 20: s*_20 = %.4g, Little W over ≤ 20 = %.4f)%n",
                pareto.s(20), VirtualWaitingTime.little(pareto));

        int runs = full ? 600 : 100;
        // Figure 1's Monte Carlo on the core simulator: N = 600, one fresh job each, t ∈ [0, 15], window [10, 15]
        LoadBalancingModel model = new LoadBalancingModel(0.5, new PowerOfD(2), Buffers.INFINITE, LogNormal.unitMean(1));
        LoadBalancingSimulator simulator = EventSimulation.of(model, 600).withTrackedLevels(3);
        RunWindow start = RunWindow.until(15).withInitial(InitialState.jobsPerServer(1)).withSampleInterval(0.1);
        AtomicReference<ReplicatedResult<LoadBalancingResult>> last = new AtomicReference<>();
        Measure.Stats wall = Measure.sample(1, () -> Measure.wallSeconds(() -> last.set(simulator.replicate(start,
                2020, runs))));
        ReplicatedResult<LoadBalancingResult> reps = last.get();
        double seconds = wall.median();
        Estimate[] window = new Estimate[3];
        for (int l = 1; l <= 3; l++) {
            String tail = Metric.tail(l).name();
            window[l - 1] = Estimate.of(reps.runs().stream()
                    .mapToDouble(r -> r.trajectory().windowMean(tail, 10, 15)).toArray());
        }
        System.out.printf(Locale.ROOT, "  Figure-1 Monte Carlo, %d runs, N=600, t∈[0,15], %d threads  %s s wall"
                        + "  (%.3g events/s%s)%n", runs, cores, wall.format("%.2f", 1), reps.events() / seconds,
                full ? "; target < 60 s" : "; ×6 runs in full mode");
        System.out.println("    " + Measure.parallel(2, threads -> simulator.replicate(start, 2020, runs, threads)));
        System.out.printf(Locale.ROOT, "    window t∈[10,15]: P(Q≥1) = %.4f ± %.4f, P(Q≥2) = %.4f ± %.4f, "
                        + "P(Q≥3) = %.5f ± %.5f%n", window[0].mean(), window[0].halfWidth(), window[1].mean(),
                window[1].halfWidth(), window[2].mean(), window[2].halfWidth());
    }

    private static void table1(Map<String, ServiceDistribution> laws, Accuracy accuracy) {
        for (ServiceDistribution law : laws.values()) {
            InvariantStateSolver.solve(new InvariantStateProblem(law, 0.5, 2, 8, accuracy));
        }
    }

    /** CPU seconds of {@code task}: median (min–max) of {@link Measure#RUNS} runs after 1 CPU-second of warm-up. */
    private static Measure.Stats cpu(Runnable task) {
        return Measure.sampleAfterWarmUp(() -> Measure.cpuSeconds(task));
    }
}
