package org.queuelab.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.SimulationRun;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.event.EventSimulation;

/** One run window and one replicated result for every simulator (issue 11), grids within the horizon (issue 18). */
class RunWindowTest {

    private static final LoadBalancingModel SQ2 = new LoadBalancingModel(0.7, new PowerOfD(2), 8,
            Exponential.unitMean());
    private static final LoadBalancingModel SQ2N = new LoadBalancingModel(0.7, new PowerOfDWithMemory(2), 5,
            Exponential.unitMean());
    private static final TabsModel TABS = new TabsModel(0.5, 6, Exponential.unitMean(), 3, 2,
            TabsModel.Overflow.NONFULL_UNIFORM);

    private static IllegalArgumentException refused(org.junit.jupiter.api.function.Executable call, String... parts) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), () -> "message '" + e.getMessage() + "' lacks '" + p + "'");
        }
        return e;
    }

    @Test
    void windowRefusesWhatNoSimulatorCanRun() {
        refused(() -> RunWindow.until(0), "horizon = 0.0", "allowed");
        refused(() -> RunWindow.until(Double.NaN), "horizon = NaN", "allowed");
        refused(() -> RunWindow.until(Double.POSITIVE_INFINITY), "horizon = Infinity", "allowed");
        refused(() -> RunWindow.until(10).withWarmup(10), "warmup = 10.0", "allowed: 0 ≤ warmup < horizon");
        refused(() -> RunWindow.until(10).withWarmup(-1), "warmup = -1.0");
        refused(() -> RunWindow.until(10).withEventBudget(0), "maxEvents = 0", "allowed");
        refused(() -> new RunWindow(InitialState.empty(), Double.POSITIVE_INFINITY, 0, TimeGrid.of(1, 1),
                Long.MAX_VALUE), "no event budget", "allowed");
        refused(() -> RunWindow.forEvents(100, TimeGrid.of(10, 1)).withSampleInterval(1), "horizon = ∞");
        refused(() -> InitialState.jobsPerServer(-1), "jobs = -1", "allowed");
    }

    /** Issue 18: a grid longer than the run used to be NaN-padded; it is refused, naming both horizons. */
    @Test
    void gridBeyondTheHorizonIsRefused() {
        refused(() -> RunWindow.until(20).withGrid(TimeGrid.of(100, 10)), "grid horizon = 100.0",
                "run horizon = 20.0");
        RunWindow within = RunWindow.until(20).withGrid(TimeGrid.of(20, 10));
        assertEquals(3, within.grid().size());
        for (Simulator<?> sim : simulators()) {
            SimulationRun run = sim.run(within, 3L);
            for (String name : run.trajectory().names()) {
                for (double v : run.trajectory().series(name)) {
                    assertFalse(Double.isNaN(v), () -> sim.getClass().getSimpleName() + " " + name + " has NaN");
                }
            }
        }
    }

    /** A run stopped by its event budget: NaN trajectory points after its last event, finite stationary metrics. */
    @Test
    void eventBudgetRunIsNaNOnlyAfterItsLastEventAndOnlyOnTheTrajectory() {
        OccupancyRun run = Ctmc.of(SQ2, 20).run(RunWindow.forEvents(500, TimeGrid.of(1000, 1)), 5L);
        assertTrue(run.endTime() < 1000, "the budget stops the run first");
        double[] jobs = run.trajectory().series(Metric.MEAN_JOBS);
        for (int k = 0; k < jobs.length; k++) {
            double t = k * 1.0;
            assertEquals(t > run.endTime(), Double.isNaN(jobs[k]), "grid point t = " + t);
        }
        run.toMetrics().values().forEach((name, v) -> assertFalse(Double.isNaN(v), name));
        refused(() -> EventSimulation.of(SQ2, 20).run(RunWindow.forEvents(500, TimeGrid.of(10, 1)), 5L),
                "a finite horizon and no event budget");
        refused(() -> Ctmc.withMemory(SQ2N, 20).run(RunWindow.until(10).withEventBudget(50), 5L),
                "a finite horizon and no event budget");
    }

    @Test
    void eachSimulatorRefusesTheStartsItCannotRunNamingTheKindsItAllows() {
        RunWindow window = RunWindow.until(10);
        refused(() -> Ctmc.of(SQ2, 20).run(window.withInitial(InitialMemory.allIdle()), 1L), "initial = ",
                "allowed for the occupancy-count CTMC: InitialOccupancy or JobsPerServer");
        refused(() -> Ctmc.withMemory(SQ2N, 20).run(window.withInitial(InitialOccupancy.allIdle()), 1L),
                "allowed for the SQ(d,N) chain: InitialMemory or JobsPerServer");
        refused(() -> EventSimulation.of(SQ2, 20).run(window.withInitial(TabsInitialCondition.allOff()), 1L),
                "allowed for the event-driven load-balancing simulator: JobsPerServer");
        refused(() -> EventSimulation.of(TABS, 20).run(window.withInitial(InitialOccupancy.allIdle()), 1L),
                "allowed for the event-driven TABS simulator: TabsInitialCondition or JobsPerServer");
        refused(() -> EventSimulation.of(SQ2, 20).run(window.withInitial(InitialState.jobsPerServer(9)), 1L),
                "initial jobs per server = 9; allowed: ≤ buffer = 8");
    }

    /** k jobs per server is the same start as each engine's own description of it: the same numbers. */
    @Test
    void jobsPerServerIsEachEnginesOwnStart() {
        RunWindow window = RunWindow.until(30).withWarmup(5).withSampleInterval(1);
        OccupancySimulator ctmc = Ctmc.of(SQ2, 20);
        assertSame(ctmc.run(window.withInitial(InitialOccupancy.allIdle()), 7L),
                ctmc.run(window.withInitial(InitialState.empty()), 7L));
        assertSame(ctmc.run(window.withInitial(InitialOccupancy.allWarmWith(2)), 7L),
                ctmc.run(window.withInitial(InitialState.jobsPerServer(2)), 7L));
        MemoryChainSimulator memory = Ctmc.withMemory(SQ2N, 20);
        assertSame(memory.run(window.withInitial(InitialMemory.allAt(1, 1)), 7L),
                memory.run(window.withInitial(InitialState.jobsPerServer(1)), 7L));
        var tabs = EventSimulation.of(TABS, 4);
        assertSame(tabs.run(window.withInitial(TabsInitialCondition.allIdleOn()), 7L),
                tabs.run(window, 7L));
        assertSame(tabs.run(window.withInitial(TabsInitialCondition.explicit(new int[] {2, 2, 2, 2}, 0, 0, 0)), 7L),
                tabs.run(window.withInitial(InitialState.jobsPerServer(2)), 7L));
        assertNotEquals(tabs.run(window, 7L).toMetrics(),
                tabs.run(window.withInitial(InitialState.jobsPerServer(2)), 7L).toMetrics());
    }

    /** The same path and the same metrics, bit for bit (provenance aside: it names the start). */
    private static void assertSame(SimulationRun a, SimulationRun b) {
        assertEquals(a.trajectory().names(), b.trajectory().names());
        for (String name : a.trajectory().names()) {
            assertArrayEquals(a.trajectory().series(name), b.trajectory().series(name), name);
        }
        assertEquals(a.toMetrics(), b.toMetrics());
    }

    private static List<Simulator<?>> simulators() {
        AlbaModel alba = new AlbaModel(0.7, new PowerOfD(2), 10, Scaling.asynchronous(new BlindTheta(0.5), 0.7), 0.5,
                0.5);
        return List.of(Ctmc.of(alba, 20), Ctmc.of(SQ2, 20), Ctmc.of(TABS, 20), Ctmc.withMemory(SQ2N, 20),
                EventSimulation.of(SQ2, 20), EventSimulation.of(TABS, 20),
                EventSimulation.of(new LoadBalancingModel(0.7, new PowerOfD(2), Buffers.INFINITE,
                        org.queuelab.dist.LogNormal.unitMean(1)), 20));
    }

    /** One replicated-result type: runs in order, the window and the root seed in its provenance, thread-free. */
    @Test
    void everySimulatorReplicatesIntoOneResultType() {
        RunWindow window = RunWindow.until(40).withWarmup(10).withSampleInterval(5);
        for (Simulator<?> sim : simulators()) {
            String what = sim.getClass().getSimpleName();
            ReplicatedResult<?> one = sim.replicate(window, 11L, 3, 1);
            ReplicatedResult<?> two = sim.replicate(window, 11L, 3, 2);
            assertEquals(3, one.runs().size(), what);
            assertEquals(11L, one.seed(), what);
            assertEquals(3.0, ((Number) one.provenance().get("replications")).doubleValue(), what);
            assertEquals(10.0, ((Number) one.provenance().get("warmup")).doubleValue(), what);
            assertEquals(40.0, ((Number) one.provenance().get("horizon")).doubleValue(), what);
            assertEquals("empty", one.provenance().get("initial"), what);
            assertEquals(one.estimates().estimates().keySet(), two.estimates().estimates().keySet(), what);
            one.estimates().estimates().forEach((name, e) -> assertEquals(e, two.estimates().get(name), what + name));
            assertEquals(one.trajectory(), two.trajectory(), what);
            long events = 0;
            for (SimulationRun r : one.runs()) {
                events += r.events();
            }
            assertEquals(events, one.events(), what);
            assertTrue(events > 0, what);
        }
    }
}
