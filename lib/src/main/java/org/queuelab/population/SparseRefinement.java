package org.queuelab.population;

import java.util.Arrays;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.RealMatrix;

/**
 * The order-1 terms W and V of the refined mean field ({@link RefinedMeanField}, docs/population.md §3 and
 * "Scale") at a fixed point π, computed through the zero structure of A = DF(π) and Q = Q(π):
 * <ul>
 *   <li>W = ∫₀^∞ e^{At} Q e^{Aᵀt} dt is supported on S × S, where S is the smallest A-invariant coordinate set
 *       holding the support of Q ({@link BlockTriangular#invariantClosure}), so A W + W Aᵀ + Q = 0 is solved
 *       with A and Q restricted to S — exactly, not as an approximation: rates that vanish at π (a queue's
 *       tail levels that underflow) put nothing into Q and nothing flows back from them;</li>
 *   <li>A V = −½ D²F:W is solved block by block ({@link BlockTriangular#solve});</li>
 *   <li>the conserved coordinate dropped from each group is the one that keeps A sparse
 *       ({@link Reduction#sparsest}).</li>
 * </ul>
 * Where A has no zero structure (S is everything, one block), every step is the dense one. A guard checks the
 * residuals of both equations on the whole reduced system and falls back to the dense path if they are not at
 * rounding level. For SQ(2), λ = 0.9 at dimension 1000, S has about a dozen coordinates.
 */
final class SparseRefinement {

    /** Relative residual of the Lyapunov and V equations above which the structured result is not used. */
    static final double RESIDUAL_GUARD = 1e-8;

    /**
     * W, V and the half-contraction at π.
     *
     * @param v           V (n)
     * @param w           W in the full coordinates (n × n)
     * @param contraction ½ D²F:W followed by ½ D²φ:W per observable ({@link RefinedMeanField#halfContraction})
     * @param support     |S|, the coordinates W lives on (m when the structure did not help)
     * @param structured  whether the structured path was used (false: dense, by request or after the guard)
     */
    record Order1(double[] v, double[][] w, double[] contraction, int support, boolean structured) {
    }

    private SparseRefinement() {
    }

    /** Structured where A and Q have zeros, dense otherwise. */
    static Order1 order1(PopulationModel model, double[] pi) {
        return order1(model, pi, RESIDUAL_GUARD);
    }

    /** Structured if its relative residuals are at most {@code guard}, else dense. */
    static Order1 order1(PopulationModel model, double[] pi, double guard) {
        Order1 structured = order1(model, pi, true, guard);
        return structured != null ? structured : order1(model, pi, false, guard);
    }

    /**
     * The terms by one path: {@code structured} uses S and the block solve, otherwise the whole reduced system
     * with a dense Lyapunov solve and LU (the reference the structured path is tested against). Null if the
     * structured path's relative residuals exceed {@code guard}.
     */
    static Order1 order1(PopulationModel model, double[] pi, boolean structured, double guard) {
        int n = model.dimension();
        double[][] jacobian = model.jacobian(pi);
        Reduction reduction = Reduction.sparsest(model, jacobian);
        int m = reduction.m;
        double[][] a = reduction.reduceToArray(jacobian);
        double[][] q = reduction.restrictToArray(model.diffusion(pi));
        BlockTriangular blocks = new BlockTriangular(a);
        int[] support = structured ? blocks.invariantClosure(supportOf(q)) : java.util.stream.IntStream.range(0, m)
                .toArray();
        double[][] w = new double[m][m];
        if (support.length > 0) {
            RealMatrix ws = LyapunovSolver.solve(blocks.sub(support), BlockTriangular.restricted(q, support));
            for (int r = 0; r < support.length; r++) {
                for (int c = 0; c < support.length; c++) {
                    w[support[r]][support[c]] = ws.getEntry(r, c);
                }
            }
        }
        if (structured && lyapunovResidual(a, w, q, support) > guard) {
            return null;
        }
        double[][] wFull = reduction.expandSymmetric(w);
        double[] contraction = RefinedMeanField.halfContraction(model, pi, wFull);
        double[] rhs = reduction.keep(Arrays.copyOf(contraction, n));
        for (int i = 0; i < m; i++) {
            rhs[i] = -rhs[i];
        }
        double[] vReduced = structured ? blocks.solve(rhs)
                : new LUDecomposition(new Array2DRowRealMatrix(a, false)).getSolver()
                        .solve(new ArrayRealVector(rhs, false)).toArray();
        if (structured && linearResidual(a, vReduced, rhs) > guard) {
            return null;
        }
        return new Order1(reduction.expand(vReduced), wFull, contraction, support.length, structured);
    }

    private static boolean[] supportOf(double[][] q) {
        boolean[] s = new boolean[q.length];
        for (int i = 0; i < q.length; i++) {
            for (double e : q[i]) {
                s[i] |= e != 0;
            }
        }
        return s;
    }

    /**
     * max |A W + W Aᵀ + Q| / max(max |Q|, ‖A‖·max |W|) over the whole reduced system, with W supported on S:
     * (A W)_ij needs only k ∈ S and vanishes for j ∉ S, so only the m × |S| block of A W is formed, in O(m |S|²).
     */
    private static double lyapunovResidual(double[][] a, double[][] w, double[][] q, int[] support) {
        int m = a.length;
        double[][] aw = new double[m][support.length];
        boolean[] inSupport = new boolean[m];
        int[] position = new int[m];
        for (int c = 0; c < support.length; c++) {
            inSupport[support[c]] = true;
            position[support[c]] = c;
        }
        double scale = 0;
        double wMax = 0;
        for (int i = 0; i < m; i++) {
            for (int k : support) {
                double aik = a[i][k];
                if (aik != 0) {
                    for (int c = 0; c < support.length; c++) {
                        aw[i][c] += aik * w[k][support[c]];
                    }
                }
                scale = Math.max(scale, Math.abs(aik));
            }
        }
        for (int k : support) {
            for (int j : support) {
                wMax = Math.max(wMax, Math.abs(w[k][j]));
            }
        }
        double qMax = 0;
        double residual = 0;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                double awij = inSupport[j] ? aw[i][position[j]] : 0;
                double awji = inSupport[i] ? aw[j][position[i]] : 0;   // (W Aᵀ)_ij = (A W)_ji, W symmetric
                qMax = Math.max(qMax, Math.abs(q[i][j]));
                residual = Math.max(residual, Math.abs(awij + awji + q[i][j]));
            }
        }
        double denominator = Math.max(qMax, scale * wMax);
        return denominator == 0 ? 0 : residual / denominator;
    }

    /** max |A x − b| / (max |A|·max |x| + max |b|). */
    private static double linearResidual(double[][] a, double[] x, double[] b) {
        double residual = 0;
        double aMax = 0;
        double xMax = 0;
        double bMax = 0;
        for (int i = 0; i < a.length; i++) {
            double s = -b[i];
            for (int j = 0; j < a.length; j++) {
                s += a[i][j] * x[j];
                aMax = Math.max(aMax, Math.abs(a[i][j]));
            }
            residual = Math.max(residual, Math.abs(s));
            xMax = Math.max(xMax, Math.abs(x[i]));
            bMax = Math.max(bMax, Math.abs(b[i]));
        }
        double denominator = aMax * xMax + bMax;
        return denominator == 0 ? 0 : residual / denominator;
    }
}
