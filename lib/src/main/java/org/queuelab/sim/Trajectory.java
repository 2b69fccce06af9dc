package org.queuelab.sim;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * Named series sampled on a {@link TimeGrid} during one run: {@code value(name, k)} is the state of the
 * quantity at time {@code grid.time(k)} (the value of the right-continuous path at that instant). A run that
 * stopped before a sampling time (e.g. after a fixed number of events) leaves NaN there.
 */
public final class Trajectory {

    private final TimeGrid grid;
    private final List<String> names;
    private final double[][] values;
    private final Parameters parameters;

    /**
     * @param grid       the sampling times
     * @param names      one distinct name per series
     * @param values     values[s][k]: series s at grid time k (copied)
     * @param parameters the run's parameters and seed
     */
    public Trajectory(TimeGrid grid, List<String> names, double[][] values, Parameters parameters) {
        this.grid = Objects.requireNonNull(grid, "grid");
        this.names = List.copyOf(names);
        this.parameters = Objects.requireNonNull(parameters, "parameters");
        if (values.length != this.names.size()) {
            throw new IllegalArgumentException("values: " + values.length + " series for " + this.names.size()
                    + " names; allowed: one series per name");
        }
        if (this.names.stream().distinct().count() != this.names.size()) {
            throw new IllegalArgumentException("names = " + this.names + "; allowed: distinct names");
        }
        this.values = new double[values.length][];
        for (int s = 0; s < values.length; s++) {
            if (values[s].length != grid.size()) {
                throw new IllegalArgumentException("series " + this.names.get(s) + " has " + values[s].length
                        + " points; allowed: grid.size() = " + grid.size());
            }
            this.values[s] = values[s].clone();
        }
    }

    public TimeGrid grid() {
        return grid;
    }

    public List<String> names() {
        return names;
    }

    public Parameters parameters() {
        return parameters;
    }

    /** Index of a series, or an exception naming the available ones. */
    public int indexOf(String name) {
        int s = names.indexOf(name);
        if (s < 0) {
            throw new IllegalArgumentException("series = " + name + "; allowed: one of " + names);
        }
        return s;
    }

    /** A copy of the named series. */
    public double[] series(String name) {
        return values[indexOf(name)].clone();
    }

    /** The named series at grid time k. */
    public double value(String name, int k) {
        return values[indexOf(name)][k];
    }

    /** Series s at grid time k. */
    double valueAt(int s, int k) {
        return values[s][k];
    }

    /** Columns t, then one per series, then the parameters and seed. */
    public Table toTable() {
        Table table = Table.create("trajectory");
        table.addColumns(DoubleColumn.create("t", grid.times()));
        for (int s = 0; s < names.size(); s++) {
            table.addColumns(DoubleColumn.create(names.get(s), values[s]));
        }
        return parameters.addColumnsTo(table);
    }

    @Override
    public String toString() {
        return "Trajectory" + names + " on " + grid + " (" + parameters + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Trajectory other && grid.equals(other.grid) && names.equals(other.names)
                && Arrays.deepEquals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(grid, names, Arrays.deepHashCode(values));
    }
}
