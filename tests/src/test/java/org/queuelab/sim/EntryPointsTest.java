package org.queuelab.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.meanfield.AlbaFixedPoint;
import org.queuelab.meanfield.FixedPoint;
import org.queuelab.meanfield.Fluid;
import org.queuelab.meanfield.MemoryFixedPoint;
import org.queuelab.meanfield.MemoryFluid;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.meanfield.PowerOfDFluid;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.result.Metrics;
import org.queuelab.result.Metric;
import org.queuelab.model.PowerModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;
import org.queuelab.sim.event.EventSimulation;

/** One entry point per technique, overloaded by model, saying where a technique does not apply. */
class EntryPointsTest {

    private static final LoadBalancingModel SQD = new LoadBalancingModel(0.7, new PowerOfD(2), Buffers.INFINITE,
            Exponential.unitMean());
    private static final LoadBalancingModel MEMORY = new LoadBalancingModel(0.7, new PowerOfDWithMemory(2), 6,
            Exponential.unitMean());
    private static final AlbaModel ALBA = new AlbaModel(0.7, new PowerOfD(2), Buffers.INFINITE,
            Scaling.asynchronous(new BlindTheta(0.1), 1), 0.1, 0.1);

    @Test
    void fluidPicksTheEngineOfTheModel() {
        assertInstanceOf(PowerOfDFluid.class, Fluid.of(SQD));
        assertInstanceOf(MemoryFluid.class, Fluid.withMemory(MEMORY));
        assertThrows(IllegalArgumentException.class, () -> Fluid.of(MEMORY));
        assertEquals(ALBA, Fluid.of(ALBA).model());
        TabsModel tabs = TabsModel.of(0.5, Exponential.unitMean(), 2, 1);
        assertEquals(tabs, Fluid.of(tabs).model());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Fluid.of(
                new LoadBalancingModel(0.5, new PowerOfD(2), 10, LogNormal.withMeanAndScv(1, 2))));
        assertTrue(e.getMessage().contains("exponential"), e.getMessage());
    }

    @Test
    void fixedPointsAreTheClosedForms() {
        FixedPoint.Occupancy sqd = FixedPoint.of(SQD);
        assertArrayEquals(PowerOfDFluid.of(SQD).fixedPoint().state(), sqd.state(), 0);
        // SQ(2) at λ = 0.7: y_1 = λ, y_2 = λ³, mean jobs Σ y_i
        assertEquals(0.7, sqd.tail(1), 1e-15);
        assertEquals(Math.pow(0.7, 3), sqd.tail(2), 1e-15);
        assertEquals(PowerOfDFixedPoint.meanQueueLength(0.7, 2), sqd.meanJobs(), 1e-12);
        FixedPoint.Memory memory = FixedPoint.withMemory(MEMORY);
        assertArrayEquals(MemoryFixedPoint.fixedPoint(0.7, 2, 6).state(), memory.state(), 0);
        assertEquals(MemoryFluid.of(MEMORY).meanQueueLength(memory.state()), memory.meanJobs(), 1e-15);
        assertEquals(MemoryFluid.of(MEMORY).believedQueueLength(memory.state()), memory.meanMemory(), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> FixedPoint.of(MEMORY));
        assertThrows(IllegalArgumentException.class, () -> FixedPoint.withMemory(SQD));
        FixedPoint.Alba alba = FixedPoint.of(ALBA);
        assertArrayEquals(AlbaFixedPoint.blindTheta(ALBA, Fluid.of(ALBA).levels()).state(), alba.state(), 0);
        assertEquals(alba, FixedPoint.Alba.fromState(alba.state()));
        assertEquals(1 - alba.off(), alba.energy(), 0);
        assertEquals(Fluid.of(ALBA).metrics(alba.state()).jobsPerServer(), alba.meanJobs(), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> FixedPoint.of(AlbaModel.alwaysWarm(0.7, new PowerOfD(2),
                5)));
        TabsModel tabs = TabsModel.of(0.5, Exponential.unitMean(), 2, 1);
        FixedPoint.Tabs tabsPoint = FixedPoint.of(tabs);
        assertEquals(0.5, tabsPoint.busy(1), 0);
        assertEquals(0.5, tabsPoint.off(), 0);
        assertEquals(0.5, tabsPoint.meanJobs(), 0);
    }

    @Test
    void simulatorsSayWhereTheyDoNotApply() {
        assertEquals(20, Ctmc.of(SQD, 20).servers());
        IllegalArgumentException memory = assertThrows(IllegalArgumentException.class, () -> Ctmc.of(MEMORY, 20));
        assertTrue(memory.getMessage().contains("Ctmc.withMemory"), memory.getMessage());
        assertTrue(Ctmc.withMemory(MEMORY, 20).seriesNames().contains(org.queuelab.result.Metric.MEAN_JOBS.name()));
        assertEquals(MEMORY, EventSimulation.of(MEMORY, 20).model());
        IllegalArgumentException alba = assertThrows(IllegalArgumentException.class,
                () -> EventSimulation.of(ALBA, 20));
        assertTrue(alba.getMessage().contains("Ctmc.of"), alba.getMessage());
    }

    @Test
    void ctmcTabsWeighsEnergyWithTheGivenPower() {
        TabsModel tabs = TabsModel.builder().lambda(0.5).service(Exponential.unitMean()).standbyMean(2).setupMean(1)
                .build();
        assertEquals(TabsModel.of(0.5, Exponential.unitMean(), 2, 1), tabs);
        RunWindow window = RunWindow.until(200).withWarmup(20).withInitial(InitialOccupancy.allIdle());
        Metrics standard = Ctmc.of(tabs, 20).run(window, 7).metrics();
        Metrics poweredOn = Ctmc.of(tabs, 20, PowerModel.poweredOn()).run(window, 7).metrics();
        // same seed, same path: only the weights differ (standard: idle-on draws 0.6, powered-on: 1)
        assertEquals(standard.get(Metric.OFF), poweredOn.get(Metric.OFF), 0);
        assertEquals(1 - poweredOn.get(Metric.OFF), poweredOn.get(Metric.ENERGY), 1e-12);
        assertEquals(standard.get(Metric.BUSY) + standard.get(Metric.SETUP) + 0.6 * standard.get(Metric.IDLE),
                standard.get(Metric.ENERGY), 1e-12);
        assertTrue(poweredOn.get(Metric.ENERGY) > standard.get(Metric.ENERGY));
        assertEquals(PowerModel.poweredOn(), PowerModel.standard().withIdle(1));
        assertEquals(new PowerModel(2, 1, 0.6, 0.1), PowerModel.standard().withBusy(2).withOff(0.1));
        assertThrows(IllegalArgumentException.class, () -> PowerModel.standard().withSetup(-1));
    }

    @Test
    void buildersNameTheParametersAndRefuseMissingOnes() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> TabsModel.builder().lambda(0.5).service(Exponential.unitMean()).standbyMean(2).build());
        assertTrue(missing.getMessage().contains("setupMean"), missing.getMessage());
        AlbaModel alba = AlbaModel.builder().lambda(0.7).dispatch(new PowerOfD(2))
                .scaling(Scaling.asynchronous(new BlindTheta(0.1), 1)).initializationRate(0.1).expirationRate(0.1)
                .build();
        assertEquals(ALBA, alba);
        assertThrows(IllegalArgumentException.class, () -> AlbaModel.builder().lambda(0.7).dispatch(new PowerOfD(2))
                .scaling(Scaling.asynchronous(new BlindTheta(0.1), 1)).initializationRate(0.1).build());
    }

    @Test
    void runWindowNamesItsDefaultGrid() {
        assertEquals(1001, RunWindow.until(10).grid().times().length);
        assertEquals(RunWindow.until(10), RunWindow.untilOnDefaultGrid(10));
        assertEquals(11, RunWindow.until(10, 11).grid().times().length);
        assertThrows(IllegalArgumentException.class, () -> RunWindow.until(10, 1));
    }
}
