package org.queuelab.arrival;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.random.RandomGenerator;

import org.queuelab.guard.Memory;
import org.queuelab.guard.Require;

import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * Replay of arrival counts per window ({@code docs/demand.md} §1), e.g. per-minute invocation counts: the
 * counts[k] arrivals of window [k·w, (k+1)·w) are placed as the order statistics of counts[k] independent
 * uniforms on that window, which is how a Poisson process is distributed given its count in the window.
 * Replay ends after the last window.
 *
 * <p>{@link #loadAzure} reads the layout of the public Azure Functions invocation-count traces: one row per
 * function with columns {@code HashOwner, HashApp, HashFunction, Trigger, 1, 2, …, 1440} (the count in each minute
 * of a day).
 *
 * @param window window length, &gt; 0 (60 for per-minute counts in seconds)
 * @param counts arrivals per window, ≥ 0
 */
public record CountTrace(double window, long[] counts) implements ArrivalProcess {

    /**
     * Validates the components and copies the counts.
     *
     * @param window window length, &gt; 0 (60 for per-minute counts in seconds)
     * @param counts arrivals per window, ≥ 0
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public CountTrace {
        Require.positive("window", window);
        if (counts == null || counts.length == 0) {
            throw new IllegalArgumentException("counts: none; allowed: at least one window");
        }
        for (int k = 0; k < counts.length; k++) {
            if (counts[k] < 0) {
                throw new IllegalArgumentException("counts[" + k + "] = " + counts[k] + "; allowed: ≥ 0");
            }
        }
        counts = counts.clone();
    }

    /**
     * The per-minute counts (window 60 s) summed over every function of an Azure-layout CSV file.
     *
     * @param path the CSV file
     * @return the trace
     */
    public static CountTrace loadAzure(Path path) {
        return loadAzure(path, null);
    }

    /**
     * The per-minute counts (window 60 s) of one function, or summed over all functions, of an Azure-layout CSV file.
     *
     * @param path         the CSV file
     * @param hashFunction the function's hash (column HashFunction), or null for all functions
     * @return the trace
     */
    public static CountTrace loadAzure(Path path, String hashFunction) {
        Objects.requireNonNull(path, "path");
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("path = " + path + "; allowed: an existing CSV file");
        }
        String layout = "the Azure invocation-count layout HashOwner,HashApp,HashFunction,Trigger,1,…,1440";
        try {
            if (Files.size(path) == 0) {
                throw new IllegalArgumentException("trace " + path + " is empty; expected " + layout);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("reading trace " + path, e);
        }
        Table table;
        try {
            table = Table.read().usingOptions(CsvReadOptions.builder(path.toFile())
                    .columnTypesPartial(name -> name.startsWith("Hash") || name.equals("Trigger")
                            ? java.util.Optional.of(ColumnType.STRING) : java.util.Optional.of(ColumnType.DOUBLE)));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("trace " + path + " cannot be read as CSV (" + e.getMessage()
                    + "); expected " + layout, e);
        }
        if (table.rowCount() == 0) {
            throw new IllegalArgumentException("trace " + path + " has a header but no rows; expected " + layout
                    + ", one row per function");
        }
        int minutes = 0;
        while (table.columnNames().contains(Integer.toString(minutes + 1))) {
            minutes++;
        }
        if (minutes == 0) {
            throw new IllegalArgumentException("trace " + path + ": no minute columns 1, 2, … in its header "
                    + table.columnNames() + "; expected " + layout);
        }
        long[] counts = new long[minutes];
        int rows = 0;
        for (Row row : table) {
            if (hashFunction != null && !hashFunction.equals(row.getString("HashFunction"))) {
                continue;
            }
            rows++;
            for (int m = 0; m < minutes; m++) {
                double c = row.getDouble(Integer.toString(m + 1));
                if (!(c >= 0) || c != Math.rint(c)) {
                    throw new IllegalArgumentException(path + ":" + (rows + 1) + " (data row " + rows + "), column '"
                            + (m + 1) + "': count = " + c + "; expected a whole number ≥ 0");
                }
                counts[m] += (long) c;
            }
        }
        if (rows == 0) {
            throw new IllegalArgumentException("hashFunction = " + hashFunction + "; allowed: a HashFunction of " + path);
        }
        return new CountTrace(60.0, counts);
    }

    /** {@return the arrivals per window (a copy)} */
    @Override
    public long[] counts() {
        return counts.clone();
    }

    /** {@return the total number of arrivals} */
    public long total() {
        long sum = 0;
        for (long c : counts) {
            try {
                sum = Math.addExact(sum, c);
            } catch (ArithmeticException e) {
                throw new ArithmeticException("trace total exceeds " + Long.MAX_VALUE + " arrivals (counts too large "
                        + "to add in a long); allowed: a total ≤ 2⁶³ − 1");
            }
        }
        return sum;
    }

    /**
     * The piecewise-constant rate counts[k]/window: Poisson arrivals of this rate (scaled at will) follow the trace.
     *
     * @return the rate, one piece per window
     */
    public PiecewiseConstantRate asRate() {
        double[] rates = new double[counts.length];
        for (int k = 0; k < rates.length; k++) {
            rates[k] = counts[k] / window;
        }
        return PiecewiseConstantRate.ofWindows(window, rates);
    }

    /** {@return a table with columns t (start of the window) and count} */
    public Table toTable() {
        double[] t = new double[counts.length];
        double[] c = new double[counts.length];
        for (int k = 0; k < t.length; k++) {
            t[k] = k * window;
            c[k] = counts[k];
        }
        return Table.create("counts", DoubleColumn.create("t", t), DoubleColumn.create("count", c));
    }

    @Override
    public double rate(double t) {
        org.queuelab.guard.Require.finite("t", t);
        int k = (int) Math.floor(t / window);
        return k >= 0 && k < counts.length ? counts[k] / window : 0.0;
    }

    @Override
    public double expectedCount(double from, double to) {
        return asRate().integral(Math.min(from, counts.length * window), Math.min(to, counts.length * window));
    }

    @Override
    public ArrivalStream stream(RandomGenerator rng) {
        Objects.requireNonNull(rng, "rng");
        long max = Arrays.stream(counts).max().orElse(0);
        if (max > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("counts: " + max + " in one window; allowed: < 2^31");
        }
        // the epochs of one window are drawn at once (sorted uniforms): one double per request of the busiest window
        int length = Memory.requireDoubles("count trace stream: counts of " + max
                + " requests in one window (one epoch each)", max, 1, "a trace with shorter windows");
        return new ArrivalStream() {
            private final double[] buffer = new double[length];
            private int k = -1;
            private int size;
            private int next;

            @Override
            public double next() {
                while (next == size) {
                    if (++k >= counts.length) {
                        return Double.POSITIVE_INFINITY;
                    }
                    size = (int) counts[k];
                    next = 0;
                    double start = k * window;
                    for (int i = 0; i < size; i++) {
                        buffer[i] = start + rng.nextDouble() * window;
                    }
                    Arrays.sort(buffer, 0, size);
                }
                return buffer[next++];
            }
        };
    }

    @Override
    public String label() {
        return "count trace (" + counts.length + " windows of " + RateSupport.fmt(window) + ", " + total()
                + " arrivals)";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CountTrace c && window == c.window && Arrays.equals(counts, c.counts);
    }

    @Override
    public int hashCode() {
        return 31 * Double.hashCode(window) + Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        return label();
    }
}
