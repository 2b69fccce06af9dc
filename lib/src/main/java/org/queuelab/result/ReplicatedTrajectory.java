package org.queuelab.result;

import java.util.List;
import java.util.Objects;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * The pointwise mean of the trajectories of independent replications — a {@link Trajectory} whose series are the
 * means — with a 95% confidence band per series and time: mean ± t_{0.975, n−1}·s/√n (Student t, n − 1 degrees of
 * freedom, as in {@link Estimate}). With one replication the band is NaN. Points where some run has no value
 * (NaN) are NaN.
 */
public final class ReplicatedTrajectory extends Trajectory {

    private final double[][] halfWidth;
    private final int runs;

    private ReplicatedTrajectory(Trajectory first, double[][] mean, double[][] halfWidth, int runs,
                                 Provenance provenance) {
        super(first.times(), first.hasGrid() ? first.grid() : null, first.names(), mean, provenance);
        this.halfWidth = halfWidth;
        this.runs = runs;
    }

    /**
     * {@return averages runs that share the same grid and series names; the provenance is that of the first run}
     *
     * @param trajectories one trajectory per replication, at least one, on the same times and names
     */
    public static ReplicatedTrajectory of(List<? extends Trajectory> trajectories) {
        Objects.requireNonNull(trajectories, "trajectories");
        if (trajectories.isEmpty()) {
            throw new IllegalArgumentException("trajectories: none; allowed: at least one");
        }
        Trajectory first = trajectories.get(0);
        for (Trajectory tr : trajectories) {
            if (!java.util.Arrays.equals(tr.times(), first.times()) || !tr.names().equals(first.names())) {
                throw new IllegalArgumentException("trajectories differ in sampling times or series names; allowed: the same");
            }
        }
        int n = trajectories.size();
        int series = first.names().size();
        int points = first.size();
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
        return new ReplicatedTrajectory(first, mean, half, n, first.provenance());
    }

    /** {@return number of replications averaged} */
    public int runs() {
        return runs;
    }

    /**
     * {@return the half-width of the 95% band of the named series at every sampling time}
     *
     * @param name the series or metric name, one the result carries
     */
    public double[] halfWidth(String name) {
        return halfWidth[indexOf(name)].clone();
    }

    /**
     * {@return the lower end of the 95% band of the named series at every sampling time (mean − half-width)}
     *
     * @param name the series or metric name, one the result carries
     */
    public double[] lower(String name) {
        return band(indexOf(name), -1);
    }

    /**
     * {@return the upper end of the 95% band of the named series at every sampling time (mean + half-width)}
     *
     * @param name the series or metric name, one the result carries
     */
    public double[] upper(String name) {
        return band(indexOf(name), 1);
    }

    private double[] band(int s, int side) {
        double[] out = new double[size()];
        for (int k = 0; k < out.length; k++) {
            out[k] = side < 0 ? valueAt(s, k) - halfWidth[s][k] : valueAt(s, k) + halfWidth[s][k];
        }
        return out;
    }

    /**
     * {@return the mean and 95% interval of the named series at sampling time k}
     *
     * @param name the series or metric name, one the result carries
     * @param k    the index of a sampling time, in [0, size)
     */
    public Estimate estimateAt(String name, int k) {
        int s = indexOf(name);
        return new Estimate(valueAt(s, k), halfWidth[s][k], runs);
    }

    /**
     * {@return the mean and 95% interval of the named series at the sampling time nearest to {@code time}}
     *
     * @param name the series or metric name, one the result carries
     * @param time a time within [first sampling time, last sampling time]
     */
    public Estimate estimateAtTime(String name, double time) {
        return estimateAt(name, indexAtTime(time));
    }

    /**
     * {@return the half-width of the 95% band of a series at every sampling time}
     *
     * @param metric the quantity, one the result carries
     */
    public double[] halfWidth(Metric metric) {
        return halfWidth(metric.name());
    }

    /**
     * {@return the lower end of the 95% band of a series (mean − half-width)}
     *
     * @param metric the quantity, one the result carries
     */
    public double[] lower(Metric metric) {
        return lower(metric.name());
    }

    /**
     * {@return the upper end of the 95% band of a series (mean + half-width)}
     *
     * @param metric the quantity, one the result carries
     */
    public double[] upper(Metric metric) {
        return upper(metric.name());
    }

    /**
     * {@return the mean and 95% interval of a series at sampling time k}
     *
     * @param metric the quantity, one the result carries
     * @param k      the index of a sampling time, in [0, size)
     */
    public Estimate estimateAt(Metric metric, int k) {
        return estimateAt(metric.name(), k);
    }

    /**
     * {@return the mean and 95% interval of a series at the sampling time nearest to {@code time}}
     *
     * @param metric the quantity, one the result carries
     * @param time   a time within [first sampling time, last sampling time]
     */
    public Estimate estimateAtTime(Metric metric, double time) {
        return estimateAtTime(metric.name(), time);
    }

    /** Columns t, then for each series {@code <name>, <name>_lo, <name>_hi}, then runs, provenance and seed. */
    @Override
    public Table toTable() {
        Table table = Table.create("replicated trajectory");
        table.addColumns(DoubleColumn.create("t", times()));
        List<String> names = names();
        for (int s = 0; s < names.size(); s++) {
            table.addColumns(DoubleColumn.create(names.get(s), series(names.get(s))),
                    DoubleColumn.create(names.get(s) + "_lo", band(s, -1)),
                    DoubleColumn.create(names.get(s) + "_hi", band(s, 1)));
        }
        double[] runsCol = new double[size()];
        java.util.Arrays.fill(runsCol, runs);
        table.addColumns(DoubleColumn.create("runs", runsCol));
        return provenance().addColumnsTo(table);
    }
}
