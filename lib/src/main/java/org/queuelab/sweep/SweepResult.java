package org.queuelab.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.TableBuilder;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * A finished sweep: every replication's metrics, their estimates (mean and 95% Student-t interval) per point, and
 * paired differences between the variants of a {@link Sweep#pairedOver variant axis}.
 */
public final class SweepResult {

    private final Sweep sweep;
    private final Observation[][] observed;
    private final List<String> metrics;
    private final int reusedPoints;

    SweepResult(Sweep sweep, Observation[][] observed, int reusedPoints) {
        this.sweep = sweep;
        this.observed = observed;
        this.reusedPoints = reusedPoints;
        this.metrics = List.copyOf(observed[0][0].values().keySet());
        for (Observation[] point : observed) {
            for (Observation o : point) {
                if (!o.values().keySet().equals(observed[0][0].values().keySet())) {
                    throw new IllegalStateException("point " + sweep.grid().points().get(o.pointIndex())
                            + ", replication " + o.replication() + " returned metrics " + o.values().keySet()
                            + "; every replication must return the same metrics: " + metrics);
                }
            }
        }
    }

    /**
     * The sweep that was run.
     *
     * @return the sweep
     */
    public Sweep sweep() {
        return sweep;
    }

    /**
     * The metric names, in the experiment's order.
     *
     * @return an unmodifiable list
     */
    public List<String> metrics() {
        return metrics;
    }

    /**
     * How many points were read back from the store instead of computed.
     *
     * @return 0 without a store; at most the grid's size
     */
    public int reusedPoints() {
        return reusedPoints;
    }

    /**
     * Replication {@code r}'s value of {@code metric} at grid point {@code p}.
     *
     * @param p      point index, 0 ≤ p &lt; grid size (an index into {@link Grid#points()})
     * @param r      replication, 0 ≤ r &lt; {@link Sweep#replications()}
     * @param metric one of {@link #metrics()}
     * @return the value the experiment returned
     * @throws IllegalArgumentException naming the metric and the allowed ones if it is unknown
     */
    public double value(int p, int r, String metric) {
        Double v = observed[p][r].values().get(metric);
        if (v == null) {
            throw new IllegalArgumentException("metric = " + metric + "; allowed: one of " + metrics);
        }
        return v;
    }

    /**
     * The replications' values of {@code metric} at grid point {@code p}.
     *
     * @param p      point index, 0 ≤ p &lt; grid size
     * @param metric one of {@link #metrics()}
     * @return one value per replication, in replication order (a new array)
     * @throws IllegalArgumentException naming the metric and the allowed ones if it is unknown
     */
    public double[] values(int p, String metric) {
        double[] v = new double[sweep.replications()];
        for (int r = 0; r < v.length; r++) {
            v[r] = value(p, r, metric);
        }
        return v;
    }

    /**
     * The replications' values of a built-in metric at grid point {@code p} (an experiment that names its metrics
     * by {@link Metric#name()}).
     *
     * @param p      point index, 0 ≤ p &lt; grid size
     * @param metric a metric the experiment returned
     * @return one value per replication, in replication order
     * @throws IllegalArgumentException if the experiment did not return that metric
     */
    public double[] values(int p, Metric metric) {
        return values(p, Objects.requireNonNull(metric, "metric").name());
    }

    /**
     * The estimate of {@code metric} at {@code point}: mean over replications and 95% Student-t interval.
     *
     * @param point  a point of the sweep's grid
     * @param metric one of {@link #metrics()}
     * @return the estimate (with a single replication its half-width is NaN: no interval)
     * @throws IllegalArgumentException if the point is not in the grid or the metric is unknown
     */
    public Estimate estimate(Point point, String metric) {
        return estimateAt(indexOf(point), metric);
    }

    /** The estimate of one metric at point p; a value carried not finite is refused naming the point and metric. */
    private Estimate estimateAt(int p, String metric) {
        try {
            return Estimate.of(values(p, metric));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("point " + sweep.grid().points().get(p) + ", metric " + metric + ": "
                    + e.getMessage(), e);
        }
    }

    private int indexOf(Point point) {
        int p = sweep.grid().points().indexOf(Objects.requireNonNull(point, "point"));
        if (p < 0) {
            throw new IllegalArgumentException("point = " + point + "; allowed: a point of the sweep's grid");
        }
        return p;
    }

    /**
     * One row per point and metric: the parameters (numbers as double columns, text as string columns), then
     * metric, runs, mean, lower, upper (95% Student-t interval).
     *
     * @return a new table, points in grid order
     */
    public Table table() {
        List<Point> points = sweep.grid().points();
        List<Point> rowPoints = new ArrayList<>();
        TableBuilder estimates = TableBuilder.named("sweep").strings("metric").ints("runs")
                .doubles("mean", "lower", "upper");
        for (int p = 0; p < points.size(); p++) {
            for (String m : metrics) {
                Estimate e = estimateAt(p, m);
                rowPoints.add(points.get(p));
                estimates.row(m, e.n(), e.mean(), e.lower(), e.upper());
            }
        }
        return estimates.addTo(Table.create("sweep", parameterColumns(rowPoints, sweep.grid().names())));
    }

    /**
     * Paired differences (variant − baseline) per point of the other axes, variant and metric, over replications
     * that shared their random numbers: mean difference, its 95% interval, and the ordering the interval decides
     * ("higher", "lower", or "undecided" when it contains 0 or there is a single replication).
     *
     * @param baseline the value of the variant axis every other variant is compared with
     * @return one row per point of the other axes, variant and metric
     * @throws IllegalStateException if the sweep has no variant axis ({@link Sweep#pairedOver})
     * @throws IllegalArgumentException if {@code baseline} is not a value of the variant axis
     */
    public Table paired(Object baseline) {
        String axis = sweep.variantAxis();
        if (axis == null) {
            throw new IllegalStateException("paired differences need a variant axis: build the sweep with "
                    + "pairedOver(axis)");
        }
        List<Point> points = sweep.grid().points();
        Map<Point, Integer> baselineIndex = new LinkedHashMap<>();
        for (int p = 0; p < points.size(); p++) {
            if (points.get(p).get(axis).equals(baseline)) {
                baselineIndex.put(points.get(p).without(axis), p);
            }
        }
        if (baselineIndex.isEmpty()) {
            throw new IllegalArgumentException("baseline = " + baseline + "; allowed: a value of axis " + axis);
        }
        List<Point> rowPoints = new ArrayList<>();
        TableBuilder differences = TableBuilder.named("paired differences").strings("variant", "metric")
                .ints("runs").doubles("difference", "lower", "upper").strings("ordering");
        for (int p = 0; p < points.size(); p++) {
            Object v = points.get(p).get(axis);
            Integer b = baselineIndex.get(points.get(p).without(axis));
            if (v.equals(baseline) || b == null) {
                continue;
            }
            for (String m : metrics) {
                double[] d = values(p, m);
                double[] base = values(b, m);
                for (int r = 0; r < d.length; r++) {
                    d[r] -= base[r];
                }
                Estimate e = Estimate.of(d);
                rowPoints.add(points.get(p).without(axis));
                differences.row(v + " − " + baseline, m, e.n(), e.mean(), e.lower(), e.upper(),
                        e.n() < 2 ? "undecided" : e.lower() > 0 ? "higher" : e.upper() < 0 ? "lower" : "undecided");
            }
        }
        List<String> others = new ArrayList<>(sweep.grid().names());
        others.remove(axis);
        return differences.addTo(Table.create("paired differences", parameterColumns(rowPoints, others)));
    }

    /** One column per parameter: numbers as a double column, anything else as text. */
    private static Column<?>[] parameterColumns(List<Point> rows, List<String> names) {
        Column<?>[] cols = new Column<?>[names.size()];
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            boolean numeric = rows.stream().allMatch(p -> p.get(name) instanceof Number);
            if (numeric) {
                DoubleColumn c = DoubleColumn.create(name);
                rows.forEach(p -> c.append(p.number(name)));
                cols[i] = c;
            } else {
                StringColumn c = StringColumn.create(name);
                rows.forEach(p -> c.append(p.text(name)));
                cols[i] = c;
            }
        }
        return cols;
    }
}
