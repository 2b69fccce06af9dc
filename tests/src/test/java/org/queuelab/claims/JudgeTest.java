package org.queuelab.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.claims.Evidence.Outcome;
import org.queuelab.result.Estimate;

class JudgeTest {

    private static final Grade G = Grade.INDEPENDENT_METHOD;

    @Test
    void valueWithAnIntervalIsDecidedOnlyWhenTheIntervalIsInsideOrOutsideTheMargin() {
        assertEquals(Outcome.HOLDS, Judge.value(G, "x", new Estimate(0.701, 0.002, 10), 0.70, 0.005).outcome());
        assertEquals(Outcome.FAILS, Judge.value(G, "x", new Estimate(0.72, 0.002, 10), 0.70, 0.005).outcome());
        Evidence e = Judge.value(G, "x", new Estimate(0.5, 0.5, 10), 0, 0.75);
        assertEquals(Outcome.UNDECIDED, e.outcome());
        // the margin's end is 0.25 from the mean: (0.5 / 0.25)² · 10 = 40 runs
        assertEquals(40, e.runsNeeded());
        assertEquals("ours 0.500 ± 0.500 (n = 10), margin ± 0.750, needs ≈ 40 runs", e.power());
        assertEquals(Outcome.UNDECIDED, Judge.value(G, "x", new Estimate(0.7, Double.NaN, 1), 0.7, 0.1).outcome());
    }

    @Test
    void equalityIsEquivalenceSoMoreRunsMakeATrueClaimEasierNotHarder() {
        // the same small true difference: a wide interval cannot decide, a narrow one shows equivalence
        assertEquals(Outcome.UNDECIDED, Judge.equal(G, "d", new Estimate(0.001, 0.01, 5), 0.005).outcome());
        assertEquals(Outcome.HOLDS, Judge.equal(G, "d", new Estimate(0.001, 0.002, 500), 0.005).outcome());
        assertEquals(Outcome.FAILS, Judge.equal(G, "d", new Estimate(0.02, 0.002, 500), 0.005).outcome());
        assertEquals(Outcome.HOLDS, Judge.equal(G, "d", 0.004, 0.005).outcome());
        assertEquals(Outcome.FAILS, Judge.equal(G, "d", 0.006, 0.005).outcome());
    }

    @Test
    void orderingIsDecidedByTheIntervalAndNotSignificantIsNeverContrary() {
        assertEquals(Outcome.HOLDS, Judge.larger(G, "a − b", new Estimate(0.01, 0.005, 10), 0.005).outcome());
        assertEquals(Outcome.FAILS, Judge.larger(G, "a − b", new Estimate(-0.01, 0.005, 10), 0.005).outcome());
        Evidence e = Judge.larger(G, "a − b", new Estimate(0.004, 0.006, 10), 0.005);
        assertEquals(Outcome.UNDECIDED, e.outcome());
        assertEquals(23, e.runsNeeded());   // ceil(10 · (6/4)²) = 23
        assertTrue(e.power().contains("resolution needed 0.00500"), e.power());
        Evidence tiny = Judge.larger(G, "a − b", new Estimate(1e-5, 0.006, 10), 0.005);
        assertEquals(0, tiny.runsNeeded());
        assertTrue(tiny.note().contains("below a tenth of the resolution"), tiny.note());
    }

    @Test
    void slopeIsJudgedAgainstTheClaimedOrder() {
        double[] logN = {Math.log(100), Math.log(200), Math.log(400), Math.log(800), Math.log(1600)};
        double[] logErr = new double[logN.length];
        for (int i = 0; i < logN.length; i++) {
            logErr[i] = 0.3 - logN[i] + 0.01 * (i % 2 == 0 ? 1 : -1);
        }
        assertEquals(Outcome.HOLDS, Judge.slope(G, "1/N", logN, logErr, -1, 0.2).outcome());
        assertEquals(Outcome.FAILS, Judge.slope(G, "1/√N", logN, logErr, -0.5, 0.2).outcome());
        assertThrows(IllegalArgumentException.class, () -> Judge.slope(G, "s", new double[2], new double[2], 0, 1));
        var flat = assertThrows(IllegalArgumentException.class,
                () -> Judge.slope(G, "s", new double[] {1, 1, 1}, new double[] {1, 2, 3}, 0, 1));
        assertTrue(flat.getMessage().contains("x takes one value only"), flat.getMessage());
        // exact points: a zero-width interval, decided
        assertEquals(Outcome.HOLDS, Judge.slope(G, "s", new double[] {1, 2, 3}, new double[] {2, 4, 6}, 2, 0.1)
                .outcome());
    }

    @Test
    void forEveryFailsOnOnePointAndWaitsForUndecidedOnes() {
        Evidence h = Judge.equal(G, "p1", 0.0, 0.1);
        Evidence f = Judge.equal(G, "p2", 0.5, 0.1);
        Evidence u = Judge.equal(G, "p3", new Estimate(0.05, 0.1, 4), 0.1);
        assertEquals(Outcome.HOLDS, Judge.forEvery(G, "all", "ν = 1, 2", List.of(h, h)).outcome());
        assertEquals(Outcome.FAILS, Judge.forEvery(G, "all", "ν = 1, 2, 3", List.of(h, f, u)).outcome());
        Evidence e = Judge.forEvery(G, "all", "ν = 1, 3", List.of(h, u));
        assertEquals(Outcome.UNDECIDED, e.outcome());
        assertTrue(e.note().contains("1 of 2 hold") && e.note().contains("ν = 1, 3"), e.note());
        assertThrows(IllegalArgumentException.class, () -> Judge.forEvery(G, "all", "", List.of(h)));
        assertThrows(IllegalArgumentException.class, () -> Judge.forEvery(G, "all", "ν", List.of()));
    }

    @Test
    void marginsMustBeFiniteAndNonNegative() {
        var e = assertThrows(IllegalArgumentException.class, () -> Judge.value(G, "x", 1, 1, -1));
        assertTrue(e.getMessage().contains("margin"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Judge.value(G, "x", 1, Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> Judge.equal(G, "x", new Estimate(0, 1, 3),
                Double.POSITIVE_INFINITY));
    }

    @Test
    void headlinesFitATableCell() {
        Evidence e = Judge.value(Grade.WORK_NUMBER, "x", 0.70412345, 0.7, 0.005);
        assertEquals("ours 0.704123 vs 0.7", e.headline());
        Evidence q = Judge.exact(G, "a very long qualitative statement ".repeat(4), true, "");
        assertTrue(q.headline().length() <= Evidence.HEADLINE, q.headline());
    }

    @Test
    void largerNamesResolutionInItsMessage() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> Judge.larger(G, "a − b", new Estimate(0.01, 0.005, 10), -1));
        assertTrue(e.getMessage().startsWith("resolution is -1.0"), e.getMessage());
    }
}
