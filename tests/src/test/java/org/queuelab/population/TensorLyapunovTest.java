package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.LUDecomposition;
import org.junit.jupiter.api.Test;

/** The block-wise moment equations against the vectorised (Kronecker) systems, on diagonalizable and defective A. */
class TensorLyapunovTest {

    /** A Hurwitz matrix with a dense 3 × 3 block and a Jordan chain at −1 feeding it (not diagonalizable). */
    private static double[][] defective() {
        double[][] a = new double[7][7];
        SplittableRandom rng = new SplittableRandom(5);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                a[i][j] = rng.nextDouble(-0.5, 0.5);
            }
            a[i][i] -= 2;
        }
        for (int i = 3; i < 7; i++) {
            a[i][i] = -1;
            if (i + 1 < 7) {
                a[i][i + 1] = 1;   // level i + 1 empties into level i, as the departures of a queue
            }
            a[rng.nextInt(3)][i] = rng.nextDouble(-1, 1);
        }
        return a;
    }

    private static double[][] randomBlockTriangular(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int m = 6;
        int[] blockOf = {0, 1, 0, 2, 1, 2};
        double[][] a = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                if (blockOf[i] == blockOf[j] || blockOf[i] > blockOf[j]) {
                    a[i][j] = rng.nextDouble(-1, 1);
                }
            }
            a[i][i] -= 3;
        }
        return a;
    }

    @Test
    void threeWayEquationMatchesTheVectorisedSystem() {
        for (double[][] a : new double[][][] {defective(), randomBlockTriangular(3)}) {
            int m = a.length;
            SplittableRandom rng = new SplittableRandom(9);
            double[][][] s = new double[m][m][m];
            for (double[][] plane : s) {
                for (double[] row : plane) {
                    for (int k = 0; k < m; k++) {
                        row[k] = rng.nextDouble(-1, 1);
                    }
                }
            }
            BlockTriangular blocks = new BlockTriangular(a);
            assertTrue(blocks.blockCount() > 1, "the test needs a block structure");
            double[][][] c = TensorLyapunov.cyclic(blocks, s);
            double[] expected = vectorised(a, flatten(s), 3);
            for (int i = 0, u = 0; i < m; i++) {
                for (int j = 0; j < m; j++) {
                    for (int l = 0; l < m; l++, u++) {
                        assertEquals(expected[u], c[i][j][l], 1e-11 * Math.max(1, Math.abs(expected[u])));
                    }
                }
            }
        }
    }

    @Test
    void twoWayEquationMatchesTheVectorisedSystemAndTheSignIteration() {
        double[][] a = defective();
        int m = a.length;
        double[][] q = new double[m][m];
        SplittableRandom rng = new SplittableRandom(4);
        for (int i = 0; i < m; i++) {
            for (int j = 0; j <= i; j++) {
                q[i][j] = q[j][i] = rng.nextDouble(-1, 1);
            }
        }
        double[][] w = TensorLyapunov.lyapunov(new BlockTriangular(a), q);
        double[] flat = new double[m * m];
        for (int i = 0; i < m; i++) {
            System.arraycopy(q[i], 0, flat, i * m, m);
        }
        double[] expected = vectorised(a, flat, 2);
        double[][] sign = LyapunovSolver.solve(new Array2DRowRealMatrix(a), new Array2DRowRealMatrix(q)).getData();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                assertEquals(expected[i * m + j], w[i][j], 1e-11);
                assertEquals(sign[i][j], w[i][j], 1e-9);
            }
        }
    }

    @Test
    void refusesASingularEquation() {
        // eigenvalues 1 and −½: λ₁ + λ₂ + λ₂ = 0, so the three-way operator is singular
        double[][] a = {{1, 0}, {1, -0.5}};
        assertThrows(IllegalStateException.class,
                () -> TensorLyapunov.cyclic(new BlockTriangular(a), new double[2][2][2]));
    }

    @Test
    void sq2AtDimension50SolvesThroughItsBlocks() {
        // the Jacobian of SQ(2) at π is defective (the empty levels form a Jordan chain at −1)
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 49);
        double[] pi = PopulationFixedPoint.solve(model, model.state(Map.of("x0", 1.0))).state();
        double[][] jacobian = model.jacobian(pi);
        double[][] a = Reduction.sparsest(model, jacobian).reduceToArray(jacobian);
        BlockTriangular blocks = new BlockTriangular(a);
        assertTrue(blocks.largestBlock() <= 12, "largest block " + blocks.largestBlock());
        int m = a.length;
        double[][][] s = new double[m][m][m];
        for (int i = 0; i < 5; i++) {
            s[i][i][i] = 1;
            s[i][i + 1][i] = 0.5;
        }
        double[][][] c = TensorLyapunov.cyclic(blocks, s);
        double worst = 0;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int l = 0; l < m; l++) {
                    double r = s[i][j][l];
                    for (int k = 0; k < m; k++) {
                        r += a[i][k] * c[k][j][l] + a[j][k] * c[i][k][l] + a[l][k] * c[i][j][k];
                    }
                    worst = Math.max(worst, Math.abs(r));
                }
            }
        }
        assertTrue(worst < 1e-12, "residual " + worst);
    }

    private static double[] flatten(double[][][] s) {
        int m = s.length;
        double[] out = new double[m * m * m];
        for (int i = 0, u = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int l = 0; l < m; l++) {
                    out[u++] = s[i][j][l];
                }
            }
        }
        return out;
    }

    /** (A ⊕ … ⊕ A) x = −rhs with {@code modes} terms, built entry by entry and solved by LU. */
    private static double[] vectorised(double[][] a, double[] rhs, int modes) {
        int m = a.length;
        int size = rhs.length;
        double[][] k = new double[size][size];
        for (int u = 0; u < size; u++) {
            int stride = 1;
            for (int d = 0; d < modes; d++) {
                int own = (u / stride) % m;
                for (int t = 0; t < m; t++) {
                    k[u][u + (t - own) * stride] += a[own][t];
                }
                stride *= m;
            }
        }
        double[] minus = new double[size];
        for (int u = 0; u < size; u++) {
            minus[u] = -rhs[u];
        }
        return new LUDecomposition(new Array2DRowRealMatrix(k)).getSolver().solve(new ArrayRealVector(minus))
                .toArray();
    }
}
