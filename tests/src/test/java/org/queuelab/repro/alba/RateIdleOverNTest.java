package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.repro.Finding;
import org.queuelab.result.Estimate;

import tech.tablesaw.api.Table;

class RateIdleOverNTest {

    private static RateIdleOverN quick() {
        return RateIdleOverN.figure1Rates(250, 100, 4, 11L);
    }

    @Test
    void largeGainOverProvisionsAtSmallNAndApproachesXStarAsNGrows() {
        RateIdleOverN s = quick();
        List<RateIdleOverN.Row> rows = s.run(List.of(RateIdleScaling.inverseAlpha()), 300, 3000);
        // κ = 1/α amplifies the O(1/√N) fluctuations of x_{1,2}: far above E = λ at N = 300 …
        assertTrue(rows.get(0).energy().lower() > Figure1.LAMBDA + 0.1, rows.get(0).energy().toString());
        // … and significantly closer at N = 3000
        Finding f = s.approachesOptimum(rows);
        assertTrue(f.holds(), f.toString());
        assertEquals(Figure1.LAMBDA, f.reference());
        assertEquals(rows.get(1).energy().mean(), f.ours());
        Table t = s.table(rows);
        assertEquals(2, t.rowCount());
        assertEquals(List.of(300, 3000), t.intColumn("N").asList());
        assertEquals(rows.get(1).energyGap(Figure1.LAMBDA) * 3000, t.doubleColumn("(E − λ)·N").getDouble(1), 1e-9);
    }

    @Test
    void sameSeedSameTable() {
        RateIdleOverN s = RateIdleOverN.figure1Rates(60, 20, 2, 5L);
        List<RateIdleOverN.Row> a = s.run(s.standardGains(), 100, 200);
        List<RateIdleOverN.Row> b = s.run(s.standardGains(), 100, 200);
        assertEquals(s.table(a).print(), s.table(b).print());
        assertEquals(4, a.size());
        assertEquals(2.0, RateIdleOverN.ofGain(a, RateIdleScaling.withGain(2).label()).get(0).kappa());
    }

    @Test
    void aGapThatDoesNotShrinkSignificantlyIsNotAnApproach() {
        RateIdleOverN s = quick();
        Estimate any = new Estimate(0.7, 0.01, 4);
        List<RateIdleOverN.Row> rows = List.of(
                new RateIdleOverN.Row("g", 1, 1000, new Estimate(0.80, 0.02, 4), any, any, any),
                new RateIdleOverN.Row("g", 1, 10000, new Estimate(0.78, 0.02, 4), any, any, any));
        assertFalse(s.approachesOptimum(rows).holds());       // intervals overlap
        List<RateIdleOverN.Row> shrinking = List.of(rows.get(0),
                new RateIdleOverN.Row("g", 1, 10000, new Estimate(0.72, 0.01, 4), any, any, any));
        assertTrue(s.approachesOptimum(shrinking).holds());
        // gaps 0.1 and 0.01 over a decade of N: slope −1
        assertEquals(-1.0, s.gapSlope(List.of(
                new RateIdleOverN.Row("g", 1, 100, new Estimate(0.8, 0.01, 4), any, any, any),
                new RateIdleOverN.Row("g", 1, 1000, new Estimate(0.71, 0.01, 4), any, any, any))), 1e-9);
    }

    @Test
    void refusesBadInput() {
        assertThrows(IllegalArgumentException.class, () -> RateIdleOverN.figure1Rates(100, 20, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> RateIdleOverN.figure1Rates(100, 200, 3, 1));
        assertThrows(IllegalArgumentException.class, () -> quick().run(quick().standardGains(), 100));
        assertThrows(IllegalArgumentException.class, () -> RateIdleOverN.ofGain(List.of(), "x"));
    }
}
