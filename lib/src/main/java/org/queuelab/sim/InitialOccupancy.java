package org.queuelab.sim;

import java.util.Arrays;

import org.queuelab.guard.Memory;
import org.queuelab.guard.Require;

/**
 * The starting point of an occupancy-count chain: how many of the N servers are cold (off), initializing (in
 * set-up) and warm with i jobs, i = 0, 1, …. Given either as counts (which must sum to N) or as fractions
 * (which must sum to 1 and are rounded to counts by the largest-remainder rule, deterministically).
 * Warm servers with i jobs hold i jobs each; cold and initializing servers hold none.
 */
public final class InitialOccupancy implements InitialState {

    private final boolean fractions;
    private final double cold;
    private final double initializing;
    private final double[] warm;

    private InitialOccupancy(boolean fractions, double cold, double initializing, double[] warm) {
        this.fractions = fractions;
        this.cold = cold;
        this.initializing = initializing;
        this.warm = warm;
        if (warm.length == 0) {
            throw new IllegalArgumentException("warm levels: none; allowed: at least level 0");
        }
        double sum = cold + initializing;
        for (int i = -2; i < warm.length; i++) {
            double v = i == -2 ? cold : i == -1 ? initializing : warm[i];
            String name = i == -2 ? "cold" : i == -1 ? "initializing" : "warm[" + i + "]";
            if (!(v >= 0 && Double.isFinite(v))) {
                throw new IllegalArgumentException(name + " = " + v + "; allowed: finite and ≥ 0");
            }
            if (!fractions && v != Math.rint(v)) {
                throw new IllegalArgumentException(name + " = " + v + "; allowed: a whole number of servers");
            }
            if (i >= 0) {
                sum += v;
            }
        }
        if (fractions && Math.abs(sum - 1) > 1e-9) {
            throw new IllegalArgumentException("fractions sum to " + sum + "; allowed: 1 (± 1e-9)");
        }
    }

    /**
     * {@return fractions of cold, initializing and warm servers with 0, 1, 2, … jobs; they must sum to 1}
     *
     * @param cold         the fraction of cold (off) servers, in [0, 1]
     * @param initializing the fraction of initializing servers, in [0, 1]
     * @param warmByLevel  the fractions of warm servers with 0, 1, 2, … jobs, each in [0, 1]
     */
    public static InitialOccupancy fractions(double cold, double initializing, double... warmByLevel) {
        return new InitialOccupancy(true, cold, initializing, warmByLevel.clone());
    }

    /**
     * {@return counts of cold, initializing and warm servers with 0, 1, 2, … jobs; they must sum to N}
     *
     * @param cold         the number of cold (off) servers, ≥ 0
     * @param initializing the number of initializing servers, ≥ 0
     * @param warmByLevel  the numbers of warm servers with 0, 1, 2, … jobs, each ≥ 0
     */
    public static InitialOccupancy counts(int cold, int initializing, int... warmByLevel) {
        return new InitialOccupancy(false, cold, initializing, Arrays.stream(warmByLevel).asDoubleStream().toArray());
    }

    /**
     * {@return a fraction {@code coldFraction} cold and the rest warm idle-on (Figure 1 of ALBA: 0.3)}
     *
     * @param coldFraction the fraction of cold servers, in [0, 1]
     */
    public static InitialOccupancy coldAndIdle(double coldFraction) {
        if (!(coldFraction >= 0 && coldFraction <= 1)) {
            throw new IllegalArgumentException("coldFraction = " + coldFraction + "; allowed: 0 ≤ coldFraction ≤ 1");
        }
        return fractions(coldFraction, 0, 1 - coldFraction);
    }

    /** {@return every server warm and empty (idle-on): SQ(d) from empty, TABS's ALL_IDLE_ON} */
    public static InitialOccupancy allIdle() {
        return fractions(0, 0, 1);
    }

    /** {@return every server cold (off): TABS's ALL_OFF} */
    public static InitialOccupancy allCold() {
        return fractions(1, 0, 0);
    }

    /**
     * {@return every server warm holding exactly {@code jobs} jobs}
     *
     * @param jobs jobs per server, ≥ 0
     */
    public static InitialOccupancy allWarmWith(int jobs) {
        Require.atLeast("jobs", jobs, 0);
        double[] w = new double[Memory.requireDoubles("initial occupancy with jobs = " + jobs
                + " per server (one fraction per level 0..jobs)", jobs + 1L, 1, "fewer initial jobs")];
        w[jobs] = 1;
        return new InitialOccupancy(true, 0, 0, w);
    }

    /**
     * Counts for {@code n} servers: element 0 cold, 1 initializing, 2 + i warm with i jobs.
     *
     * @param n N, the number of servers, ≥ 1
     * @return the counts of cold, initializing and warm servers by level, summing to n
     * @throws IllegalArgumentException if counts do not sum to n
     */
    public int[] resolve(int n) {
        int[] out = new int[warm.length + 2];
        if (!fractions) {
            long sum = (long) cold + (long) initializing;
            out[0] = (int) cold;
            out[1] = (int) initializing;
            for (int i = 0; i < warm.length; i++) {
                out[i + 2] = (int) warm[i];
                sum += out[i + 2];
            }
            if (sum != n) {
                throw new IllegalArgumentException("initial counts sum to " + sum + "; allowed: N = " + n);
            }
            return out;
        }
        double[] share = new double[out.length];
        share[0] = cold;
        share[1] = initializing;
        System.arraycopy(warm, 0, share, 2, warm.length);
        int assigned = 0;
        double[] remainder = new double[out.length];
        for (int k = 0; k < out.length; k++) {
            double exact = share[k] * n;
            out[k] = (int) Math.floor(exact + 1e-9);
            remainder[k] = exact - out[k];
            assigned += out[k];
        }
        while (assigned < n) {   // largest remainder first, lowest index on ties
            int best = 0;
            for (int k = 1; k < out.length; k++) {
                if (remainder[k] > remainder[best]) {
                    best = k;
                }
            }
            out[best]++;
            remainder[best] = -1;
            assigned++;
        }
        while (assigned > n) {   // only possible through the 1e-9 slack
            int k = out.length - 1;
            while (out[k] == 0) {
                k--;
            }
            out[k]--;
            assigned--;
        }
        return out;
    }

    /** {@return highest warm level given (the initial queue lengths are at most this)} */
    public int maxLevel() {
        return warm.length - 1;
    }

    @Override
    public String label() {
        return toString();
    }

    @Override
    public String toString() {
        return (fractions ? "fractions" : "counts") + "(cold=" + cold + ", initializing=" + initializing
                + ", warm=" + Arrays.toString(warm) + ")";
    }
}
