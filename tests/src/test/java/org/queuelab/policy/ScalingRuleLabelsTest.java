package org.queuelab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Scaling rules' labels print their parameters without floating-point noise or a needless ".0". */
class ScalingRuleLabelsTest {

    @Test
    void parametersPrintAsAReaderWritesThem() {
        assertEquals("Rate-Idle (κ = 3)", RateIdleScaling.withGain(3.0).label());
        assertEquals("Rate-Idle (κ = 0.06)", RateIdleScaling.withGain(3 * 0.02).label());
        assertEquals("capacity-below-demand (κ = 0.25)", new CapacityBelowDemand(0.25).label());
        assertEquals("Blind-0.06", new BlindTheta(3 * 0.02).label());
        assertEquals("Blind-1", new BlindTheta(1.0).label());
    }
}
