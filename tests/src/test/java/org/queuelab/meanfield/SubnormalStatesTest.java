package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.repro.alba.Theorem2;

/**
 * Drained tail levels of a fluid leave round-off of a few ulps of zero (10⁻³²³) that no step removes; the
 * integrators flush such subnormal coordinates (arithmetic on them is tens of times slower). Before the flush, ALBA's
 * JIQ fluid below carried about 140 subnormal coordinates of 203 from t ≈ 900 on.
 */
class SubnormalStatesTest {

    private static int subnormals(double[] x) {
        int count = 0;
        for (double v : x) {
            if (v != 0 && Math.abs(v) < Double.MIN_NORMAL) {
                count++;
            }
        }
        return count;
    }

    private static void drainedLevelsHoldNoSubnormals(Theorem2.Case c) {
        AlbaFluid fluid = new AlbaFluid(c.model(), 200);
        double lambda = c.model().lambda();
        double[] times = {0, 900, 1500, 2100, 3000};
        FluidTrajectory path = fluid.integrate(fluid.state(1 - lambda, 0, lambda), times);
        for (int k = 1; k < times.length; k++) {
            assertEquals(0, subnormals(path.state(k)), c.label() + " at t = " + times[k]);
        }
    }

    @Test
    void theExplicitIntegratorFlushesThem() {   // JIQ: Dormand–Prince throughout
        drainedLevelsHoldNoSubnormals(new Theorem2.Case("", JoinBelowThreshold.jiq(), 0.06));
    }

    @Test
    void theImplicitIntegratorFlushesThem() {   // JBT-1, Blind-0.04: stiff pool segments on ROS34PW2
        drainedLevelsHoldNoSubnormals(new Theorem2.Case("", new JoinBelowThreshold(1), 0.04));
    }
}
