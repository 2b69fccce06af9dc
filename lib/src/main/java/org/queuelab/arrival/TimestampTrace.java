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

    /** Reads one epoch per line (blank lines and lines starting with '#' skipped). */
    public static TimestampTrace load(Path path) {
        try {
            return new TimestampTrace(Files.readAllLines(path).stream().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).mapToDouble(Double::parseDouble).toArray());
        } catch (IOException e) {
            throw new UncheckedIOException("reading trace " + path, e);
        }
    }

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
