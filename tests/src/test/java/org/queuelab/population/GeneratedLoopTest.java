package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.guard.BudgetExceededException;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialFractions;
import org.queuelab.sim.RunWindow;

/**
 * The generated event loop ({@link LoopCompiler}) changes no run: a simulator that generates it and one that never
 * does give the same runs bit for bit — every time average, every sampled value, the event count and the final
 * counts — including the run during which the loop is generated, runs whose events it hands back (transitions
 * outside its hot set, non-affine observables), a bad rate met inside it and an event budget spent inside it.
 */
class GeneratedLoopTest {

    private static RunWindow window(double[] start, double horizon, double warmup, int points) {
        return RunWindow.until(horizon).withInitial(InitialFractions.of(start))
                .withGrid(TimeGrid.of(horizon, horizon / points)).withWarmup(warmup);
    }

    private static double[] firstClass(PopulationModel model) {
        double[] x = new double[model.dimension()];
        x[0] = 1;
        return x;
    }

    private static void assertSameRun(PopulationRun expected, PopulationRun actual, String what) {
        assertEquals(expected.events(), actual.events(), what + ": events");
        assertEquals(expected.toMetrics().values(), actual.toMetrics().values(), what + ": time averages");
        for (String name : expected.trajectory().names()) {
            assertArrayEquals(expected.trajectory().series(name), actual.trajectory().series(name),
                    what + ": series " + name);
        }
        assertArrayEquals(expected.finalCounts(), actual.finalCounts(), what + ": final counts");
    }

    @Test
    void runsAreTheSameWithAndWithoutTheLoop() {
        List<PopulationModel> models = List.of(PopulationModels.powerOfD(0.9, 2, 20),
                PopulationModels.powerOfD(0.7, 3, 10), PopulationModels.powerOfD(0.9, 2, 5),
                RateCompilerTest.everyOperation());
        for (PopulationModel model : models) {
            int n = 500;
            PopulationSimulator generating = PopulationSimulator.withEarlyEventLoop(model, n);
            PopulationSimulator plain = PopulationSimulator.withoutEventLoop(model, n);
            double[] start = firstClass(model);
            // long enough for 64 re-summations past the warm-up: the loop is generated during the first run
            RunWindow first = window(start, 400, 20, 37);
            assertSameRun(plain.run(first, 11), generating.run(first, 11), model.name() + ", generating run");
            assertNull(plain.program().eventLoop());
            for (long seed : new long[] {12, 13}) {
                RunWindow w = window(start, 150, 5, 301);
                assertSameRun(plain.run(w, seed), generating.run(w, seed), model.name() + ", seed " + seed);
            }
            if (model.name().startsWith("SQ(") && !model.name().endsWith("B = 5")) {
                assertNotNull(generating.program().eventLoop(), model.name() + ": the loop was generated");
            }
        }
    }

    /**
     * A simulator generates its loop only for a run with enough events still ahead to repay the generation and the
     * JIT's compiling it ({@link RateProgram#LOOP_WORTH}): not for runs of 2·10⁵ events, for one of 2·10⁷.
     */
    @Test
    void theLoopIsGeneratedOnlyForARunLongEnoughToRepayIt() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 20);
        PopulationSimulator sim = PopulationSimulator.of(model, 1000);
        double[] start = firstClass(model);
        for (long seed = 1; seed <= 3; seed++) {
            sim.run(window(start, 100, 10, 10), seed);
        }
        assertNull(sim.program().eventLoop(), "three runs of 1.8·10⁵ events");
        double horizon = 1.3 * RateProgram.LOOP_WORTH / (1.8 * 1000);   // ≈ 1.8 events per server and unit time
        PopulationRun longRun = sim.run(window(start, horizon, 10, 10), 4);
        assertTrue(longRun.events() > RateProgram.LOOP_WORTH, "events " + longRun.events());
        assertNotNull(sim.program().eventLoop());
    }

    /**
     * Replications on two threads, one of which generates the loop while the other runs, equal those of a
     * simulator without the loop run on one thread.
     */
    @Test
    void replicationsOnTwoThreadsAreTheSameWhileTheLoopIsGenerated() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 20);
        RunWindow w = window(firstClass(model), 300, 20, 30);
        PopulationSimulator generating = PopulationSimulator.withEarlyEventLoop(model, 300);
        List<PopulationRun> parallel = generating.replicate(w, 21, 6, 2).runs();
        List<PopulationRun> serial = PopulationSimulator.withoutEventLoop(model, 300).replicate(w, 21, 6, 1).runs();
        assertNotNull(generating.program().eventLoop());
        for (int r = 0; r < serial.size(); r++) {
            assertSameRun(serial.get(r), parallel.get(r), "replication " + r);
        }
    }

    /**
     * SQ(2) with a buffer of 5: the loss observable λ x_B² is not affine, so the events that move
     * x_B are handed back to the caller (which integrates the observable), the others run in the loop.
     */
    @Test
    void eventsHandedBackByTheLoopAreMadeAsWithoutIt() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 5);
        RateProgram program = new RateProgram(model, true);
        int handedBack = 0;
        for (int t = 0; t < program.rateNodes.length; t++) {
            handedBack += program.staleObservables[t].length > 0 ? 1 : 0;
        }
        assertTrue(handedBack > 0, "some transitions change the non-affine loss");
        PopulationSimulator generating = PopulationSimulator.withEarlyEventLoop(model, 200);
        PopulationSimulator plain = PopulationSimulator.withoutEventLoop(model, 200);
        RunWindow w = window(firstClass(model), 2000, 50, 11);
        assertSameRun(plain.run(w, 5), generating.run(w, 5), "first");
        assertNotNull(generating.program().eventLoop());
        assertSameRun(plain.run(w, 6), generating.run(w, 6), "with the loop");
    }

    /**
     * A rate negative only where the third class holds a quarter of the servers: a run that never fills it
     * generates the loop; a later run that drains it from a half meets the bad rate inside the loop, and stops
     * with the same exception — transition, state, value — as without the loop.
     */
    @Test
    void aBadRateMetInsideTheLoopStopsTheRunAsWithoutIt() {
        PopulationModel model = PopulationModel.builder("band").classes("a", "b", "c")
                .move("over", "a", "b", v -> v.x("a").times(v.x("c").minus(0.25).pow(2).minus(0.001)))
                .move("back", "b", "a", v -> v.x("b")).move("drain", "c", "a", v -> v.x("c").times(0.01)).build();
        int n = 1000;
        PopulationSimulator generating = PopulationSimulator.withEarlyEventLoop(model, n);
        PopulationSimulator plain = PopulationSimulator.withoutEventLoop(model, n);
        RunWindow calm = window(new double[] {1, 0, 0}, 2000, 10, 10);
        assertSameRun(plain.run(calm, 1), generating.run(calm, 1), "calm");
        assertNotNull(generating.program().eventLoop());
        RunWindow draining = window(new double[] {0.5, 0, 0.5}, 2000, 0, 10);
        RateException expected = assertThrows(RateException.class, () -> plain.run(draining, 2));
        RateException actual = assertThrows(RateException.class, () -> generating.run(draining, 2));
        assertEquals("over", actual.transition());
        assertEquals(expected.getMessage(), actual.getMessage());
        assertArrayEquals(expected.state(), actual.state());
        assertEquals(expected.rate(), actual.rate());
        assertTrue(actual.rate() < 0, "rate " + actual.rate());
    }

    /** The event budget stops a run at the same event, with the same count, when the loop spends it. */
    @Test
    void theEventBudgetStopsTheLoopAtTheSameEvent() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 20);
        PopulationSimulator generating = PopulationSimulator.withEarlyEventLoop(model, 100);
        PopulationSimulator plain = PopulationSimulator.withoutEventLoop(model, 100);
        double[] start = firstClass(model);
        RunWindow w = window(start, 2000, 10, 10);
        assertSameRun(plain.run(w, 3), generating.run(w, 3), "before");
        assertNotNull(generating.program().eventLoop());
        String old = System.getProperty("queuelab.budget.events");
        System.setProperty("queuelab.budget.events", "123457");
        try {
            RunWindow longer = window(start, 1000, 10, 10);
            BudgetExceededException expected = assertThrows(BudgetExceededException.class,
                    () -> plain.run(longer, 4));
            BudgetExceededException actual = assertThrows(BudgetExceededException.class,
                    () -> generating.run(longer, 4));
            assertEquals(expected.getMessage(), actual.getMessage());
            assertTrue(actual.getMessage().contains("spent 123458 events"), actual.getMessage());
        } finally {
            if (old == null) {
                System.clearProperty("queuelab.budget.events");
            } else {
                System.setProperty("queuelab.budget.events", old);
            }
        }
    }
}
