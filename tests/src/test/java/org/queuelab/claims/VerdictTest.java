package org.queuelab.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.claims.Evidence.Grade;

class VerdictTest {

    private static final Claim TESTABLE = new Claim("w", "W-1", "Theorem 1", Claim.Source.TEXT, Claim.Kind.THEOREM,
            Claim.Rule.EXACT, "x converges", "", "fluid vs simulation", Double.NaN, "", "");
    private static final Claim UNTESTABLE = new Claim("w", "W-2", "Section 4", Claim.Source.TEXT, Claim.Kind.THEOREM,
            Claim.Rule.NONE, "a limit", "", "", Double.NaN, "", "no number");

    private static Evidence undecided(Grade g) {
        return new Evidence(g, g + " undecided", Double.NaN, 0.1, Evidence.Outcome.UNDECIDED, "", "0.1 ± 0.2", 40);
    }

    @Test
    void undecidedPiecesGiveInconclusiveOnlyWhenTheyCouldChangeTheVerdict() {
        // alone: could be REPRODUCED or NOT REPRODUCED
        assertEquals(Verdict.INCONCLUSIVE, Verdict.of(TESTABLE, List.of(undecided(Grade.INDEPENDENT_METHOD))));
        // beside a holding strong piece: REPRODUCED or PARTLY
        assertEquals(Verdict.INCONCLUSIVE, Verdict.of(TESTABLE, List.of(ev(Grade.WORK_NUMBER, true),
                undecided(Grade.INDEPENDENT_METHOD))));
        // beside a failing piece and a holding one: PARTLY whatever the undecided piece does
        assertEquals(Verdict.PARTLY, Verdict.of(TESTABLE, List.of(ev(Grade.WORK_NUMBER, true),
                ev(Grade.INDEPENDENT_METHOD, false), undecided(Grade.INDEPENDENT_METHOD))));
        // consistency alone, undecided: PARTLY or NOT REPRODUCED
        assertEquals(Verdict.INCONCLUSIVE, Verdict.of(TESTABLE, List.of(undecided(Grade.CONSISTENCY))));
        assertTrue(!Verdict.INCONCLUSIVE.decided() && Verdict.PARTLY.decided());
    }

    private static Evidence ev(Grade g, boolean holds) {
        return new Evidence(g, g + (holds ? " holds" : " fails"), 1, holds ? 1 : 2, holds, "");
    }

    @Test
    void allStrongAndConsistencyHoldingReproduces() {
        assertEquals(Verdict.REPRODUCED, Verdict.of(TESTABLE, List.of(ev(Grade.WORK_NUMBER, true),
                ev(Grade.INDEPENDENT_METHOD, true), ev(Grade.CONSISTENCY, true))));
        assertEquals(Verdict.REPRODUCED, Verdict.of(TESTABLE, List.of(ev(Grade.INDEPENDENT_METHOD, true))));
    }

    @Test
    void consistencyAloneNeverReproduces() {
        assertEquals(Verdict.PARTLY, Verdict.of(TESTABLE, List.of(ev(Grade.CONSISTENCY, true),
                ev(Grade.CONSISTENCY, true))));
        assertEquals(Verdict.NOT_REPRODUCED, Verdict.of(TESTABLE, List.of(ev(Grade.CONSISTENCY, true),
                ev(Grade.CONSISTENCY, false))));
    }

    @Test
    void mixedStrongEvidenceIsPartly() {
        assertEquals(Verdict.PARTLY, Verdict.of(TESTABLE, List.of(ev(Grade.WORK_NUMBER, true),
                ev(Grade.INDEPENDENT_METHOD, false))));
        // strong evidence holds but a consistency check fails: not a clean reproduction
        assertEquals(Verdict.PARTLY, Verdict.of(TESTABLE, List.of(ev(Grade.WORK_NUMBER, true),
                ev(Grade.CONSISTENCY, false))));
    }

    @Test
    void noStrongEvidenceHoldingIsNotReproducedEvenIfConsistencyHolds() {
        assertEquals(Verdict.NOT_REPRODUCED, Verdict.of(TESTABLE, List.of(ev(Grade.WORK_NUMBER, false),
                ev(Grade.CONSISTENCY, true), ev(Grade.CONSISTENCY, true))));
        assertEquals(Verdict.NOT_REPRODUCED, Verdict.of(TESTABLE, List.of(ev(Grade.INDEPENDENT_METHOD, false))));
    }

    @Test
    void notTestableTakesOnlyConsistencyIllustrations() {
        assertEquals(Verdict.NOT_TESTABLE, Verdict.of(UNTESTABLE, List.of()));
        assertEquals(Verdict.NOT_TESTABLE, Verdict.of(UNTESTABLE, List.of(ev(Grade.CONSISTENCY, false))));
        var e = assertThrows(IllegalArgumentException.class,
                () -> Verdict.of(UNTESTABLE, List.of(ev(Grade.WORK_NUMBER, true))));
        assertTrue(e.getMessage().contains("W-2"), e.getMessage());
    }

    @Test
    void noEvidenceIsNotAVerdict() {
        var e = assertThrows(IllegalArgumentException.class, () -> Verdict.of(TESTABLE, List.of()));
        assertTrue(e.getMessage().contains("unjudged"), e.getMessage());
    }
}
