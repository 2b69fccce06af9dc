package org.queuelab.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Deterministic;
import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.policy.Scaling;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metrics;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.result.TimeGrid;

/** The occupancy-count CTMC against exact results, the ALBA fluid reference, conservation and bad input. */
class OccupancySimulatorTest {

    private static final TimeGrid COARSE = TimeGrid.of(100, 10);

    /** |estimate − exact| within twice the 95% half-width (≈ 99.9% for these n), and the half-width is small. */
    private static void assertCovers(double exact, Estimate e, double maxHalfWidth, String what) {
        assertTrue(Math.abs(e.mean() - exact) <= 2 * e.halfWidth(),
                what + ": exact " + exact + " vs " + e);
        assertTrue(e.halfWidth() <= maxHalfWidth, what + ": half-width too large " + e);
    }

    @Test
    void mm1WithFiniteBufferMatchesClosedForm() {
        // M/M/1/8, rho = 0.5 (docs/tabs.md §9.3): busy 0.499022, loss 0.001957; L = sum k p_k
        int b = 8;
        double rho = 0.5;
        double norm = (1 - Math.pow(rho, b + 1)) / (1 - rho);
        double meanQueue = 0;
        for (int k = 0; k <= b; k++) {
            meanQueue += k * Math.pow(rho, k) / norm;
        }
        double loss = Math.pow(rho, b) / norm;
        var model = new LoadBalancingModel(rho, new RandomDispatch(), b, Exponential.unitMean());
        var sim = OccupancySimulator.loadBalancing(model, 1);
        var result = sim.replicate(RunWindow.until(40_000).withInitial(InitialOccupancy.allIdle()).withGrid(COARSE)
                .withWarmup(100), 11L, 8, 2);
        assertEquals(0.499022, rho * (1 - loss), 1e-6, "closed form, docs/tabs.md §9.3");
        assertEquals(0.001957, loss, 1e-6, "closed form, docs/tabs.md §9.3");
        assertCovers(0.5 * (1 - loss), result.estimate("busy"), 0.01, "busy");
        assertCovers(loss, result.estimate("loss"), 0.001, "loss");
        assertCovers(meanQueue, result.estimate("meanJobs"), 0.02, "mean queue");
        for (OccupancyRun run : result.runs()) {
            assertTrue(run.counters().conserved());
            assertTrue(run.counters().losses() > 0);
        }
    }

    @Test
    void mm1InfiniteBufferGrowsLevelsAndMatchesMeanQueue() {
        // λ = 0.9, N = 1: L = ρ/(1 − ρ) = 9, P(empty) = 0.1; queues exceed the initial level capacity (16)
        var model = new LoadBalancingModel(0.9, new PowerOfD(1), Buffers.INFINITE, Exponential.withMean(1));
        var sim = OccupancySimulator.loadBalancing(model, 1);
        var result = sim.replicate(RunWindow.until(40_000).withInitial(InitialOccupancy.allIdle()).withGrid(COARSE)
                .withWarmup(2000), 5L, 8, 2);
        assertCovers(9.0, result.estimate("meanJobs"), 1.5, "M/M/1 mean queue");
        assertCovers(0.1, result.estimate("idle"), 0.01, "P(empty)");
        assertCovers(10.0, result.estimate("response"), 1.5, "M/M/1 response time");
        assertTrue(result.runs().stream().anyMatch(r -> r.levelFractions().length > 20), "levels grew past 16");
        assertTrue(result.runs().stream().allMatch(r -> r.metrics().get("maxQueueEver") + 1 >= r.levelFractions().length));
        assertTrue(result.runs().stream().allMatch(r -> r.counters().conserved() && r.counters().losses() == 0));
    }

    @Test
    void serviceMeanScalesTime() {
        // M/M/1 with E[S] = 2 and λ = 0.25 per unit time: ρ = 0.5, L = 1, R = L/λ = 4
        var model = new LoadBalancingModel(0.25, new RandomDispatch(), Buffers.INFINITE, Exponential.withMean(2));
        var result = OccupancySimulator.loadBalancing(model, 1)
                .replicate(RunWindow.until(40_000).withInitial(InitialOccupancy.allIdle()).withGrid(COARSE)
                        .withWarmup(100), 3L, 8, 2);
        assertCovers(1.0, result.estimate("meanJobs"), 0.05, "L");
        assertCovers(4.0, result.estimate("response"), 0.2, "response");
        assertCovers(2.0, result.estimate("wait"), 0.2, "wait");
    }

    /** Initial fractions x_i = y_i − y_{i+1} of the Power-of-d fixed point (levels 0..8, the rest at level 8). */
    private static InitialOccupancy fixedPointStart(double lambda, int d) {
        double[] x = new double[9];
        double assigned = 0;
        for (int i = 0; i < 8; i++) {
            x[i] = PowerOfDFixedPoint.tail(lambda, d, i) - PowerOfDFixedPoint.tail(lambda, d, i + 1);
            assigned += x[i];
        }
        x[8] = 1 - assigned;
        return InitialOccupancy.fractions(0, 0, x);
    }

    @Test
    void powerOfTwoAtLargeNMatchesFixedPoint() {
        // y_i = λ^((d^i − 1)/(d − 1)); N = 10^5, λ = 0.9, started at the fixed point and averaged over t ∈ [10, 40]
        // (from empty the approach takes ~50 time units; at N = 10^4 the finite-N bias of y_4 is ≈ +0.004)
        double lambda = 0.9;
        var model = new LoadBalancingModel(lambda, new PowerOfD(2), Buffers.INFINITE, Exponential.unitMean());
        OccupancyRun run = OccupancySimulator.loadBalancing(model, 100_000)
                .run(RunWindow.until(40).withInitial(fixedPointStart(lambda, 2)).withGrid(TimeGrid.of(40, 10))
                        .withWarmup(10), 99L);
        double[] x = run.levelFractions();
        double tail = 0;
        double[] y = new double[x.length + 1];
        for (int i = x.length - 1; i >= 0; i--) {
            tail += x[i];
            y[i] = tail;
        }
        for (int i = 1; i <= 5; i++) {
            assertEquals(PowerOfDFixedPoint.tail(lambda, 2, i), y[i], 0.003, "y_" + i);
        }
        assertEquals(PowerOfDFixedPoint.meanQueueLength(lambda, 2), run.metrics().get("meanJobs"), 0.01);
        assertTrue(run.counters().conserved());
    }

    @Test
    void powerOfFiveUsesInversionAndMatchesFixedPoint() {
        double lambda = 0.8;
        var model = new LoadBalancingModel(lambda, new PowerOfD(5), Buffers.INFINITE, Exponential.unitMean());
        OccupancyRun run = OccupancySimulator.loadBalancing(model, 100_000)
                .run(RunWindow.until(20).withInitial(fixedPointStart(lambda, 5)).withGrid(TimeGrid.of(20, 10))
                        .withWarmup(5), 8L);
        double[] x = run.levelFractions();
        assertEquals(1 - PowerOfDFixedPoint.tail(lambda, 5, 1), x[0], 0.003, "x_0");
        assertEquals(PowerOfDFixedPoint.tail(lambda, 5, 1) - PowerOfDFixedPoint.tail(lambda, 5, 2), x[1], 0.003);
        assertEquals(PowerOfDFixedPoint.tail(lambda, 5, 2), 1 - x[0] - x[1], 0.003, "y_2");
    }

    /** ALBA Figure 1 (docs/alba.md §8): 10 runs × 10^6 events at N = 1000 against the fluid table, ±0.02. */
    @Test
    void albaFigureOneMatchesFluidReference() {
        AlbaModel model = new AlbaModel(0.7, new PowerOfD(2), 100,
                Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
        var sim = OccupancySimulator.alba(model, 1000);
        var spec = RunWindow.forEvents(1_000_000, TimeGrid.of(680, 1)).withInitial(InitialOccupancy.coldAndIdle(0.3))
                .withWarmup(300);
        ReplicatedResult<OccupancyRun> result = sim.replicate(spec, 2024L, 10, 2);
        for (OccupancyRun run : result.runs()) {
            assertEquals(688, run.endTime(), 8, "10^6 events cover about 688 time units (docs/alba.md §8)");
            assertTrue(run.counters().conserved());
        }
        double[][] fluid = { // t, x00, x01, x02, y1, Q (docs/alba.md §8)
            {1, 0.3084, 0.0029, 0.3031, 0.3857, 0.671}, {5, 0.3126, 0.0118, 0.0985, 0.5771, 1.760},
            {10, 0.3066, 0.0190, 0.0539, 0.6205, 2.485}, {20, 0.2864, 0.0259, 0.0306, 0.6570, 3.300},
            {35, 0.2516, 0.0291, 0.0266, 0.6928, 3.658}, {50, 0.2179, 0.0298, 0.0354, 0.7169, 3.379},
            {64, 0.1913, 0.0300, 0.0542, 0.7246, 2.867}, {100, 0.1583, 0.0300, 0.1059, 0.7058, 2.049},
            {200, 0.1503, 0.0300, 0.1196, 0.7001, 1.910}};
        ReplicatedTrajectory avg = result.trajectory();
        String[] names = {"off", "setup", "idle", "busy"};
        for (double[] row : fluid) {
            for (int c = 0; c < names.length; c++) {
                assertEquals(row[c + 1], avg.estimateAtTime(names[c], row[0]).mean(), 0.02, names[c] + " at t=" + row[0]);
            }
            // Q is a ratio of order 2-4: the same finite-N gap is ±0.02 in fractions but ≈ 5% in Q (spec: 3.53 vs 3.658)
            assertEquals(row[5], avg.estimateAtTime("jobsPerWarm", row[0]).mean(), 0.05 * row[5], "Q at t=" + row[0]);
        }
        // docs/alba.md §10.3 fixed point and R (docs/alba.md §5, §10.3, §10.4): x* = (0.15, 0.03, 0.12), y1 = 0.7, R = 2.2336
        assertEquals(0.15, result.estimate("off").mean(), 0.02);
        assertEquals(0.03, result.estimate("setup").mean(), 0.02);
        assertEquals(0.12, result.estimate("idle").mean(), 0.02);
        assertEquals(0.70, result.estimate("busy").mean(), 0.02);
        assertEquals(0.85, result.estimate("energy").mean(), 0.02);
        assertEquals(2.2336, result.estimate("response").mean(), 0.1);
        assertEquals(0.0, result.estimate("loss").mean(), 1e-12);
    }

    /** docs/alba.md §10.3–§10.5, §10.7: Blind-0.06 fixed points for several dispatchers, N = 2000, t ∈ [600, 1500]. */
    @Test
    void blindThetaFixedPointsForEveryDispatcher() {
        Object[][] cases = { // dispatch, buffer, R of docs/alba.md §10.4, §10.5
            {JoinBelowThreshold.jiq(), 100, 1.0}, {new JoinBelowThreshold(1), 100, 1.662896},
            {new JoinBelowThreshold(2), 100, 2.207224}, {new PowerOfD(3), 100, 1.773944},
            {new PowerOfD(1), 200, 6.833333}};
        for (Object[] c : cases) {
            var dispatch = (org.queuelab.policy.Dispatch) c[0];
            AlbaModel model = new AlbaModel(0.7, dispatch, (int) c[1],
                    Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
            OccupancyRun run = OccupancySimulator.alba(model, 2000)
                    .run(RunWindow.until(1500).withInitial(InitialOccupancy.coldAndIdle(0.3)).withGrid(COARSE)
                            .withWarmup(600), 31L);
            Metrics m = run.metrics();
            String what = dispatch.label();
            // docs/alba.md §10.3: the top block does not depend on the dispatcher
            assertEquals(0.15, m.get("off"), 0.01, what + " x00");
            assertEquals(0.03, m.get("setup"), 0.003, what + " x01");
            assertEquals(0.12, m.get("idle"), 0.01, what + " x02");
            double r = (double) c[2];
            assertEquals(r, m.get("response"), 0.03 * r, what + " R");
        }
        // docs/alba.md §10.7: no auto-scaling, Power-of-2: Q̄ = 1.130118
        OccupancyRun warm = OccupancySimulator.alba(AlbaModel.alwaysWarm(0.7, new PowerOfD(2), 100), 2000)
                .run(RunWindow.until(300).withInitial(InitialOccupancy.allIdle()).withGrid(COARSE).withWarmup(50), 32L);
        assertEquals(1.130118, warm.metrics().get("meanJobs"), 0.02);
        assertEquals(0.0, warm.metrics().get("off") + warm.metrics().get("setup"), 0);
    }

    @Test
    void everyDispatchScalingCombinationConservesJobsExactly() {
        var rules = List.of(
                Scaling.asynchronous(new BlindTheta(0.3), 0.5),
                Scaling.asynchronous(RateIdleScaling.standard(), 0.5),
                Scaling.asynchronous(x -> x.warm() < x.lambda() ? 1.0 : 0.0, 0.5),
                Scaling.onArrival(),
                Scaling.alwaysWarm());
        var dispatches = List.of(new PowerOfD(1), new PowerOfD(2), new PowerOfD(6), JoinBelowThreshold.jiq(),
                new JoinBelowThreshold(2));
        for (var scaling : rules) {
            for (var dispatch : dispatches) {
                for (int buffer : new int[] {7, Buffers.INFINITE}) {
                    double lambda = buffer == 7 ? 1.3 : 0.8;
                    AlbaModel model = new AlbaModel(lambda, dispatch, buffer, scaling, 0.5, 0.2);
                    InitialOccupancy start = scaling instanceof Scaling.AlwaysWarm ? InitialOccupancy.allIdle()
                            : InitialOccupancy.fractions(0.3, 0.1, 0.2, 0.2, 0.2);
                    OccupancyRun run = OccupancySimulator.alba(model, 50)
                            .run(RunWindow.until(100).withInitial(start).withGrid(COARSE).withWarmup(20), 17L);
                    OccupancyCounters c = run.counters();
                    String what = model.dispatch().label() + " / " + scaling.label() + " / B=" + buffer;
                    assertTrue(c.conserved(), what + " " + c);
                    assertEquals(c.initialJobs() + c.arrivals(), c.departures() + c.losses() + c.jobsInSystem());
                    assertTrue(c.arrivals() > 2000, what);
                    if (buffer == 7) {
                        assertTrue(c.losses() > 0, what + " overloaded finite buffer loses jobs");
                    }
                    double sum = run.metrics().get("off") + run.metrics().get("setup") + run.metrics().get("warm");
                    assertEquals(1.0, sum, 1e-9, what);
                    double last = run.trajectory().value("meanJobs", COARSE.size() - 1) * 50;
                    assertEquals(c.jobsInSystem(), last, 1e-9, what + " jobs at t = horizon");
                }
            }
        }
    }

    @Test
    void scalingEventsIncludingNullOnesAreCounted() {
        // With θ = 0 every scaling time is null; the event count includes them.
        AlbaModel model = new AlbaModel(0.5, new PowerOfD(2), Buffers.INFINITE,
                Scaling.asynchronous(new BlindTheta(0.0), 1.0), 1, 1);
        OccupancyRun run = OccupancySimulator.alba(model, 100)
                .run(RunWindow.forEvents(100_000, COARSE).withInitial(InitialOccupancy.coldAndIdle(0.5)), 4L);
        OccupancyCounters c = run.counters();
        assertEquals(100_000, c.events());
        assertEquals(0, c.scaleUps());
        assertEquals(c.events(), c.arrivals() + c.departures() + c.nullScalings() + c.initializations()
                + c.expirations());
        assertTrue(c.nullScalings() > 10_000);
    }

    @Test
    void warmLoopStopsAtTheEventBudgetAndTheHorizonWithinABlock() {
        // the always-warm loop draws its random numbers per block of 256 ticks: a budget that is not a multiple of
        // the block, a budget smaller than one block, and a horizon inside a block all stop where they should
        var model = new LoadBalancingModel(0.95, new PowerOfD(2), 6, Exponential.unitMean());
        OccupancySimulator sim = OccupancySimulator.loadBalancing(model, 50);
        for (long budget : new long[] {1, 100, 12_345}) {
            OccupancyCounters c = sim.run(RunWindow.forEvents(budget, COARSE).withInitial(InitialOccupancy.allIdle()), 7L)
                    .counters();
            assertEquals(budget, c.events());
            assertTrue(c.conserved());
        }
        OccupancyRun run = sim.run(RunWindow.until(3.0).withGrid(TimeGrid.of(3.0, 1.0))
                .withInitial(InitialOccupancy.allIdle()), 7L);
        assertEquals(3.0, run.endTime());
        assertTrue(run.counters().conserved());
        // about (λ + ρ-weighted service) · N · T events; far fewer than one block per unit time would allow
        assertTrue(run.counters().events() > 100 && run.counters().events() < 1_000, "" + run.counters().events());
    }

    @Test
    void onArrivalJiqIsTabsWithLoseIfFullOverflow() {
        // ALBA TABS-0 (docs/alba.md §4) and the TABS model with the ANY_BUSY_UNIFORM_LOSE_IF_FULL rule are one chain
        double lambda = 0.7;
        AlbaModel alba = new AlbaModel(lambda, JoinBelowThreshold.jiq(), 5, Scaling.onArrival(), 0.4, 0.3);
        TabsModel tabs = new TabsModel(lambda, 5, Exponential.unitMean(), 1 / 0.3, 1 / 0.4,
                TabsModel.Overflow.ANY_BUSY_UNIFORM_LOSE_IF_FULL);
        var spec = RunWindow.until(500).withInitial(InitialOccupancy.allCold()).withGrid(COARSE).withWarmup(50);
        OccupancyRun a = OccupancySimulator.alba(alba, 20).run(spec, 5L);
        OccupancyRun t = OccupancySimulator.tabs(tabs, 20).run(spec, 5L);
        assertEquals(a.counters(), t.counters());
        assertEquals(a.metrics().get("busy"), t.metrics().get("busy"), 1e-12);
        assertEquals(a.metrics().get("setup"), t.metrics().get("setup"), 1e-12);
        assertEquals(a.metrics().get("loss"), t.metrics().get("loss"), 1e-12);
    }

    @Test
    void deterministicForSeedAndThreadCount() {
        AlbaModel model = new AlbaModel(0.7, new PowerOfD(2), 20,
                Scaling.asynchronous(RateIdleScaling.standard(), 0.1), 0.1, 0.05);
        var sim = OccupancySimulator.alba(model, 200).withLevels(1, 3);
        var spec = RunWindow.until(200).withInitial(InitialOccupancy.coldAndIdle(0.3)).withGrid(TimeGrid.of(200, 5))
                .withWarmup(50);
        ReplicatedResult<OccupancyRun> one = sim.replicate(spec, 77L, 4, 1);
        ReplicatedResult<OccupancyRun> two = sim.replicate(spec, 77L, 4, 2);
        ReplicatedResult<OccupancyRun> other = sim.replicate(spec, 78L, 4, 2);
        for (int r = 0; r < 4; r++) {
            assertEquals(one.runs().get(r).trajectory(), two.runs().get(r).trajectory());
            assertEquals(one.runs().get(r).metrics(), two.runs().get(r).metrics());
            assertEquals(one.runs().get(r).counters(), two.runs().get(r).counters());
        }
        assertArrayEquals(one.trajectory().series("x1"), two.trajectory().series("x1"));
        assertNotEquals(one.runs().get(0).counters(), other.runs().get(0).counters());
        assertEquals(sim.run(spec, 5L).metrics(), sim.run(spec, 5L).metrics());
        var table = one.trajectory().toTable();
        assertTrue(table.columnNames().containsAll(List.of("t", "off", "off_lo", "off_hi", "jobsPerWarm", "x3", "N",
                "lambda", "dispatch", "seed", "runs")));
        assertEquals(77L, table.longColumn("seed").get(0));
    }

    @Test
    void badInputIsRejectedWithTheParameterName() {
        var exp = Exponential.unitMean();
        var lb = new LoadBalancingModel(0.5, new PowerOfD(3), 10, exp);
        assertMessage("d = 3 > N = 2", () -> OccupancySimulator.loadBalancing(lb, 2));
        assertMessage("N = 0", () -> OccupancySimulator.loadBalancing(lb, 0));
        assertMessage("N = -5", () -> OccupancySimulator.loadBalancing(lb, -5));
        assertMessage("service = ", () -> OccupancySimulator.loadBalancing(
                new LoadBalancingModel(0.5, new PowerOfD(2), 10, new Deterministic(1)), 10));
        assertMessage("horizon = 0", () -> RunWindow.until(0).withInitial(InitialOccupancy.allIdle()).withGrid(COARSE));
        assertMessage("horizon = -1", () -> RunWindow.until(-1).withInitial(InitialOccupancy.allIdle())
                .withGrid(COARSE));
        assertMessage("horizon = NaN", () -> RunWindow.until(Double.NaN).withInitial(InitialOccupancy.allIdle())
                .withGrid(COARSE));
        assertMessage("warmup = NaN", () -> RunWindow.until(10).withInitial(InitialOccupancy.allIdle())
                .withGrid(TimeGrid.of(10, 10)).withWarmup(Double.NaN));
        assertMessage("warmup = 10", () -> RunWindow.until(10).withInitial(InitialOccupancy.allIdle())
                .withGrid(TimeGrid.of(10, 10)).withWarmup(10));
        assertMessage("maxEvents = 0", () -> RunWindow.forEvents(0, COARSE).withInitial(InitialOccupancy.allIdle()));
        assertMessage("fractions sum to", () -> InitialOccupancy.fractions(0.5, 0, 0.2));
        assertMessage("cold = NaN", () -> InitialOccupancy.fractions(Double.NaN, 0, 1));
        assertMessage("initial counts sum to 9", () -> OccupancySimulator.loadBalancing(lb, 10)
                .run(RunWindow.until(10).withInitial(InitialOccupancy.counts(0, 0, 9))
                        .withGrid(TimeGrid.of(10, 10)), 1L));
        assertMessage("without auto-scaling", () -> OccupancySimulator.loadBalancing(lb, 10)
                .run(RunWindow.until(10).withInitial(InitialOccupancy.allCold()).withGrid(TimeGrid.of(10, 10)), 1L));
        assertMessage("initial level 12", () -> OccupancySimulator.loadBalancing(lb, 10)
                .run(RunWindow.until(10).withInitial(InitialOccupancy.allWarmWith(12))
                        .withGrid(TimeGrid.of(10, 10)), 1L));
        AlbaModel bad = new AlbaModel(0.5, new PowerOfD(2), 10, Scaling.asynchronous(x -> 1.5, 1), 1, 1);
        assertMessage("g(x) = 1.5", () -> OccupancySimulator.alba(bad, 10)
                .run(RunWindow.until(10).withInitial(InitialOccupancy.allCold()).withGrid(TimeGrid.of(10, 10)), 1L));
        assertMessage("g(x) = 1.5", () -> org.queuelab.meanfield.Fluid.of(bad)
                .integrate(org.queuelab.meanfield.Fluid.of(bad).state(1, 0, 0), new double[] {0, 1}));
        assertMessage("level = 11", () -> OccupancySimulator.loadBalancing(lb, 10).withLevels(11));
        assertMessage("lambda = NaN", () -> new LoadBalancingModel(Double.NaN, new PowerOfD(2), 10, exp));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(expected), "message '" + e.getMessage() + "' lacks '" + expected + "'");
        assertTrue(e.getMessage().contains("allowed"), "message '" + e.getMessage() + "' lacks the allowed range");
    }
}
