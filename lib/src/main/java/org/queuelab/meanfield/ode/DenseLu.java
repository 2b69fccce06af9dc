package org.queuelab.meanfield.ode;

/**
 * LU factorization with partial pivoting of the n × n iteration matrix W = I − γhJ of {@link RosenbrockW}, in
 * place on row arrays, for the four solves of one step. Why not Hipparchus' {@code LUDecomposition}: it factors by
 * Crout's column-oriented scheme, whose inner loop walks down a column (one row array per term), and it is handed
 * a copy of the matrix; here the elimination updates whole rows (a contiguous loop the JIT vectorizes) and skips a
 * row whose multiplier is zero — the fluid Jacobians are mostly zero (neighbouring levels, a few pool and aggregate
 * columns). ALBA's JBT-1, Blind-0.04 fluid from the Figure 1 state to t = 3000 (dimension 203, 292 Jacobians, the
 * rest explicit) took 4.5 s with Hipparchus' factorization, 60% of it in the factorization, and takes 0.7 s with
 * this one (2026-12-03); solutions agree with Hipparchus' to round-off ({@code DenseLuTest}).
 */
final class DenseLu {

    private final int n;
    private final double[][] lu;
    private final int[] pivot;
    private boolean singular;

    /** A factorization workspace for n × n matrices. */
    DenseLu(int n) {
        this.n = n;
        this.lu = new double[n][n];
        this.pivot = new int[n];
    }

    /** The rows of the matrix to factor: fill them, then call {@link #factor()}. */
    double[][] matrix() {
        return lu;
    }

    /** Factors the matrix in place; returns false when a pivot is exactly zero (singular to working precision). */
    boolean factor() {
        singular = false;
        for (int i = 0; i < n; i++) {
            pivot[i] = i;
        }
        for (int k = 0; k < n; k++) {
            int best = k;
            double largest = Math.abs(lu[k][k]);
            for (int i = k + 1; i < n; i++) {
                double v = Math.abs(lu[i][k]);
                if (v > largest) {
                    largest = v;
                    best = i;
                }
            }
            if (largest == 0) {
                singular = true;
                return false;
            }
            if (best != k) {
                double[] row = lu[best];
                lu[best] = lu[k];
                lu[k] = row;
                int p = pivot[best];
                pivot[best] = pivot[k];
                pivot[k] = p;
            }
            double[] pivotRow = lu[k];
            double inverse = 1.0 / pivotRow[k];
            for (int i = k + 1; i < n; i++) {
                double[] row = lu[i];
                double m = row[k];
                if (m == 0) {
                    continue;
                }
                m *= inverse;
                row[k] = m;
                for (int j = k + 1; j < n; j++) {
                    row[j] -= m * pivotRow[j];
                }
            }
        }
        return true;
    }

    /** Solves W·out = b with the last factorization ({@code out} may be {@code b}'s copy, not b itself). */
    void solve(double[] b, double[] out) {
        if (singular) {
            throw new IllegalStateException("the iteration matrix is singular");
        }
        for (int i = 0; i < n; i++) {
            double[] row = lu[i];
            double s = b[pivot[i]];
            for (int j = 0; j < i; j++) {
                s -= row[j] * out[j];
            }
            out[i] = s;
        }
        for (int i = n - 1; i >= 0; i--) {
            double[] row = lu[i];
            double s = out[i];
            for (int j = i + 1; j < n; j++) {
                s -= row[j] * out[j];
            }
            out[i] = s / row[i];
        }
    }
}
