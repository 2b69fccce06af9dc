package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.dist.Exponential;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;

/**
 * Issue 18 item 3 and budgets: the hand-over from Dormand–Prince to ROS34PW2 where a JBT-d pool re-forms from the
 * empty boundary, and the sizes and budgets refused before any work.
 */
class FluidHandOverTest {

    static AlbaModel blind(int d) {
        return new AlbaModel(0.5, new JoinBelowThreshold(d), Buffers.INFINITE,
                Scaling.asynchronous(new BlindTheta(0.02), 0.1), 0.2, 0.05);
    }

    /**
     * JBT-1 and JBT-2, Blind-0.02, λ = 0.5, from 50 % cold / 50 % idle-on: the pool empties, then re-forms at
     * t ≈ 31.6 (JBT-1) / 34.3 (JBT-2) with S − λ ≈ 10⁻¹², where AUTO used to fail ("coordinate x1_2 reached
     * −2.16e-8"). Now AUTO reaches the Theorem 2 fixed point (closed form, an independent method) by t = 4000.
     */
    @Test
    void autoReachesTheFixedPointWhereThePoolReforms() {
        for (int d = 1; d <= 2; d++) {
            AlbaFluid fluid = AlbaFluid.of(blind(d));
            FluidTrajectory tr = fluid.integrate(fluid.state(0.5, 0, 0.5), new double[] {20, 40, 4000});
            double[] fixed = AlbaFixedPoint.blindTheta(blind(d), fluid.levels()).state();
            double gap = AlbaChecksTest.maxAbsDiff(tr.finalState(), fixed);
            assertTrue(gap < 1e-8, "JBT-" + d + ": |x(4000) − x*| = " + gap);
            assertTrue(tr.diagnostics().minCoordinate() > -1e-10,
                    "JBT-" + d + " non-negativity " + tr.diagnostics().minCoordinate());
            assertTrue(tr.diagnostics().maxMassError() <= 1e-9);
            assertTrue(tr.diagnostics().modeSwitches() >= 2,
                    "the pool empties and re-forms: " + tr.diagnostics().modeSwitches());
            assertTrue(tr.diagnostics().jacobianEvaluations() > 0, "the re-formed pool is integrated implicitly");
            // measured 2026-12-01: about 1.1·10⁵ evaluations (EXPLICIT alone: 1.3–1.9·10⁶, IMPLICIT 6·10⁵)
            assertTrue(tr.diagnostics().driftEvaluations() < 300_000,
                    "JBT-" + d + " cost " + tr.diagnostics().driftEvaluations());
        }
    }

    /** The same runs with IMPLICIT everywhere (the reference) agree with AUTO at the fixed point. */
    @Test
    void implicitAndAutoAgreeOnTheHandOverRun() {
        AlbaFluid fluid = AlbaFluid.of(blind(1));
        double[] x0 = fluid.state(0.5, 0, 0.5);
        double[] grid = {10, 31, 32, 35, 50, 100};
        FluidOptions options = FluidOptions.defaults().withTolerances(1e-11, 1e-9);
        FluidTrajectory auto = fluid.integrate(x0, grid, options);
        FluidTrajectory implicit = fluid.integrate(x0, grid,
                options.withIntegrator(FluidOptions.Integrator.IMPLICIT));
        double gap = 0;
        for (int i = 0; i < grid.length; i++) {
            gap = Math.max(gap, AlbaChecksTest.maxAbsDiff(auto.state(i), implicit.state(i)));
        }
        // two methods at local tolerance rel 1e-9 over 100 time units, across the pool's hand-over
        assertTrue(gap < 1e-6, "AUTO vs IMPLICIT: " + gap);
    }

    @Test
    void errorsNameTheIntegratorInUse() {
        AlbaFluid fluid = AlbaFluid.of(blind(1));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> fluid.integrate(
                fluid.state(0.5, 0, 0.5), new double[] {100}, FluidOptions.defaults().withMaxEvaluations(2000)));
        assertTrue(e.getMessage().contains("(chosen by AUTO)") && e.getMessage().contains("evaluation budget of 2000"),
                e.getMessage());
    }

    @Test
    void fixedStepRunsAreRefusedBeforeWorkWhenOverBudget() {
        MemoryFluid memory = MemoryFluid.of(new LoadBalancingModel(0.9, new PowerOfDWithMemory(2), 10,
                Exponential.unitMean()));
        double[] x0 = memory.allAt(0, 0);
        long start = System.nanoTime();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> memory.integrate(x0, new double[] {0, 100}, 1e-9));
        assertTrue((System.nanoTime() - start) < 1_000_000_000L, "refused before any work");
        assertTrue(e.getMessage().contains("1.00e+11") && e.getMessage().contains("5000000")
                && e.getMessage().contains("withMaxEvaluations"), e.getMessage());
        // the budget is the user's: 1000 steps of 10⁻³ reach t = 1, not t = 2
        FluidOptions small = FluidOptions.defaults().withMaxEvaluations(1000);
        assertEquals(1000, memory.integrate(x0, new double[] {1}, 1e-3, small).diagnostics().driftEvaluations());
        assertThrows(IllegalArgumentException.class, () -> memory.integrate(x0, new double[] {2}, 1e-3, small));
        AlbaFluid fig1 = AlbaFluid.of(new AlbaModel(0.7, new PowerOfD(2), 100,
                Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025));
        assertThrows(IllegalArgumentException.class,
                () -> fig1.integrateClassicalRk4(fig1.state(0.3, 0, 0.7), new double[] {700}, 1e-6));
    }

    @Test
    void dimensionsThatOverflowAreRefused() {
        AlbaModel m = blind(1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new AlbaFluid(m, Integer.MAX_VALUE - 1));
        assertTrue(e.getMessage().contains("2147483649 coordinates"), e.getMessage());
        LoadBalancingModel lb = new LoadBalancingModel(0.9, new PowerOfDWithMemory(2), Buffers.INFINITE,
                Exponential.unitMean());
        e = assertThrows(IllegalArgumentException.class, () -> new MemoryFluid(lb, 70000));
        assertTrue(e.getMessage().contains("2450105001"), e.getMessage());
        assertEquals(501_501, new MemoryFluid(lb, 1000).dimension());
    }
}
