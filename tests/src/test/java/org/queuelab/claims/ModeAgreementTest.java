package org.queuelab.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.result.Estimate;

/** The rule "a verdict never changes with the mode" (docs/claims.md §4) on synthetic evidence. */
class ModeAgreementTest {

    private static final Claim CLAIM = new Claim("toy", "TOY-1", "Figure 3", Claim.Source.TEXT, Claim.Kind.FIGURE,
            Claim.Rule.ORDER, "a curve lies above another", "", "paired runs", Double.NaN, "", "");

    @Test
    void twoVerdictsContradictOnlyWhenBothAreDecidedAndDiffer() {
        for (Verdict quick : Verdict.values()) {
            for (Verdict full : Verdict.values()) {
                boolean expected = quick != full && quick.decided() && full.decided();
                assertEquals(expected, ModeAgreement.contradicts(quick, full), quick + " vs " + full);
            }
        }
    }

    /**
     * Quick mode's intervals contain full mode's (more runs of the same experiment, the full interval nested in the
     * quick one): whatever quick mode decides, full mode cannot decide otherwise — each rule decides only from an
     * interval wholly on one side of its boundary, and the verdict is monotone in each piece. 3000 seeded random
     * claims of one to three pieces, every rule of Judge; the test also shows that quick mode is undecided on some
     * where full mode decides (so the property is not vacuous).
     */
    @Test
    void nestedIntervalsNeverGiveContradictoryVerdicts() {
        Random random = new Random(20261204L);
        Map<Verdict, Integer> quickVerdicts = new EnumMap<>(Verdict.class);
        int quickUndecidedFullDecided = 0;
        for (int trial = 0; trial < 3000; trial++) {
            List<Evidence> quick = new ArrayList<>();
            List<Evidence> full = new ArrayList<>();
            int pieces = 1 + random.nextInt(3);
            for (int p = 0; p < pieces; p++) {
                Grade grade = Grade.values()[random.nextInt(Grade.values().length)];
                int rule = random.nextInt(4);
                if (rule == 3) {    // for every: a grid of three points, each nested
                    List<Evidence> qPoints = new ArrayList<>();
                    List<Evidence> fPoints = new ArrayList<>();
                    for (int k = 0; k < 3; k++) {
                        Estimate[] pair = nested(random);
                        qPoints.add(Judge.larger(grade, "point " + k, pair[0], 0.01));
                        fPoints.add(Judge.larger(grade, "point " + k, pair[1], 0.01));
                    }
                    quick.add(Judge.forEvery(grade, "every point", "x = 1, 2, 3", qPoints));
                    full.add(Judge.forEvery(grade, "every point", "x = 1, 2, 3", fPoints));
                } else {
                    Estimate[] pair = nested(random);
                    quick.add(judge(rule, grade, pair[0]));
                    full.add(judge(rule, grade, pair[1]));
                }
            }
            Verdict q = Verdict.of(CLAIM, quick);
            Verdict f = Verdict.of(CLAIM, full);
            assertFalse(ModeAgreement.contradicts(q, f), "trial " + trial + ": quick " + q + " from " + quick
                    + ", full " + f + " from " + full);
            quickVerdicts.merge(q, 1, Integer::sum);
            quickUndecidedFullDecided += q == Verdict.INCONCLUSIVE && f.decided() ? 1 : 0;
        }
        assertTrue(quickUndecidedFullDecided > 100, "quick INCONCLUSIVE, full decided: " + quickUndecidedFullDecided);
        for (Verdict v : List.of(Verdict.REPRODUCED, Verdict.PARTLY, Verdict.NOT_REPRODUCED)) {
            assertTrue(quickVerdicts.getOrDefault(v, 0) > 50, "quick mode decides " + v + ": " + quickVerdicts);
        }
    }

    /** A quick-mode interval that just excludes 0 while full mode shows the effect to be contrary: flagged. */
    @Test
    void aKnifeEdgeQuickVerdictThatFullModeContradictsIsFlagged() {
        Evidence quick = Judge.larger(Grade.INDEPENDENT_METHOD, "paired difference", new Estimate(0.005, 0.0049, 5),
                0.01);
        Evidence full = Judge.larger(Grade.INDEPENDENT_METHOD, "paired difference", new Estimate(-0.003, 0.0005, 80),
                0.01);
        Map<String, Verdict> q = new LinkedHashMap<>();
        Map<String, Verdict> f = new LinkedHashMap<>();
        q.put("TOY-1", Verdict.of(CLAIM, List.of(quick)));
        f.put("TOY-1", Verdict.of(CLAIM, List.of(full)));
        q.put("TOY-2", Verdict.INCONCLUSIVE);
        f.put("TOY-2", Verdict.NOT_REPRODUCED);
        q.put("TOY-3", Verdict.PARTLY);          // no full-mode verdict: nothing to compare
        assertEquals(List.of("TOY-1: quick REPRODUCED, full NOT_REPRODUCED"), ModeAgreement.contradictions(q, f));
    }

    private static Evidence judge(int rule, Grade grade, Estimate e) {
        return switch (rule) {
            case 0 -> Judge.value(grade, "value", e, 0.5, 0.02);
            case 1 -> Judge.equal(grade, "equal", new Estimate(e.mean() - 0.5, e.halfWidth(), e.n()), 0.02);
            default -> Judge.larger(grade, "larger", new Estimate(e.mean() - 0.5, e.halfWidth(), e.n()), 0.01);
        };
    }

    /** {quick, full}: a quick interval around 0.5 ± 0.06, and a narrower full interval inside it. */
    private static Estimate[] nested(Random random) {
        double quickMean = 0.5 + 0.06 * (2 * random.nextDouble() - 1);
        double quickHw = 0.001 + 0.03 * random.nextDouble();
        double fullHw = quickHw * (0.05 + 0.5 * random.nextDouble());
        double room = quickHw - fullHw;
        double fullMean = quickMean + room * (2 * random.nextDouble() - 1);
        return new Estimate[] {new Estimate(quickMean, quickHw, 10), new Estimate(fullMean, fullHw, 200)};
    }
}
