package org.queuelab.sim.event;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.progress.Progress;
import org.queuelab.result.Metric;
import org.queuelab.result.Metrics;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.RunWindow;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Sweep;
import org.queuelab.sweep.Task;

/**
 * Stationary TABS metrics along curves, e.g. metric against the mean standby time µ (docs/tabs.md §7,
 * Figures 5, 6b, 8–13): every {@link TabsSweepPoint} is simulated by {@link TabsSimulator} with the sizes of a
 * {@link TabsSweepPlan}, and each replication's metrics are kept, so the {@link TabsSweepResult} gives 95% intervals
 * per point and paired differences between curves. Every point uses the plan's root seed, hence the same streams:
 * arrivals and job sizes are common random numbers across points (see {@link EventStreams}), which makes
 * differences between points less noisy. The (point, replication) runs are tasks of one
 * {@link org.queuelab.sweep.Sweep} on the {@link LocalRunner} (all cores busy across points); the result does not
 * depend on the thread count and equals {@link TabsSimulator#replicate} point by point.
 *
 * <p>Metrics per run ({@link #METRICS}): the state fractions {@code busy, idle, setup, off}; {@code energy} with
 * P_idle = 0.6 ({@link PowerModel#standard()}) and {@code energyOn} with P_idle = 1
 * ({@link PowerModel#poweredOn()}), both P_busy = P_setup = 1, P_off = 0 (docs/tabs.md §3); {@code wait} (Little's law,
 * §3.1), {@code waitQ2Proxy} (the thesis' proxy) and {@code waitPerJob} (measured per job); {@code loss}.
 */
public final class TabsSweep {

    /** The metric names recorded per run, in table order. */
    public static final List<String> METRICS = List.of(Metric.names(Metric.BUSY, Metric.IDLE, Metric.SETUP,
            Metric.OFF, Metric.ENERGY, Metric.ENERGY_ON, Metric.WAIT, Metric.WAIT_Q2_PROXY, Metric.WAIT_PER_JOB,
            Metric.LOSS));

    private TabsSweep() {
    }

    /**
     * {@return several curves: one per named law ({@link TabsModel#of} defaults), one point per mean standby time}
     *
     * @param lambda       arrival rate per server λ, with λ·E[S] &lt; 1
     * @param setupMean    mean set-up time ν, in (0, ∞)
     * @param laws         service laws by curve name, at least one
     * @param standbyMeans mean standby times µ, each in (0, ∞], at least one
     */
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

    /**
     * {@return one curve named {@code series}: the given law ({@link TabsModel#of} defaults) at each mean standby time}
     *
     * @param series       the curve's name, one the sweep holds
     * @param lambda       arrival rate per server λ, with λ·E[S] &lt; 1
     * @param setupMean    mean set-up time ν, in (0, ∞)
     * @param law          the service law
     * @param standbyMeans mean standby times µ, each in (0, ∞], at least one
     */
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
     *
     * @param series       the curve's name, one the sweep holds
     * @param base         the model whose standby mean is varied
     * @param standbyMeans mean standby times µ, each in (0, ∞], at least one
     * @return the points, one per standby mean
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

    /**
     * Simulates every point with {@code plan} on all cores. A point whose model was already simulated with the same
     * plan (in this call or an earlier one of this JVM, see {@link #CACHE_SIZE}) is not simulated again: a run is a
     * deterministic function of (plan, model), so the stored values are exactly what a rerun would give.
     *
     * @param plan   servers, horizon, warm-up, replications and seed of every run
     * @param points the points to simulate, at least one
     * @return the replications of every point, by series and abscissa
     */
    public static TabsSweepResult run(TabsSweepPlan plan, List<TabsSweepPoint> points) {
        return run(plan, points, Runtime.getRuntime().availableProcessors(), true);
    }

    /**
     * As {@link #run(TabsSweepPlan, List)} on {@code threads} threads, simulating every distinct model afresh (no
     * stored values are reused). The result does not depend on the thread count.
     *
     * @param plan    servers, horizon, warm-up, replications and seed of every run
     * @param points  the points to simulate, at least one
     * @param threads worker threads, ≥ 1; the result does not depend on it
     * @return the replications of every point, by series and abscissa
     */
    public static TabsSweepResult run(TabsSweepPlan plan, List<TabsSweepPoint> points, int threads) {
        return run(plan, points, threads, false);
    }

    /** Most (plan, model) results kept for reuse across calls: about 1 KB each with 10 replications. */
    public static final int CACHE_SIZE = 4096;

    private record CacheKey(TabsSweepPlan plan, TabsModel model) {
    }

    private static final Map<CacheKey, Map<String, double[]>> CACHE = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<CacheKey, Map<String, double[]>> eldest) {
            return size() > CACHE_SIZE;
        }
    };

    /**
     * Runs every (distinct model × replication) as one task of a {@link org.queuelab.sweep.Sweep} on the
     * {@link LocalRunner}, so that all cores stay busy across points (not only within one point's replications).
     * Replication r of every point runs with {@link #replicationSeeds}' seed r — the seeds
     * {@link TabsSimulator#replicate} gives — so results equal a point-by-point {@code replicate} bit for bit, and
     * every point shares replication r's streams (common random numbers).
     */
    private static TabsSweepResult run(TabsSweepPlan plan, List<TabsSweepPoint> points, int threads, boolean reuse) {
        Objects.requireNonNull(plan, "plan");
        if (points.isEmpty()) {
            throw new IllegalArgumentException("points: none; allowed: at least one");
        }
                int replications = plan.replications();
        Map<TabsModel, Map<String, double[]>> byModel = new LinkedHashMap<>();
        List<TabsModel> toRun = new ArrayList<>();
        for (TabsSweepPoint p : points) {
            if (byModel.containsKey(p.model())) {
                continue;
            }
            Map<String, double[]> stored = reuse ? cached(new CacheKey(plan, p.model()))
                    : null;
            byModel.put(p.model(), stored);
            if (stored == null) {
                toRun.add(p.model());
            }
        }
        if (!toRun.isEmpty()) {
            List<Map<String, double[]>> simulated = simulate(plan, toRun, replicationSeeds(plan.seed(), replications),
                    threads);
            for (int m = 0; m < toRun.size(); m++) {
                byModel.put(toRun.get(m), simulated.get(m));
                if (reuse) {
                    synchronized (CACHE) {
                        CACHE.put(new CacheKey(plan, toRun.get(m)), simulated.get(m));
                    }
                }
            }
        }
        List<Map<String, double[]>> values = new ArrayList<>(points.size());
        for (TabsSweepPoint p : points) {
            values.add(copy(byModel.get(p.model())));
        }
        return new TabsSweepResult(plan, points, values);
    }

    private static Map<String, double[]> cached(CacheKey key) {
        synchronized (CACHE) {
            return CACHE.get(key);
        }
    }

    private static Map<String, double[]> copy(Map<String, double[]> values) {
        Map<String, double[]> out = new LinkedHashMap<>();
        values.forEach((metric, v) -> out.put(metric, v.clone()));
        return out;
    }

    /**
     * The seed of each replication, as {@link EventSimulator#replicate(RunWindow, long, int, int)} derives it through
     * {@link org.queuelab.sim.Replications}: stream r is the r-th split of a {@link SplittableRandom} seeded with
     * {@code seed}; the run splits it once more and takes one long.
     *
     * @param seed  the sweep's seed, any long
     * @param count the number of replications, ≥ 0
     * @return the seed of each replication, in replication order
     */
    public static long[] replicationSeeds(long seed, int count) {
        SplittableRandom root = new SplittableRandom(seed);
        long[] seeds = new long[count];
        for (int r = 0; r < count; r++) {
            seeds[r] = root.split().split().nextLong();
        }
        return seeds;
    }

    /** Every (model, replication) on the local runner; per model, each metric's value per replication. */
    private static List<Map<String, double[]>> simulate(TabsSweepPlan plan, List<TabsModel> models, long[] seeds,
                                                        int threads) {
        Grid grid = Grid.axis("model", IntStream.range(0, models.size()).boxed().toArray()).build();
        Experiment experiment = (point, seed) -> metricsOf(plan.simulator(models.get(point.integer("model")))
                .run(plan.window(), seed));
        Sweep sweep = Sweep.of(grid, experiment).replications(seeds.length);
        List<Task> tasks = new ArrayList<>(models.size() * seeds.length);
        for (int m = 0; m < models.size(); m++) {
            for (int r = 0; r < seeds.length; r++) {
                tasks.add(new Task(m, r, seeds[r]));
            }
        }
        List<Map<String, double[]>> out = new ArrayList<>(models.size());
        for (int m = 0; m < models.size(); m++) {
            Map<String, double[]> byMetric = new LinkedHashMap<>();
            for (String metric : METRICS) {
                byMetric.put(metric, new double[seeds.length]);
            }
            out.add(byMetric);
        }
        try (Progress.Task progress = Progress.current().start("TABS sweep", tasks.size())) {
            new LocalRunner(threads).run(sweep, tasks, o -> {
                o.values().forEach((metric, v) -> out.get(o.pointIndex()).get(metric)[o.replication()] = v);
                progress.step();
            });
        }
        return out;
    }

    /**
     * The {@link #METRICS} of replication {@code seed} of {@code model} under {@code plan}: one task of
     * {@link #run(TabsSweepPlan, List)}, for sweeps that compute a plan's points elsewhere (a named study, a cluster).
     *
     * @param plan  servers, horizon, warm-up, replications and seed of every run
     * @param model the model
     * @param seed  the replication's seed, one of {@link #replicationSeeds}
     * @return each of {@link #METRICS} by name
     */
    public static Map<String, Double> runMetrics(TabsSweepPlan plan, TabsModel model, long seed) {
        Objects.requireNonNull(plan, "plan");
        return metricsOf(plan.simulator(Objects.requireNonNull(model, "model")).run(plan.window(), seed));
    }

    /**
     * The result of {@code points} from values computed elsewhere with {@link #runMetrics} and
     * {@link #replicationSeeds} (a study's store): per point, each of {@link #METRICS} per replication. The values are
     * kept for reuse like {@link #run(TabsSweepPlan, List)}'s, so later sweeps of the same models do not rerun them.
     *
     * @param plan   servers, horizon, warm-up, replications and seed of every run
     * @param points the points, at least one
     * @param values per point, each of {@link #METRICS} per replication
     * @return the sweep's result, as {@link #run(TabsSweepPlan, List)} would give it
     * @throws IllegalArgumentException when the sizes do not match the points, the metrics or the replications
     */
    public static TabsSweepResult fromValues(TabsSweepPlan plan, List<TabsSweepPoint> points,
                                             List<Map<String, double[]>> values) {
        Objects.requireNonNull(plan, "plan");
        if (points.isEmpty() || points.size() != values.size()) {
            throw new IllegalArgumentException("points = " + points.size() + ", values = " + values.size()
                    + "; allowed: one value map per point, at least one point");
        }
        for (Map<String, double[]> v : values) {
            if (!v.keySet().equals(new java.util.LinkedHashSet<>(METRICS))
                    || v.values().stream().anyMatch(a -> a.length != plan.replications())) {
                throw new IllegalArgumentException("values: metrics " + v.keySet() + "; allowed: " + METRICS
                        + ", each with " + plan.replications() + " replications");
            }
        }
        List<Map<String, double[]>> copies = new ArrayList<>(values.size());
        for (int i = 0; i < points.size(); i++) {
            copies.add(copy(values.get(i)));
            synchronized (CACHE) {
                CACHE.putIfAbsent(new CacheKey(plan, points.get(i).model()), copy(values.get(i)));
            }
        }
        return new TabsSweepResult(plan, points, copies);
    }

    /** The {@link #METRICS} of one run. */
    private static Map<String, Double> metricsOf(TabsResult run) {
        Metrics named = run.toMetrics(); // energy here uses the plan's PowerModel.standard()
        Map<String, Double> values = new LinkedHashMap<>();
        for (String m : METRICS) {
            values.put(m, m.equals(Metric.ENERGY_ON.name()) ? run.metrics().energy(PowerModel.poweredOn()) : named.get(m));
        }
        return values;
    }
}
