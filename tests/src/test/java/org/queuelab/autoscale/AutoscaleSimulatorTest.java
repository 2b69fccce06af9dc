package org.queuelab.autoscale;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.arrival.ArrivalProcess;
import org.queuelab.arrival.RateFunction;
import org.queuelab.dist.Exponential;
import org.queuelab.model.PowerModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.Table;

/** The simulator against M/M/c, and its seeds and common random numbers. */
class AutoscaleSimulatorTest {

    /**
     * With c instances always on (KPA with minScale = N = c, all warm at 0) the cluster is M/M/c. For λ = 2, c = 3,
     * µ = 1: Erlang C = (a^c/c!·c/(c−a)) / (Σ_{k<c} a^k/k! + a^c/c!·c/(c−a)) = 4/9, mean response 1 + C/(c − λ).
     */
    @Test
    void alwaysOnClusterIsMmc() {
        ClusterModel m = new ClusterModel(ArrivalProcess.poisson(2.0), Exponential.unitMean(), Exponential.unitMean(),
                3, PowerModel.standard());
        KnativeScaling pinned = new KnativeScaling(1, 60, 6, 2, 1000, 2, 30, 2, 3);
        RunWindow w = AutoscaleSimulator.coldStartWindow(20_000, 200, 100).withInitial(InitialState.empty());
        ReplicatedResult<ClusterResult> reps = AutoscaleSimulator.of(m, pinned).replicate(w, 7, 8, 2);
        double erlangC = 4.0 / 9;
        Estimate wait = reps.estimate("waitFraction");
        Estimate response = reps.estimate("meanResponse");
        assertEquals(erlangC, wait.mean(), 2 * wait.halfWidth(), "P(wait) " + wait);
        assertEquals(1 + erlangC / (3 - 2.0), response.mean(), 2 * response.halfWidth(), "E[T] " + response);
        assertEquals(3.0, reps.estimate("meanInstances").mean(), 1e-9);
        assertTrue(wait.halfWidth() < 0.02, "the interval has power: " + wait);
    }

    @Test
    void sameSeedSameResultWhateverTheThreadCount() {
        ClusterModel m = new ClusterModel(ArrivalProcess.poisson(RateFunction.dayCycle(20, 0.5, 500, 100)),
                Exponential.unitMean(), Exponential.withMean(5), 40, PowerModel.standard());
        AutoscaleSimulator sim = AutoscaleSimulator.of(m, KnativeScaling.defaults(0.7));
        RunWindow w = AutoscaleSimulator.coldStartWindow(1000, 0, 50);
        ReplicatedResult<ClusterResult> one = sim.replicate(w, 11, 4, 1);
        ReplicatedResult<ClusterResult> two = sim.replicate(w, 11, 4, 2);
        assertArrayEquals(PolicyComparison.values(one, "p99"), PolicyComparison.values(two, "p99"));
        assertArrayEquals(PolicyComparison.values(one, "energy"), PolicyComparison.values(two, "energy"));
    }

    /** Two policies with one seed see the same requests: equal arrival counts run by run, and paired intervals. */
    @Test
    void commonRandomNumbersAcrossPolicies() {
        ClusterModel m = new ClusterModel(ArrivalProcess.poisson(RateFunction.step(10, 30, 300)),
                Exponential.unitMean(), Exponential.withMean(5), 50, PowerModel.standard());
        RunWindow w = AutoscaleSimulator.coldStartWindow(600, 0, 30);
        AutoscaleSimulator tabsSim = AutoscaleSimulator.of(m, OnArrivalScaling.tabs(10));
        ReplicatedResult<ClusterResult> tabs = tabsSim.replicate(w, 3, 6, 2);
        ReplicatedResult<ClusterResult> blind = tabsSim
                .withPolicy(new AsynchronousScaling(new BlindTheta(0.5), 0.1, 0.1)).replicate(w, 3, 6, 2);
        for (int r = 0; r < 6; r++) {
            assertEquals(tabs.runs().get(r).arrivals(), blind.runs().get(r).arrivals());
        }
        PolicyComparison both = new PolicyComparison(Map.of("tabs", tabs, "blind", blind));
        Estimate d = both.pairedDifference("tabs", "blind", "requests");
        assertEquals(0.0, d.mean(), 1e-9, "both policies serve the same requests (all start by T here)");
        PolicyComparison otherSeed = new PolicyComparison(Map.of("tabs", tabs, "other", tabsSim.replicate(w, 4, 6, 2)));
        assertThrows(IllegalArgumentException.class, () -> otherSeed.pairedDifference("tabs", "other", "p99"));
        assertTrue(both.sameArrivals());
        assertFalse(otherSeed.sameArrivals(), "another seed draws other arrival counts");
        // equal requests in every replication: a zero difference is neither lower nor higher
        Table joint = both.jointFindings("blind", "requests");
        assertEquals(1, joint.rowCount());
        assertEquals("tabs", joint.stringColumn("policy").get(0));
        assertEquals("a trade, or no significant difference", joint.stringColumn("finding").get(0));
        assertThrows(IllegalArgumentException.class, () -> both.jointFindings("blind"));
        assertThrows(IllegalArgumentException.class, () -> both.jointFindings("none", "p99"));
    }
}
