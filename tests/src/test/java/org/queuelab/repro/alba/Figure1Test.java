package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.model.AlbaModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;
import org.queuelab.result.Metric;

class Figure1Test {

    @Test
    void thetaIsHalfTheThresholdAndEqualsTheSpecValue() {
        assertEquals(0.06, Figure1.theta(), 1e-15);     // docs/alba.md §10.2
        // half of θ_c = (1-λ)/(α(1/β+1/γ)) for other rates too
        double thetaC = (1 - 0.5) / (0.2 * (1 / 0.3 + 1 / 0.05));
        assertEquals(0.5 * thetaC, Figure1.theta(0.5, 0.2, 0.3, 0.05), 1e-15);
    }

    @Test
    void modelCarriesTheFoundSetting() {
        AlbaModel m = Figure1.model();
        assertEquals(0.7, m.lambda());
        assertEquals(100, m.buffer());
        assertEquals(new PowerOfD(2), m.dispatch());
        assertEquals(0.1, m.beta());
        assertEquals(0.025, m.gamma());
        assertTrue(m.scaling() instanceof Scaling.Asynchronous);
        Scaling.Asynchronous s = (Scaling.Asynchronous) m.scaling();
        assertEquals(0.05, s.alpha());
        assertEquals(new BlindTheta(Figure1.theta()), s.rule());
        assertEquals(1.0, Figure1.INITIAL_COLD + Figure1.INITIAL_IDLE_ON, 1e-15);
    }

    @Test
    void specNotationTranslatesBothWays() {
        assertEquals("x00", Figure1.specName(Metric.OFF.name()));
        assertEquals("Q", Figure1.specName(Metric.JOBS_PER_WARM.name()));
        assertEquals("theta", Figure1.specName("theta"));                      // not a metric: unchanged
        assertEquals("max " + Metric.IDLE, Figure1.fromSpec("max x02"));
        assertEquals("min " + Metric.JOBS_PER_WARM, Figure1.fromSpec("min Q"));
        assertEquals("max x3", Figure1.fromSpec("max x3"));                    // no spec name: unchanged
    }

    @Test
    void badRatesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Figure1.theta(1.0, 0.05, 0.1, 0.025));
        assertThrows(IllegalArgumentException.class, () -> Figure1.theta(0.7, -0.05, 0.1, 0.025));
        assertThrows(IllegalArgumentException.class, () -> Figure1.theta(0.7, 0.05, Double.NaN, 0.025));
    }
}
