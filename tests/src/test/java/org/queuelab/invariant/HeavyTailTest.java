package org.queuelab.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.hipparchus.special.Gamma;
import org.junit.jupiter.api.Test;
import org.queuelab.dist.Lomax;
import org.queuelab.dist.Pareto;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.invariant.GaussKronrod.Estimate;

/**
 * Heavy tails at the edge of finite mean (issue 18, item 4): the ccdf integrals of Pareto(α → 1⁺) and Lomax laws
 * against closed forms, the solver on the two laws it used to reject, and the refusal of a tail too slow to reach
 * the accuracy asked.
 */
class HeavyTailTest {

    /**
     * ∫_0^∞ Ḡ(x) e^{−βx} dx for Pareto(x_m, α): (1 − e^{−βx_m})/β + x_m^α β^{α−1} Γ(1−α, βx_m), with
     * Γ(s, z) = (Γ(s+1, z) − z^s e^{−z})/s for s = 1 − α ∈ (−1, 0) and Γ(s+1, z) = Q(s+1, z)·Γ(s+1).
     */
    private static double paretoLaplaceOfCcdf(double xm, double alpha, double beta) {
        double s = 1 - alpha;
        double z = beta * xm;
        double upperNext = Gamma.regularizedGammaQ(s + 1, z) * Gamma.gamma(s + 1);
        double upper = (upperNext - Math.pow(z, s) * Math.exp(-z)) / s;
        return -Math.expm1(-z) / beta + Math.pow(xm, alpha) * Math.pow(beta, alpha - 1) * upper;
    }

    @Test
    void paretoNearTheEdgeIntegratesToItsMeanAndItsClosedFormMass() {
        for (double alpha : new double[] {1.01, 1.05, 1.5}) {
            Pareto law = Pareto.unitMean(alpha);
            CcdfIntegrals q = new CcdfIntegrals(law, Accuracy.PAPER.quadratureTolerance());
            Estimate mean = q.mean();
            assertTrue(Math.abs(mean.value() - 1) <= mean.error() + 1e-13,
                    "α = " + alpha + ": " + mean + " vs mean 1");
            for (double beta : new double[] {0.05, 0.5, 3}) {
                double exact = 1 - paretoLaplaceOfCcdf(law.scale(), alpha, beta);
                Estimate mass = q.mass(beta);
                assertTrue(Math.abs(mass.value() - exact) <= mass.error() + 1e-12 * exact,
                        "α = " + alpha + ", β = " + beta + ": " + mass + " vs closed form " + exact);
            }
        }
    }

    @Test
    void lomaxNearTheEdgeIntegratesToItsMean() {
        for (double alpha : new double[] {1.001, 1.01}) {
            ServiceDistribution law = Lomax.unitMean(alpha);
            Estimate mean = new CcdfIntegrals(law, Accuracy.PAPER.quadratureTolerance()).mean();
            assertTrue(Math.abs(mean.value() - 1) <= mean.error() + 1e-13, "α = " + alpha + ": " + mean);
        }
    }

    @Test
    void theSolverAcceptsTheLawsItUsedToReject() {
        for (ServiceDistribution law : new ServiceDistribution[] {Pareto.unitMean(1.01), Lomax.unitMean(1.001)}) {
            InvariantState state = assertTimeoutPreemptively(Duration.ofSeconds(60),
                    () -> InvariantStateSolver.solve(InvariantStateProblem.paper(law)));
            // s*_1 = λE[S] exactly; higher levels are solved or flagged with their reason, never silently wrong
            assertEquals(0.5, state.s(1), state.errorBound(1) + 1e-15);
            assertEquals(LevelStatus.OK, state.status(2), law.label() + ": " + state.reason(2));
            for (int l = 2; l <= state.levels(); l++) {
                if (state.status(l) == LevelStatus.OK) {
                    assertTrue(state.s(l) > 0 && state.s(l) < state.s(l - 1), law.label() + " level " + l);
                } else {
                    assertTrue(!state.reason(l).isEmpty(), law.label() + " level " + l);
                }
            }
        }
    }

    @Test
    void aTailTooSlowForTheAccuracyIsRefusedWithItsPower() {
        IllegalArgumentException e = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertThrows(
                IllegalArgumentException.class,
                () -> InvariantStateSolver.solve(InvariantStateProblem.paper(Pareto.unitMean(1 + 1e-7)))));
        assertTrue(e.getMessage().contains("tail decays like x^(−1.0000"), e.getMessage());
        assertTrue(e.getMessage().contains("relative accuracy reached"), e.getMessage());
    }
}
