package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.FixedPointSolver;
import org.queuelab.meanfield.FluidTrajectory;
import org.queuelab.meanfield.PowerOfDFluid;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.Metric;

/** The description API and the deterministic engines against the built-in SQ(d) and JBT-d fluids. */
class PopulationModelTest {

    static double[] randomState(SplittableRandom rng, int n, double floor) {
        double[] x = new double[n];
        double s = 0;
        for (int i = 0; i < n; i++) {
            x[i] = floor + rng.nextDouble();
            s += x[i];
        }
        for (int i = 0; i < n; i++) {
            x[i] /= s;
        }
        return x;
    }

    static double maxDiff(double[] a, double[] b) {
        double m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, Math.abs(a[i] - b[i]));
        }
        return m;
    }

    @Test
    void powerOfDDriftEqualsTheBuiltInFluid() {
        for (int d : new int[] {1, 2, 3}) {
            int buffer = 20;
            PopulationModel model = PopulationModels.powerOfD(0.9, d, buffer);
            PowerOfDFluid fluid = PowerOfDFluid.of(new LoadBalancingModel(0.9, new PowerOfD(d), buffer,
                    Exponential.unitMean()));
            SplittableRandom rng = new SplittableRandom(1);
            for (int k = 0; k < 20; k++) {
                double[] x = randomState(rng, buffer + 1, 0);
                assertTrue(maxDiff(model.drift(x), fluid.drift(x)) < 1e-13, "d = " + d);
                assertEquals(fluid.meanQueueLength(x), model.observable(Metric.MEAN_JOBS, x), 1e-13);
                assertEquals(fluid.lossRate(x), model.observable(Metric.LOSS, x), 1e-13);
            }
        }
    }

    @Test
    void joinBelowThresholdDriftEqualsTheBuiltInFluidWhereThePoolIsNotEmpty() {
        for (int d : new int[] {0, 1, 2}) {
            int buffer = 12;
            PopulationModel model = PopulationModels.joinBelowThreshold(0.8, d, buffer);
            PowerOfDFluid fluid = PowerOfDFluid.of(new LoadBalancingModel(0.8, new JoinBelowThreshold(d), buffer,
                    Exponential.unitMean()));
            SplittableRandom rng = new SplittableRandom(2);
            for (int k = 0; k < 20; k++) {
                double[] x = randomState(rng, buffer + 1, 0.01);
                assertTrue(maxDiff(model.drift(x), fluid.drift(x)) < 1e-13, "d = " + d);
            }
        }
    }

    @Test
    void fixedPointsMatchTheClosedFormsAndTheBuiltInSolver() {
        // SQ(2), B = ∞ truncated at 60: closed form y_i = λ^(2^i − 1).
        PopulationModel sq = PopulationModels.powerOfD(0.9, 2, 60);
        double[] closed = PowerOfDFluid.of(new LoadBalancingModel(0.9, new PowerOfD(2), Buffers.INFINITE,
                Exponential.unitMean())).fixedPoint().state();
        PopulationFixedPoint.Result fp = PopulationFixedPoint.solve(sq, sq.state(Map.of("x0", 1.0)));
        assertTrue(maxDiff(fp.state(), closed) < 1e-10, "max diff " + maxDiff(fp.state(), closed));
        assertTrue(fp.stable());
        assertTrue(fp.spectralAbscissa() < -0.01);
        // JBT-1 and JIQ, finite buffer: the built-in generic solver on the built-in drift.
        for (int d : new int[] {0, 1}) {
            int buffer = 15;
            PopulationModel jbt = PopulationModels.joinBelowThreshold(0.85, d, buffer);
            PowerOfDFluid builtIn = PowerOfDFluid.of(new LoadBalancingModel(0.85, new JoinBelowThreshold(d), buffer,
                    Exponential.unitMean()));
            double[] guess = new double[buffer + 1];
            guess[0] = 0.5;
            guess[1] = 0.3;
            guess[2] = 0.2;
            double[] reference = FixedPointSolver.solve(builtIn, guess).state();
            double[] ours = PopulationFixedPoint.solve(jbt, guess).state();
            assertTrue(maxDiff(ours, reference) < 1e-10, "d = " + d + ": " + maxDiff(ours, reference));
        }
    }

    @Test
    void fluidTrajectoryMatchesTheBuiltInIntegrator() {
        int buffer = 20;
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, buffer);
        PowerOfDFluid fluid = PowerOfDFluid.of(new LoadBalancingModel(0.9, new PowerOfD(2), buffer,
                Exponential.unitMean()));
        double[] x0 = model.state(Map.of("x0", 1.0));
        double[] times = {0, 1, 5, 20, 60};
        FluidTrajectory ours = PopulationFluid.integrate(model, x0, times);
        FluidTrajectory theirs = fluid.integrate(x0, times);
        for (int k = 0; k < times.length; k++) {
            assertTrue(maxDiff(ours.state(k), theirs.state(k)) < 1e-9, "t = " + times[k]);
            assertEquals(theirs.value(Metric.MEAN_JOBS, k), ours.value(Metric.MEAN_JOBS, k), 1e-9);
        }
        assertTrue(ours.diagnostics().maxMassError() < 1e-12);
        // out of drift evaluations: the failure names the model, where it stopped and the option to raise
        IllegalStateException outOfBudget = assertThrows(IllegalStateException.class, () -> PopulationFluid.integrate(model,
                x0, new double[] {0, 1e6}, org.queuelab.meanfield.FluidOptions.defaults().withMaxEvaluations(1000)));
        assertTrue(outOfBudget.getMessage().contains("fluid of " + model.name())
                && outOfBudget.getMessage().contains("1000 drift evaluations")
                && outOfBudget.getMessage().contains("withMaxEvaluations"), outOfBudget.getMessage());
        // the budget is the whole solve's: 2000 sampling intervals of a few evaluations each exceed 1000 in all
        double[] every = new double[2001];
        for (int k = 0; k < every.length; k++) {
            every[k] = k;
        }
        assertThrows(IllegalStateException.class, () -> PopulationFluid.integrate(model, x0, every,
                org.queuelab.meanfield.FluidOptions.defaults().withMaxEvaluations(1000)));
    }

    @Test
    void automaticDerivativesAgreeWithFiniteDifferences() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 3, 6);
        double[] x = randomState(new SplittableRandom(3), 7, 0.05);
        double[][] jac = model.jacobian(x);
        double[][][] hes = model.hessian(x);
        int n = x.length;
        for (int j = 0; j < n; j++) {
            double h = 1e-6;
            double[] plus = x.clone();
            double[] minus = x.clone();
            plus[j] += h;
            minus[j] -= h;
            double[] fp = model.drift(plus);
            double[] fm = model.drift(minus);
            double[][] jp = model.jacobian(plus);
            double[][] jm = model.jacobian(minus);
            for (int i = 0; i < n; i++) {
                assertEquals((fp[i] - fm[i]) / (2 * h), jac[i][j], 1e-7);
                for (int k = 0; k < n; k++) {
                    assertEquals((jp[i][k] - jm[i][k]) / (2 * h), hes[i][k][j], 1e-6);
                }
            }
        }
        // The directional second derivative used by the refined mean field is the Hessian contracted twice.
        double[] u = randomState(new SplittableRandom(4), n, -0.5);
        double[] d2 = model.secondDirectional(x, u);
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < n; k++) {
                    s += hes[i][j][k] * u[j] * u[k];
                }
            }
            assertEquals(s, d2[i], 1e-12);
        }
    }

    @Test
    void badDescriptionsAreRefusedWithTheTransitionAndTheState() {
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () ->
                PopulationModel.builder("neg").classes("a", "b").parameter("mu", -1)
                        .move("serve", "a", "b", v -> v.param("mu").times(v.x("a"))).build());
        assertTrue(negative.getMessage().contains("transition 'serve'") && negative.getMessage().contains("a = ")
                && negative.getMessage().contains("≥ 0"), negative.getMessage());
        IllegalArgumentException leaves = assertThrows(IllegalArgumentException.class, () ->
                PopulationModel.builder("leak").classes("a", "b").move("go", "a", "b", v -> v.constant(1)).build());
        assertTrue(leaves.getMessage().contains("transition 'go'") && leaves.getMessage().contains("below 0"),
                leaves.getMessage());
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class, () ->
                PopulationModel.builder("nan").classes("a", "b")
                        .move("go", "a", "b", v -> v.x("a").times(v.x("b").div(v.x("b")))).build());
        assertTrue(nan.getMessage().contains("transition 'go'") && nan.getMessage().contains("NaN"),
                nan.getMessage());
        IllegalArgumentException mass = assertThrows(IllegalArgumentException.class, () ->
                PopulationModel.builder("mass").classes("a", "b")
                        .transition("birth", Map.of("a", 1), v -> v.constant(1)));
        assertTrue(mass.getMessage().contains("transition 'birth'") && mass.getMessage().contains("group"),
                mass.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () ->
                PopulationModel.builder("unknown").classes("a", "b")
                        .move("go", "a", "b", v -> v.param("lambda").times(v.x("a"))));
        assertTrue(unknown.getMessage().contains("transition 'go'") && unknown.getMessage().contains("lambda"),
                unknown.getMessage());
        PopulationModel ok = PopulationModels.powerOfD(0.9, 2, 5);
        assertThrows(IllegalArgumentException.class, () -> ok.state(Map.of("x0", 0.5)));
        assertThrows(IllegalArgumentException.class, () -> ok.with("lambda", Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> ok.with("lambda", -0.5));
    }

    @Test
    void parametersChangeWithoutRebuilding() {
        PopulationModel a = PopulationModels.powerOfD(0.9, 2, 20);
        PopulationModel b = a.with("lambda", 0.7);
        PopulationModel c = PopulationModels.powerOfD(0.7, 2, 20);
        double[] x = randomState(new SplittableRandom(5), 21, 0);
        assertArrayEquals(c.drift(x), b.drift(x), 0);
        assertEquals(0.9, a.parameter("lambda"));
    }
}
