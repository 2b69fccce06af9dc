package org.queuelab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;
import org.queuelab.result.Metric;
import org.queuelab.result.MetricEstimates;
import org.queuelab.result.Metrics;

/** A ratio a run cannot form (0/0) is undefined with its reason and leaves every other metric estimable. */
class UndefinedRatiosTest {

    @Test
    void noServerPoweredLeavesEnergyEstimable() {
        // λ = 10⁻⁶: the one server is switched off over [9.9, 10] in at least one of the two runs
        AlbaModel idle = new AlbaModel(1e-6, new PowerOfD(1), 5,
                Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
        MetricEstimates e = Ctmc.of(idle, 1).replicate(RunWindow.until(10).withWarmup(9.9), 1L, 2, 1).estimates();
        assertEquals(1.0, e.get(Metric.ENERGY).mean() + e.get(Metric.OFF).mean(), 1e-12, "energy = 1 − off");
        assertTrue(e.undefined().get(Metric.RELATIVE_WASTAGE_POWERED.name()).contains("no server was powered on"),
                e.undefined().toString());
        assertFalse(e.estimates().containsKey(Metric.RELATIVE_WASTAGE_POWERED.name()));
    }

    @Test
    void memoryChainWithoutArrivalsSaysWhy() {
        LoadBalancingModel m = new LoadBalancingModel(0.5, new PowerOfDWithMemory(2), 10, Exponential.unitMean());
        Metrics metrics = Ctmc.withMemory(m, 2).run(RunWindow.until(1e-9), 1L).toMetrics();
        assertTrue(metrics.undefined().get(Metric.LOSS.name()).startsWith("no arrival"), metrics.toString());
        assertTrue(metrics.undefined().get(Metric.IDLE_JOIN_FRACTION.name()).startsWith("no job accepted"));
        assertTrue(metrics.values().values().stream().noneMatch(v -> Double.isNaN(v)), metrics.toString());
    }

    @Test
    void aNaNPutWithoutReasonIsHeldUndefined() {
        Metrics m = Metrics.builder().put("a", 1.0).put("b", Double.NaN).undefined(Metric.LOSS, "why").build();
        assertEquals(java.util.Map.of("a", 1.0), m.values());
        assertEquals(Metrics.NOT_A_NUMBER, m.undefined().get("b"));
        assertEquals("why", m.undefined().get("loss"));
    }
}
