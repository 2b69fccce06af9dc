package org.queuelab.autoscale;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.queuelab.policy.RateIdleScaling;

/** Autoscalers' labels (legends, table rows, policy keys) print their parameters without floating-point noise. */
class AutoscalerLabelsTest {

    @Test
    void parametersPrintAsAReaderWritesThem() {
        assertEquals("TABS (µ = 40)", OnArrivalScaling.tabs(40.0).label());
        assertEquals("TABS (µ = 0.3)", OnArrivalScaling.tabs(0.1 + 0.2).label());
        assertEquals("keep-alive 600 s", OnArrivalScaling.keepAlive(600).label());
        assertEquals("Rate-Idle (κ = 3) (α = 0.05, γ = 0.025)",
                new AsynchronousScaling(RateIdleScaling.withGain(3.0), 0.05, 0.025).label());
        assertEquals("KPA (target 0.7, stable 60 s)", KnativeScaling.defaults(0.7).label());
        assertEquals("HPA (target 0.6, window 300 s)", UtilizationTargetScaling.defaults(0.6).label());
    }
}
