package org.queuelab.arrival;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Replay of recorded arrival epochs ({@code docs/demand.md} §1): the stream returns the epochs as given and draws
 * nothing, so every run sees the same arrivals.
 *
 * @param times arrival epochs, ≥ 0 and sorted (ties allowed)
 */
public record TimestampTrace(double[] times) implements ArrivalProcess {

    /**
     * Validates the components and copies the epochs.
     *
     * @param times arrival epochs, ≥ 0 and sorted (ties allowed)
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public TimestampTrace {
        if (times == null) {
            throw new IllegalArgumentException("times = null; allowed: an array of epochs");
        }
        for (int k = 0; k < times.length; k++) {
            if (!(times[k] >= 0 && Double.isFinite(times[k]))) {
                throw new IllegalArgumentException("times[" + k + "] = " + times[k] + "; allowed: 0 ≤ time < ∞");
            }
            if (k > 0 && times[k] < times[k - 1]) {
                throw new IllegalArgumentException("times[" + k + "] = " + times[k] + "; allowed: sorted, ≥ times["
                        + (k - 1) + "] = " + times[k - 1]);
            }
        }
        times = times.clone();
    }

    /**
     * Reads one epoch per line (blank lines and lines starting with '#' skipped).
     *
     * @param path a text file of epochs, ≥ 0 and sorted
     * @return the trace
     * @throws java.io.UncheckedIOException if the file cannot be read
     * @throws IllegalArgumentException naming the line of an epoch that is not a number, negative or out of order
     */
    public static TimestampTrace load(Path path) {
        java.util.Objects.requireNonNull(path, "path");
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("path = " + path + "; allowed: an existing file of arrival epochs");
        }
        double[] times = new double[1024];
        int count = 0;
        int lineNumber = 0;
        try (java.io.BufferedReader in = Files.newBufferedReader(path)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNumber++;
                String value = line.strip();
                if (value.isEmpty() || value.startsWith("#")) {
                    continue;
                }
                int column = line.indexOf(value) + 1;
                double t;
                try {
                    t = Double.parseDouble(value);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(path + ":" + lineNumber + ":" + column + ": '" + value
                            + "'; expected one arrival epoch per line (a number ≥ 0, sorted; '#' starts a comment)");
                }
                if (!(t >= 0 && Double.isFinite(t)) || (count > 0 && t < times[count - 1])) {
                    throw new IllegalArgumentException(path + ":" + lineNumber + ":" + column + ": epoch " + t
                            + "; expected a finite number ≥ 0 and ≥ the previous epoch "
                            + (count > 0 ? times[count - 1] : 0.0));
                }
                if (count == times.length) {
                    long grown = Math.min((long) times.length * 2, Integer.MAX_VALUE - 8);
                    org.queuelab.guard.Memory.require("trace " + path + " (" + count + " epochs read, line "
                            + lineNumber + ")", org.queuelab.guard.Memory.doubles(grown) * 2, "a shorter trace");
                    if (grown == times.length) {
                        throw new IllegalArgumentException("trace " + path + ": more than " + count
                                + " epochs; allowed: at most " + count + " (a Java array)");
                    }
                    times = java.util.Arrays.copyOf(times, (int) grown);
                }
                times[count++] = t;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading trace " + path, e);
        }
        if (count == 0) {
            throw new IllegalArgumentException("trace " + path + (lineNumber == 0 ? " is empty" : " has " + lineNumber
                    + " lines but no epoch (only blanks and '#' comments)") + "; expected one arrival epoch per line");
        }
        return new TimestampTrace(java.util.Arrays.copyOf(times, count));
    }

    /** {@return the arrival epochs (a copy)} */
    @Override
    public double[] times() {
        return times.clone();
    }

    @Override
    public ArrivalStream stream(RandomGenerator rng) {
        return new ArrivalStream() {
            private int k;

            @Override
            public double next() {
                return k < times.length ? times[k++] : Double.POSITIVE_INFINITY;
            }
        };
    }

    @Override
    public double expectedCount(double from, double to) {
        RateSupport.interval(from, to);
        return upper(to) - lower(from);
    }

    /** Index of the first epoch ≥ t. */
    private int lower(double t) {
        int lo = 0;
        int hi = times.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Index of the first epoch &gt; t. */
    private int upper(double t) {
        int lo = 0;
        int hi = times.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    @Override
    public String label() {
        return "trace (" + times.length + " arrivals)";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TimestampTrace t && Arrays.equals(times, t.times);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(times);
    }

    @Override
    public String toString() {
        return label();
    }
}
