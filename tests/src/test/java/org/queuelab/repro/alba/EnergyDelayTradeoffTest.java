package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import tech.tablesaw.api.Table;

class EnergyDelayTradeoffTest {

    /** E = 1 + θ, R = 1/θ: J = 1 + θ + w/θ has its minimum at θ = √w; R ≤ R_max iff θ ≥ 1/R_max. */
    private static final EnergyDelayTradeoff.Curve HYPERBOLA =
            theta -> new EnergyDelayTradeoff.Point(theta, 1 + theta, 1 / theta);

    @Test
    void weightedOptimumMatchesTheCalculusAnswer() {
        EnergyDelayTradeoff t = new EnergyDelayTradeoff(HYPERBOLA, 1.0);
        for (double w : new double[] {1e-4, 0.01, 0.25}) {
            EnergyDelayTradeoff.Point p = t.minimizeWeighted(w);
            // a minimum is located to about √(machine ε) relative: the objective is flat there
            assertEquals(Math.sqrt(w), p.theta(), 1e-7 * Math.sqrt(w), "w = " + w);
        }
    }

    @Test
    void weightedOptimumOnTheUpperEndWhenDelayDominates() {
        // √w = 3 > θ_max = 0.5: the optimum is the end of the interval
        EnergyDelayTradeoff t = new EnergyDelayTradeoff(HYPERBOLA, 0.5);
        assertEquals(0.5, t.minimizeWeighted(9).theta(), 1e-9);
    }

    @Test
    void constrainedOptimumIsTheSmallestFeasibleTheta() {
        EnergyDelayTradeoff t = new EnergyDelayTradeoff(HYPERBOLA, 0.5);
        Optional<EnergyDelayTradeoff.Point> p = t.smallestThetaWithin(4.0);
        assertTrue(p.isPresent());
        assertEquals(0.25, p.get().theta(), 1e-10);
        assertEquals(4.0, p.get().responseTime(), 1e-8);
        // R(θ_max) = 2 > 1.5: infeasible
        assertFalse(t.smallestThetaWithin(1.5).isPresent());
    }

    @Test
    void tablesCarryOneRowPerInput() {
        EnergyDelayTradeoff t = new EnergyDelayTradeoff(HYPERBOLA, 0.5);
        Table sweep = t.sweep(0.1, 0.2, 0.5);
        assertEquals(3, sweep.rowCount());
        assertEquals(5.0, sweep.doubleColumn("R").get(1), 1e-12);
        Table p1 = t.weightedOptima(0.01, 0.04);
        assertEquals(0.2, p1.doubleColumn("theta_opt").get(1), 1e-8);
        Table p2 = t.constrainedOptima(10, 1);
        assertTrue(p2.booleanColumn("feasible").get(0));
        assertFalse(p2.booleanColumn("feasible").get(1));
        assertTrue(Double.isNaN(p2.doubleColumn("theta").getDouble(1)));
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new EnergyDelayTradeoff(HYPERBOLA, 0));
        assertThrows(IllegalArgumentException.class, () -> new EnergyDelayTradeoff(HYPERBOLA, 1.5));
        EnergyDelayTradeoff t = new EnergyDelayTradeoff(HYPERBOLA, 0.5);
        assertThrows(IllegalArgumentException.class, () -> t.minimizeWeighted(-1));
        assertThrows(IllegalArgumentException.class, () -> t.minimizeWeighted(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> t.smallestThetaWithin(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> t.at(0.6));
        EnergyDelayTradeoff nan = new EnergyDelayTradeoff(
                theta -> new EnergyDelayTradeoff.Point(theta, Double.NaN, 1), 0.5);
        assertThrows(IllegalStateException.class, () -> nan.at(0.1));
    }
}
