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

    public Sweep sweep() {
        return sweep;
    }

    /** The metric names, in the experiment's order. */
    public List<String> metrics() {
        return metrics;
    }

    /** How many points were read back from the store instead of computed. */
    public int reusedPoints() {
        return reusedPoints;
    }

    /** Replication {@code r}'s value of {@code metric} at grid point {@code p}. */
    public double value(int p, int r, String metric) {
        Double v = observed[p][r].values().get(metric);
        if (v == null) {
            throw new IllegalArgumentException("metric = " + metric + "; allowed: one of " + metrics);
        }
        return v;
    }

    /** The replications' values of {@code metric} at grid point {@code p}. */
    public double[] values(int p, String metric) {
        double[] v = new double[sweep.replications()];
        for (int r = 0; r < v.length; r++) {
            v[r] = value(p, r, metric);
        }
        return v;
    }

    /** The replications' values of a built-in metric at grid point {@code p}. */
    public double[] values(int p, Metric metric) {
        return values(p, metric.name());
    }

    /** The estimate of {@code metric} at {@code point}. */
    public Estimate estimate(Point point, String metric) {
        return Estimate.of(values(indexOf(point), metric));
    }

    private int indexOf(Point point) {
        int p = sweep.grid().points().indexOf(Objects.requireNonNull(point, "point"));
        if (p < 0) {
            throw new IllegalArgumentException("point = " + point + "; allowed: a point of the sweep's grid");
        }
        return p;
    }

    /** One row per point and metric: the parameters, metric, runs, mean, lower, upper (95%). */
    public Table table() {
        List<Point> points = sweep.grid().points();
        List<Point> rowPoints = new ArrayList<>();
        TableBuilder estimates = TableBuilder.named("sweep").strings("metric").ints("runs")
                .doubles("mean", "lower", "upper");
        for (int p = 0; p < points.size(); p++) {
            for (String m : metrics) {
                Estimate e = Estimate.of(values(p, m));
                rowPoints.add(points.get(p));
                estimates.row(m, e.n(), e.mean(), e.lower(), e.upper());
            }
        }
        return estimates.addTo(Table.create("sweep", parameterColumns(rowPoints, sweep.grid().names())));
    }

    /**
     * Paired differences (variant − baseline) per point of the other axes, variant and metric, over replications
     * that shared their random numbers: mean difference, its 95% interval, and the ordering the interval decides
     * ("higher", "lower", or "undecided" when it contains 0).
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
