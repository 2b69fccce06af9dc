package org.queuelab.sim;

import java.util.List;
import java.util.Objects;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * The pointwise average of the trajectories of independent replications, with a 95% confidence band per series
 * and time: mean ± t_{0.975, n−1}·s/√n (Student t, n − 1 degrees of freedom, as in {@link Estimate}).
 * With one replication the band is NaN. Points where some run has no value (NaN) are NaN.
 */
public final class TrajectoryAverage {

    private final TimeGrid grid;
    private final List<String> names;
    private final double[][] mean;
    private final double[][] halfWidth;
    private final int runs;
    private final Parameters parameters;

    private TrajectoryAverage(TimeGrid grid, List<String> names, double[][] mean, double[][] halfWidth, int runs,
                              Parameters parameters) {
        this.grid = grid;
        this.names = names;
        this.mean = mean;
        this.halfWidth = halfWidth;
        this.runs = runs;
        this.parameters = parameters;
    }

    /** Averages runs that share the same grid and series names; parameters are those of the first run. */
    public static TrajectoryAverage of(List<Trajectory> trajectories) {
        Objects.requireNonNull(trajectories, "trajectories");
        if (trajectories.isEmpty()) {
            throw new IllegalArgumentException("trajectories: none; allowed: at least one");
        }
        Trajectory first = trajectories.get(0);
        for (Trajectory tr : trajectories) {
            if (!tr.grid().equals(first.grid()) || !tr.names().equals(first.names())) {
                throw new IllegalArgumentException("trajectories differ in grid or series names; allowed: the same");
            }
        }
        int n = trajectories.size();
        int series = first.names().size();
        int points = first.grid().size();
        double[][] mean = new double[series][points];
        double[][] half = new double[series][points];
        double t = n > 1 ? Estimate.tQuantile975(n - 1) : Double.NaN;
        for (int s = 0; s < series; s++) {
            for (int k = 0; k < points; k++) {
                double sum = 0;
                for (Trajectory tr : trajectories) {
                    sum += tr.valueAt(s, k);
                }
                double m = sum / n;
                double ss = 0;
                for (Trajectory tr : trajectories) {
                    double dev = tr.valueAt(s, k) - m;
                    ss += dev * dev;
                }
                mean[s][k] = m;
                half[s][k] = n > 1 ? t * Math.sqrt(ss / (n - 1) / n) : Double.NaN;
            }
        }
        return new TrajectoryAverage(first.grid(), first.names(), mean, half, n, first.parameters());
    }

    public TimeGrid grid() {
        return grid;
    }

    public List<String> names() {
        return names;
    }

    /** Number of replications averaged. */
    public int runs() {
        return runs;
    }

    public Parameters parameters() {
        return parameters;
    }

    private int indexOf(String name) {
        int s = names.indexOf(name);
        if (s < 0) {
            throw new IllegalArgumentException("series = " + name + "; allowed: one of " + names);
        }
        return s;
    }

    /** The mean of the named series at every grid time. */
    public double[] mean(String name) {
        return mean[indexOf(name)].clone();
    }

    /** The half-width of the 95% band of the named series at every grid time. */
    public double[] halfWidth(String name) {
        return halfWidth[indexOf(name)].clone();
    }

    /** The lower end of the 95% band of the named series at every grid time (mean − half-width). */
    public double[] lower(String name) {
        return band(indexOf(name), -1);
    }

    /** The upper end of the 95% band of the named series at every grid time (mean + half-width). */
    public double[] upper(String name) {
        return band(indexOf(name), 1);
    }

    private double[] band(int s, int side) {
        double[] out = new double[grid.size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = side < 0 ? mean[s][k] - halfWidth[s][k] : mean[s][k] + halfWidth[s][k];
        }
        return out;
    }

    /** The mean and 95% interval of the named series at grid time k. */
    public Estimate at(String name, int k) {
        int s = indexOf(name);
        return new Estimate(mean[s][k], halfWidth[s][k], runs);
    }

    /** The mean and 95% interval of the named series at the grid time nearest to {@code time}. */
    public Estimate atTime(String name, double time) {
        int k = (int) Math.round(time / grid.step());
        if (k < 0 || k >= grid.size()) {
            throw new IllegalArgumentException("time = " + time + "; allowed: 0 ≤ time ≤ " + grid.time(grid.size() - 1));
        }
        return at(name, k);
    }

    /** Columns t, then for each series {@code <name>, <name>_lo, <name>_hi}, then runs, parameters and seed. */
    public Table toTable() {
        Table table = Table.create("trajectory average");
        table.addColumns(DoubleColumn.create("t", grid.times()));
        int points = grid.size();
        for (int s = 0; s < names.size(); s++) {
            table.addColumns(DoubleColumn.create(names.get(s), mean[s]),
                    DoubleColumn.create(names.get(s) + "_lo", band(s, -1)),
                    DoubleColumn.create(names.get(s) + "_hi", band(s, 1)));
        }
        double[] runsCol = new double[points];
        java.util.Arrays.fill(runsCol, runs);
        table.addColumns(DoubleColumn.create("runs", runsCol));
        return parameters.addColumnsTo(table);
    }
}
