package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.meanfield.AlbaTradeoff;

import tech.tablesaw.api.Table;

class SectionSixTest {

    @Test
    void sweepHasOneEnergyAndOneDelayColumnPerDispatcher() {
        Map<String, AlbaTradeoff> tradeoffs = SectionSix.tradeoffs(200);
        assertEquals(List.of("Power-of-2", "JBT-1", "JIQ"), List.copyOf(tradeoffs.keySet()));
        Table sweep = SectionSix.sweep(tradeoffs, new double[] {0.06, 0.12});
        assertEquals(List.of("theta", "E", "R Power-of-2", "R JBT-1", "R JIQ"), sweep.columnNames());
        assertEquals(0.85, sweep.doubleColumn("E").get(0), 1e-9);       // E = λ + αθ(1/β + 1/γ)
        assertEquals(1.0, sweep.doubleColumn("R JIQ").get(1), 1e-9);
        double[] grid = SectionSix.thetaGrid(0.12, 4);
        assertEquals(0.03, grid[0], 1e-15);
        assertEquals(0.12, grid[3], 1e-15);
    }

    @Test
    void constrainedProblemIsInfeasibleBelowTheDelayAtThetaCritical() {
        AlbaTradeoff pod2 = SectionSix.tradeoffs(200).get("Power-of-2");
        Table p2 = SectionSix.constrained(pod2, new double[] {2.0, 1.5});
        assertTrue(p2.booleanColumn("feasible").get(0));
        assertFalse(p2.booleanColumn("feasible").get(1));              // R(θ_c) = 1.741 > 1.5
        assertTrue(Double.isNaN(p2.doubleColumn("theta").getDouble(1)));
        assertTrue(pod2.at(p2.doubleColumn("theta").get(0)).responseTime() <= 2.0 + 1e-9);
        Table p1 = SectionSix.weighted(pod2, new double[] {0.01});
        assertEquals(pod2.weighted(0.01).theta(), p1.doubleColumn("theta_opt").get(0), 0);
        assertEquals(1, SectionSix.frontier(Map.of("Power-of-2", pod2.curve(0.06, 0.12)), p1).getTraces().length - 1);
    }
}
