package org.queuelab.bench;

import java.util.function.Supplier;

import org.queuelab.meanfield.AlbaFixedPoint;
import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.meanfield.FixedPointSolver;
import org.queuelab.meanfield.FluidOptions;
import org.queuelab.meanfield.FluidTrajectory;
import org.queuelab.meanfield.MemoryFixedPoint;
import org.queuelab.meanfield.MemoryFluid;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;

/**
 * Mean-field solver benchmarks: the ALBA Figure 1 fluid trajectory (B = 100, t ∈ [0, 700], target &lt; 100 ms)
 * against a classical fixed-step RK4 of the same drift at the same accuracy; closed-form fixed points (target
 * &lt; 1 ms) against the generic Newton solver and a long integration; the SQ(d,N) water-filling integrator.
 * Times are medians (min–max) of the thread's CPU time over repetitions after {@link Measure#warmUp}; figures are
 * for this machine at this moment.
 */
public final class MeanFieldBench {

    private MeanFieldBench() {
    }

    public static void main(String[] args) {
        Measure.header("mean field", "./benchmark meanfield");
        figureOne();
        fixedPoints();
        memory();
        stiffPools();
    }

    /**
     * Stiff JBT-d pools: the AUTO integrator (ROS34PW2 on small free pools, Dormand–Prince elsewhere) against the
     * explicit one alone, on the two runs that used to fail; then Theorem 2's two slowest fluids (docs/alba.md §10.3,
     * B = ∞, K = 200, to t = 3000 from the Figure 1 state), each against the same integration from all idle-on: JIQ,
     * whose drained levels held subnormal round-off until the integrators flushed it, and JBT-1 Blind-0.04, whose
     * stiff segments factor a 203 × 203 iteration matrix per step. CPU time of this thread, median (min–max) of
     * {@link Measure#RUNS} runs after {@link Measure#warmUp}.
     */
    private static void stiffPools() {
        System.out.println("\n## Stiff JBT-d pools (d >= 1): AUTO (ROS34PW2 where the pool is small) vs EXPLICIT (DP853)");
        System.out.printf("%-58s %26s %11s %9s %11s %s%n", "run", "CPU ms, median (min–max)", "drift evals",
                "Jacobians", "impl. evals", "outcome");
        AlbaModel j1 = new AlbaModel(0.7, new JoinBelowThreshold(1), Buffers.INFINITE,
                Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
        AlbaFluid j1Fluid = AlbaFluid.of(j1);
        double[] subopt = AlbaFixedPoint.suboptimal(0.7, 1, 0.35, 100).state();
        double[] fixed = AlbaFixedPoint.blindTheta(j1, 100).state();
        FluidOptions longRun = FluidOptions.defaults().withMaxStep(100);
        stiffRow("JBT-1 Blind-0.06 from S_subopt, t=3000, 1e-12/1e-10", j1Fluid, subopt, new double[] {3000},
                longRun, fixed);
        stiffRow("  same, EXPLICIT", j1Fluid, subopt, new double[] {3000},
                longRun.withIntegrator(FluidOptions.Integrator.EXPLICIT), fixed);
        AlbaModel tabs1 = new AlbaModel(0.7, new JoinBelowThreshold(1), Buffers.INFINITE, Scaling.onArrival(), 0.1,
                0.025);
        AlbaFluid tabsFluid = AlbaFluid.of(tabs1);
        double[] fig1 = tabsFluid.state(0.3, 0, 0.7);
        double[] grid = new double[40];
        for (int i = 0; i < grid.length; i++) {
            grid[i] = 50.0 * (i + 1);
        }
        FluidOptions loose = FluidOptions.defaults().withTolerances(1e-10, 1e-8);
        stiffRow("TABS-1 from Figure 1 state, t=2000, 1e-10/1e-8", tabsFluid, fig1, grid, loose, null);
        stiffRow("TABS-1 from Figure 1 state, t=2000, 1e-12/1e-10", tabsFluid, fig1, grid, FluidOptions.defaults(),
                null);
        stiffRow("  same (1e-10/1e-8), EXPLICIT, budget 10^6", tabsFluid, fig1, grid,
                loose.withIntegrator(FluidOptions.Integrator.EXPLICIT).withMaxEvaluations(1_000_000), null);
        System.out.println("Theorem 2 fluids, B = inf, K = 200, t = 3000 (ratio: from the Figure 1 state / from all idle-on)");
        for (AlbaModel m : new AlbaModel[] {theorem2(JoinBelowThreshold.jiq(), 0.06),
            theorem2(new JoinBelowThreshold(1), 0.04)}) {
            AlbaFluid fluid = new AlbaFluid(m, 200);
            double[] closed = AlbaFixedPoint.blindTheta(m, 200).state();
            String label = m.dispatch().label() + " " + m.scaling().label();
            Measure.Stats idle = stiffRow(label + " from all idle-on", fluid, fluid.state(0, 0, 1),
                    new double[] {3000}, FluidOptions.defaults(), closed);
            Measure.Stats start = stiffRow(label + " from the Figure 1 state", fluid, fluid.state(0.3, 0, 0.7),
                    new double[] {3000}, FluidOptions.defaults(), closed);
            System.out.printf("  ratio %.2f%n", start.median() / idle.median());
        }
    }

    /** Theorem 2's standing model: the Figure 1 rates, B = ∞, Blind-θ. */
    private static AlbaModel theorem2(org.queuelab.policy.Dispatch dispatch, double theta) {
        return new AlbaModel(0.7, dispatch, Buffers.INFINITE, Scaling.asynchronous(new BlindTheta(theta), 0.05), 0.1,
                0.025);
    }

    private static Measure.Stats stiffRow(String name, AlbaFluid fluid, double[] x0, double[] grid,
                                          FluidOptions options, double[] target) {
        FluidTrajectory[] last = new FluidTrajectory[1];
        String[] failure = new String[1];
        Measure.Stats ms = Measure.sampleAfterWarmUp(() -> 1e3 * Measure.cpuSeconds(() -> {
            try {
                last[0] = fluid.integrate(x0, grid, options);
            } catch (IllegalStateException e) {
                last[0] = null;
                failure[0] = e.getMessage();
            }
        }));
        FluidTrajectory tr = last[0];
        String outcome;
        if (tr == null) {
            String m = failure[0];
            outcome = "THROWS: " + m.substring(m.indexOf(':') + 2, Math.min(m.length(), m.indexOf(':') + 90));
        } else {
            outcome = String.format("ok, min %.1e, |sum-1| %.1e", tr.diagnostics().minCoordinate(),
                    tr.diagnostics().maxMassError());
            if (target != null) {
                double[] end = tr.finalState();
                double gap = 0;
                for (int i = 0; i < end.length; i++) {
                    gap = Math.max(gap, Math.abs(end[i] - target[i]));
                }
                outcome += String.format(", |x(T) - Thm 2| %.1e", gap);
            }
        }
        System.out.printf("%-58s %26s %11s %9s %11s %s%n", name, ms.format("%.0f", 1), tr == null ? "-"
                : tr.diagnostics().driftEvaluations(), tr == null ? "-" : tr.diagnostics().jacobianEvaluations(),
                tr == null ? "-" : tr.diagnostics().implicitDriftEvaluations(), outcome);
        return ms;
    }

    static final AlbaModel FIG1 = new AlbaModel(0.7, new PowerOfD(2), 100,
            Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);

    private static void figureOne() {
        AlbaFluid fluid = AlbaFluid.of(FIG1);
        double[] x0 = fluid.state(0.3, 0, 0.7);
        double[] grid = new double[701];
        for (int i = 0; i < grid.length; i++) {
            grid[i] = i;
        }
        FluidTrajectory reference = fluid.integrate(x0, grid,
                FluidOptions.defaults().withTolerances(1e-13, 1e-12).withMaxStep(0.5));
        System.out.println("\n## ALBA Figure 1 fluid trajectory: Power-of-2, Blind-0.06, B = 100 (103 states), "
                + "t in [0, 700], 701 grid points");
        System.out.printf("%-44s %24s %12s %12s %10s%n", "solver", "CPU ms, median (min–max)", "drift evals",
                "max |error|", "time ratio");
        FluidOptions[] configurations = {
            FluidOptions.defaults(),
            FluidOptions.defaults().withTolerances(1e-10, 1e-8).withMaxStep(700),
            FluidOptions.defaults().withTolerances(1e-8, 1e-6).withMaxStep(700),
        };
        String[] names = {"DP853 + events, defaults (1e-12/1e-10, step≤1)", "DP853 + events, 1e-10/1e-8",
            "DP853 + events, 1e-8/1e-6"};
        double[] errors = new double[configurations.length];
        Measure.Stats[] times = new Measure.Stats[configurations.length];
        long[] evals = new long[configurations.length];
        for (int c = 0; c < configurations.length; c++) {
            FluidOptions options = configurations[c];
            FluidTrajectory[] last = new FluidTrajectory[1];
            times[c] = millis(() -> last[0] = fluid.integrate(x0, grid, options), 12, 1);
            evals[c] = last[0].diagnostics().driftEvaluations();
            errors[c] = maxError(reference, last[0].times().length, i -> last[0].state(i));
        }
        // baseline: the largest RK4 step (from a halving ladder) as accurate as the mid configuration
        double target = errors[1];
        double step = 2.0;
        double rkError = Double.POSITIVE_INFINITY;
        while (step > 1e-3) {
            AlbaFluid.FixedStepRun run = fluid.integrateClassicalRk4(x0, grid, step);
            rkError = maxError(reference, grid.length, i -> run.states()[i]);
            if (rkError <= target) {
                break;
            }
            step /= 2;
        }
        final double rkStep = step;
        AlbaFluid.FixedStepRun[] rkLast = new AlbaFluid.FixedStepRun[1];
        Measure.Stats rkTime = millis(() -> rkLast[0] = fluid.integrateClassicalRk4(x0, grid, rkStep), 8, 1);
        for (int c = 0; c < configurations.length; c++) {
            System.out.printf("%-44s %24s %12d %12.2e %10.3f%n", names[c], times[c].format("%.2f", 1), evals[c],
                    errors[c], times[c].median() / rkTime.median());
        }
        System.out.printf("%-44s %24s %12d %12.2e %10.3f%n", "baseline: classical RK4, h = " + rkStep
                + " (no events)", rkTime.format("%.2f", 1), rkLast[0].driftEvaluations(), rkError, 1.0);
    }

    private static void fixedPoints() {
        System.out.println("\n## Fixed points (docs/alba.md §5, docs/sqdn.md §5)");
        System.out.printf("%-52s %24s %12s%n", "solver", "CPU µs, median (min–max)", "ratio");
        AlbaModel p2 = new AlbaModel(0.7, new PowerOfD(2), Buffers.INFINITE,
                Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
        AlbaModel j1 = new AlbaModel(0.7, new JoinBelowThreshold(1), Buffers.INFINITE,
                Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
        // µs tasks are timed in batches of 1000 calls: one by one they sit at the CPU clock's resolution
        Measure.Stats closedP2 = millis(() -> AlbaFixedPoint.blindTheta(p2, 100), 9, 1000);
        Measure.Stats closedJ1 = millis(() -> AlbaFixedPoint.blindTheta(j1, 100), 9, 1000);
        AlbaFluid fluid40 = new AlbaFluid(p2, 40);
        double[] guess = fluid40.integrate(fluid40.state(0.3, 0, 0.7), new double[] {150}).finalState();
        FixedPointSolver.Result[] newton = new FixedPointSolver.Result[1];
        Measure.Stats newtonTime = millis(() -> newton[0] = FixedPointSolver.solve(fluid40, guess), 10, 1);
        AlbaFluid fluid100 = new AlbaFluid(p2, 100);
        FluidTrajectory[] longRun = new FluidTrajectory[1];
        Measure.Stats integrationTime = millis(() -> longRun[0] = fluid100.integrate(
                fluid100.state(0.3, 0, 0.7), new double[] {3000}, FluidOptions.defaults().withMaxStep(100)), 5, 1);
        Measure.Stats memory = millis(() -> MemoryFixedPoint.fixedPoint(0.9, 2, 10), 9, 1000);
        double base = integrationTime.median();
        System.out.printf("%-52s %24s %12.5f%n", "ALBA Power-of-2 closed form (K = 100)",
                closedP2.format("%.2f", 1000), closedP2.median() / base);
        System.out.printf("%-52s %24s %12.5f%n", "ALBA JBT-1 closed form, z_1 by Brent (K = 100)",
                closedJ1.format("%.2f", 1000), closedJ1.median() / base);
        System.out.printf("%-52s %24s %12.5f%n", "SQ(2,N) λ = 0.9, α by Brent (I = 10)", memory.format("%.2f", 1000),
                memory.median() / base);
        System.out.printf("%-52s %24s %12.5f   (%d drift evals, residual %.1e)%n",
                "generic Newton, FD Jacobian (K = 40, from t = 150)", newtonTime.format("%.0f", 1000),
                newtonTime.median() / base, newton[0].driftEvaluations(), newton[0].residual());
        System.out.printf("%-52s %24s %12.5f   (%d drift evals)%n",
                "baseline: DP853 to t = 3000 (K = 100)", integrationTime.format("%.0f", 1000), 1.0,
                longRun[0].diagnostics().driftEvaluations());
    }

    private static void memory() {
        System.out.println("\n## SQ(d,N) water-filling integrator (λ = 0.9, d = 2, I = 10, from all idle)");
        MemoryFluid fluid = new MemoryFluid(new LoadBalancingModel(0.9, new PowerOfDWithMemory(2), 10,
                new Exp1()), 10);
        double[] x0 = fluid.allAt(0, 0);
        double[] grid = {10, 20, 50, 100};
        FluidTrajectory[] last = new FluidTrajectory[1];
        Measure.Stats run = millis(() -> last[0] = fluid.integrate(x0, grid, 1e-3), 5, 1);
        Measure.Stats drift = millis(() -> fluid.drift(x0)[0], 5, 10_000);
        double ms = run.median();
        long steps = last[0].diagnostics().driftEvaluations();
        System.out.printf("h = 1e-3 to t = 100: %s ms for %d steps (%.2f M steps/s); "
                + "one closed-form drift b(x): %s µs (ratio step/drift %.2f)%n", run.format("%.1f", 1),
                steps, steps / ms / 1000, drift.format("%.2f", 1000), (ms / steps) / drift.median());
    }

    interface IndexedState {
        double[] at(int i);
    }

    private static double maxError(FluidTrajectory reference, int n, IndexedState states) {
        double max = 0;
        for (int i = 0; i < n; i++) {
            double[] a = reference.state(i);
            double[] b = states.at(i);
            for (int k = 0; k < a.length; k++) {
                max = Math.max(max, Math.abs(a[k] - b[k]));
            }
        }
        return max;
    }

    /** Keeps results alive so that the JIT cannot drop the benchmarked work. */
    static volatile int sink;

    /**
     * CPU milliseconds per call of {@code task}: median (min–max) of {@code repetitions} (at least
     * {@link Measure#RUNS}) samples, each timing {@code batch} calls, after {@link Measure#warmUp}.
     */
    private static Measure.Stats millis(Supplier<?> task, int repetitions, int batch) {
        // warm up through the same batch loop that is timed (else its first timed batch runs that loop interpreted)
        Measure.warmUp(() -> batchMillis(task, batch));
        double[] t = new double[Math.max(repetitions, Measure.RUNS)];
        for (int i = 0; i < t.length; i++) {
            t[i] = batchMillis(task, batch);
        }
        return Measure.Stats.of(t);
    }

    /**
     * CPU milliseconds per call over {@code batch} calls, in this (single) thread's CPU time: on a shared,
     * overloaded machine wall time mostly measures the queue.
     */
    private static double batchMillis(Supplier<?> task, int batch) {
        long start = THREADS.getCurrentThreadCpuTime();
        for (int b = 0; b < batch; b++) {
            sink += System.identityHashCode(task.get());
        }
        return (THREADS.getCurrentThreadCpuTime() - start) / 1e6 / batch;
    }

    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

    private static final class Exp1 implements org.queuelab.dist.ServiceDistribution {
        @Override public double mean() { return 1; }
        @Override public double variance() { return 1; }
        @Override public double cdf(double x) { return x <= 0 ? 0 : -Math.expm1(-x); }
        @Override public double density(double x) { return x < 0 ? 0 : Math.exp(-x); }
        @Override public double sample(java.util.random.RandomGenerator rng) { return rng.nextExponential(); }
        @Override public String label() { return "Exp(1)"; }
    }
}
