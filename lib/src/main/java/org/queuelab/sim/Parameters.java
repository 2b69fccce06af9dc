package org.queuelab.sim;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The parameters and seed of a run, in insertion order, so that every result table carries them as columns:
 * numbers become double columns, everything else string columns (labels), and the seed a long column.
 */
public final class Parameters {

    private final Map<String, Object> values;
    private final long seed;

    private Parameters(Map<String, Object> values, long seed) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.seed = seed;
    }

    /** No parameters besides the seed. */
    public static Parameters seed(long seed) {
        return new Parameters(Map.of(), seed);
    }

    /** These parameters plus {@code name = value} (a Number or anything with a meaningful toString). */
    public Parameters with(String name, Object value) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value of " + name);
        Map<String, Object> copy = new LinkedHashMap<>(values);
        copy.put(name, value);
        return new Parameters(copy, seed);
    }

    /** The same parameters with another seed. */
    public Parameters withSeed(long newSeed) {
        return new Parameters(values, newSeed);
    }

    /** The named values, in insertion order. */
    public Map<String, Object> values() {
        return values;
    }

    /** The seed of the run (of replication 0's root stream for replicated runs). */
    public long seed() {
        return seed;
    }

    /** Appends one constant column per parameter, and a {@code seed} column, to a table of {@code rows} rows. */
    public Table addColumnsTo(Table table) {
        int rows = table.rowCount();
        for (Map.Entry<String, Object> e : values.entrySet()) {
            if (e.getValue() instanceof Number number) {
                double[] col = new double[rows];
                java.util.Arrays.fill(col, number.doubleValue());
                table.addColumns(DoubleColumn.create(e.getKey(), col));
            } else {
                String[] col = new String[rows];
                java.util.Arrays.fill(col, e.getValue().toString());
                table.addColumns(StringColumn.create(e.getKey(), col));
            }
        }
        long[] seeds = new long[rows];
        java.util.Arrays.fill(seeds, seed);
        table.addColumns(LongColumn.create("seed", seeds));
        return table;
    }

    @Override
    public String toString() {
        return values + ", seed=" + seed;
    }
}
