package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialFractions;
import org.queuelab.sim.RunWindow;

/**
 * The simulator with the compiled rate program (its law: {@link GillespieLawTest}): its lazy time integrals against
 * the sampled trajectory; bad rates met during a run stop it with the transition, the state and the value.
 */
class CompiledSimulatorTest {

    /** The lazy integrals: a run's time averages equal those recomputed from a fine sampled trajectory. */
    @Test
    void lazyIntegralsAreTheTimeAveragesOfTheTrajectory() {
        PopulationModel model = RateCompilerTest.everyOperation();
        int n = 8;
        double[] start = {1, 0, 0};
        PopulationSimulator sim = PopulationSimulator.of(model, n);
        // one event at a time: a horizon so short that at most a few events happen, compared with the one-step
        // average written out by hand from the trajectory sampled on a grid far finer than the holding times
        double horizon = 0.5;
        double step = 1e-5;
        PopulationRun run = sim.run(RunWindow.until(horizon).withInitial(InitialFractions.of(start))
                .withGrid(TimeGrid.of(horizon, step)).withWarmup(0.1), 4);
        var trajectory = run.trajectory();
        for (String name : sim.seriesNames()) {
            double[] values = trajectory.series(name);
            double sum = 0;
            int from = (int) Math.round(0.1 / step);
            for (int k = from; k < values.length - 1; k++) {
                sum += values[k] * step;
            }
            double average = sum / (horizon - 0.1);
            assertEquals(average, run.toMetrics().get(name), 2e-4 * (1 + Math.abs(average)), name);
        }
        assertTrue(run.events() >= 1, "at least one event: " + run.events());
    }

    /** Two-class models whose rates pass the build-time checks (vertices, centre) but not a state N = 4 visits. */
    private static PopulationModel twoClasses(Rate up) {
        return PopulationModel.builder("bad inside").classes("a", "b").move("down", "a", "b", v -> v.x("a"))
                .move("up", "b", "a", up).build();
    }

    @Test
    void badRatesAtVisitedStatesStopTheRunWithTransitionStateAndValue() {
        Rate nan = v -> v.x("b").times(v.x("b").minus(0.25)).div(v.x("b").minus(0.25));
        Rate negative = v -> v.x("b").times(v.x("b").minus(0.25).pow(2).minus(0.01));
        Rate infinite = v -> v.x("b").div(v.x("b").minus(0.25));
        String[] values = {"NaN", "-", "Infinity"};
        Rate[] rates = {nan, negative, infinite};
        for (int k = 0; k < rates.length; k++) {
            PopulationModel model = twoClasses(rates[k]);
            RateException e = assertThrows(RateException.class, () -> PopulationSimulator.of(model, 4)
                    .run(RunWindow.until(100).withInitial(InitialFractions.of(new double[] {1, 0}))
                            .withGrid(TimeGrid.of(100, 100)), 1));
            assertEquals("up", e.transition());
            assertTrue(e.getMessage().contains("transition 'up'") && e.getMessage().contains("b = ")
                    && e.getMessage().contains("rate = " + values[k]) && e.getMessage().contains("allowed"),
                    e.getMessage());
            double r = e.rate();
            assertTrue(Double.isNaN(r) || r < 0 || Double.isInfinite(r), "rate " + r);
            double[] x = e.state();
            assertEquals(1.0, x[0] + x[1], 1e-12);
            assertArrayEquals(x, e.state());
        }
    }

    @Test
    void aPositiveRateOutOfAnEmptyClassStopsTheRun() {
        // leak: a → b at rate x_b·x_c, zero at every vertex and positive at the centre (where a > 0): the build
        // accepts it; from a = 0 it would take a below 0
        PopulationModel model = PopulationModel.builder("leak").classes("a", "b", "c")
                .move("leak", "a", "b", v -> v.x("b").times(v.x("c")))
                .move("back", "b", "a", v -> v.x("b")).move("out", "a", "c", v -> v.x("a"))
                .move("turn", "c", "b", v -> v.x("c")).move("turn back", "b", "c", v -> v.x("b")).build();
        RateException e = assertThrows(RateException.class, () -> PopulationSimulator.of(model, 4)
                .run(RunWindow.until(1000).withInitial(InitialFractions.of(new double[] {0, 0.5, 0.5}))
                        .withGrid(TimeGrid.of(1000, 1000)), 2));
        assertEquals("leak", e.transition());
        assertTrue(e.getMessage().contains("below 0") && e.getMessage().contains("a = 0"), e.getMessage());
        assertTrue(e.rate() > 0);
    }

    @Test
    void aModelWhoseJumpsLeaveTheStateSpaceIsRefusedWhenBuilt() {
        IllegalArgumentException leaves = assertThrows(IllegalArgumentException.class, () ->
                PopulationModel.builder("leak").classes("a", "b").move("go", "a", "b", v -> v.constant(1)).build());
        assertTrue(leaves.getMessage().contains("transition 'go'") && leaves.getMessage().contains("leaves the state"
                + " space"), leaves.getMessage());
        IllegalArgumentException created = assertThrows(IllegalArgumentException.class, () ->
                PopulationModel.builder("birth").classes("a", "b").transition("birth", Map.of("a", 1, "b", 0),
                        v -> v.x("b")));
        assertTrue(created.getMessage().contains("changes the total"), created.getMessage());
    }
}
