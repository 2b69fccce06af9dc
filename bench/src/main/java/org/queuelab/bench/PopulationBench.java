package org.queuelab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;

import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.population.PopulationModel;
import org.queuelab.population.PopulationModels;
import org.queuelab.population.PopulationSimulator;
import org.queuelab.population.RefinedMeanField;
import org.queuelab.report.ReferenceData;
import org.queuelab.result.Metric;
import org.queuelab.sim.InitialFractions;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.result.TimeGrid;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

/**
 * Population-process benchmarks: the refined mean field (fixed point, Jacobian, Lyapunov, V) of SQ(2), λ = 0.9,
 * at dimensions 20, 50 and 100, timed and compared with rmftool's values and times stored in
 * data/population/sqd_rmftool.csv; and the generic Gillespie simulator against the built-in occupancy CTMC on
 * the same SQ(2) chain (events per second, one thread). Times are CPU times of this thread: medians and ranges
 * over repetitions after warm-up.
 */
public final class PopulationBench {

    private PopulationBench() {
    }

    public static void main(String[] args) {
        System.out.println("# population bench, " + Instant.now() + ", " + Runtime.getRuntime().availableProcessors()
                + " cores (shared machine: timings are noisy)");
        if (args.length > 0 && args[0].equals("gillespie")) {   // ./benchmark population gillespie: this part only
            gillespie();
            return;
        }
        refinedMeanField();
        PopulationScaleBench.run();
        gillespie();
    }

    private static long cpuNanos() {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        return bean.getCurrentThreadCpuTime();
    }

    private static void refinedMeanField() {
        System.out.println("\n## Refined mean field of SQ(2), lambda = 0.9 (steady state: Newton + Lyapunov + V)");
        System.out.printf("%-9s %12s %20s %14s %16s %12s%n", "dimension", "median ms", "range ms", "V_Q",
                "max|dV| rmftool", "rmftool s");
        Table reference = ReferenceData.load("population/sqd_rmftool.csv");
        for (int dimension : new int[] {20, 50, 100}) {
            int buffer = dimension - 1;
            PopulationModel model = PopulationModels.powerOfD(0.9, 2, buffer);
            double[] start = model.state(Map.of("x0", 1.0));
            RefinedMeanField.Steady steady = null;
            int repetitions = dimension <= 50 ? 9 : 5;
            Measure.warmUp(() -> RefinedMeanField.steadyState(model, start));   // two calls were not enough
            double[] ms = new double[repetitions];
            for (int r = 0; r < repetitions; r++) {
                long t0 = cpuNanos();
                steady = RefinedMeanField.steadyState(model, start);
                ms[r] = (cpuNanos() - t0) / 1e6;
            }
            Arrays.sort(ms);
            double maxDiff = Double.NaN;
            double rmfSeconds = Double.NaN;
            double[] v = steady.v();
            for (Row row : reference) {
                if (row.getNumber("lambda") == 0.9 && row.getNumber("d") == 2 && row.getNumber("B") == buffer) {
                    int i = (int) row.getNumber("i");
                    double diff = Math.abs(v[i] - row.getNumber("V"));
                    maxDiff = Double.isNaN(maxDiff) ? diff : Math.max(maxDiff, diff);
                    rmfSeconds = row.getNumber("seconds");
                }
            }
            System.out.printf("%-9d %12.1f %9.1f .. %8.1f %14.6f %16s %12s%n", dimension, ms[ms.length / 2], ms[0],
                    ms[ms.length - 1], steady.correction(Metric.MEAN_JOBS), Double.isNaN(maxDiff) ? "not stored"
                            : String.format("%.1e", maxDiff), Double.isNaN(rmfSeconds) ? "-"
                            : String.format("%.1f", rmfSeconds));
        }
        System.out.println("(rmftool seconds: wall time recorded when data/population/sqd_rmftool.csv was made)");
    }

    /**
     * The generic simulator against the built-in occupancy CTMC on SQ(2), λ = 0.9, B = 20, from all idle, at
     * N = 10³ and 10⁵, and on random routing (SQ(1)), λ = 0.95, B = 100, at N = 10³: both run the same horizon (≈ 3.6·10⁷ events), alternately, 5 times after a warm-up run
     * each; events per CPU second, min/median/max, and the ratio of the medians with the range of the 5 paired
     * ratios.
     */
    private static void gillespie() {
        gillespie(0.9, 2, 20, new int[] {1_000, 100_000});
        // events high up the queues (random routing near saturation): where exact sums spare the work per level
        gillespie(0.95, 1, 100, new int[] {1_000});
    }

    private static void gillespie(double lambda, int d, int buffer, int[] sizes) {
        System.out.println("\n## Gillespie on SQ(" + d + "), lambda = " + lambda + ", B = " + buffer + ": generic"
                + " (compiled rate program) vs built-in CTMC (1 thread, events per CPU second)");
        System.out.printf("%-8s %-22s %12s %12s %12s %22s%n", "N", "simulator", "min ev/s", "median ev/s",
                "max ev/s", "generic/built-in");
        PopulationModel model = PopulationModels.powerOfD(lambda, d, buffer);
        double[] idle = model.state(Map.of("x0", 1.0));
        for (int n : sizes) {
            double horizon = 2e7 / n;
            PopulationSimulator generic = PopulationSimulator.of(model, n);
            OccupancySimulator builtIn = OccupancySimulator.loadBalancing(new LoadBalancingModel(lambda,
                    new PowerOfD(d), buffer, Exponential.unitMean()), n);
            RunWindow spec = RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle())
                    .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(horizon / 20);
            RunWindow genericSpec = RunWindow.until(horizon).withInitial(InitialFractions.of(idle))
                    .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(horizon / 20);
            generic.run(genericSpec, 1);
            builtIn.run(spec, 1);
            int rounds = 5;
            double[] genericRate = new double[rounds];
            double[] builtInRate = new double[rounds];
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                long t0 = cpuNanos();
                long events = generic.run(genericSpec, 10 + r).events();
                genericRate[r] = events / ((cpuNanos() - t0) / 1e9);
                t0 = cpuNanos();
                long builtInEvents = builtIn.run(spec, 10 + r).counters().events();
                builtInRate[r] = builtInEvents / ((cpuNanos() - t0) / 1e9);
                ratio[r] = genericRate[r] / builtInRate[r];
            }
            Arrays.sort(genericRate);
            Arrays.sort(builtInRate);
            Arrays.sort(ratio);
            int mid = rounds / 2;
            int last = rounds - 1;
            System.out.printf("%-8d %-22s %12.3e %12.3e %12.3e %8.3f (%.3f .. %.3f)%n", n, "generic (population)",
                    genericRate[0], genericRate[mid], genericRate[last], genericRate[mid] / builtInRate[mid],
                    ratio[0], ratio[last]);
            System.out.printf("%-8d %-22s %12.3e %12.3e %12.3e%n", n, "built-in occupancy", builtInRate[0],
                    builtInRate[mid], builtInRate[last]);
        }
        System.out.println("(ratio: of the medians; in brackets the range of the 5 paired ratios)");
    }
}
