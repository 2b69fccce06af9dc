package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.SplittableRandom;

import org.hipparchus.complex.Complex;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.EigenDecompositionNonSymmetric;
import org.hipparchus.linear.LUDecomposition;
import org.junit.jupiter.api.Test;
import org.queuelab.result.Metric;

/**
 * The structured (sparse) path of the refined mean field against the dense one, the block-triangular solver
 * against Hipparchus' dense LU and eigen-decomposition, and the reverse-mode Jacobian against central differences.
 */
class SparseRefinementTest {

    /** The agreement the brief asks of the two paths: both are exact, so only rounding separates them. */
    private static final double PATHS_AGREE = 1e-9;

    @Test
    void structuredPathAgreesWithTheDensePathAtDimension100() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 99);
        double[] pi = PopulationFixedPoint.solve(model, model.state(Map.of("x0", 1.0))).state();
        SparseRefinement.Order1 sparse = SparseRefinement.order1(model, pi, true, SparseRefinement.RESIDUAL_GUARD);
        SparseRefinement.Order1 dense = SparseRefinement.order1(model, pi, false, SparseRefinement.RESIDUAL_GUARD);
        assertTrue(sparse.structured());
        assertTrue(sparse.support() < 20, "W lives on " + sparse.support() + " of 99 coordinates");
        assertEquals(99, dense.support());
        assertTrue(relativeDifference(sparse.v(), dense.v()) <= PATHS_AGREE, "V");
        for (int i = 0; i < 100; i++) {
            assertTrue(relativeDifference(sparse.w()[i], dense.w()[i]) <= PATHS_AGREE, "W row " + i);
        }
        assertTrue(relativeDifference(sparse.contraction(), dense.contraction()) <= PATHS_AGREE, "D²F:W");
        // a guard no rounding error passes sends the computation down the dense path, with the same result
        assertEquals(null, SparseRefinement.order1(model, pi, true, 0));
        SparseRefinement.Order1 guarded = SparseRefinement.order1(model, pi, 0);
        assertFalse(guarded.structured());
        assertEquals(0, relativeDifference(guarded.v(), dense.v()));
    }

    @Test
    void dimension1000GivesTheValuesOfDimension100() {
        // SQ(2), λ = 0.9: x_i ~ 0.9^(2^i) vanishes (underflows) beyond level 10, so longer buffers change nothing.
        RefinedMeanField.Steady small = RefinedMeanField.steadyState(PopulationModels.powerOfD(0.9, 2, 99),
                PopulationModels.powerOfD(0.9, 2, 99).state(Map.of("x0", 1.0)));
        PopulationModel large = PopulationModels.powerOfD(0.9, 2, 999);
        RefinedMeanField.Steady big = RefinedMeanField.steadyState(large, large.state(Map.of("x0", 1.0)));
        assertEquals(small.correction(Metric.MEAN_JOBS), big.correction(Metric.MEAN_JOBS),
                PATHS_AGREE * Math.abs(small.correction(Metric.MEAN_JOBS)));
        assertEquals(small.meanField(Metric.MEAN_JOBS), big.meanField(Metric.MEAN_JOBS), 1e-12);
        assertEquals(small.spectralAbscissa(), big.spectralAbscissa(), 1e-9);
        assertEquals(999, big.eigenvalues().length);
        for (int i = 0; i < 100; i++) {
            assertEquals(small.v()[i], big.v()[i], PATHS_AGREE * 2);
        }
    }

    @Test
    void fullCoordinateEquationsHoldForTwoGroupsAndANonQueueModel() {
        // Checked in the full coordinates with the full Hessian (DerivativeStructure), independent of the reduction.
        PopulationModel.Builder two = PopulationModel.builder("two groups").parameter("a", 0.7);
        two.group("g", 1).classes("s", "i", "r").group("h", 2).classes("u", "v");
        two.move("infect", "s", "i", w -> w.param("a").times(w.x("s")).times(w.x("i").plus(w.x("v"))))
                .move("recover", "i", "r", w -> w.x("i").times(0.5)).move("lose", "r", "s", w -> w.x("r").sqrt())
                .move("up", "u", "v", w -> w.x("u").times(w.x("i").exp())).move("down", "v", "u", w -> w.x("v"));
        PopulationModel model = two.build();
        double[] pi = PopulationFixedPoint.solve(model, model.state(Map.of("s", 0.8, "i", 0.2, "u", 2.0))).state();
        SparseRefinement.Order1 o = SparseRefinement.order1(model, pi);
        double[][] a = model.jacobian(pi);
        double[][] q = model.diffusion(pi);
        double[][][] h = model.hessian(pi);
        int n = pi.length;
        double[][] w = o.w();
        for (int i = 0; i < n; i++) {
            double av = 0;
            double half = 0;
            for (int j = 0; j < n; j++) {
                double lyapunov = q[i][j];
                for (int k = 0; k < n; k++) {
                    lyapunov += a[i][k] * w[k][j] + w[i][k] * a[j][k];
                    half += 0.5 * h[i][j][k] * w[j][k];
                }
                assertEquals(0, lyapunov, 1e-12, "Lyapunov residual (" + i + ", " + j + ")");
                av += a[i][j] * o.v()[j];
            }
            assertEquals(0, av + half, 1e-12, "A V + ½ D²F:W, row " + i);
        }
        assertEquals(0, o.v()[0] + o.v()[1] + o.v()[2], 1e-14);
        assertEquals(0, o.v()[3] + o.v()[4], 1e-14);
    }

    @Test
    void reverseJacobianMatchesCentralDifferences() {
        PopulationModel model = PopulationModel.builder("every operation").classes("p", "q", "r")
                .parameter("c", 1.3)
                .move("a", "p", "q", w -> w.x("p").times(w.x("q").plus(1.5).log()).div(w.x("r").plus(1)))
                .move("b", "q", "r", w -> w.x("q").pow(1.5).times(w.param("c")).plus(w.x("q").times(w.x("p").pow(3))))
                .move("c", "r", "p", w -> w.x("r").times(Value.max(w.x("r").exp().minus(1),
                        w.x("p").negate().plus(0.1)).plus(Value.min(w.x("q"), w.x("r").sqrt()))))
                .move("d", "r", "q", w -> Value.ifPositive(w.x("p").minus(0.2), w.x("r").times(w.x("q")),
                        w.x("r")))
                .observable("mix", w -> w.x("p").times(w.x("q")).div(w.x("r").plus(0.5)))
                .build();
        double[] x = {0.5, 0.3, 0.2};
        double[][] jacobian = model.jacobian(x);
        double step = 1e-5;
        for (int j = 0; j < 3; j++) {
            double[] up = x.clone();
            double[] down = x.clone();
            up[j] += step;
            down[j] -= step;
            double[] fUp = model.drift(up);
            double[] fDown = model.drift(down);
            for (int i = 0; i < 3; i++) {
                // central differences err by O(step²·|F'''|) + O(ε/step): 1e-8 covers both here
                assertEquals((fUp[i] - fDown[i]) / (2 * step), jacobian[i][j], 1e-8, "∂F" + i + "/∂x" + j);
            }
        }
        double[] gradient = model.observableGradient("mix", x);
        for (int j = 0; j < 3; j++) {
            double[] up = x.clone();
            double[] down = x.clone();
            up[j] += step;
            down[j] -= step;
            assertEquals((model.observable("mix", up) - model.observable("mix", down)) / (2 * step), gradient[j],
                    1e-8, "∂mix/∂x" + j);
        }
    }

    @Test
    void blockSolveAndSpectrumMatchTheDenseOnes() {
        SplittableRandom rng = new SplittableRandom(11);
        int m = 40;
        int[] blockOf = new int[m];
        for (int i = 0; i < m; i++) {
            blockOf[i] = rng.nextInt(8);   // 8 blocks of random sizes, scattered over the indices
        }
        double[][] a = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                if (blockOf[i] == blockOf[j] || (blockOf[i] < blockOf[j] && rng.nextDouble() < 0.3)) {
                    a[i][j] = rng.nextDouble(-1, 1);
                }
            }
            a[i][i] += 3;
        }
        BlockTriangular blocks = new BlockTriangular(a);
        assertTrue(blocks.blockCount() >= 8 && blocks.largestBlock() < m, blocks.blockCount() + " blocks");
        double[] b = rng.doubles(m, -1, 1).toArray();
        double[] expected = new LUDecomposition(new Array2DRowRealMatrix(a)).getSolver()
                .solve(new ArrayRealVector(b)).toArray();
        double[] x = blocks.solve(b);
        for (int i = 0; i < m; i++) {
            assertEquals(expected[i], x[i], 1e-12);
        }
        Complex[] dense = new EigenDecompositionNonSymmetric(new Array2DRowRealMatrix(a)).getEigenvalues();
        Complex[] structured = blocks.eigenvalues();
        Comparator<Complex> order = Comparator.comparingDouble(Complex::getReal).thenComparingDouble(Complex::getImaginary);
        Arrays.sort(dense, order);
        Arrays.sort(structured, order);
        assertEquals(m, structured.length);
        for (int i = 0; i < m; i++) {
            assertEquals(dense[i].getReal(), structured[i].getReal(), 1e-9);
            assertEquals(dense[i].getImaginary(), structured[i].getImaginary(), 1e-9);
        }
        double[][] singular = {{1, 2}, {0, 0}};
        assertThrows(IllegalStateException.class, () -> new BlockTriangular(singular).solve(new double[] {1, 1}));
    }

    @Test
    void invariantClosureFollowsTheColumns() {
        // column 0 feeds row 1, column 1 feeds row 2; row 3 reads column 2 but nothing feeds it
        double[][] a = {{-1, 0, 0, 0}, {1, -1, 0, 0}, {0, 1, -1, 0}, {0, 0, 0, -1}};
        a[0][3] = 1;
        BlockTriangular blocks = new BlockTriangular(a);
        assertEquals(java.util.List.of(0, 1, 2), Arrays.stream(blocks.invariantClosure(
                new boolean[] {true, false, false, false})).boxed().toList());
        assertEquals(java.util.List.of(0, 1, 2, 3), Arrays.stream(blocks.invariantClosure(
                new boolean[] {false, false, false, true})).boxed().toList());
        assertFalse(blocks.largestBlock() > 1);
    }

    private static double relativeDifference(double[] x, double[] y) {
        double diff = 0;
        double scale = 0;
        for (int i = 0; i < x.length; i++) {
            diff = Math.max(diff, Math.abs(x[i] - y[i]));
            scale = Math.max(scale, Math.max(Math.abs(x[i]), Math.abs(y[i])));
        }
        return scale == 0 ? diff : diff / scale;
    }
}
