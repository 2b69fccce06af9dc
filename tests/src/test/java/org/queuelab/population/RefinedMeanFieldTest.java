package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.RealMatrix;
import org.junit.jupiter.api.Test;
import org.queuelab.meanfield.FluidTrajectory;
import org.queuelab.report.ReferenceData;
import org.queuelab.result.Metric;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;

/** The refined mean field against rmftool's stored values, the Lyapunov solver, and its refusals. */
class RefinedMeanFieldTest {

    @Test
    void matchesRmftoolOnSqd() {
        Table reference = ReferenceData.load("population/sqd_rmftool.csv");
        Map<String, double[][]> cases = new java.util.LinkedHashMap<>();
        for (Row row : reference) {
            String key = row.getNumber("lambda") + "/" + (int) row.getNumber("d") + "/" + (int) row.getNumber("B");
            int b = (int) row.getNumber("B");
            double[][] c = cases.computeIfAbsent(key, k -> new double[3][b + 1]);
            int i = (int) row.getNumber("i");
            c[0][i] = row.getNumber("pi");
            c[1][i] = row.getNumber("V");
            c[2][i] = row.getNumber("W_ii");
        }
        assertTrue(cases.size() >= 4, "cases " + cases.keySet());
        for (var e : cases.entrySet()) {
            String[] p = e.getKey().split("/");
            double lambda = Double.parseDouble(p[0]);
            int d = Integer.parseInt(p[1]);
            int b = Integer.parseInt(p[2]);
            PopulationModel model = PopulationModels.powerOfD(lambda, d, b);
            RefinedMeanField.Steady s = RefinedMeanField.steadyState(model, model.state(Map.of("x0", 1.0)));
            double[] pi = s.fixedPoint();
            double[] v = s.v();
            double[][] w = s.w();
            double dp = 0;
            double dv = 0;
            double dw = 0;
            double vScale = 0;
            for (int i = 0; i <= b; i++) {
                dp = Math.max(dp, Math.abs(pi[i] - e.getValue()[0][i]));
                dv = Math.max(dv, Math.abs(v[i] - e.getValue()[1][i]));
                dw = Math.max(dw, Math.abs(w[i][i] - e.getValue()[2][i]));
                vScale = Math.max(vScale, Math.abs(v[i]));
            }
            System.out.printf("rmftool %s: max |Δπ| = %.2e, max |ΔV| = %.2e (max |V| = %.3f), max |ΔW_ii| = %.2e%n",
                    e.getKey(), dp, dv, vScale, dw);
            assertTrue(dp < 1e-9, e.getKey() + " pi " + dp);
            assertTrue(dv < 1e-8 * Math.max(1, vScale), e.getKey() + " V " + dv);
            assertTrue(dw < 1e-8, e.getKey() + " W " + dw);
        }
    }

    @Test
    void lyapunovSignIterationAgreesWithTheVectorisedSolve() {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(7);
        int m = 6;
        double[][] a = new double[m][m];
        double[][] g = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                a[i][j] = rng.nextDouble(-1, 1);
                g[i][j] = rng.nextDouble(-1, 1);
            }
            a[i][i] -= 4;
        }
        RealMatrix am = new Array2DRowRealMatrix(a);
        RealMatrix gm = new Array2DRowRealMatrix(g);
        RealMatrix q = gm.multiplyTransposed(gm);
        RealMatrix w = LyapunovSolver.solve(am, q);
        // (I ⊗ A + A ⊗ I) vec W = −vec Q
        RealMatrix k = new Array2DRowRealMatrix(m * m, m * m);
        double[] rhs = new double[m * m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                int row = i * m + j;
                rhs[row] = -q.getEntry(i, j);
                for (int l = 0; l < m; l++) {
                    k.addToEntry(row, l * m + j, a[i][l]);
                    k.addToEntry(row, i * m + l, a[j][l]);
                }
            }
        }
        double[] vec = new LUDecomposition(k).getSolver().solve(new ArrayRealVector(rhs)).toArray();
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                assertEquals(vec[i * m + j], w.getEntry(i, j), 1e-12 * Math.max(1, Math.abs(vec[i * m + j])));
            }
        }
        RealMatrix unstable = am.scalarMultiply(-1);
        assertThrows(IllegalStateException.class, () -> LyapunovSolver.solve(unstable, q));
    }

    @Test
    void refusesWhereTheDriftIsNotDifferentiable() {
        // Busy/idle servers, an idle server is taken at rate min(λ, x_idle): the fixed point sits on the kink.
        PopulationModel kinked = PopulationModel.builder("kinked").classes("idle", "busy").parameter("lambda", 0.5)
                .move("start", "idle", "busy", v -> Value.min(v.param("lambda"), v.x("idle")))
                .move("finish", "busy", "idle", v -> v.x("busy")).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () ->
                RefinedMeanField.steadyState(kinked, kinked.state(Map.of("idle", 1.0))));
        assertTrue(e.getMessage().contains("transition 'start'") && e.getMessage().contains("not differentiable")
                && e.getMessage().contains("idle = 0.5"), e.getMessage());
        // JIQ where the idle pool is empty: the sliding boundary.
        PopulationModel jiq = PopulationModels.joinBelowThreshold(0.9, 0, 5);
        double[] empty = jiq.state(Map.of("x1", 0.6, "x2", 0.4));
        assertTrue(jiq.nonSmoothnessAt(empty).contains("arrival at 0"), jiq.nonSmoothnessAt(empty));
        PopulationFixedPoint.Result onBoundary = new PopulationFixedPoint.Result(empty, 0, 0, 0,
                new org.hipparchus.complex.Complex[] {new org.hipparchus.complex.Complex(-1)});
        assertThrows(IllegalArgumentException.class, () -> RefinedMeanField.at(jiq, onBoundary));
    }

    @Test
    void transientExpansionTendsToTheSteadyOne() {
        PopulationModel model = PopulationModels.powerOfD(0.8, 2, 8);
        RefinedMeanField.Steady steady = RefinedMeanField.steadyState(model, model.state(Map.of("x0", 1.0)));
        FluidTrajectory tr = RefinedMeanField.transientRegime(model, model.state(Map.of("x0", 1.0)),
                new double[] {0, 1, 200});
        assertEquals(0, tr.value("V:" + Metric.MEAN_JOBS, 0), 0);
        assertEquals(steady.meanField(Metric.MEAN_JOBS), tr.value(Metric.MEAN_JOBS, 2), 1e-8);
        assertEquals(steady.correction(Metric.MEAN_JOBS), tr.value("V:" + Metric.MEAN_JOBS, 2), 1e-6);
        for (int i = 0; i <= 8; i++) {
            assertEquals(steady.v()[i], tr.value("V:x" + i, 2), 1e-6);
        }
    }

    @Test
    void twoConservedGroupsReduceCorrectly() {
        // Two pools of N/2 servers, each running SQ(2) on its own half of the traffic: pool a is an SQ(2) system of
        // N/2 servers with fractions scaled by 1/2, so E[x_a] = (π + V_SQ/(N/2))/2 = π/2 + V_SQ/N: the same V.
        int b = 8;
        double lambda = 0.8;
        PopulationModel.Builder two = PopulationModel.builder("two pools").parameter("lambda", lambda);
        two.group("a", 0.5).classes("a", 0, b).group("b", 0.5).classes("c", 0, b);
        for (String pool : new String[] {"a", "c"}) {
            for (int i = 0; i < b; i++) {
                int k = i;
                two.move(pool + " arrival at " + k, pool + k, pool + (k + 1), v -> v.param("lambda").times(0.5)
                        .times(v.tail(pool, k).times(2).pow(2).minus(v.tail(pool, k + 1).times(2).pow(2))));
            }
            for (int i = 1; i <= b; i++) {
                int k = i;
                two.move(pool + " departure at " + k, pool + k, pool + (k - 1), v -> v.x(pool, k));
            }
        }
        PopulationModel model = two.build();
        PopulationModel single = PopulationModels.powerOfD(lambda, 2, b);
        RefinedMeanField.Steady s2 = RefinedMeanField.steadyState(model, model.state(Map.of("a0", 0.5, "c0", 0.5)));
        RefinedMeanField.Steady s1 = RefinedMeanField.steadyState(single, single.state(Map.of("x0", 1.0)));
        for (int i = 0; i <= b; i++) {
            assertEquals(s1.fixedPoint()[i] / 2, s2.fixedPoint()[i], 1e-12);
            assertEquals(s1.fixedPoint()[i] / 2, s2.fixedPoint()[b + 1 + i], 1e-12);
            assertEquals(s1.v()[i], s2.v()[i], 1e-9);
            assertEquals(s1.v()[i], s2.v()[b + 1 + i], 1e-9);
        }
        assertEquals(2 * (b + 1) - 2, s2.eigenvalues().length);
    }

    /**
     * The steady result reports stability itself: its spectral abscissa is that of the full Jacobian at π once
     * the eigenvalue 0 forced by the conserved sum (left eigenvector 1) is set aside, computed here by a separate
     * eigen-decomposition of {@link PopulationModel#jacobian}.
     */
    @Test
    void steadyResultReportsTheSpectralAbscissaOfTheConservedDynamics() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 12);
        RefinedMeanField.Steady steady = RefinedMeanField.steadyState(model, model.state(Map.of("x0", 1.0)));
        org.hipparchus.linear.EigenDecompositionNonSymmetric eig = new org.hipparchus.linear
                .EigenDecompositionNonSymmetric(new Array2DRowRealMatrix(model.jacobian(steady.fixedPoint())));
        double[] real = java.util.Arrays.stream(eig.getEigenvalues()).mapToDouble(c -> c.getReal()).sorted()
                .toArray();
        int zero = 0;
        for (int i = 1; i < real.length; i++) {
            zero = Math.abs(real[i]) < Math.abs(real[zero]) ? i : zero;
        }
        assertTrue(Math.abs(real[zero]) < 1e-9, "conservation eigenvalue " + real[zero]);
        double expected = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < real.length; i++) {
            expected = i == zero ? expected : Math.max(expected, real[i]);
        }
        assertEquals(expected, steady.spectralAbscissa(), 1e-9);
        assertTrue(steady.stable());
        assertTrue(steady.spectralAbscissa() < 0);
    }
}
