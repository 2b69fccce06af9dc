package org.queuelab.repro.invariant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.claims.Evidence;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.dist.Erlang;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.HyperExponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.dist.PaperLaws;
import org.queuelab.invariant.Accuracy;
import org.queuelab.invariant.InvariantState;
import org.queuelab.invariant.InvariantStateProblem;
import org.queuelab.invariant.InvariantStateSolver;

/** The second integrator and the phase-type mean field: closed forms, agreement with the solver, bad input. */
class IndependentMethodsTest {

    @Test
    void meanFieldGivesTheExponentialClosedForm() {
        double[] s = PhaseTypeMeanField.of(Exponential.unitMean()).equilibriumTail(0.5, 2, 30);
        for (int l = 1; l <= 5; l++) {
            double closed = Math.pow(0.5, Math.pow(2, l) - 1);
            assertEquals(closed, s[l], 1e-9 * closed, "level " + l);
        }
    }

    @Test
    void meanFieldAgreesWithTheSolverForErlangAndHyperexponential() {
        for (var law : List.of(Erlang.unitMean(3), HyperExponential.withMeanAndScv(1, 4))) {
            double[] s = PhaseTypeMeanField.of(law).equilibriumTail(0.5, 2, 40);
            InvariantState st = InvariantStateSolver.solve(new InvariantStateProblem(law, 0.5, 2, 4, Accuracy.HIGH));
            for (int l = 1; l <= 4; l++) {
                assertEquals(st.s(l), s[l], 1e-8 * st.s(l), law.label() + " level " + l);
            }
        }
    }

    @Test
    void meanFieldRefusesLawsWithoutAPhaseTypeForm() {
        var e = assertThrows(IllegalArgumentException.class, () -> PhaseTypeMeanField.of(LogNormal.unitMean(1)));
        assertTrue(e.getMessage().contains("law is"), e.getMessage());
        var lam = assertThrows(IllegalArgumentException.class,
                () -> PhaseTypeMeanField.of(Exponential.unitMean()).equilibriumTail(1.2, 2, 10));
        assertTrue(lam.getMessage().contains("lambda = 1.2"), lam.getMessage());
    }

    @Test
    void secondIntegratorAgreesWithTheSolverForHeavyAndLightTails() {
        var laws = PaperLaws.invariantStatesTable1();
        for (String name : List.of("exponential", "Pareto α=1.5", "Weibull a=0.5")) {
            double[] g = GridInvariantState.solve(laws.get(name), 0.5, 2, 6);
            InvariantState st = InvariantStateSolver.solve(new InvariantStateProblem(laws.get(name), 0.5, 2, 6, Accuracy.HIGH));
            assertEquals(0.5, g[1], 0);
            for (int l = 2; l <= 6; l++) {
                if (g[l] >= 1e-10) {
                    assertEquals(st.s(l), g[l], 1e-4 * st.s(l), name + " level " + l);
                }
            }
        }
    }

    @Test
    void secondIntegratorRefusesBadInput() {
        var e = assertThrows(IllegalArgumentException.class, () -> GridInvariantState.solve(Exponential.unitMean(), 0.5, 1, 4));
        assertTrue(e.getMessage().contains("d = 1"), e.getMessage());
        var m = assertThrows(IllegalArgumentException.class, () -> GridInvariantState.solve(Exponential.withMean(2), 0.5, 2, 4));
        assertTrue(m.getMessage().contains("mean"), m.getMessage());
    }

    @Test
    void againstGeometricSeparatesDoublyExponentialFromPowerTails() {
        double[] expo = new double[6];
        double[] geometric = new double[6];
        for (int l = 0; l < 6; l++) {
            expo[l] = Math.pow(0.5, Math.pow(2, l) - 1);
            geometric[l] = l == 0 ? 1 : 0.9 * Math.pow(0.5, l);
        }
        assertEquals(Evidence.Outcome.HOLDS, InvariantEvidence.againstGeometric(Grade.INDEPENDENT_METHOD, "exp", expo, true).outcome());
        // a geometric tail c·ρ^ℓ with c < 1: ln(1/s) = ℓ ln(1/ρ) + ln(1/c), ratio below (ℓ+1)/ℓ, so "faster" fails
        assertEquals(Evidence.Outcome.FAILS, InvariantEvidence.againstGeometric(Grade.INDEPENDENT_METHOD, "geo", geometric, true).outcome());
    }

    @Test
    void levelsFailWhenAValueIsOutsideTheMargin() {
        var laws = PaperLaws.invariantStatesTable1();
        InvariantState st = InvariantStateSolver.solve(new InvariantStateProblem(laws.get("exponential"), 0.5, 2, 4, Accuracy.HIGH));
        double[] other = {1, 0.5, 0.125, 0.0078125 * 1.01, Math.pow(0.5, 15)};
        assertEquals(Evidence.Outcome.FAILS, InvariantEvidence.levels(Grade.INDEPENDENT_METHOD, "exp", st, other, 4, 1e-3).outcome());
        other[3] = 0.0078125;
        assertEquals(Evidence.Outcome.HOLDS, InvariantEvidence.levels(Grade.INDEPENDENT_METHOD, "exp", st, other, 4, 1e-3).outcome());
    }
}
