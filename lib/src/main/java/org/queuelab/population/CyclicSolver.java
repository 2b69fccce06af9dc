package org.queuelab.population;

import org.hipparchus.complex.Complex;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.ComplexEigenDecomposition;
import org.hipparchus.linear.FieldLUDecomposition;
import org.hipparchus.linear.FieldMatrix;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.RealMatrix;

/**
 * Solves the third-moment equation of the order-2 expansion, Σ_cyc A C + S = 0, i.e. (A ⊕ A ⊕ A) vec C = −vec S
 * (docs/population.md §4). With A = P Λ P⁻¹ the operator is diagonal in the eigenbasis: C̃_abc = −S̃_abc/(λ_a +
 * λ_b + λ_c), three mode products each way, O(m⁴) instead of the O(m⁹) of the vectorised system. The solution is
 * checked by its residual; a Jacobian whose eigenvectors are too ill-conditioned for that falls back to the
 * vectorised system when it is small (m³ ≤ 1728), and is refused otherwise.
 */
final class CyclicSolver {

    private static final int DIRECT_LIMIT = 12;

    private CyclicSolver() {
    }

    static double[][][] solve(ExpansionTerms terms, double[][][] s) {
        int m = terms.m;
        double scale = 1;
        for (double[][] plane : s) {
            for (double[] row : plane) {
                for (double value : row) {
                    scale = Math.max(scale, Math.abs(value));
                }
            }
        }
        double[][][] c = null;
        try {
            c = byEigenvectors(terms.a, s);
        } catch (RuntimeException e) {
            // a defective or nearly defective Jacobian: decided below by the residual / the direct solve
        }
        if (c != null && residual(terms, c, s) <= 1e-9 * scale) {
            return c;
        }
        if (m <= DIRECT_LIMIT) {
            return direct(terms.a, s);
        }
        throw new IllegalStateException("order-2 expansion: the third-moment equation could not be solved to"
                + " working precision (Jacobian of dimension " + m + " with ill-conditioned eigenvectors)");
    }

    private static double residual(ExpansionTerms terms, double[][][] c, double[][][] s) {
        double[][][] lc = terms.cyclic(c);
        double worst = 0;
        for (int i = 0; i < lc.length; i++) {
            for (int j = 0; j < lc.length; j++) {
                for (int k = 0; k < lc.length; k++) {
                    worst = Math.max(worst, Math.abs(lc[i][j][k] + s[i][j][k]));
                }
            }
        }
        return worst;
    }

    private static double[][][] byEigenvectors(double[][] a, double[][][] s) {
        int m = a.length;
        ComplexEigenDecomposition eig = new ComplexEigenDecomposition(new Array2DRowRealMatrix(a, false));
        Complex[] lambda = eig.getEigenvalues();
        FieldMatrix<Complex> p = eig.getV();
        FieldMatrix<Complex> inverse = new FieldLUDecomposition<>(p).getSolver().getInverse();
        double[] re = new double[m * m * m];
        double[] im = new double[m * m * m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                System.arraycopy(s[i][j], 0, re, (i * m + j) * m, m);
            }
        }
        double[][] tensor = {re, im};
        for (int mode = 0; mode < 3; mode++) {
            tensor = rotate(firstMode(inverse, tensor, m), m);
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < m; k++) {
                    int idx = (i * m + j) * m + k;
                    Complex q = new Complex(tensor[0][idx], tensor[1][idx])
                            .divide(lambda[i].add(lambda[j]).add(lambda[k])).negate();
                    tensor[0][idx] = q.getReal();
                    tensor[1][idx] = q.getImaginary();
                }
            }
        }
        for (int mode = 0; mode < 3; mode++) {
            tensor = rotate(firstMode(p, tensor, m), m);
        }
        double[][][] c = new double[m][m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                System.arraycopy(tensor[0], (i * m + j) * m, c[i][j], 0, m);
            }
        }
        return c;
    }

    /** out[i, jk] = Σ_a M[i][a] T[a, jk] on complex tensors stored as {re, im}. */
    private static double[][] firstMode(FieldMatrix<Complex> matrix, double[][] t, int m) {
        int plane = m * m;
        double[] re = new double[m * plane];
        double[] im = new double[m * plane];
        for (int i = 0; i < m; i++) {
            for (int a = 0; a < m; a++) {
                Complex e = matrix.getEntry(i, a);
                double er = e.getReal();
                double ei = e.getImaginary();
                if (er == 0 && ei == 0) {
                    continue;
                }
                for (int jk = 0; jk < plane; jk++) {
                    double tr = t[0][a * plane + jk];
                    double ti = t[1][a * plane + jk];
                    re[i * plane + jk] += er * tr - ei * ti;
                    im[i * plane + jk] += er * ti + ei * tr;
                }
            }
        }
        return new double[][] {re, im};
    }

    /** out[j, k, i] = T[i, j, k]: after three rotations every mode has been first once. */
    private static double[][] rotate(double[][] t, int m) {
        double[] re = new double[t[0].length];
        double[] im = new double[t[1].length];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < m; k++) {
                    int from = (i * m + j) * m + k;
                    int to = (j * m + k) * m + i;
                    re[to] = t[0][from];
                    im[to] = t[1][from];
                }
            }
        }
        return new double[][] {re, im};
    }

    /** The vectorised system (A ⊕ A ⊕ A) vec C = −vec S by LU, for small m. */
    private static double[][][] direct(double[][] a, double[][][] s) {
        int m = a.length;
        int size = m * m * m;
        RealMatrix k = new Array2DRowRealMatrix(size, size);
        double[] rhs = new double[size];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int l = 0; l < m; l++) {
                    int row = (i * m + j) * m + l;
                    rhs[row] = -s[i][j][l];
                    for (int p = 0; p < m; p++) {
                        k.addToEntry(row, (p * m + j) * m + l, a[i][p]);
                        k.addToEntry(row, (i * m + p) * m + l, a[j][p]);
                        k.addToEntry(row, (i * m + j) * m + p, a[l][p]);
                    }
                }
            }
        }
        double[] vec = new LUDecomposition(k).getSolver().solve(new ArrayRealVector(rhs, false)).toArray();
        double[][][] c = new double[m][m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                System.arraycopy(vec, (i * m + j) * m, c[i][j], 0, m);
            }
        }
        return c;
    }
}
