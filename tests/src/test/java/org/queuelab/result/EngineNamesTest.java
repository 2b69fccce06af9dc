package org.queuelab.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.meanfield.MemoryFluid;
import org.queuelab.meanfield.PowerOfDFluid;
import org.queuelab.meanfield.TabsFluid;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;
import org.queuelab.sim.InitialMemory;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.MemoryChainSimulator;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.event.EventSimulation;
import org.queuelab.sim.event.LoadBalancingResult;
import org.queuelab.sim.event.TabsResult;

/**
 * Every engine speaks the one vocabulary of {@link Metric}: for the same model, the fluid limit, the CTMC and the
 * event-driven simulator emit canonical names only, and the quantities they share carry the same name.
 */
class EngineNamesTest {

    private static final Pattern INDEXED = Pattern.compile("x\\d+|s\\d+|x\\d+_\\d+|queue\\d+");
    private static final double[] TIMES = {0, 1, 2};
    private static final TimeGrid GRID = TimeGrid.of(2, 1);

    @Test
    void albaFluidAndCtmcEmitTheSameMetrics() {
        AlbaModel model = new AlbaModel(0.7, new PowerOfD(2), 6, Scaling.asynchronous(new BlindTheta(0.5), 0.7), 0.5,
                0.5);
        AlbaFluid fluidModel = AlbaFluid.of(model);
        Trajectory fluid = fluidModel.integrate(fluidModel.state(0.5, 0, 0.5), TIMES);
        OccupancyRun ctmc = OccupancySimulator.alba(model, 20)
                .run(RunWindow.until(2).withInitial(InitialOccupancy.coldAndIdle(0.5)).withGrid(GRID), 1);
        Set<Metric> shared = Set.of(Metric.OFF, Metric.SETUP, Metric.IDLE, Metric.BUSY, Metric.WARM,
                Metric.MEAN_JOBS, Metric.JOBS_PER_WARM, Metric.ENERGY);
        assertSpeaks(shared, fluid.names());
        assertSpeaks(shared, ctmc.trajectory().names());
        // the fluid's non-indexed series are exactly the CTMC's metric names (bar its run diagnostic); a window
        // of T = 2 is too short for Little's law, so metrics() refuses the values and toMetrics() gives the names
        Set<String> ctmcMetrics = new TreeSet<>(ctmc.toMetrics().values().keySet());
        ctmcMetrics.remove(Metric.MAX_QUEUE_EVER.name());
        assertEquals(ctmcMetrics, plain(fluid.names()));
    }

    @Test
    void loadBalancingEnginesShareTheirNames() {
        LoadBalancingModel model = new LoadBalancingModel(0.7, new PowerOfD(2), 8, Exponential.unitMean());
        PowerOfDFluid fluidModel = PowerOfDFluid.of(model);
        double[] empty = new double[fluidModel.dimension()];
        empty[0] = 1;
        Trajectory fluid = fluidModel.integrate(empty, TIMES);
        OccupancyRun ctmc = OccupancySimulator.loadBalancing(model, 20)
                .run(RunWindow.until(2).withInitial(InitialOccupancy.allIdle()).withGrid(GRID), 1);
        LoadBalancingResult des = EventSimulation.of(model, 20).withTrackedLevels(3)
                .run(RunWindow.until(2).withSampleInterval(1), 1);
        Set<Metric> metrics = Set.of(Metric.MEAN_JOBS, Metric.LOSS, Metric.RESPONSE);
        assertSpeaks(metrics, fluid.names());
        assertSpeaks(metrics, ctmc.toMetrics().values().keySet());
        assertSpeaks(metrics, des.toMetrics().values().keySet());
        Set<Metric> series = Set.of(Metric.MEAN_JOBS, Metric.tail(1), Metric.tail(2));
        assertSpeaks(series, fluid.names());
        assertSpeaks(Set.of(Metric.MEAN_JOBS, Metric.IDLE, Metric.BUSY), ctmc.trajectory().names());
        assertSpeaks(series, des.trajectory().names());
    }

    @Test
    void memoryEnginesShareTheirNames() {
        LoadBalancingModel model = new LoadBalancingModel(0.7, new PowerOfDWithMemory(2), 4, Exponential.unitMean());
        MemoryFluid fluidModel = MemoryFluid.of(model);
        double[] empty = new double[fluidModel.dimension()];
        empty[0] = 1;
        Trajectory fluid = fluidModel.integrate(empty, TIMES);
        OccupancyRun chain = MemoryChainSimulator.of(model, 20).run(RunWindow.until(2)
                .withInitial(InitialMemory.allIdle()).withGrid(GRID), 1);
        Set<Metric> shared = Set.of(Metric.MEAN_JOBS, Metric.MEAN_MEMORY, Metric.IDLE, Metric.pair(0, 0),
                Metric.pair(1, 1));
        assertSpeaks(shared, fluid.names());
        assertSpeaks(shared, chain.trajectory().names());
        assertSpeaks(shared, chain.toMetrics().values().keySet());
    }

    @Test
    void tabsEnginesShareTheirNames() {
        TabsModel model = new TabsModel(0.5, 8, Exponential.unitMean(), 2, 1, TabsModel.Overflow.NONFULL_UNIFORM);
        TabsFluid fluidModel = TabsFluid.of(model);
        Trajectory fluid = fluidModel.integrate(fluidModel.allIdleOn(), TIMES);
        OccupancyRun ctmc = OccupancySimulator.tabs(model, 20)
                .run(RunWindow.until(2).withInitial(InitialOccupancy.allIdle()).withGrid(GRID), 1);
        TabsResult des = EventSimulation.of(model, 20).run(RunWindow.until(2).withSampleInterval(1), 1);
        Set<Metric> state = Set.of(Metric.BUSY, Metric.IDLE, Metric.SETUP, Metric.OFF);
        assertSpeaks(state, fluid.names());
        assertSpeaks(state, ctmc.trajectory().names());
        assertSpeaks(state, des.trajectory().names());
        Set<Metric> metrics = Set.of(Metric.BUSY, Metric.IDLE, Metric.SETUP, Metric.OFF, Metric.MEAN_JOBS,
                Metric.WAIT, Metric.LOSS, Metric.ENERGY);
        assertSpeaks(metrics, fluid.names());
        assertSpeaks(metrics, ctmc.toMetrics().values().keySet());
        assertSpeaks(metrics, des.toMetrics().values().keySet());
    }

    @Test
    void labelsAndIndexedNames() {
        assertEquals("x3", Metric.level(3).name());
        assertEquals("s2", Metric.tail(2).name());
        assertEquals("x1_2", Metric.pair(1, 2).name());
        assertEquals(Metric.tail(2), Metric.of("s2"));
        assertEquals(Metric.MEAN_JOBS, Metric.of("meanJobs"));
        assertEquals("idle-on", Metric.IDLE.label());
        assertThrows(IllegalArgumentException.class, () -> Metric.of("Q"));
        assertEquals("fraction with ≥ 2 jobs", Metric.label("s2"));
        assertFalse(Metric.isCanonical("Qbar"));
        assertFalse(Metric.isCanonical("lossProbability"));
        assertThrows(IllegalArgumentException.class, () -> Metric.label("y1"));
        assertThrows(IllegalArgumentException.class, () -> Metric.level(-1));
    }

    /** Every name is canonical, and {@code required} are all among them. */
    private static void assertSpeaks(Set<Metric> required, java.util.Collection<String> names) {
        for (String name : names) {
            assertTrue(Metric.isCanonical(name), "not a Metric name: " + name + " in " + names);
        }
        Set<String> missing = new LinkedHashSet<>();
        for (Metric m : required) {
            missing.add(m.name());
        }
        missing.removeAll(names);
        assertTrue(missing.isEmpty(), "missing " + missing + " in " + names);
    }

    private static Set<String> plain(List<String> names) {
        Set<String> out = new TreeSet<>();
        for (String n : names) {
            if (!INDEXED.matcher(n).matches()) {
                out.add(n);
            }
        }
        return out;
    }
}
