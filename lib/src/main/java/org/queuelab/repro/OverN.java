package org.queuelab.repro;

import java.util.List;

import org.queuelab.result.Estimate;

/**
 * How a replicated quantity changes with the system size N: the least-squares slope of log(value) against log N
 * (−1/2 for a 1/√N rate, −1 for 1/N), and whether it shrinks significantly at every step of N.
 */
public final class OverN {

    private OverN() {
    }

    /**
     * {@return the least-squares slope of log value_i against log N_i (−1/2 for a 1/√N rate); NaN if a value is not
     * positive}
     *
     * @param ns     system sizes N_i, positive and not all equal
     * @param values the quantity at each size, as many as {@code ns}
     * @throws IllegalArgumentException if the arrays' lengths differ or hold fewer than 2 points
     */
    public static double slope(int[] ns, double[] values) {
        if (ns.length != values.length || ns.length < 2) {
            throw new IllegalArgumentException(ns.length + " sizes and " + values.length
                    + " values; allowed: the same number, at least 2");
        }
        int m = ns.length;
        double[] x = new double[m];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            if (!(values[i] > 0)) {
                return Double.NaN;
            }
            x[i] = Math.log(ns[i]);
            y[i] = Math.log(values[i]);
        }
        double mx = java.util.Arrays.stream(x).average().orElseThrow();
        double my = java.util.Arrays.stream(y).average().orElseThrow();
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < m; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        return sxy / sxx;
    }

    /**
     * {@return whether each estimate's 95% interval lies wholly below the previous one's (true for fewer than two
     * estimates)}
     *
     * @param inOrderOfN replicated estimates in increasing N
     */
    public static boolean shrinksSignificantly(List<Estimate> inOrderOfN) {
        for (int i = 1; i < inOrderOfN.size(); i++) {
            if (!(inOrderOfN.get(i).upper() < inOrderOfN.get(i - 1).lower())) {
                return false;
            }
        }
        return true;
    }
}
