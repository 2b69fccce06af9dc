package org.queuelab.result;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.queuelab.guard.Require;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * Named series sampled at increasing times: the one result type of every engine that follows a model in time,
 * fluid limits and simulations alike. {@code value(name, k)} is the quantity at {@code times()[k]} (for a
 * simulation, the value of the right-continuous path at that instant; a run that stopped before a sampling time
 * leaves NaN there). Series names are those of {@link Metric}; {@link #provenance()} says where the numbers come
 * from. Immutable: accessors return copies.
 */
public class Trajectory {

    private final double[] times;
    private final TimeGrid grid;
    private final List<String> names;
    private final double[][] values;
    private final Provenance provenance;

    /**
     * Series sampled on a uniform grid.
     *
     * @param grid       the sampling times
     * @param names      one distinct name per series
     * @param values     values[s][k]: series s at grid time k (copied)
     * @param provenance where the numbers come from
     */
    public Trajectory(TimeGrid grid, List<String> names, double[][] values, Provenance provenance) {
        this(Objects.requireNonNull(grid, "grid").times(), grid, names, values, provenance);
    }

    /**
     * Series sampled at given times.
     *
     * @param times      increasing sampling times (copied)
     * @param names      one distinct name per series
     * @param values     values[s][k]: series s at times[k] (copied)
     * @param provenance where the numbers come from
     */
    public Trajectory(double[] times, List<String> names, double[][] values, Provenance provenance) {
        this(times, null, names, values, provenance);
    }

    /**
     * Series sampled at {@code times}, which form {@code grid} unless it is null.
     *
     * @param times      increasing sampling times (copied)
     * @param grid       the grid that {@code times} form, or null
     * @param names      one distinct name per series
     * @param values     values[s][k]: series s at times[k] (copied)
     * @param provenance where the numbers come from
     */
    protected Trajectory(double[] times, TimeGrid grid, List<String> names, double[][] values,
                         Provenance provenance) {
        this.times = times.clone();
        this.grid = grid;
        this.names = List.copyOf(names);
        this.provenance = Objects.requireNonNull(provenance, "provenance");
        for (int k = 1; k < this.times.length; k++) {
            if (!(this.times[k] > this.times[k - 1])) {
                throw new IllegalArgumentException("times[" + k + "] = " + this.times[k]
                        + "; allowed: increasing times");
            }
        }
        if (values.length != this.names.size()) {
            throw new IllegalArgumentException("values: " + values.length + " series for " + this.names.size()
                    + " names; allowed: one series per name");
        }
        if (this.names.stream().distinct().count() != this.names.size()) {
            throw new IllegalArgumentException("names = " + this.names + "; allowed: distinct names");
        }
        this.values = new double[values.length][];
        for (int s = 0; s < values.length; s++) {
            if (values[s].length != this.times.length) {
                throw new IllegalArgumentException("series " + this.names.get(s) + " has " + values[s].length
                        + " points; allowed: " + this.times.length + " (one per sampling time)");
            }
            this.values[s] = values[s].clone();
        }
    }

    /** {@return the sampling times} */
    public double[] times() {
        return times.clone();
    }

    /** {@return number of sampling times} */
    public int size() {
        return times.length;
    }

    /** {@return the uniform grid of the sampling times, or an exception when the times were given one by one} */
    public TimeGrid grid() {
        if (grid == null) {
            throw new IllegalStateException("sampled at given times, not on a TimeGrid; use times()");
        }
        return grid;
    }

    /** {@return whether the sampling times form a uniform {@link TimeGrid}} */
    public boolean hasGrid() {
        return grid != null;
    }

    /** {@return the series names, in table order (time excluded)} */
    public List<String> names() {
        return names;
    }

    /** {@return where the numbers come from: engine, model, options, seed, library version} */
    public Provenance provenance() {
        return provenance;
    }

    /**
     * {@return index of a series, or an exception naming the available ones}
     *
     * @param name the series or metric name, one the result carries
     */
    public int indexOf(String name) {
        return Require.indexIn("series", names, name);
    }

    /**
     * {@return a copy of the named series}
     *
     * @param name the series or metric name, one the result carries
     */
    public double[] series(String name) {
        return values[indexOf(name)].clone();
    }

    /**
     * {@return the named series at the k-th sampling time}
     *
     * @param name the series or metric name, one the result carries
     * @param k    the index of a sampling time, in [0, size)
     */
    public double value(String name, int k) {
        return values[indexOf(name)][k];
    }

    /**
     * {@return the named series at the sampling time nearest to {@code time}}
     *
     * @param name the series or metric name, one the result carries
     * @param time a time within [first sampling time, last sampling time]
     */
    public double atTime(String name, double time) {
        return values[indexOf(name)][indexAtTime(time)];
    }

    /**
     * Index of the sampling time nearest to {@code time} (the earlier one on a tie), which must lie within
     * [first time, last time].
     *
     * @param time a time within [first sampling time, last sampling time]
     * @return the index of that sampling time
     */
    public int indexAtTime(double time) {
        int last = times.length - 1;
        double slack = 1e-9 * Math.max(1.0, Math.abs(times[last]));
        if (!(time >= times[0] - slack && time <= times[last] + slack)) {
            throw new IllegalArgumentException("time = " + time + "; allowed: " + times[0] + " ≤ time ≤ "
                    + times[last]);
        }
        int k = Arrays.binarySearch(times, time);
        if (k >= 0) {
            return k;
        }
        int above = -k - 1;
        if (above == 0) {
            return 0;
        }
        if (above > last) {
            return last;
        }
        return time - times[above - 1] <= times[above] - time ? above - 1 : above;
    }

    /**
     * The mean of the named series over the sampling times in [from, to] (each sample weighs the same; times
     * within 1e-9 of an end count as inside), e.g. a window average of one run before estimating across runs.
     *
     * @param name the series or metric name, one the result carries
     * @param from start of the window (units of time), ≤ to
     * @param to   end of the window (units of time), ≥ from
     * @return the mean over the window
     */
    public double windowMean(String name, double from, double to) {
        if (!(from <= to)) {
            throw new IllegalArgumentException("window [" + from + ", " + to + "]; allowed: from ≤ to");
        }
        double[] v = values[indexOf(name)];
        double sum = 0;
        int count = 0;
        for (int k = 0; k < times.length; k++) {
            if (times[k] >= from - 1e-9 && times[k] <= to + 1e-9) {
                sum += v[k];
                count++;
            }
        }
        if (count == 0) {
            throw new IllegalArgumentException("window [" + from + ", " + to + "] holds no sampling time; allowed:"
                    + " a window meeting [" + times[0] + ", " + times[times.length - 1] + "]");
        }
        return sum / count;
    }

    /**
     * Index of a series.
     *
     * @param metric the quantity
     * @return its index in {@link #names()}
     * @throws IllegalArgumentException if this trajectory has no such series (the message lists them)
     */
    public int indexOf(Metric metric) {
        return indexOf(metric.name());
    }

    /**
     * {@return a copy of a series, one value per sampling time}
     *
     * @param metric the quantity, one the result carries
     */
    public double[] series(Metric metric) {
        return series(metric.name());
    }

    /**
     * {@return a series at the k-th sampling time}
     *
     * @param metric the quantity, one the result carries
     * @param k      the index of a sampling time, in [0, size)
     */
    public double value(Metric metric, int k) {
        return value(metric.name(), k);
    }

    /**
     * {@return a series at the sampling time nearest to {@code time}}
     *
     * @param metric the quantity, one the result carries
     * @param time   a time within [first sampling time, last sampling time]
     */
    public double atTime(Metric metric, double time) {
        return atTime(metric.name(), time);
    }

    /**
     * {@return the mean of a series over the sampling times in [from, to] (see {@link #windowMean(String, double,
     * double)})}
     *
     * @param metric the quantity, one the result carries
     * @param from   start of the window (units of time), ≤ to
     * @param to     end of the window (units of time), ≥ from
     */
    public double windowMean(Metric metric, double from, double to) {
        return windowMean(metric.name(), from, to);
    }

    /**
     * {@return the table of {@link #toTable()} restricted to the time column and the given series}
     *
     * @param metrics the quantities, each one the result carries
     */
    public Table toTable(Metric... metrics) {
        String[] columns = new String[metrics.length + 1];
        columns[0] = "t";
        System.arraycopy(Metric.names(metrics), 0, columns, 1, metrics.length);
        return toTable().selectColumns(columns);
    }

    /** Series s at sampling time k. */
    double valueAt(int s, int k) {
        return values[s][k];
    }

    /** {@return columns t, then one per series, then the provenance's values and seed} */
    public Table toTable() {
        Table table = Table.create(provenance.engine());
        table.addColumns(DoubleColumn.create("t", times));
        for (int s = 0; s < names.size(); s++) {
            table.addColumns(DoubleColumn.create(names.get(s), values[s]));
        }
        return provenance.addColumnsTo(table);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + names + " at " + times.length + " times (" + provenance + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && Arrays.equals(times, ((Trajectory) o).times)
                && names.equals(((Trajectory) o).names) && Arrays.deepEquals(values, ((Trajectory) o).values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(times), names, Arrays.deepHashCode(values));
    }
}
