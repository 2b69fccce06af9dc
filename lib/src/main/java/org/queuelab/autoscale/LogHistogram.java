package org.queuelab.autoscale;

/**
 * Response-time percentiles in fixed memory: bins of constant relative width 0.1% from 10⁻⁶ to 10⁷ (plus an
 * underflow and an overflow bin); a quantile is reported at its bin's geometric midpoint, so its relative error is
 * at most 0.05% (inside the range). Storing every response time of a day at N = 1000 would take gigabytes.
 */
final class LogHistogram {

    private static final double MIN = 1e-6;
    private static final double MAX = 1e7;
    private static final double GROWTH = 1.001;
    private static final double LOG_GROWTH = Math.log(GROWTH);
    private static final int BINS = (int) Math.ceil(Math.log(MAX / MIN) / LOG_GROWTH) + 2;

    private final long[] counts = new long[BINS];
    private long total;

    void add(double x) {
        int bin;
        if (x < MIN) {
            bin = 0;
        } else if (x >= MAX) {
            bin = BINS - 1;
        } else {
            bin = 1 + (int) (Math.log(x / MIN) / LOG_GROWTH);
        }
        counts[Math.min(bin, BINS - 2 + (x >= MAX ? 1 : 0))]++;
        total++;
    }

    long total() {
        return total;
    }

    /** The q-quantile (0 &lt; q &lt; 1) of the recorded values, NaN when none. */
    double quantile(double q) {
        if (total == 0) {
            return Double.NaN;
        }
        long rank = (long) Math.ceil(q * total);
        long seen = 0;
        for (int b = 0; b < BINS; b++) {
            seen += counts[b];
            if (seen >= Math.max(1, rank)) {
                if (b == 0) {
                    return MIN;
                }
                if (b == BINS - 1) {
                    return MAX;
                }
                return MIN * Math.pow(GROWTH, b - 1 + 0.5);
            }
        }
        return MAX;
    }
}
