package org.queuelab.repro.tabs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.junit.jupiter.api.Test;
import org.queuelab.claims.Evidence.Outcome;
import org.queuelab.result.Estimate;

class TabsClaimJudgeTest {

    @Test
    void thesisCovarianceIsNotPositiveSemidefinite() {
        // rows 4 and 6 of (4.55) hold the principal minor [[0, h], [h, 0]] with h = cν/2 > 0: det = −h² < 0
        double min = TabsClaimJudge.smallestEigenvalue(TabsClaimJudge.thesisCovariance(0.14, 10, 20, 1, 1, 1, 1));
        assertTrue(min < -10 + 1e-9, "smallest eigenvalue " + min);
        assertEquals(Outcome.FAILS, TabsClaimJudge.covarianceIsPsd(10, 20, new double[] {0.14},
                new double[] {1}, new double[] {1}).outcome());
    }

    @Test
    void smallestEigenvalueOfACovarianceIsNonNegative() {
        double min = TabsClaimJudge.smallestEigenvalue(new Array2DRowRealMatrix(new double[][] {{2, 1}, {1, 2}}));
        assertEquals(1, min, 1e-12);
    }

    @Test
    void shrinkingOverNIsUndecidedWhenTheIntervalsOverlap() {
        DiffusionScale.Row a = new DiffusionScale.Row(100, null, null, new Estimate(0.10, 0.01, 4), null);
        DiffusionScale.Row b = new DiffusionScale.Row(400, null, null, new Estimate(0.05, 0.01, 4), null);
        DiffusionScale.Row c = new DiffusionScale.Row(1600, null, null, new Estimate(0.045, 0.01, 4), null);
        assertEquals(Outcome.HOLDS,
                TabsClaimJudge.shrinksOverN(List.of(a, b), DiffusionScale.Row::idlePlusSetup, "w").outcome());
        assertEquals(Outcome.UNDECIDED,
                TabsClaimJudge.shrinksOverN(List.of(a, b, c), DiffusionScale.Row::idlePlusSetup, "w").outcome());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TabsClaimJudge.shrinksOverN(List.of(a), DiffusionScale.Row::idlePlusSetup, "w"));
        assertTrue(e.getMessage().contains("rows has 1"), e.getMessage());
    }
}
