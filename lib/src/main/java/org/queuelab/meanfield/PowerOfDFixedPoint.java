package org.queuelab.meanfield;

import org.queuelab.guard.Memory;
import org.queuelab.guard.Require;
import org.queuelab.guard.Series;
import org.queuelab.guard.Sizes;

/**
 * Fixed point of the classical Power-of-d (SQ(d)) mean-field model with exponential service of mean 1.
 *
 * <p>The fraction of servers holding at least i jobs is y_i = λ^((d^i − 1)/(d − 1)) (and λ^i for d = 1,
 * the M/M/1 queue-length tail), for arrival rate λ per server, 0 &lt; λ &lt; 1.
 */
public final class PowerOfDFixedPoint {

    private PowerOfDFixedPoint() {
    }

    /**
     * {@return y_i, the fraction of servers with at least {@code i} jobs}
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param d      d, ≥ 1
     * @param i      a number of jobs, ≥ 0
     */
    public static double tail(double lambda, int d, int i) {
        check(lambda, d);
        Require.atLeast("i", i, 0);
        double exponent = d == 1 ? i : (Math.pow(d, i) - 1.0) / (d - 1.0);
        return Math.pow(lambda, exponent);
    }

    /**
     * The fixed point truncated at {@code maxLevel}: tails y_0..y_maxLevel, the last level holding the mass at or
     * above it.
     *
     * @param lambda   arrival rate per server, 0 &lt; λ &lt; 1
     * @param d        servers sampled per job, d ≥ 1
     * @param maxLevel the truncation level K ≥ 0
     * @return the typed fixed point ({@link FixedPoint.Occupancy#tails()} gives y_0..y_K)
     */
    public static FixedPoint.Occupancy of(double lambda, int d, int maxLevel) {
        check(lambda, d);
        Require.atLeast("maxLevel", maxLevel, 0);
        int length = Sizes.arrayLength("tails y_0..y_maxLevel with maxLevel = " + maxLevel, maxLevel, 1L);
        Memory.require("tails y_0..y_" + maxLevel, Memory.doubles(length), "a smaller maxLevel");
        double[] y = new double[length];
        for (int i = 0; i <= maxLevel; i++) {
            y[i] = tail(lambda, d, i);
        }
        return FixedPoint.Occupancy.fromTails(y);
    }

    /**
     * Mean number of jobs per server, Σ_{i≥1} y_i: λ/(1 − λ) for d = 1; for d ≥ 2 the terms' ratios λ^{d^i}
     * decrease, so the sum stops when the geometric bound on the rest is below 10⁻¹⁵ of the sum.
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param d      d, ≥ 1
     * @return Σ_{i≥1} y_i, jobs per server
     */
    public static double meanQueueLength(double lambda, int d) {
        check(lambda, d);
        if (d == 1) {
            return lambda / (1 - lambda);
        }
        return Series.logConcave("mean queue length of Power-of-" + d + " at lambda = " + lambda,
                i -> tail(lambda, d, (int) i), 1, 1e-15, 10_000).value();
    }

    private static void check(double lambda, int d) {
        Require.openUnit("lambda", lambda);
        Require.atLeast("d", d, 1);
    }
}
