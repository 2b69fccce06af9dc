package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.claims.Evidence;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.claims.Evidence.Outcome;
import org.queuelab.result.Estimate;

class AlbaEvidenceTest {

    private static Outcome better(double mean, double half) {
        return AlbaEvidence.betterBy(Grade.INDEPENDENT_METHOD, "d", new Estimate(mean, half, 10), 0.01).outcome();
    }

    private static Outcome lower(double mean, double half) {
        return AlbaEvidence.lowerBy(Grade.INDEPENDENT_METHOD, "d", new Estimate(mean, half, 10), 0.01).outcome();
    }

    @Test
    void anIntervalBeyondTheResolutionHoldsAndOneShortOfItFails() {
        assertEquals(Outcome.HOLDS, better(0.05, 0.02));
        assertEquals(Outcome.FAILS, better(0.0001, 0.002));      // a significant 10⁻⁴ effect is no advantage
        assertEquals(Outcome.FAILS, better(-0.0001, 0.002));     // nor is one of the other sign
        assertEquals(Outcome.FAILS, better(-0.05, 0.01));
    }

    @Test
    void anIntervalContainingTheResolutionIsUndecidedAndStatesTheRunsNeeded() {
        Evidence e = AlbaEvidence.betterBy(Grade.INDEPENDENT_METHOD, "d", new Estimate(0.02, 0.015, 4), 0.01);
        assertEquals(Outcome.UNDECIDED, e.outcome());
        assertTrue(e.runsNeeded() > 4, e.power());
        assertTrue(e.power().contains("needs"), e.power());
    }

    @Test
    void lowerByMirrorsBetterByAndKeepsTheDifferencesSign() {
        assertEquals(Outcome.HOLDS, lower(-0.05, 0.02));
        assertEquals(Outcome.FAILS, lower(0.0005, 0.002));
        assertEquals(Outcome.UNDECIDED, lower(-0.02, 0.015));
        Evidence e = AlbaEvidence.lowerBy(Grade.INDEPENDENT_METHOD, "d", new Estimate(-0.05, 0.02, 10), 0.01);
        assertEquals(-0.05, e.ours(), 0);
    }

    @Test
    void aResolutionThatIsNotPositiveIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () ->
                AlbaEvidence.betterBy(Grade.INDEPENDENT_METHOD, "d", new Estimate(0, 1, 3), 0));
        assertTrue(e.getMessage().contains("resolution = 0"), e.getMessage());
    }
}
