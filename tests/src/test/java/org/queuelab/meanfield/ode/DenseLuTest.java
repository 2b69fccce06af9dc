package org.queuelab.meanfield.ode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.MatrixUtils;
import org.junit.jupiter.api.Test;

class DenseLuTest {

    /** A random n × n matrix with about {@code density} of its entries non-zero, plus {@code diagonal} on the diagonal. */
    private static double[][] random(int n, double density, double diagonal, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] a = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (rng.nextDouble() < density) {
                    a[i][j] = rng.nextDouble(-1, 1);
                }
            }
            a[i][i] += diagonal;
        }
        return a;
    }

    private static double[] solveWithHipparchus(double[][] a, double[] b) {
        return new LUDecomposition(MatrixUtils.createRealMatrix(a)).getSolver()
                .solve(MatrixUtils.createRealVector(b)).toArray();
    }

    private static double[] solve(double[][] a, double[] b) {
        DenseLu lu = new DenseLu(a.length);
        for (int i = 0; i < a.length; i++) {
            System.arraycopy(a[i], 0, lu.matrix()[i], 0, a.length);
        }
        assertTrue(lu.factor());
        double[] x = new double[a.length];
        lu.solve(b, x);
        return x;
    }

    @Test
    void solvesLikeHipparchusOnDenseAndSparseMatrices() {
        for (double density : new double[] {1.0, 0.05}) {
            for (int n : new int[] {1, 7, 203}) {
                double[][] a = random(n, density, 1.0, 11 * n);
                double[] b = new SplittableRandom(n).doubles(n, -1, 1).toArray();
                double[] expected = solveWithHipparchus(a, b);
                double[] x = solve(a, b);
                double scale = 0;
                for (double v : expected) {
                    scale = Math.max(scale, Math.abs(v));
                }
                assertArrayEquals(expected, x, 1e-11 * Math.max(1, scale), "n = " + n + ", density " + density);
                // and the residual is round-off
                for (int i = 0; i < n; i++) {
                    double r = -b[i];
                    for (int j = 0; j < n; j++) {
                        r += a[i][j] * x[j];
                    }
                    assertTrue(Math.abs(r) < 1e-11 * Math.max(1, scale), "residual " + r);
                }
            }
        }
    }

    @Test
    void pivotsAroundAZeroDiagonal() {
        double[][] a = {{0, 1, 0}, {1, 0, 0}, {0, 0, 2}};   // a permutation times a diagonal: needs the row swaps
        assertArrayEquals(new double[] {2, 1, 1.5}, solve(a, new double[] {1, 2, 3}), 0);
    }

    @Test
    void aSingularMatrixIsReportedAndNotSolved() {
        DenseLu lu = new DenseLu(2);
        lu.matrix()[0] = new double[] {1, 2};
        lu.matrix()[1] = new double[] {2, 4};
        assertFalse(lu.factor());
        assertThrows(IllegalStateException.class, () -> lu.solve(new double[] {1, 1}, new double[2]));
    }
}
