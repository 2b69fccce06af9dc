package org.queuelab.population;

import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.MatrixUtils;
import org.hipparchus.linear.RealMatrix;

/**
 * Solves the continuous Lyapunov equation A W + W Aᵀ + Q = 0 for a Hurwitz matrix A (every eigenvalue with
 * negative real part) by the matrix-sign-function iteration with determinant scaling (Roberts 1980; Benner and
 * Quintana-Ortí 1999): A_{k+1} = (A_k/c_k + c_k A_k⁻¹)/2, Q_{k+1} = (Q_k/c_k + c_k A_k⁻¹ Q_k A_k⁻ᵀ)/2 with
 * c_k = |det A_k|^{1/m}; A_k → −I quadratically and W = Q_∞/2. Each step costs one LU inverse and two products,
 * O(m³): a dimension-100 system takes milliseconds, where the vectorised (Kronecker) linear system of size m²
 * would take O(m⁶).
 * See {@code docs/population.md} §3, §5.
 */
public final class LyapunovSolver {

    private LyapunovSolver() {
    }

    /**
     * W with A W + W Aᵀ + Q = 0.
     *
     * @param a A, m × m, Hurwitz (every eigenvalue with a negative real part)
     * @param q Q, m × m (symmetric for the covariance equations)
     * @return W, m × m
     * @throws IllegalArgumentException if the shapes differ
     * @throws IllegalStateException    if A is singular or the iteration does not converge in 100 steps
     *                                  (A not Hurwitz)
     */
    public static RealMatrix solve(RealMatrix a, RealMatrix q) {
        int m = a.getRowDimension();
        if (a.getColumnDimension() != m || q.getRowDimension() != m || q.getColumnDimension() != m) {
            throw new IllegalArgumentException("A is " + a.getRowDimension() + "×" + a.getColumnDimension()
                    + ", Q is " + q.getRowDimension() + "×" + q.getColumnDimension() + "; allowed: both m×m");
        }
        RealMatrix ak = a.copy();
        RealMatrix qk = q.copy();
        RealMatrix minusIdentity = MatrixUtils.createRealIdentityMatrix(m).scalarMultiply(-1);
        for (int step = 0; step < 100; step++) {
            LUDecomposition lu = new LUDecomposition(ak, 0);
            if (!lu.getSolver().isNonSingular()) {
                throw new IllegalStateException("Lyapunov: singular matrix at sign-iteration step " + step
                        + " (A has an eigenvalue on the imaginary axis)");
            }
            RealMatrix inverse = lu.getSolver().getInverse();
            double logDet = 0;
            RealMatrix u = lu.getU();
            for (int i = 0; i < m; i++) {
                logDet += Math.log(Math.abs(u.getEntry(i, i)));
            }
            double c = Math.exp(logDet / m);
            RealMatrix next = ak.scalarMultiply(0.5 / c).add(inverse.scalarMultiply(0.5 * c));
            qk = qk.scalarMultiply(0.5 / c).add(inverse.multiply(qk).multiplyTransposed(inverse).scalarMultiply(0.5 * c));
            double change = next.subtract(ak).getNorm1();
            ak = next;
            if (change <= 1e-13 * Math.max(1, ak.getNorm1())) {
                double offSign = ak.subtract(minusIdentity).getNorm1();
                if (offSign > 1e-6) {
                    throw new IllegalStateException("Lyapunov: sign iteration converged to a matrix ≠ −I (‖S + I‖₁ = "
                            + offSign + "): A is not Hurwitz");
                }
                RealMatrix w = qk.scalarMultiply(0.5);
                return w.add(w.transpose()).scalarMultiply(0.5);
            }
        }
        throw new IllegalStateException("Lyapunov: sign iteration did not converge in 100 steps (A not Hurwitz?)");
    }
}
