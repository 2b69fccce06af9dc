package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.report.ReferenceData;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/** The tables the ALBA notebook shows: stationary averages beside references, Section V's fluid limits and verdict. */
class AlbaTablesTest {

    @Test
    void stationaryTablesCarryTheSimulatedEstimatesBesideTheirReferences() {
        RunWindow spec = RunWindow.until(100).withInitial(InitialOccupancy.coldAndIdle(0.3))
                .withGrid(TimeGrid.of(100, 10)).withWarmup(50);
        ReplicatedResult<OccupancyRun> r = OccupancySimulator.alba(Figure1.model(), 200).replicate(spec, 3L, 2);
        Table t = Figure1.stationaryTable(r, List.of(Metric.OFF, Metric.RESPONSE), new double[] {0.15, 2.2},
                ReferenceData.load("alba/fig1_stochastic.csv"));
        assertEquals(r.estimate(Metric.OFF).mean(), t.doubleColumn("simulation").get(0), 0);
        assertEquals(0.13, t.doubleColumn("spec's 3-run range low").get(0), 0);
        assertEquals(2.26, t.doubleColumn("spec's 3-run range high").get(1), 0);
        Table opt = OptimalityConvergence.stationaryTable(r, 0.7, "x⋆");
        assertEquals(8, opt.rowCount());
        assertEquals(0.3, opt.doubleColumn("x⋆").get(0), 1e-15);
        assertEquals(r.estimate(Metric.RESPONSE).halfWidth(), opt.doubleColumn("± (95%)").get(5), 0);
    }

    @Test
    void fluidLimitsOfBothSchemesSitAtTheOptimum() {
        Table t = AsyncVsSync.fluidLimits(new double[] {0.5}, 1500);
        assertEquals(0.5, t.doubleColumn("E TABS").get(0), 1e-3);
        assertEquals(1.0, t.doubleColumn("R Rate-Idle").get(0), 1e-3);
    }

    @Test
    void verdictComparesTheDelayAdvantageWithTheSummedHalfWidths() {
        Table t = Table.create("N = 10", DoubleColumn.create("λ", 0.3, 0.5, 0.7),
                DoubleColumn.create("R TABS − R Rate-Idle", 0.5, 0.05, -0.5), DoubleColumn.create("R TABS ±", 0.1, 0.1, 0.1),
                DoubleColumn.create("R Rate-Idle ±", 0.1, 0.1, 0.1));
        Map<Integer, Table> tables = new LinkedHashMap<>();
        tables.put(10, t);
        Table v = AsyncVsSync.verdict(tables);
        assertEquals(AsyncVsSync.SIGNIFICANT, v.stringColumn("verdict").get(0));
        assertEquals("no significant difference", v.stringColumn("verdict").get(1));
        assertEquals("TABS better (significant)", v.stringColumn("verdict").get(2));
        assertTrue(v.doubleColumn("95% half-widths summed").get(0) > 0.19);
    }
}
