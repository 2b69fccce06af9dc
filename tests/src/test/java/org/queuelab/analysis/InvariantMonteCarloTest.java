package org.queuelab.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.invariant.Accuracy;
import org.queuelab.invariant.InvariantState;
import org.queuelab.invariant.InvariantStateProblem;
import org.queuelab.invariant.InvariantStateSolver;
import org.queuelab.result.Estimate;

/**
 * docs/invariant-states.md §9.7: with exponential service the N = 600 network is at s* (ℓ = 1..3) within 3 standard errors by t = 10.
 * The window is [10, 15], as in the work's figures: over [5, 10] the fluid itself is still 0.003 above s*_1.
 */
class InvariantMonteCarloTest {

    @Test
    void exponentialServiceReachesTheInvariantState() {
        InvariantState st = InvariantStateSolver.solve(
                new InvariantStateProblem(Exponential.unitMean(), 0.5, 2, 3, Accuracy.HIGH));
        int runs = 40;
        InvariantMonteCarlo mc = InvariantMonteCarlo.run(Exponential.unitMean(), 600, 0.5, 2, 15, 0.1, 10, runs, 7L);
        for (int l = 1; l <= 3; l++) {
            Estimate e = mc.window(l);
            double standardError = e.halfWidth() / Estimate.tQuantile975(runs - 1);
            assertTrue(Math.abs(e.mean() - st.s(l)) <= 3 * standardError,
                    "ℓ = " + l + ": " + e.mean() + " ± " + standardError + " (SE) vs s* = " + st.s(l));
        }
        assertEquals(3, mc.toTable(st).rowCount());
        assertEquals(1.0, mc.average().series("s1")[0], 0, "every server starts with one job");
    }

    @Test
    void sameSeedSameNumbers() {
        InvariantMonteCarlo a = InvariantMonteCarlo.run(Exponential.unitMean(), 50, 0.5, 2, 2, 0.5, 1, 4, 11L);
        InvariantMonteCarlo b = InvariantMonteCarlo.run(Exponential.unitMean(), 50, 0.5, 2, 2, 0.5, 1, 4, 11L);
        assertArrayEquals(a.average().series("s2"), b.average().series("s2"));
        assertEquals(a.window(3), b.window(3));
    }

    @Test
    void rejectsBadWindow() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> InvariantMonteCarlo.run(Exponential.unitMean(), 50, 0.5, 2, 2, 0.5, 2, 4, 11L));
        assertTrue(e.getMessage().contains("windowFrom = 2.0") && e.getMessage().contains("allowed"));
        InvariantMonteCarlo mc = InvariantMonteCarlo.run(Exponential.unitMean(), 50, 0.5, 2, 2, 0.5, 1, 4, 11L);
        assertThrows(IllegalArgumentException.class, () -> mc.window(4));
    }

    @Test
    void theRecordValidatesEveryComponent() {
        InvariantMonteCarlo mc = InvariantMonteCarlo.run(Exponential.unitMean(), 50, 0.5, 2, 2, 0.5, 1, 4, 11L);
        IllegalArgumentException servers = assertThrows(IllegalArgumentException.class, () -> new InvariantMonteCarlo(
                mc.label(), 0, mc.lambda(), mc.d(), mc.runs(), mc.seed(), mc.average(), mc.windowFrom(), mc.windowTo(),
                mc.window(), mc.events(), mc.seconds()));
        assertTrue(servers.getMessage().contains("servers"), servers.getMessage());
        IllegalArgumentException window = assertThrows(IllegalArgumentException.class, () -> new InvariantMonteCarlo(
                mc.label(), mc.servers(), mc.lambda(), mc.d(), mc.runs(), mc.seed(), mc.average(), mc.windowFrom(),
                mc.windowTo(), new Estimate[] {mc.window(1)}, mc.events(), mc.seconds()));
        assertTrue(window.getMessage().contains("window"), window.getMessage());
        IllegalArgumentException order = assertThrows(IllegalArgumentException.class, () -> new InvariantMonteCarlo(
                mc.label(), mc.servers(), mc.lambda(), mc.d(), mc.runs(), mc.seed(), mc.average(), mc.windowTo(),
                mc.windowFrom(), mc.window(), mc.events(), mc.seconds()));
        assertTrue(order.getMessage().contains("windowFrom < windowTo"), order.getMessage());
    }
}
