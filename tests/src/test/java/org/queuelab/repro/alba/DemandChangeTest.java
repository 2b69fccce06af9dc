package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.arrival.RateFunction;
import org.queuelab.autoscale.ClusterResult;
import org.queuelab.repro.Finding;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedResult;

import tech.tablesaw.api.Table;

class DemandChangeTest {

    /** A small run of ALBA's rates: N = 20, 4 replications, two gains. */
    private static final DemandChange SMALL = DemandChange.albaRates(20, new double[] {0.5, 20}, 7L, 4);

    @Test
    void stepAndRampChangeTheRateAtTheStatedTimes() {
        Map<String, RateFunction> changes = DemandChange.stepAndRamp(100, 0.3, 0.7);
        assertEquals(List.of("step", "ramp"), List.copyOf(changes.keySet()));
        assertEquals(30, changes.get("step").rate(599), 1e-12);
        assertEquals(70, changes.get("step").rate(601), 1e-12);
        assertEquals(50, changes.get("ramp").rate(750), 1e-9);
        assertEquals(70, changes.get("ramp").rate(1000), 1e-12);
    }

    @Test
    void picksTheCandidateWhoseMeanPowerIsClosestToTabsAndPairsTheReplications() {
        DemandChange.Outcome o = SMALL.run("step", DemandChange.stepAndRamp(20, 0.3, 0.7).get("step"));
        double target = o.all().get(o.tabs()).estimate("meanPower").mean();
        double chosen = Math.abs(o.all().get(o.rateIdle()).estimate("meanPower").mean() - target);
        for (String p : o.all().policies()) {
            if (!p.equals(o.tabs())) {
                assertTrue(chosen <= Math.abs(o.all().get(p).estimate("meanPower").mean() - target), p);
            }
        }
        // common random numbers: every policy saw the same arrivals in each replication
        ReplicatedResult<ClusterResult> tabs = o.all().get(o.tabs());
        ReplicatedResult<ClusterResult> rateIdle = o.all().get(o.rateIdle());
        for (int r = 0; r < tabs.runs().size(); r++) {
            assertEquals(tabs.runs().get(r).arrivals(), rateIdle.runs().get(r).arrivals());
        }
        // the delay finding is the paired interval of the response-time difference
        Estimate d = o.difference("meanResponse");
        Finding delay = o.delay();
        assertEquals(d.mean(), delay.ours(), 0);
        assertEquals(d.upper() < 0, delay.holds());
        assertEquals(d.upper(), delay.upper(), 0);
        // energy matching is an equivalence test: the whole paired interval within ±0.02
        Estimate power = o.difference("meanPower");
        Finding matched = o.energyMatched(0.02);
        assertEquals(power.lower() >= -0.02 && power.upper() <= 0.02, matched.holds());
        assertEquals(power.lower(), matched.lower(), 0);
        assertEquals(power.upper(), matched.upper(), 0);
        assertEquals(0.02, matched.reference(), 0);
        Table t = DemandChange.table(Map.of("step", o));
        assertEquals(DemandChange.METRICS.size(), t.rowCount());
        assertEquals(o.rateIdle(), t.stringColumn("Rate-Idle").get(0));
    }

    @Test
    void energyMatchingNeedsTheWholeIntervalWithinTheMarginNotThePointEstimate() {
        DemandChange.Outcome o = SMALL.run("step", DemandChange.stepAndRamp(20, 0.3, 0.7).get("step"));
        Estimate power = o.difference("meanPower");
        assertTrue(power.halfWidth() > 0, "a paired interval of positive width: " + power);
        // a margin the point estimate lies inside but one end of the interval lies beyond
        double pointOnly = Math.abs(power.mean()) + power.halfWidth() / 2;
        assertTrue(!o.energyMatched(pointOnly).holds(), "point estimate inside ±" + pointOnly + ", interval " + power);
        // a margin that holds the whole interval
        double whole = Math.max(Math.abs(power.lower()), Math.abs(power.upper())) * 1.001;
        assertTrue(o.energyMatched(whole).holds(), "interval " + power + " within ±" + whole);
        assertThrows(IllegalArgumentException.class, () -> o.energyMatched(0));
        assertThrows(IllegalArgumentException.class, () -> o.energyMatched(Double.NaN));
    }

    @Test
    void sameSeedSameResult() {
        RateFunction ramp = DemandChange.stepAndRamp(20, 0.3, 0.7).get("ramp");
        DemandChange.Outcome a = SMALL.run("ramp", ramp);
        DemandChange.Outcome b = SMALL.run("ramp", ramp);
        assertEquals(a.difference("meanResponse").mean(), b.difference("meanResponse").mean(), 0);
        assertEquals(a.rateIdle(), b.rateIdle());
    }

    @Test
    void refusesTooFewReplicationsAndNoCandidates() {
        assertThrows(IllegalArgumentException.class, () -> DemandChange.albaRates(20, new double[] {1}, 1L, 1));
        assertThrows(IllegalArgumentException.class, () -> DemandChange.albaRates(20, new double[0], 1L, 4));
    }
}
