package org.queuelab.meanfield;

/**
 * Fixed point of the classical Power-of-d (SQ(d)) mean-field model with exponential service of mean 1.
 *
 * <p>The fraction of servers holding at least i jobs is y_i = λ^((d^i − 1)/(d − 1)) (and λ^i for d = 1,
 * the M/M/1 queue-length tail), for arrival rate λ per server, 0 &lt; λ &lt; 1.
 */
public final class PowerOfDFixedPoint {

    private PowerOfDFixedPoint() {
    }

    /** y_i, the fraction of servers with at least {@code i} jobs. */
    public static double tail(double lambda, int d, int i) {
        check(lambda, d);
        if (i < 0) {
            throw new IllegalArgumentException("i = " + i + "; allowed: i ≥ 0");
        }
        double exponent = d == 1 ? i : (Math.pow(d, i) - 1.0) / (d - 1.0);
        return Math.pow(lambda, exponent);
    }

    /** y_0..y_maxLevel. */
    public static double[] tails(double lambda, int d, int maxLevel) {
        check(lambda, d);
        if (maxLevel < 0) {
            throw new IllegalArgumentException("maxLevel = " + maxLevel + "; allowed: maxLevel ≥ 0");
        }
        double[] y = new double[maxLevel + 1];
        for (int i = 0; i <= maxLevel; i++) {
            y[i] = tail(lambda, d, i);
        }
        return y;
    }

    /** Mean number of jobs per server, Σ_{i≥1} y_i (summed until the terms vanish). */
    public static double meanQueueLength(double lambda, int d) {
        check(lambda, d);
        double sum = 0;
        for (int i = 1; i < 100_000; i++) {
            double t = tail(lambda, d, i);
            sum += t;
            if (t < 1e-17 * sum) {
                break;
            }
        }
        return sum;
    }

    private static void check(double lambda, int d) {
        if (!(lambda > 0 && lambda < 1)) {
            throw new IllegalArgumentException("lambda = " + lambda + "; allowed: 0 < lambda < 1");
        }
        if (d < 1) {
            throw new IllegalArgumentException("d = " + d + "; allowed: d ≥ 1");
        }
    }
}
