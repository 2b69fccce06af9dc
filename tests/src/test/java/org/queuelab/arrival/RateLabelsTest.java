package org.queuelab.arrival;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Rate functions' labels: four significant digits at most, no trailing zeros, no ".0". */
class RateLabelsTest {

    @Test
    void ratesPrintWithoutTrailingZeros() {
        assertEquals("ramp λ 0.5→0.75 over [600, 900]", RateFunction.ramp(0.5, 0.75, 600, 900).label());
        assertEquals("step λ 30→70 at 600", RateFunction.step(30, 70, 600).label());
        assertEquals("0.3333", RateSupport.fmt(1.0 / 3));
        assertEquals("0.3", RateSupport.fmt(0.1 + 0.2));
    }
}
