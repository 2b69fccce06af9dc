package org.queuelab.sim.event;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.queuelab.result.Estimate;

import org.queuelab.result.Metric;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The outcome of a {@link TabsSweep}: per point and metric, the value of every replication, their 95% interval
 * and paired differences between curves (replication r of every point shares its random streams, so a paired
 * difference cancels the common arrival noise).
 */
public final class TabsSweepResult {

    private final TabsSweepPlan plan;
    private final List<TabsSweepPoint> points;
    private final List<Map<String, double[]>> values;

    TabsSweepResult(TabsSweepPlan plan, List<TabsSweepPoint> points, List<Map<String, double[]>> values) {
        this.plan = plan;
        this.points = List.copyOf(points);
        this.values = List.copyOf(values);
    }

    /** {@return the plan every point was run with} */
    public TabsSweepPlan plan() {
        return plan;
    }

    /** {@return the points, in the order they were given} */
    public List<TabsSweepPoint> points() {
        return points;
    }

    /** {@return curve names in first-appearance order} */
    public List<String> series() {
        Set<String> names = new LinkedHashSet<>();
        points.forEach(p -> names.add(p.series()));
        return List.copyOf(names);
    }

    /**
     * {@return the abscissas of one curve, in point order}
     *
     * @param series the curve's name, one the sweep holds
     */
    public double[] xs(String series) {
        return points.stream().filter(p -> p.series().equals(series)).mapToDouble(TabsSweepPoint::x).toArray();
    }

    /**
     * {@return the replication values of one metric at one point}
     *
     * @param series the curve's name, one the sweep holds
     * @param x      the abscissa of a point of the curve
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public double[] values(String series, double x, String metric) {
        double[] v = values.get(indexOf(series, x)).get(requireMetric(metric));
        return v.clone();
    }

    /**
     * {@return mean and 95% interval of a metric at a point}
     *
     * @param series the curve's name, one the sweep holds
     * @param x      the abscissa of a point of the curve
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public Estimate estimate(String series, double x, String metric) {
        return Estimate.of(values(series, x, metric));
    }

    /**
     * {@return mean and 95% interval of the paired difference a − b of a metric at abscissa x (same replications)}
     *
     * @param seriesA the curve A, one the sweep holds
     * @param seriesB the curve B, one the sweep holds
     * @param x       the abscissa of a point of the curve
     * @param metric  the metric, one of {@link TabsSweep#METRICS}
     */
    public Estimate difference(String seriesA, String seriesB, double x, String metric) {
        double[] a = values(seriesA, x, metric);
        double[] b = values(seriesB, x, metric);
        double[] d = new double[a.length];
        for (int r = 0; r < a.length; r++) {
            d[r] = a[r] - b[r];
        }
        return Estimate.of(d);
    }

    /**
     * {@return means of a metric along a curve}
     *
     * @param series the curve's name, one the sweep holds
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public double[] mean(String series, String metric) {
        return along(series, metric, 0);
    }

    /**
     * {@return lower ends of the 95% intervals along a curve}
     *
     * @param series the curve's name, one the sweep holds
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public double[] lower(String series, String metric) {
        return along(series, metric, -1);
    }

    /**
     * {@return upper ends of the 95% intervals along a curve}
     *
     * @param series the curve's name, one the sweep holds
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public double[] upper(String series, String metric) {
        return along(series, metric, 1);
    }

    private double[] along(String series, String metric, int side) {
        double[] x = xs(series);
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            Estimate e = estimate(series, x[i], metric);
            out[i] = side == 0 ? e.mean() : side < 0 ? e.lower() : e.upper();
        }
        return out;
    }

    /**
     * One row per point and metric: series, x, metric, mean, half-width, lower, upper, replications, then the model's λ,
     * setup mean and service label and the plan's N, horizon, warm-up and root seed.
     *
     * @return the table
     */
    public Table toTable() {
        return toTable(TabsSweep.METRICS);
    }

    /**
     * {@return as {@link #toTable()}, restricted to the given metrics}
     *
     * @param metrics the metrics, each one of {@link TabsSweep#METRICS}
     */
    public Table toTable(List<String> metrics) {
        StringColumn series = StringColumn.create("series");
        DoubleColumn x = DoubleColumn.create("x");
        StringColumn metric = StringColumn.create("metric");
        DoubleColumn mean = DoubleColumn.create("mean");
        DoubleColumn half = DoubleColumn.create("halfWidth");
        DoubleColumn lo = DoubleColumn.create("lower");
        DoubleColumn hi = DoubleColumn.create("upper");
        IntColumn n = IntColumn.create("replications");
        DoubleColumn lambda = DoubleColumn.create("lambda");
        DoubleColumn setupMean = DoubleColumn.create("setupMean");
        StringColumn service = StringColumn.create("service");
        IntColumn servers = IntColumn.create("N");
        DoubleColumn horizon = DoubleColumn.create("horizon");
        DoubleColumn warmup = DoubleColumn.create("warmup");
        LongColumn seed = LongColumn.create("seed");
        for (TabsSweepPoint p : points) {
            for (String m : metrics) {
                Estimate e = estimate(p.series(), p.x(), m);
                series.append(p.series());
                x.append(p.x());
                metric.append(m);
                mean.append(e.mean());
                half.append(e.halfWidth());
                lo.append(e.lower());
                hi.append(e.upper());
                n.append(e.n());
                lambda.append(p.model().lambda());
                setupMean.append(p.model().setupMean());
                service.append(p.model().service().label());
                servers.append(plan.servers());
                horizon.append(plan.horizon());
                warmup.append(plan.warmup());
                seed.append(plan.seed());
            }
        }
        return Table.create("TABS sweep", series, x, metric, mean, half, lo, hi, n, lambda, setupMean, service,
                servers, horizon, warmup, seed);
    }

    /**
     * {@return the replications' values of a metric at one x of a series}
     *
     * @param series the curve's name, one the sweep holds
     * @param x      the abscissa of a point of the curve
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public double[] values(String series, double x, Metric metric) {
        return values(series, x, metric.name());
    }

    /**
     * {@return the mean and 95% interval of a metric at one x of a series}
     *
     * @param series the curve's name, one the sweep holds
     * @param x      the abscissa of a point of the curve
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public Estimate estimate(String series, double x, Metric metric) {
        return estimate(series, x, metric.name());
    }

    /**
     * {@return the paired difference A − B of a metric at one x (common random numbers)}
     *
     * @param seriesA the curve A, one the sweep holds
     * @param seriesB the curve B, one the sweep holds
     * @param x       the abscissa of a point of the curve
     * @param metric  the metric, one of {@link TabsSweep#METRICS}
     */
    public Estimate difference(String seriesA, String seriesB, double x, Metric metric) {
        return difference(seriesA, seriesB, x, metric.name());
    }

    /**
     * {@return the mean of a metric at every x of a series}
     *
     * @param series the curve's name, one the sweep holds
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public double[] mean(String series, Metric metric) {
        return mean(series, metric.name());
    }

    /**
     * {@return the lower 95% ends of a metric at every x of a series}
     *
     * @param series the curve's name, one the sweep holds
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public double[] lower(String series, Metric metric) {
        return lower(series, metric.name());
    }

    /**
     * {@return the upper 95% ends of a metric at every x of a series}
     *
     * @param series the curve's name, one the sweep holds
     * @param metric the metric, one of {@link TabsSweep#METRICS}
     */
    public double[] upper(String series, Metric metric) {
        return upper(series, metric.name());
    }

    /**
     * {@return the long table of {@link #toTable(List)} restricted to these metrics}
     *
     * @param metrics the metrics, each one of {@link TabsSweep#METRICS}
     */
    public Table toTable(Metric... metrics) {
        return toTable(List.of(Metric.names(metrics)));
    }

    private int indexOf(String series, double x) {
        for (int i = 0; i < points.size(); i++) {
            TabsSweepPoint p = points.get(i);
            if (p.series().equals(series) && p.x() == x) {
                return i;
            }
        }
        List<String> known = new ArrayList<>();
        points.forEach(p -> known.add(p.series() + "@" + p.x()));
        throw new IllegalArgumentException("point (" + series + ", " + x + "); allowed: one of " + known);
    }

    private static String requireMetric(String metric) {
        if (!TabsSweep.METRICS.contains(metric)) {
            throw new IllegalArgumentException("metric = " + metric + "; allowed: one of " + TabsSweep.METRICS);
        }
        return metric;
    }
}
