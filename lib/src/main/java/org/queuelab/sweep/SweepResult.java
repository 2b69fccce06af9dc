package org.queuelab.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.result.Estimate;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
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
        StringColumn metric = StringColumn.create("metric");
        IntColumn runs = IntColumn.create("runs");
        DoubleColumn mean = DoubleColumn.create("mean");
        DoubleColumn lower = DoubleColumn.create("lower");
        DoubleColumn upper = DoubleColumn.create("upper");
        for (int p = 0; p < points.size(); p++) {
            for (String m : metrics) {
                Estimate e = Estimate.of(values(p, m));
                rowPoints.add(points.get(p));
                metric.append(m);
                runs.append(e.n());
                mean.append(e.mean());
                lower.append(e.lower());
                upper.append(e.upper());
            }
        }
        Table t = Table.create("sweep");
        t.addColumns(parameterColumns(rowPoints, sweep.grid().names()));
        return t.addColumns(metric, runs, mean, lower, upper);
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
        StringColumn variant = StringColumn.create("variant");
        StringColumn metric = StringColumn.create("metric");
        IntColumn runs = IntColumn.create("runs");
        DoubleColumn diff = DoubleColumn.create("difference");
        DoubleColumn lower = DoubleColumn.create("lower");
        DoubleColumn upper = DoubleColumn.create("upper");
        StringColumn decided = StringColumn.create("ordering");
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
                variant.append(v + " − " + baseline);
                metric.append(m);
                runs.append(e.n());
                diff.append(e.mean());
                lower.append(e.lower());
                upper.append(e.upper());
                decided.append(e.n() < 2 ? "undecided" : e.lower() > 0 ? "higher" : e.upper() < 0 ? "lower"
                        : "undecided");
            }
        }
        Table t = Table.create("paired differences");
        List<String> others = new ArrayList<>(sweep.grid().names());
        others.remove(axis);
        t.addColumns(parameterColumns(rowPoints, others));
        return t.addColumns(variant, metric, runs, diff, lower, upper, decided);
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
