package org.queuelab.meanfield;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A fluid trajectory sampled on a requested time grid: named columns (state coordinates and metrics), the model
 * parameters and solver settings, and the solver's cost. Immutable: accessors return copies.
 */
public final class FluidTrajectory {

    private final String name;
    private final double[] times;
    private final LinkedHashMap<String, double[]> columns;
    private final double[][] states;
    private final LinkedHashMap<String, String> parameters;
    private final long driftEvaluations;
    private final int modeSwitches;
    private final double maxBoundaryMass;
    private final double minCoordinate;
    private final double maxMassError;

    FluidTrajectory(String name, double[] times, LinkedHashMap<String, double[]> columns, double[][] states,
                    LinkedHashMap<String, String> parameters, long driftEvaluations, int modeSwitches,
                    double maxBoundaryMass, double minCoordinate, double maxMassError) {
        this.name = Objects.requireNonNull(name);
        this.times = times.clone();
        this.columns = new LinkedHashMap<>();
        columns.forEach((k, v) -> this.columns.put(k, v.clone()));
        this.states = new double[states.length][];
        for (int i = 0; i < states.length; i++) {
            this.states[i] = states[i].clone();
        }
        this.parameters = new LinkedHashMap<>(parameters);
        this.driftEvaluations = driftEvaluations;
        this.modeSwitches = modeSwitches;
        this.maxBoundaryMass = maxBoundaryMass;
        this.minCoordinate = minCoordinate;
        this.maxMassError = maxMassError;
    }

    /** The output times. */
    public double[] times() {
        return times.clone();
    }

    /** Number of output times. */
    public int size() {
        return times.length;
    }

    /** The column names, in table order (time excluded). */
    public List<String> columnNames() {
        return List.copyOf(columns.keySet());
    }

    /** A column by name, e.g. {@code "x00"}, {@code "y1"}, {@code "Q"}. */
    public double[] column(String column) {
        double[] values = columns.get(column);
        if (values == null) {
            throw new IllegalArgumentException("column = " + column + "; allowed: " + columns.keySet());
        }
        return values.clone();
    }

    /** The value of a column at the i-th output time. */
    public double value(String column, int index) {
        double[] values = columns.get(column);
        if (values == null) {
            throw new IllegalArgumentException("column = " + column + "; allowed: " + columns.keySet());
        }
        return values[index];
    }

    /** The full state vector at the i-th output time (the model's coordinate layout). */
    public double[] state(int index) {
        return states[index].clone();
    }

    /** The state at the last output time. */
    public double[] finalState() {
        return states[states.length - 1].clone();
    }

    /** Model parameters and solver settings, as strings. */
    public Map<String, String> parameters() {
        return Collections.unmodifiableMap(parameters);
    }

    /** Drift evaluations spent by the solve. */
    public long driftEvaluations() {
        return driftEvaluations;
    }

    /** Number of switches between smooth and sliding dynamics (boundary hits and departures). */
    public int modeSwitches() {
        return modeSwitches;
    }

    /** Largest mass seen at the truncation level (0 for a finite buffer, where the top level is real). */
    public double maxBoundaryMass() {
        return maxBoundaryMass;
    }

    /** Smallest coordinate seen at any accepted step (non-negativity check). */
    public double minCoordinate() {
        return minCoordinate;
    }

    /** Largest |Σx − 1| seen at any accepted step (conservation check). */
    public double maxMassError() {
        return maxMassError;
    }

    /**
     * A Tablesaw table: one row per output time, a {@code t} column, the named columns, then one column per
     * parameter (repeated on each row) so that tables of several runs can be appended and filtered.
     */
    public Table toTable() {
        Table table = Table.create(name);
        table.addColumns(DoubleColumn.create("t", times));
        columns.forEach((k, v) -> table.addColumns(DoubleColumn.create(k, v)));
        parameters.forEach((k, v) -> {
            String[] repeated = new String[times.length];
            Arrays.fill(repeated, v);
            table.addColumns(StringColumn.create(k, repeated));
        });
        return table;
    }

    @Override
    public String toString() {
        return name + " " + parameters + ", " + times.length + " times, " + driftEvaluations + " drift evaluations";
    }
}
