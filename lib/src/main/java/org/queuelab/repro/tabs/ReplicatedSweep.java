package org.queuelab.repro.tabs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.sim.Metrics;
import org.queuelab.sim.event.TabsReplications;
import org.queuelab.sim.event.TabsResult;
import org.queuelab.sim.event.TabsSettings;
import org.queuelab.sim.event.TabsSimulator;

/**
 * Runs TABS sweeps for the thesis' metric-against-µ figures ({@code tabs.md} §7.1–§7.2): every point is simulated
 * by the event-driven {@link TabsSimulator} with the plan's sizes, and each replication's stationary metrics are
 * kept so that the result gives 95% intervals per point and paired differences between curves. Unlike
 * {@link org.queuelab.sim.event.TabsSweep} (one law, a summary table) it runs several curves at once (the laws of
 * Figs 8–13, or any labelled models) and keeps the per-replication values.
 *
 * <p>Metrics per run (names used by {@link SweepResult}): the state fractions {@code busy, idle, setup, off};
 * {@code energy} with P_idle = 0.6 and {@code energyPoweredOn} with P_idle = 1 (both P_busy = P_setup = 1,
 * P_off = 0, §3.3); {@code waitLittle} (Little's law, §3.1), {@code waitQ2Proxy} (the thesis' proxy) and
 * {@code waitPerJob} (measured per job); {@code lossProbability}.
 */
public final class ReplicatedSweep {

    /** The µ grid of the thesis' sweeps, seconds ({@code tabs.md} §7.1). */
    public static final double[] THESIS_STANDBY_MEANS = {1, 2, 5, 10, 20, 30, 50, 70, 100, 150, 200};

    /** The metric names recorded per run, in table order. */
    public static final List<String> METRICS = List.of("busy", "idle", "setup", "off", "energy",
            "energyPoweredOn", "waitLittle", "waitQ2Proxy", "waitPerJob", "lossProbability");

    private ReplicatedSweep() {
    }

    /** The points of a metric-against-µ figure: one curve per named law, one point per mean standby time. */
    public static List<SweepPoint> overStandbyMeans(double lambda, double setupMean,
                                                    Map<String, ServiceDistribution> laws, double... standbyMeans) {
        if (laws.isEmpty() || standbyMeans.length == 0) {
            throw new IllegalArgumentException("laws = " + laws.size() + ", standbyMeans = " + standbyMeans.length
                    + "; allowed: at least one of each");
        }
        List<SweepPoint> points = new ArrayList<>();
        laws.forEach((name, law) -> points.addAll(overStandbyMeans(name, lambda, setupMean, law, standbyMeans)));
        return points;
    }

    /** One curve: the given law at each mean standby time, named {@code series}. */
    public static List<SweepPoint> overStandbyMeans(String series, double lambda, double setupMean,
                                                    ServiceDistribution law, double... standbyMeans) {
        List<SweepPoint> points = new ArrayList<>();
        for (double mu : standbyMeans) {
            points.add(new SweepPoint(series, mu, TabsModel.of(lambda, law, mu, setupMean)));
        }
        return points;
    }

    /** Simulates every point with {@code plan}; replications run in parallel on all cores. */
    public static SweepResult run(SweepPlan plan, List<SweepPoint> points) {
        return run(plan, points, Runtime.getRuntime().availableProcessors());
    }

    /** As {@link #run(SweepPlan, List)} with the given number of threads (the result does not depend on it). */
    public static SweepResult run(SweepPlan plan, List<SweepPoint> points, int threads) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("points: none; allowed: at least one");
        }
        TabsSettings settings = TabsSettings.of(plan.servers(), plan.horizon())
                .withWarmup(plan.warmup())
                .withSampleInterval(plan.horizon())
                .withPower(PowerModel.standard());
        List<Map<String, double[]>> values = new ArrayList<>(points.size());
        for (SweepPoint p : points) {
            TabsReplications reps = new TabsSimulator(p.model(), settings)
                    .replicate(plan.seed(), plan.replications(), threads);
            values.add(perReplication(reps.runs()));
        }
        return new SweepResult(plan, points, values);
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
                byMetric.get(m)[r] = m.equals("energyPoweredOn")
                        ? run.metrics().energy(PowerModel.poweredOn()) : named.get(m);
            }
        }
        return byMetric;
    }
}
