package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        return AlbaFluid.of(new AlbaModel(LAMBDA, Buffers.INFINITE, new JoinBelowThreshold(d), Scaling.onArrival(),
                0.1, 0.025));
    }

    @Test
    void tabsOneFromFigureOneStateRunsToTwoThousand() {
        AlbaFluid fluid = tabs(1);
        double[] x0 = fluid.state(0.3, 0, 0.7);
        double[] grid = AlbaChecksTest.grid(2000, 40);
        FluidOptions options = FluidOptions.defaults().withTolerances(1e-10, 1e-8).withMaxEvaluations(1_000_000);
        FluidTrajectory tr = fluid.integrate(x0, grid, options);
        assertTrue(tr.maxMassError() <= 1e-9, "conservation " + tr.maxMassError());
        assertTrue(tr.minCoordinate() >= -1e-10, "non-negativity " + tr.minCoordinate());
        assertTrue(tr.jacobianEvaluations() > 0 && tr.modeSwitches() >= 10, "pool empties and re-forms");
        // accuracy: the same curve at a 100 times looser tolerance stays within 5e-5 on the whole grid (measured
        // 2026-11-30: 1.5e-5 from a 1e-12/1e-10 reference, against 3.8e-7 for this run: the error follows the
        // tolerance, as it should for a converging integrator; the run is oscillatory over 2000 time units)
        FluidTrajectory coarse = fluid.integrate(x0, grid, options.withTolerances(1e-8, 1e-6));
        double gap = 0;
        for (int i = 0; i < grid.length; i++) {
            gap = Math.max(gap, AlbaChecksTest.maxAbsDiff(tr.state(i), coarse.state(i)));
        }
        assertTrue(gap < 5e-5, "tolerance refinement changes the curve by " + gap);
        assertTrue(tr.driftEvaluations() < 300_000, "evaluations " + tr.driftEvaluations());
        // long-time behaviour: it oscillates (period ≈ 400–600) about the point of S_subopt with c = λ
        // (x00 = 1 − λ, x_{2,2} = λ), a zero of the drift, without settling by t = 2000
        double[] sub = AlbaFixedPoint.suboptimal(LAMBDA, 1, LAMBDA, fluid.levels());
        assertEquals(0.0, AlbaChecksTest.maxAbsDiff(fluid.drift(sub), new double[sub.length]), 1e-15);
        for (int i = 10; i < grid.length; i++) { // t ≥ 550
            assertTrue(AlbaChecksTest.maxAbsDiff(tr.state(i), sub) < 0.02, "t = " + grid[i]);
            assertEquals(2 * LAMBDA, tr.value("Qbar", i), 0.02, "Q̄ at t = " + grid[i]);
        }
    }

    @Test
    void implicitAndExplicitIntegratorsAgreeOffTheStiffRegime() {
        // JBT-1 Blind-0.06 from the Figure 1 state stays away from the empty pool: both integrators apply
        AlbaModel m = new AlbaModel(LAMBDA, Buffers.INFINITE, new JoinBelowThreshold(1),
                Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
        AlbaFluid fluid = AlbaFluid.of(m);
        double[] x0 = fluid.state(0.3, 0, 0.7);
        double[] grid = AlbaChecksTest.grid(100, 20);
        FluidOptions options = FluidOptions.defaults().withTolerances(1e-10, 1e-8);
        FluidTrajectory explicit = fluid.integrate(x0, grid, options.withIntegrator(FluidOptions.Integrator.EXPLICIT));
        FluidTrajectory implicit = fluid.integrate(x0, grid, options.withIntegrator(FluidOptions.Integrator.IMPLICIT));
        assertEquals(0, explicit.jacobianEvaluations());
        assertTrue(implicit.jacobianEvaluations() > 0);
        double gap = 0;
        for (int i = 0; i < grid.length; i++) {
            gap = Math.max(gap, AlbaChecksTest.maxAbsDiff(explicit.state(i), implicit.state(i)));
        }
        // two independent integrators at local tolerance rel 1e-8: global error up to ≈ horizon × 1e-8 = 1e-6
        assertTrue(gap < 1e-6, "ROS34PW2 vs Dormand–Prince: " + gap);
        assertTrue(implicit.maxMassError() <= 1e-9);
        assertTrue(implicit.parameters().get("solver").contains("ROS34PW2"));
    }
}
