package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.Estimate;
import org.queuelab.sim.InitialFractions;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedTrajectory;

/**
 * The generic Gillespie simulator against the built-in occupancy CTMC in law, and the refined mean field against
 * that CTMC (SQ(2), λ = 0.9, B = 20).
 */
class PopulationSimulatorTest {

    static final LoadBalancingModel SQ2 = new LoadBalancingModel(0.9, new PowerOfD(2), 20, Exponential.unitMean());

    /** Two independent estimates agree: |m1 − m2| within 3.29 (99.9%) combined standard errors. */
    static void assertSameLaw(Estimate a, Estimate b, String what) {
        double se = Math.hypot(a.halfWidth() / Estimate.tQuantile975(a.n() - 1),
                b.halfWidth() / Estimate.tQuantile975(b.n() - 1));
        assertTrue(Math.abs(a.mean() - b.mean()) <= 3.29 * se, what + ": " + a + " vs " + b);
    }

    /** From state x to {@code horizon}, sampled on {@code grid}, no warm-up. */
    static RunWindow from(double[] x, double horizon, TimeGrid grid) {
        return RunWindow.until(horizon).withInitial(InitialFractions.of(x)).withGrid(grid);
    }

    @Test
    void genericGillespieHasTheLawOfTheBuiltInChain() {
        int n = 20;
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 20);
        double[] idle = model.state(Map.of("x0", 1.0));
        TimeGrid grid = TimeGrid.of(4, 1);
        ReplicatedResult<PopulationRun> generic = PopulationSimulator.of(model, n).replicate(
                RunWindow.until(400).withInitial(InitialFractions.of(idle)).withGrid(grid).withWarmup(50), 21, 40, 2);
        ReplicatedResult<OccupancyRun> builtIn = OccupancySimulator.loadBalancing(SQ2, n).withLevels(0, 1, 2, 3)
                .replicate(
                RunWindow.until(400).withInitial(InitialOccupancy.allIdle()).withGrid(grid).withWarmup(50), 22, 40, 2);
        assertSameLaw(generic.estimate(Metric.MEAN_JOBS), builtIn.estimate(Metric.MEAN_JOBS), "stationary mean jobs per server");
        assertSameLaw(generic.estimate(Metric.LOSS), builtIn.estimate(Metric.LOSS), "loss");
        for (int level = 0; level <= 3; level++) {
            assertSameLaw(generic.estimate("x" + level), builtIn.estimate(level == 0 ? Metric.IDLE : Metric.level(level)), "x" + level);
        }
        ReplicatedTrajectory g = generic.trajectory();
        ReplicatedTrajectory b = builtIn.trajectory();
        for (int k = 1; k <= 4; k++) {
            assertSameLaw(g.estimateAt(Metric.MEAN_JOBS, k), b.estimateAt(Metric.MEAN_JOBS, k), "Q at t = " + k);
            assertSameLaw(g.estimateAt("x0", k), b.estimateAt(Metric.IDLE, k), "x0 at t = " + k);
        }
    }

    @Test
    void sameSeedSameResultWhateverTheThreads() {
        PopulationModel model = PopulationModels.powerOfD(0.7, 2, 10);
        PopulationSimulator sim = PopulationSimulator.of(model, 37);
        double[] idle = model.state(Map.of("x0", 1.0));
        RunWindow window = RunWindow.until(50).withInitial(InitialFractions.of(idle)).withGrid(TimeGrid.of(50, 5))
                .withWarmup(10);
        ReplicatedResult<PopulationRun> one = sim.replicate(window, 99, 4, 1);
        ReplicatedResult<PopulationRun> two = sim.replicate(window, 99, 4, 2);
        for (int r = 0; r < 4; r++) {
            assertEquals(one.runs().get(r).toMetrics(), two.runs().get(r).toMetrics());
            assertEquals(one.runs().get(r).trajectory(), two.runs().get(r).trajectory());
        }
        assertTrue(one.runs().get(0).events() != one.runs().get(1).events());
        assertEquals(sim.run(window, 5).toMetrics(), sim.run(window, 5).toMetrics());
    }

    @Test
    void countsKeepTheGroupTotalsAndBadInputIsRefused() {
        PopulationModel model = PopulationModels.powerOfD(0.7, 2, 3);
        PopulationSimulator sim = PopulationSimulator.of(model, 7);
        int[] c = sim.counts(new double[] {0.25, 0.25, 0.25, 0.25});
        assertEquals(7, c[0] + c[1] + c[2] + c[3]);
        assertThrows(IllegalArgumentException.class, () -> PopulationSimulator.of(model, 0));
        // a start of another kind, a state of another model, an event budget: refused, naming what is allowed
        IllegalArgumentException kind = assertThrows(IllegalArgumentException.class, () -> sim.run(RunWindow.until(1), 1));
        assertTrue(kind.getMessage().contains("initial") && kind.getMessage().contains("InitialFractions"), kind.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sim.run(from(new double[] {1, 0}, 1, TimeGrid.of(1, 1)), 1));
        IllegalArgumentException budget = assertThrows(IllegalArgumentException.class,
                () -> sim.run(from(new double[] {1, 0, 0, 0}, 1, TimeGrid.of(1, 1)).withEventBudget(10), 1));
        assertTrue(budget.getMessage().contains("no event budget"), budget.getMessage());
        PopulationModel half = PopulationModel.builder("two groups").group("a", 0.5).classes("a0", "a1")
                .group("b", 0.5).classes("b0", "b1")
                .move("a up", "a0", "a1", v -> v.x("a0")).move("a down", "a1", "a0", v -> v.x("a1"))
                .move("b up", "b0", "b1", v -> v.x("b0")).move("b down", "b1", "b0", v -> v.x("b1")).build();
        IllegalArgumentException odd = assertThrows(IllegalArgumentException.class,
                () -> PopulationSimulator.of(half, 7));
        assertTrue(odd.getMessage().contains("whole number"), odd.getMessage());
        // a group of total 2 holds 2N servers: past 2³¹−1 the counts would be clipped, so N is refused up front
        PopulationModel twice = PopulationModel.builder("total two").group("a", 2).classes("a0", "a1")
                .move("a up", "a0", "a1", v -> v.x("a0")).move("a down", "a1", "a0", v -> v.x("a1")).build();
        assertEquals(Integer.MAX_VALUE / 2, PopulationSimulator.of(twice, Integer.MAX_VALUE / 2).servers());
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class,
                () -> PopulationSimulator.of(twice, Integer.MAX_VALUE / 2 + 1));
        assertTrue(big.getMessage().contains("per group") && big.getMessage().contains("N ≤ 1073741823"),
                big.getMessage());
    }

    @Test
    void runsAreHeldToTheEventBudgetAndTheHeap() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 10);
        double[] idle = model.state(java.util.Map.of("x0", 1.0));
        // 0.9 × 1000 × 10^7 = 9·10^9 events at the start's rates alone: refused before anything runs
        IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
                () -> PopulationSimulator.of(model, 1000).run(from(idle, 1e7, TimeGrid.of(1e7, 1e7)), 1));
        assertTrue(tooLong.getMessage().contains("events") && tooLong.getMessage().contains("queuelab.budget.events"),
                tooLong.getMessage());
        // a grid of 10^9 points does not fit
        IllegalArgumentException grid = assertThrows(IllegalArgumentException.class,
                () -> PopulationSimulator.of(model, 10).run(from(idle, 1, TimeGrid.of(1, 1e-9)), 1));
        assertTrue(grid.getMessage().contains("grid points"), grid.getMessage());
        // from all idle the start's rate is λ alone, the run's about 2λ once departures start: a budget between the
        // two passes the estimate (900 events) and stops the run as it goes
        String old = System.getProperty("queuelab.budget.events");
        System.setProperty("queuelab.budget.events", "1300");
        try {
            PopulationSimulator sim = PopulationSimulator.of(model, 100);
            org.queuelab.guard.BudgetExceededException stopped = assertThrows(
                    org.queuelab.guard.BudgetExceededException.class, () -> sim.run(from(idle, 10, TimeGrid.of(10, 1)), 1));
            assertTrue(stopped.getMessage().contains("spent 1301 events") && stopped.getMessage().contains("at most 1300")
                    && stopped.getMessage().contains("queuelab.budget.events"), stopped.getMessage());
            assertEquals(1300, stopped.budget().limit());
        } finally {
            if (old == null) {
                System.clearProperty("queuelab.budget.events");
            } else {
                System.setProperty("queuelab.budget.events", old);
            }
        }
    }

    @Test
    void refinedMeanFieldPredictsTheGapOfTheMeanField() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 20);
        RefinedMeanField.Steady steady = RefinedMeanField.steadyState(model, model.state(Map.of("x0", 1.0)));
        int[] sizes = {5, 10, 20};
        double[] refinedError = new double[sizes.length];
        double[] refinedHalfWidth = new double[sizes.length];
        for (int k = 0; k < sizes.length; k++) {
            int n = sizes[k];
            double horizon = 1.2e6 / n;
            Estimate q = OccupancySimulator.loadBalancing(SQ2, n).replicate(RunWindow.until(horizon)
                    .withInitial(InitialOccupancy.allIdle()).withGrid(TimeGrid.of(horizon, horizon))
                    .withWarmup(100), 100 + n, 20, 2)
                    .estimate(Metric.MEAN_JOBS);
            double plainGap = q.mean() - steady.meanField(Metric.MEAN_JOBS);
            refinedError[k] = q.mean() - steady.refined(Metric.MEAN_JOBS, n);
            refinedHalfWidth[k] = q.halfWidth();
            System.out.printf("N = %d: CTMC %s, MF gap %.4f, refined error %.4f%n", n, q, plainGap, refinedError[k]);
            if (n >= 10) {
                // the mean field misses by a margin its interval cannot explain; the refined value removes ≥ 80%
                assertTrue(plainGap > 5 * q.halfWidth(), "N = " + n + ": " + q + " vs MF " + steady.meanField(Metric.MEAN_JOBS));
                assertTrue(Math.abs(refinedError[k]) + q.halfWidth() < 0.2 * plainGap, "N = " + n
                        + ": refined error " + refinedError[k] + " vs plain gap " + plainGap);
            }
        }
        // The remainder shrinks faster than 1/N: from N = 5 to N = 20 a 1/N remainder would shrink 4-fold
        // (a 1/N² one 16-fold); the intervals must resolve more than the 4-fold.
        assertTrue(refinedError[0] - refinedHalfWidth[0] > 4 * (Math.abs(refinedError[2]) + refinedHalfWidth[2]),
                "refined errors " + refinedError[0] + " ± " + refinedHalfWidth[0] + " (N = 5), " + refinedError[2]
                        + " ± " + refinedHalfWidth[2] + " (N = 20)");
    }
}
