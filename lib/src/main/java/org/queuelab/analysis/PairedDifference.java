package org.queuelab.analysis;

import java.util.Objects;

import org.queuelab.result.Estimate;

/**
 * The paired difference of two replicated estimates whose replications share their random streams (common random
 * numbers): the mean of a_i − b_i with its 95% Student-t interval, far narrower than the difference of two
 * independent intervals when the runs are positively correlated.
 */
public final class PairedDifference {

    private PairedDifference() {
    }

    /**
     * The estimate of E[a − b] from the paired values a_i, b_i (replication i of both).
     *
     * @param a replication values of the first configuration, not null
     * @param b replication values of the second, run with the same random streams, as many as {@code a}
     * @return the mean of a_i − b_i with its 95% Student-t half-width (NaN for a single pair)
     * @throws IllegalArgumentException if the arrays differ in length or are empty
     */
    public static Estimate of(double[] a, double[] b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (a.length != b.length) {
            throw new IllegalArgumentException("a has " + a.length + " values, b has " + b.length
                    + "; allowed: the same number of paired replications");
        }
        double[] d = new double[a.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = a[i] - b[i];
        }
        return Estimate.of(d);
    }
}
