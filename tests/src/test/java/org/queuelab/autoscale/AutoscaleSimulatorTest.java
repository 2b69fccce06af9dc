package org.queuelab.autoscale;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.arrival.ArrivalProcess;
import org.queuelab.arrival.RateFunction;
import org.queuelab.dist.Exponential;
import org.queuelab.model.PowerModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.result.Estimate;

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
        ClusterSettings s = ClusterSettings.of(20_000, 200, 100).withInitialInstances(3);
        ClusterReplications reps = new AutoscaleSimulator(m, pinned, s).replicate(7, 8, 2);
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
        AutoscaleSimulator sim = new AutoscaleSimulator(m, KnativeScaling.defaults(0.7), ClusterSettings.of(1000, 0, 50));
        ClusterReplications one = sim.replicate(11, 4, 1);
        ClusterReplications two = sim.replicate(11, 4, 2);
        assertArrayEquals(one.values("p99"), two.values("p99"));
        assertArrayEquals(one.values("energy"), two.values("energy"));
    }

    /** Two policies with one seed see the same requests: equal arrival counts run by run, and paired intervals. */
    @Test
    void commonRandomNumbersAcrossPolicies() {
        ClusterModel m = new ClusterModel(ArrivalProcess.poisson(RateFunction.step(10, 30, 300)),
                Exponential.unitMean(), Exponential.withMean(5), 50, PowerModel.standard());
        ClusterSettings s = ClusterSettings.of(600, 0, 30);
        ClusterReplications tabs = new AutoscaleSimulator(m, OnArrivalScaling.tabs(10), s).replicate(3, 6, 2);
        ClusterReplications blind = new AutoscaleSimulator(m, new AsynchronousScaling(new BlindTheta(0.5), 0.1, 0.1),
                s).replicate(3, 6, 2);
        for (int r = 0; r < 6; r++) {
            assertEquals(tabs.runs().get(r).arrivals(), blind.runs().get(r).arrivals());
        }
        Estimate d = tabs.pairedDifference(blind, "requests");
        assertEquals(0.0, d.mean(), 1e-9, "both policies serve the same requests (all start by T here)");
        ClusterReplications other = new AutoscaleSimulator(m, OnArrivalScaling.tabs(10), s).replicate(4, 6, 2);
        assertThrows(IllegalArgumentException.class, () -> tabs.pairedDifference(other, "p99"));
    }
}
