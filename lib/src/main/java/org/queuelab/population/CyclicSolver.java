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
 * (docs/population.md §6). With A = P Λ P⁻¹ the operator is diagonal in the eigenbasis: C̃_abc = −S̃_abc/(λ_a +
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
        double scale = Math.max(1, max(s));
        Eigenbasis basis;
        try {
            basis = new Eigenbasis(terms.a);
        } catch (RuntimeException e) {
            basis = null; // a defective Jacobian: the direct solve below, when small enough
        }
        if (basis != null) {
            // iterative refinement: the eigenbasis solve is accurate to (rounding × its condition number)
            double[][][] c = basis.solve(s);
            for (int step = 0; step < 40; step++) {
                double[][][] r = residualTensor(terms, c, s);
                double worst = max(r);
                if (worst <= 1e-11 * scale) {
                    return c;
                }
                double[][][] correction = basis.solve(r);
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < m; j++) {
                        for (int k = 0; k < m; k++) {
                            c[i][j][k] += correction[i][j][k];
                        }
                    }
                }
            }
        }
        if (m <= DIRECT_LIMIT) {
            return direct(terms.a, s);
        }
        double[][][] c = normalEquations(terms.a, s, scale);
        if (c != null) {
            return c;
        }
        throw new IllegalStateException("order-2 expansion: the third-moment equation could not be solved to"
                + " working precision (Jacobian of dimension " + m + " with ill-conditioned eigenvectors)");
    }

    private static double[][][] residualTensor(ExpansionTerms terms, double[][][] c, double[][][] s) {
        double[][][] lc = terms.cyclic(c);
        int m = lc.length;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < m; k++) {
                    lc[i][j][k] += s[i][j][k];
                }
            }
        }
        return lc;
    }

    private static double max(double[][][] t) {
        double worst = 0;
        for (double[][] plane : t) {
            for (double[] row : plane) {
                for (double v : row) {
                    worst = Math.max(worst, Math.abs(v));
                }
            }
        }
        return worst;
    }

    /** A = P Λ P⁻¹, and the solve of Σ_cyc A C + S = 0 in that basis. */
    private static final class Eigenbasis {
        private final Complex[] lambda;
        private final FieldMatrix<Complex> p;
        private final FieldMatrix<Complex> inverse;

        Eigenbasis(double[][] a) {
            ComplexEigenDecomposition eig = new ComplexEigenDecomposition(new Array2DRowRealMatrix(a, false));
            lambda = eig.getEigenvalues();
            p = eig.getV();
            inverse = new FieldLUDecomposition<>(p).getSolver().getInverse();
        }

        double[][][] solve(double[][][] s) {
            return byEigenvectors(lambda, p, inverse, s);
        }
    }

    private static double[][][] byEigenvectors(Complex[] lambda, FieldMatrix<Complex> p, FieldMatrix<Complex> inverse,
                                               double[][][] s) {
        int m = lambda.length;
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

    /**
     * Conjugate gradients on the normal equations LᵀL c = −Lᵀ s (L = A ⊕ A ⊕ A, Lᵀ = Aᵀ ⊕ Aᵀ ⊕ Aᵀ): needs only
     * products by A, so it works where A's eigenvectors are too ill-conditioned; null if it does not converge.
     */
    private static double[][][] normalEquations(double[][] a, double[][][] s, double scale) {
        int m = a.length;
        double[][] at = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                at[i][j] = a[j][i];
            }
        }
        double[] x = new double[m * m * m];
        double[] r = new double[x.length];
        double[] flat = flatten(s);
        for (int i = 0; i < r.length; i++) {
            r[i] = -flat[i];
        }
        double[] z = apply(at, r, m);
        double[] p = z.clone();
        double zz = dot(z, z);
        for (int step = 0; step < 50_000; step++) {
            if (Math.sqrt(dot(r, r)) <= 1e-11 * scale) {
                double[][][] out = new double[m][m][m];
                for (int i = 0; i < m; i++) {
                    for (int j = 0; j < m; j++) {
                        System.arraycopy(x, (i * m + j) * m, out[i][j], 0, m);
                    }
                }
                return out;
            }
            double[] w = apply(a, p, m);
            double alpha = zz / dot(w, w);
            for (int i = 0; i < x.length; i++) {
                x[i] += alpha * p[i];
                r[i] -= alpha * w[i];
            }
            z = apply(at, r, m);
            double next = dot(z, z);
            double beta = next / zz;
            zz = next;
            for (int i = 0; i < p.length; i++) {
                p[i] = z[i] + beta * p[i];
            }
        }
        return null;
    }

    /** (M ⊕ M ⊕ M) t on a flat m³ tensor: M applied along each of the three modes. */
    private static double[] apply(double[][] mat, double[] t, int m) {
        double[] out = new double[t.length];
        for (int i = 0; i < m; i++) {
            for (int p = 0; p < m; p++) {
                double e = mat[i][p];
                if (e == 0) {
                    continue;
                }
                for (int u = 0; u < m; u++) {
                    for (int v = 0; v < m; v++) {
                        out[(i * m + u) * m + v] += e * t[(p * m + u) * m + v];
                        out[(u * m + i) * m + v] += e * t[(u * m + p) * m + v];
                        out[(u * m + v) * m + i] += e * t[(u * m + v) * m + p];
                    }
                }
            }
        }
        return out;
    }

    private static double[] flatten(double[][][] s) {
        int m = s.length;
        double[] out = new double[m * m * m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                System.arraycopy(s[i][j], 0, out, (i * m + j) * m, m);
            }
        }
        return out;
    }

    private static double dot(double[] u, double[] v) {
        double sum = 0;
        for (int i = 0; i < u.length; i++) {
            sum += u[i] * v[i];
        }
        return sum;
    }
}
