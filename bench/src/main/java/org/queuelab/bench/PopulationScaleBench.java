package org.queuelab.bench;

import java.lang.management.ManagementFactory;
import java.util.Map;

import org.queuelab.population.BenchAccess;
import org.queuelab.population.PopulationFixedPoint;
import org.queuelab.population.PopulationModel;
import org.queuelab.population.PopulationModels;
import org.queuelab.population.RefinedMeanField;
import org.queuelab.population.SecondOrderExpansion;
import org.queuelab.result.Metric;

/**
 * The refined mean field at scale (docs/population.md, "Scale"): the whole order-1 steady state (Newton, spectrum,
 * Lyapunov, V, observables) of SQ(2), λ = 0.9, at dimensions 100 and 1000, CPU time of this thread as median and
 * range of {@link Measure#RUNS} runs after warm-up, with the bytes each call allocates and the heap the result
 * keeps (its dense W). Part of the {@code population} group.
 */
final class PopulationScaleBench {

    private PopulationScaleBench() {
    }

    /** Heap in use after a GC while the supplied object is held, minus the heap in use after a GC before. */
    private static double retainedMegabytes(java.util.function.Supplier<Object> make) {
        Runtime runtime = Runtime.getRuntime();
        System.gc();
        long before = runtime.totalMemory() - runtime.freeMemory();
        Object held = make.get();
        System.gc();
        long after = runtime.totalMemory() - runtime.freeMemory();
        java.lang.ref.Reference.reachabilityFence(held);
        return (after - before) / 1e6;
    }

    /** W and V at the same fixed point by the dense path and the structured one, in the same run. */
    private static void structuredAgainstDense() {
        System.out.println("\n   W and V at the fixed point only: dense path vs structured path, same run");
        System.out.printf("%-9s %16s %16s %9s %14s%n", "dimension", "dense median ms", "struct median ms", "ratio",
                "max|dV|");
        for (int dimension : new int[] {100, 200}) {
            PopulationModel model = PopulationModels.powerOfD(0.9, 2, dimension - 1);
            double[] pi = PopulationFixedPoint.solve(model, model.state(Map.of("x0", 1.0))).state();
            Measure.warmUp(() -> BenchAccess.order1(model, pi, false));
            Measure.warmUp(() -> BenchAccess.order1(model, pi, true));
            Measure.Stats dense = Measure.sample(0, () -> 1e3 * Measure.cpuSeconds(() -> BenchAccess.order1(model, pi,
                    false)));
            Measure.Stats structured = Measure.sample(0, () -> 1e3 * Measure.cpuSeconds(() -> BenchAccess.order1(model,
                    pi, true)));
            double[] vDense = BenchAccess.order1(model, pi, false);
            double[] vStructured = BenchAccess.order1(model, pi, true);
            double diff = 0;
            for (int i = 0; i < vDense.length; i++) {
                diff = Math.max(diff, Math.abs(vDense[i] - vStructured[i]));
            }
            System.out.printf("%-9d %7.1f (%.1f–%.1f) %7.2f (%.2f–%.2f) %9.0f %14.1e%n", dimension, dense.median(),
                    dense.min(), dense.max(), structured.median(), structured.min(), structured.max(),
                    dense.median() / structured.median(), diff);
        }
    }

    static void run() {
        System.out.println("\n## Refined mean field at scale: SQ(2), lambda = 0.9, order 1 steady state (all steps)");
        System.out.printf("%-9s %11s %22s %14s %13s %13s%n", "dimension", "median ms", "range ms", "meanJobs V",
                "alloc MB/call", "result MB");
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int dimension : new int[] {100, 1000}) {
            PopulationModel model = PopulationModels.powerOfD(0.9, 2, dimension - 1);
            double[] start = model.state(Map.of("x0", 1.0));
            Measure.warmUp(() -> RefinedMeanField.steadyState(model, start));
            RefinedMeanField.Steady[] last = new RefinedMeanField.Steady[1];
            Measure.Stats ms = Measure.sample(0, () -> 1e3 * Measure.cpuSeconds(
                    () -> last[0] = RefinedMeanField.steadyState(model, start)));
            long before = threads.getCurrentThreadAllocatedBytes();
            RefinedMeanField.steadyState(model, start);
            double allocated = (threads.getCurrentThreadAllocatedBytes() - before) / 1e6;
            double correction = last[0].correction(Metric.MEAN_JOBS);
            last[0] = null;
            double resultMb = retainedMegabytes(() -> RefinedMeanField.steadyState(model, start));
            System.out.printf("%-9d %11.1f %10.1f .. %9.1f %14.9f %13.1f %13.1f%n", dimension, ms.median(), ms.min(),
                    ms.max(), correction, allocated, resultMb);
        }
        System.out.println("(result MB: heap still in use after a GC while the result is held, minus before; mostly the"
                + " dense n × n W)");
        structuredAgainstDense();
        PopulationModel sq100 = PopulationModels.powerOfD(0.9, 2, 99);
        double[] pi100 = PopulationFixedPoint.solve(sq100, sq100.state(Map.of("x0", 1.0))).state();
        Measure.warmUp(() -> BenchAccess.cyclicMillis(sq100, pi100));
        Measure.Stats cyclic = Measure.sample(0, () -> BenchAccess.cyclicMillis(sq100, pi100));
        System.out.printf("%n   order-2 building block: third-moment equation (A ⊕ A ⊕ A) C = −S at dimension 100, block"
                + " by block: %.0f ms (%.0f–%.0f)%n", cyclic.median(), cyclic.min(), cyclic.max());
        Measure.warmUp(() -> SecondOrderExpansion.steadyState(sq100, sq100.state(Map.of("x0", 1.0))));
        double[] c2 = new double[1];
        Measure.Stats order2 = Measure.sample(0, () -> 1e3 * Measure.cpuSeconds(() -> c2[0] = SecondOrderExpansion
                .steadyState(sq100, sq100.state(Map.of("x0", 1.0))).correction2(Metric.MEAN_JOBS)));
        System.out.printf("   order 2 steady state (all steps) at dimension 100: %.0f ms (%.0f–%.0f), 1/N² coefficient of"
                + " meanJobs %.9f%n", order2.median(), order2.min(), order2.max(), c2[0]);
        System.out.println("(issue 31 targets: dimension 1000 under 1 s; rmftool needs about 40 s at dimension 100)");
    }
}
