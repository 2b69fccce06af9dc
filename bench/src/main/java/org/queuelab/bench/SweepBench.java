package org.queuelab.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.result.TimeGrid;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Point;
import org.queuelab.sweep.Sweep;
import org.queuelab.sweep.Task;

/**
 * Sweep runner figures: the runner's overhead per task against a bare loop over the same (point, seed) pairs on one
 * thread, and the wall-clock speed-up of the local runner on all cores, each {@link Measure}'s median (min–max) of
 * {@link Measure#RUNS} timed runs after a warm-up of {@link Measure#WARM_UP_SECONDS} (wall time: the runners'
 * work is on other threads). Two experiments: a tiny one (a few µs, where overhead would show) and an SQ(2) CTMC run
 * (N = 100, T = 200: the size of a real sweep's task).
 */
public final class SweepBench {

    private SweepBench() {
    }

    public static void main(String[] args) {
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "sweep bench (%d cores; median (min–max) of %d runs)%n", cores, Measure.RUNS);
        Experiment tiny = (p, seed) -> {
            SplittableRandom rng = new SplittableRandom(seed);
            double s = 0;
            for (int i = 0; i < 1000; i++) {
                s += rng.nextDouble();
            }
            return Map.of("x", s * p.number("lambda"));
        };
        Experiment ctmc = (p, seed) -> {
            LoadBalancingModel model = new LoadBalancingModel(p.number("lambda"), new PowerOfD(2), 30,
                    Exponential.unitMean());
            return Map.copyOf(OccupancySimulator.loadBalancing(model, 100)
                    .run(RunWindow.until(200).withInitial(InitialOccupancy.allIdle()).withGrid(TimeGrid.of(200, 200))
                            .withWarmup(50), seed)
                    .metrics().values());
        };
        report("tiny experiment (1000 draws)", tiny, 100, 20, cores);
        report("SQ(2) CTMC, N = 100, T = 200", ctmc, 20, 5, cores);
    }

    private static void report(String name, Experiment experiment, int points, int replications, int cores) {
        double[] lambdas = new double[points];
        for (int i = 0; i < points; i++) {
            lambdas[i] = 0.5 + 0.45 * i / points;
        }
        Sweep sweep = Sweep.of(Grid.builder().axisOf("lambda", lambdas).build(), experiment)
                .replications(replications).seed(1);
        int tasks = points * replications;
        List<Point> gridPoints = sweep.grid().points();
        List<Task> taskList = sweep.tasks();
        Measure.Stats bare = time(() -> {
            for (Task t : taskList) {
                experiment.run(gridPoints.get(t.pointIndex()), t.seed());
            }
        });
        Measure.Stats one = time(() -> sweep.run(new LocalRunner(1)));
        Measure.Stats all = time(() -> sweep.run(new LocalRunner(cores)));
        double overheadUs = (one.median() - bare.median()) / tasks * 1e6;
        System.out.printf(Locale.ROOT, "  %s: %d points × %d replications = %d tasks%n", name, points,
                replications, tasks);
        System.out.printf(Locale.ROOT, "    bare loop, 1 thread        %s%n", format(bare));
        System.out.printf(Locale.ROOT, "    sweep, LocalRunner(1)      %s   overhead %.2f µs per task (%.1f %% of a task)%n",
                format(one), overheadUs, 100 * (one.median() / bare.median() - 1));
        System.out.printf(Locale.ROOT, "    sweep, LocalRunner(%d)      %s   speed-up %.2f× (min–max %.2f–%.2f×), "
                + "efficiency %.0f %% per core; load average %.2f%n", cores, format(all), one.median() / all.median(),
                one.min() / all.max(), one.max() / all.min(), 100 * one.median() / all.median() / cores,
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static Measure.Stats time(Runnable task) {
        Measure.warmUpWall(task);
        return Measure.sample(0, () -> Measure.wallSeconds(task));
    }

    private static String format(Measure.Stats s) {
        return String.format(Locale.ROOT, "%-22s", s.format("%.1f", 1e3) + " ms");
    }
}
