package org.queuelab.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LabelsTest {

    @Test
    void indexPairsBecomeSubscripts() {
        assertEquals("x₀,₁ fluid", Labels.subscripts("x0_1 fluid"));
        assertEquals("from e₀,₀", Labels.subscripts("from e_{0,0}"));
        assertEquals("x₁₂,₃", Labels.subscripts("x12_3"));
        assertEquals("L_S stochastic", Labels.subscripts("L_S stochastic"), "other names are kept");
        assertEquals("N = 100", Labels.subscripts("N = 100"));
        assertEquals("s*₁₂", "s*" + Labels.subscript(12));
        assertEquals("20", Labels.number(20.0));
        assertEquals("0.06", Labels.number(0.06000000000000001));
        assertEquals("0.025", Labels.number(0.025));
        assertEquals("-1.5", Labels.number(-1.5));
    }
}
