package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.model.AlbaModel;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.policy.Scaling;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.Table;

class AsyncVsSyncTest {

    private static AsyncVsSync small(long seed) {
        RunWindow spec = RunWindow.until(400).withInitial(InitialOccupancy.coldAndIdle(0.5))
                .withGrid(TimeGrid.of(400, 100)).withWarmup(100);
        return new AsyncVsSync(50, 30, 0.1, 0.025, 0.05, spec, 2, seed, 0.1, 100, 5);
    }

    @Test
    void modelsAreTabsZeroAndRateIdleWithJiq() {
        AsyncVsSync e = small(1);
        AlbaModel tabs = e.tabs(0.5);
        assertEquals(JoinBelowThreshold.jiq(), tabs.dispatch());
        assertInstanceOf(Scaling.OnArrival.class, tabs.scaling());
        AlbaModel ri = e.rateIdle(0.5, 2.0);
        Scaling.Asynchronous s = assertInstanceOf(Scaling.Asynchronous.class, ri.scaling());
        assertEquals(RateIdleScaling.withGain(2.0), s.rule());
        assertEquals(0.05, s.alpha());
        assertEquals(30, ri.buffer());
    }

    @Test
    void matchedRunHasTheClosestEnergyAndTheTableIsReproducible() {
        AsyncVsSync e = small(3);
        AsyncVsSync.Row row = e.compare(0.5);
        assertTrue(row.evaluations() <= 7, "at most the two ends and 5 steps: " + row.evaluations());
        if (row.bracketed()) {
            double mismatch = Math.abs(row.rateIdleEnergy().mean() - row.tabsEnergy().mean());
            // the search stops early only within half the TABS energy's half-width
            assertTrue(row.evaluations() == 7 || mismatch <= 0.5 * row.tabsEnergy().halfWidth(), row.toString());
            // and at worst it is no coarser than 5 halvings of log κ over [0.1, 100] (the energy span of one
            // final κ interval, generous for a 2-run estimate)
            assertTrue(mismatch < 0.1, row.toString());
        }
        Table a = e.toTable(java.util.List.of(row));
        Table b = small(3).compareAll(0.5);
        assertEquals(a.print(), b.print());
        assertEquals(1, a.rowCount());
        assertEquals(50, a.intColumn("N").get(0));
    }

    @Test
    void oneRunPerGainSearchesEveryStep() {
        // a single run has no interval, hence no noise tolerance: the search must not stop early nor refuse
        RunWindow spec = RunWindow.until(400).withInitial(InitialOccupancy.coldAndIdle(0.5))
                .withGrid(TimeGrid.of(400, 100)).withWarmup(100);
        AsyncVsSync.Row row = new AsyncVsSync(50, 30, 0.1, 0.025, 0.05, spec, 1, 3, 0.1, 100, 5).compare(0.5);
        assertTrue(row.bracketed(), row.toString());
        assertEquals(7, row.evaluations(), row.toString());
    }

    @Test
    void compareAllGivesEachArrivalRatesComparisonInOrder() {
        double[] lambdas = {0.7, 0.3, 0.5};
        java.util.List<AsyncVsSync.Row> oneByOne = java.util.Arrays.stream(lambdas).mapToObj(small(5)::compare).toList();
        assertEquals(small(5).toTable(oneByOne).print(), small(5).compareAll(lambdas).print());
    }

    @Test
    void fluidLimitsAreOneRowPerArrivalRateInOrder() {
        Table t = AsyncVsSync.fluidLimits(new double[] {0.5, 0.3}, 300);
        assertEquals(java.util.List.of(0.5, 0.3), t.doubleColumn("λ").asList());
        Table one = AsyncVsSync.fluidLimits(new double[] {0.3}, 300);
        for (String c : java.util.List.of("E TABS", "R TABS", "E Rate-Idle", "R Rate-Idle")) {
            assertEquals(one.doubleColumn(c).getDouble(0), t.doubleColumn(c).getDouble(1), c);
        }
    }

    @Test
    void badInputIsRejected() {
        RunWindow spec = RunWindow.until(10).withInitial(InitialOccupancy.coldAndIdle(0.5))
                .withGrid(TimeGrid.of(10, 5)).withWarmup(1);
        assertThrows(IllegalArgumentException.class,
                () -> new AsyncVsSync(0, 30, 0.1, 0.025, 0.05, spec, 2, 1, 0.1, 100, 5));
        assertThrows(IllegalArgumentException.class,
                () -> new AsyncVsSync(10, 30, 0.1, 0.025, 0.05, spec, 0, 1, 0.1, 100, 5));
        AsyncVsSync bad = new AsyncVsSync(10, 30, -0.1, 0.025, 0.05, spec, 1, 1, 0.1, 100, 5);
        assertThrows(IllegalArgumentException.class, () -> bad.tabs(0.5));
    }
}
