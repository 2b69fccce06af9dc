package org.queuelab.sim.event;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.progress.Progress;
import org.queuelab.result.Metric;
import org.queuelab.result.Metrics;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.RunWindow;

/**
 * Stationary TABS metrics along curves, e.g. metric against the mean standby time µ (docs/tabs.md §7,
 * Figures 5, 6b, 8–13): every {@link TabsSweepPoint} is simulated by {@link TabsSimulator} with the sizes of a
 * {@link TabsSweepPlan}, and each replication's metrics are kept, so the {@link TabsSweepResult} gives 95% intervals
 * per point and paired differences between curves. Every point uses the plan's root seed, hence the same streams:
 * arrivals and job sizes are common random numbers across points (see {@link EventStreams}), which makes
 * differences between points less noisy.
 *
 * <p>Metrics per run ({@link #METRICS}): the state fractions {@code busy, idle, setup, off}; {@code energy} with
 * P_idle = 0.6 ({@link PowerModel#standard()}) and {@code energyOn} with P_idle = 1
 * ({@link PowerModel#poweredOn()}), both P_busy = P_setup = 1, P_off = 0 (docs/tabs.md §3); {@code wait} (Little's law,
 * §3.1), {@code waitQ2Proxy} (the thesis' proxy) and {@code waitPerJob} (measured per job); {@code loss}.
 */
public final class TabsSweep {

    /** The metric names recorded per run, in table order. */
    public static final List<String> METRICS = List.of(Metric.BUSY, Metric.IDLE, Metric.SETUP,
            Metric.OFF, Metric.ENERGY, Metric.ENERGY_ON, Metric.WAIT, Metric.WAIT_Q2_PROXY, Metric.WAIT_PER_JOB,
            Metric.LOSS);

    private TabsSweep() {
    }

    /** Several curves: one per named law ({@link TabsModel#of} defaults), one point per mean standby time. */
    public static List<TabsSweepPoint> overStandbyMeans(double lambda, double setupMean,
                                                        Map<String, ServiceDistribution> laws,
                                                        double... standbyMeans) {
        if (laws.isEmpty() || standbyMeans.length == 0) {
            throw new IllegalArgumentException("laws = " + laws.size() + ", standbyMeans = " + standbyMeans.length
                    + "; allowed: at least one of each");
        }
        List<TabsSweepPoint> points = new ArrayList<>();
        laws.forEach((name, law) -> points.addAll(overStandbyMeans(name, lambda, setupMean, law, standbyMeans)));
        return points;
    }

    /** One curve named {@code series}: the given law ({@link TabsModel#of} defaults) at each mean standby time. */
    public static List<TabsSweepPoint> overStandbyMeans(String series, double lambda, double setupMean,
                                                        ServiceDistribution law, double... standbyMeans) {
        List<TabsSweepPoint> points = new ArrayList<>();
        for (double mu : standbyMeans) {
            points.add(new TabsSweepPoint(series, mu, TabsModel.of(lambda, law, mu, setupMean)));
        }
        return points;
    }

    /**
     * One curve named {@code series}: {@code base} with its standby mean replaced by each value (its buffer,
     * overflow rule and the rest kept), each µ in (0, ∞].
     */
    public static List<TabsSweepPoint> overStandbyMeans(String series, TabsModel base, double... standbyMeans) {
        Objects.requireNonNull(base, "base");
        if (standbyMeans.length == 0) {
            throw new IllegalArgumentException("standbyMeans: none; allowed: at least one value");
        }
        List<TabsSweepPoint> points = new ArrayList<>();
        for (double mu : standbyMeans) {
            points.add(new TabsSweepPoint(series, mu, new TabsModel(base.lambda(), base.buffer(), base.service(),
                    mu, base.setupMean(), base.overflow(), base.allowOverload())));
        }
        return points;
    }

    /** Simulates every point with {@code plan}; replications run in parallel on all cores. */
    public static TabsSweepResult run(TabsSweepPlan plan, List<TabsSweepPoint> points) {
        return run(plan, points, Runtime.getRuntime().availableProcessors());
    }

    /** As {@link #run(TabsSweepPlan, List)} with the given number of threads (the result does not depend on it). */
    public static TabsSweepResult run(TabsSweepPlan plan, List<TabsSweepPoint> points, int threads) {
        Objects.requireNonNull(plan, "plan");
        if (points.isEmpty()) {
            throw new IllegalArgumentException("points: none; allowed: at least one");
        }
        RunWindow window = plan.window();
        List<Map<String, double[]>> values = new ArrayList<>(points.size());
        try (Progress.Task progress = Progress.current().start("sweep", points.size())) {
            for (TabsSweepPoint p : points) {
                ReplicatedResult<TabsResult> reps = plan.simulator(p.model())
                        .replicate(window, plan.seed(), plan.replications(), threads);
                values.add(perReplication(reps.runs()));
                progress.step();
            }
        }
        return new TabsSweepResult(plan, points, values);
    }

    private static Map<String, double[]> perReplication(List<TabsResult> runs) {
        Map<String, double[]> byMetric = new LinkedHashMap<>();
        for (String m : METRICS) {
            byMetric.put(m, new double[runs.size()]);
        }
        for (int r = 0; r < runs.size(); r++) {
            TabsResult run = runs.get(r);
            Metrics named = run.toMetrics(); // energy here uses the plan's PowerModel.standard()
            for (String m : METRICS) {
                byMetric.get(m)[r] = m.equals(Metric.ENERGY_ON)
                        ? run.metrics().energy(PowerModel.poweredOn()) : named.get(m);
            }
        }
        return byMetric;
    }
}
