package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.RandomDispatch;

/** SQ(d), Random and JIQ fluids without scaling: long-time limits against closed forms, losses, bad input. */
class PowerOfDFluidTest {

    static PowerOfDFluid fluid(double lambda, org.queuelab.policy.Dispatch dispatch, int buffer, int levels) {
        return new PowerOfDFluid(new LoadBalancingModel(lambda, dispatch, buffer, UnitExponential.INSTANCE),
                levels);
    }

    static double[] empty(PowerOfDFluid f) {
        double[] x = new double[f.dimension()];
        x[0] = 1;
        return x;
    }

    @Test
    void sqTwoFromEmptyReachesTheClosedForm() {
        PowerOfDFluid f = fluid(0.9, new PowerOfD(2), Buffers.INFINITE, 60);
        FluidTrajectory tr = f.integrate(empty(f), new double[] {10, 2000},
                FluidOptions.defaults().withMaxStep(50));
        assertEquals(2.352652, tr.value("meanJobs", 1), 1e-6, "Σ λ^{2^i − 1} (engineering-notes anchor)");
        double[] fixed = f.fixedPoint().state();
        for (int i = 0; i < fixed.length; i++) {
            assertEquals(fixed[i], tr.finalState()[i], 1e-8);
        }
        assertTrue(tr.value("meanJobs", 0) < 2.352652);
        assertEquals(0.0, tr.value("loss", 1), 1e-12);
    }

    @Test
    void randomWithFiniteBufferIsMM1B() {
        double lambda = 0.5;
        int buffer = 8;
        PowerOfDFluid f = fluid(lambda, new RandomDispatch(), buffer, buffer);
        double[] end = f.integrate(empty(f), new double[] {400}).finalState();
        double norm = (1 - Math.pow(lambda, buffer + 1)) / (1 - lambda);
        for (int i = 0; i <= buffer; i++) {
            assertEquals(Math.pow(lambda, i) / norm, end[i], 1e-9, "M/M/1/B π_" + i);
        }
        assertEquals(lambda * Math.pow(lambda, buffer) / norm, f.lossRate(end), 1e-9, "loss λπ_B");
        assertEquals(0.001957, Math.pow(lambda, buffer) / norm, 1e-6, "docs/tabs.md §9.3");
    }

    @Test
    void jiqWithoutScaling() {
        PowerOfDFluid f = fluid(0.7, JoinBelowThreshold.jiq(), Buffers.INFINITE, 30);
        double[] start = new double[f.dimension()];
        start[3] = 1; // every server holds three jobs: the idle pool is empty at first
        FluidTrajectory tr = f.integrate(start, new double[] {50, 200});
        assertEquals(0.3, tr.finalState()[0], 1e-9);
        assertEquals(0.7, tr.finalState()[1], 1e-9);
        assertEquals(0.7, tr.value("meanJobs", 1), 1e-9, "R = 1");
        double[] fixed = f.fixedPoint().state();
        assertEquals(0.3, fixed[0], 1e-15);
        assertEquals(0.7, fixed[1], 1e-12);
    }

    @Test
    void badInput() {
        ServiceDistribution deterministic = new ServiceDistribution() {
            @Override public double mean() { return 1; }
            @Override public double variance() { return 0; }
            @Override public double cdf(double x) { return x >= 1 ? 1 : 0; }
            @Override public double density(double x) { return 0; }
            @Override public double sample(RandomGenerator rng) { return 1; }
            @Override public String label() { return "D(1)"; }
        };
        assertThrows(IllegalArgumentException.class, () -> new PowerOfDFluid(new LoadBalancingModel(0.5,
                new PowerOfD(2), Buffers.INFINITE, deterministic), 30));
        assertThrows(IllegalArgumentException.class, () -> fluid(0.5, new PowerOfD(2), 10, 20));
        PowerOfDFluid f = fluid(0.5, new PowerOfD(2), Buffers.INFINITE, 30);
        double[] bad = empty(f);
        bad[0] = 0.5;
        assertThrows(IllegalArgumentException.class, () -> f.integrate(bad, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> f.drift(new double[3]));
    }
}
