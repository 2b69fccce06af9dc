package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.Scaling;

/** Stiff JBT-d pools (d ≥ 1) through the AUTO integrator choice (ROS34PW2 on small free pools). */
class StiffPoolTest {

    static final double LAMBDA = 0.7;

    static AlbaFluid tabs(int d) {
        return AlbaFluid.of(new AlbaModel(LAMBDA, new JoinBelowThreshold(d), Buffers.INFINITE, Scaling.onArrival(),
                0.1, 0.025));
    }

    @Test
    void tabsOneFromFigureOneStateRunsToTwoThousand() {
        AlbaFluid fluid = tabs(1);
        double[] x0 = fluid.state(0.3, 0, 0.7);
        double[] grid = AlbaChecksTest.grid(2000, 40);
        FluidOptions options = FluidOptions.defaults().withTolerances(1e-10, 1e-8).withMaxEvaluations(1_000_000);
        FluidTrajectory tr = fluid.integrate(x0, grid, options);
        assertTrue(tr.diagnostics().maxMassError() <= 1e-9, "conservation " + tr.diagnostics().maxMassError());
        assertTrue(tr.diagnostics().minCoordinate() >= -1e-10, "non-negativity " + tr.diagnostics().minCoordinate());
        assertTrue(tr.diagnostics().jacobianEvaluations() > 0 && tr.diagnostics().modeSwitches() >= 10,
                "pool empties and re-forms");
        // accuracy: the same curve at a 100 times looser tolerance stays within 5e-5 on the whole grid (measured
        // 2026-11-30: 1.5e-5 from a 1e-12/1e-10 reference, against 3.8e-7 for this run: the error follows the
        // tolerance, as it should for a converging integrator; the run is oscillatory over 2000 time units)
        FluidTrajectory coarse = fluid.integrate(x0, grid, options.withTolerances(1e-8, 1e-6));
        double gap = 0;
        for (int i = 0; i < grid.length; i++) {
            gap = Math.max(gap, AlbaChecksTest.maxAbsDiff(tr.state(i), coarse.state(i)));
        }
        assertTrue(gap < 5e-5, "tolerance refinement changes the curve by " + gap);
        assertTrue(tr.diagnostics().driftEvaluations() < 300_000, "evaluations " + tr.diagnostics().driftEvaluations());
        // long-time behaviour: it oscillates (period ≈ 400–600) about the point of S_subopt with c = λ
        // (x00 = 1 − λ, x_{2,2} = λ), a zero of the drift, without settling by t = 2000
        double[] sub = AlbaFixedPoint.suboptimal(LAMBDA, 1, LAMBDA, fluid.levels()).state();
        assertEquals(0.0, AlbaChecksTest.maxAbsDiff(fluid.drift(sub), new double[sub.length]), 1e-15);
        for (int i = 10; i < grid.length; i++) { // t ≥ 550
            assertTrue(AlbaChecksTest.maxAbsDiff(tr.state(i), sub) < 0.02, "t = " + grid[i]);
            assertEquals(2 * LAMBDA, tr.value("meanJobs", i), 0.02, "Q̄ at t = " + grid[i]);
        }
    }

    @Test
    void tabsTwoAndThreeRunToTwoThousand() {
        for (int d = 2; d <= 3; d++) {
            AlbaFluid fluid = tabs(d);
            double[] grid = AlbaChecksTest.grid(2000, 20);
            FluidTrajectory tr = fluid.integrate(fluid.state(0.3, 0, 0.7), grid,
                    FluidOptions.defaults().withTolerances(1e-8, 1e-6).withMaxEvaluations(300_000));
            assertTrue(tr.diagnostics().maxMassError() <= 1e-9, "conservation " + tr.diagnostics().maxMassError());
            assertTrue(tr.diagnostics().minCoordinate() >= -1e-8,
                    "non-negativity at abs tolerance 1e-8: " + tr.diagnostics().minCoordinate());
            // like TABS-1, it oscillates below x00 = 1 − λ, x_{d+1,2} = λ (Q̄ = (d + 1)λ) without settling; measured
            // (2026-11-30) Q̄ ∈ [2.03, 2.10] for d = 2 and [2.61, 2.80] for d = 3 over t ∈ [500, 2000]
            for (int i = 5; i < grid.length; i++) {
                double qbar = tr.value("meanJobs", i);
                assertTrue(qbar > (d + 1) * LAMBDA - 0.25 && qbar < (d + 1) * LAMBDA + 1e-3,
                        "TABS-" + d + " Q̄ at t = " + grid[i] + ": " + qbar);
                assertEquals(1 - LAMBDA, tr.value("off", i), 0.01, "TABS-" + d + " x00 at t = " + grid[i]);
            }
        }
    }

    @Test
    void implicitBudgetAndOptionsFailLoudly() {
        AlbaFluid fluid = tabs(1);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> fluid.integrate(
                fluid.state(0.3, 0, 0.7), new double[] {100},
                FluidOptions.defaults().withIntegrator(FluidOptions.Integrator.IMPLICIT).withMaxEvaluations(1000)));
        assertTrue(e.getMessage().contains("could not meet its tolerance"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FluidOptions(1e-10, 1e-8, 1e-7, 1000, 1.0, null));
    }

    @Test
    void implicitAndExplicitIntegratorsAgreeOffTheStiffRegime() {
        // JBT-1 Blind-0.06 from the Figure 1 state stays away from the empty pool: both integrators apply
        AlbaModel m = new AlbaModel(LAMBDA, new JoinBelowThreshold(1), Buffers.INFINITE,
                Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
        AlbaFluid fluid = AlbaFluid.of(m);
        double[] x0 = fluid.state(0.3, 0, 0.7);
        double[] grid = AlbaChecksTest.grid(100, 20);
        FluidOptions options = FluidOptions.defaults().withTolerances(1e-10, 1e-8);
        FluidTrajectory explicit = fluid.integrate(x0, grid, options.withIntegrator(FluidOptions.Integrator.EXPLICIT));
        FluidTrajectory implicit = fluid.integrate(x0, grid, options.withIntegrator(FluidOptions.Integrator.IMPLICIT));
        assertEquals(0, explicit.diagnostics().jacobianEvaluations());
        assertTrue(implicit.diagnostics().jacobianEvaluations() > 0);
        double gap = 0;
        for (int i = 0; i < grid.length; i++) {
            gap = Math.max(gap, AlbaChecksTest.maxAbsDiff(explicit.state(i), implicit.state(i)));
        }
        // two independent integrators at local tolerance rel 1e-8: global error up to ≈ horizon × 1e-8 = 1e-6
        assertTrue(gap < 1e-6, "ROS34PW2 vs Dormand–Prince: " + gap);
        assertTrue(implicit.diagnostics().maxMassError() <= 1e-9);
        assertTrue(implicit.provenance().get("solver").toString().contains("ROS34PW2"));
    }
}
