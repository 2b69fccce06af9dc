package org.queuelab.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.queuelab.dist.Erlang;
import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.AlbaFixedPoint;
import org.queuelab.meanfield.AlbaTradeoff;
import org.queuelab.meanfield.MemoryFixedPoint;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.sim.InitialMemory;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.MemoryChainSimulator;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.Replications;
import org.queuelab.sim.RunWindow;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.event.EventSimulation;

/** One test per reproduction of issue 18 fixed on this branch: each gives the right answer or a clear error. */
class Issue18RegressionTest {

    private static final Duration QUICK = Duration.ofSeconds(20);

    private static <T extends Throwable> void assertRefused(Class<T> type, Executable call, String... parts) {
        T e = assertTimeoutPreemptively(QUICK, () -> assertThrows(type, call));
        for (String part : parts) {
            assertTrue(e.getMessage() != null && e.getMessage().contains(part),
                    () -> "message lacks \"" + part + "\": " + e.getMessage());
        }
    }

    @Test
    void powerOfOneMeanQueueLengthIsTheMm1ClosedForm() {
        // exact values quoted by the issue: 99999 and 999999 (the partial sum stopped at 63211.24 and 95161.63)
        assertEquals(99_999, PowerOfDFixedPoint.meanQueueLength(0.99999, 1), 1e-9 * 99_999);
        assertEquals(999_999, PowerOfDFixedPoint.meanQueueLength(0.999999, 1), 1e-9 * 999_999);
    }

    @Test
    void powerOfTwoMeanQueueLengthMeetsItsTailBound() {
        // Σ_{i≥1} 0.5^(2^i − 1): the first six terms by hand, the rest below 0.5^127
        double byHand = 0.5 + 0.125 + 0.0078125 + Math.pow(0.5, 15) + Math.pow(0.5, 31) + Math.pow(0.5, 63);
        assertEquals(byHand, PowerOfDFixedPoint.meanQueueLength(0.5, 2), 1e-15 * byHand);
        // near λ = 1 the terms' ratios λ^(2^i) still fall doubly exponentially: the sum converges, and it
        // exceeds the d = 2 lower bound Σ_{i ≤ 16} λ^(2^i − 1)
        double lambda = 0.99999;
        double lower = 0;
        for (int i = 1; i <= 16; i++) {
            lower += Math.pow(lambda, Math.pow(2, i) - 1);
        }
        double mean = PowerOfDFixedPoint.meanQueueLength(lambda, 2);
        assertTrue(mean > lower && mean < lower + 2, mean + " vs lower bound " + lower);
    }

    @Test
    void hugeTruncationLevelsAreRefusedBeforeAllocation() {
        assertRefused(IllegalArgumentException.class,
                () -> PowerOfDFixedPoint.of(0.5, 2, Integer.MAX_VALUE), "maxLevel", "2147483639");
        assertRefused(IllegalArgumentException.class,
                () -> AlbaFixedPoint.busyProfile(new PowerOfD(2), 0.5, 0.1, Integer.MAX_VALUE), "levels");
        assertRefused(IllegalArgumentException.class,
                () -> AlbaFixedPoint.xStar(0.5, Integer.MAX_VALUE - 1), "levels");
        assertRefused(IllegalArgumentException.class,
                () -> MemoryFixedPoint.fixedPoint(0.5, 2, 100_000), "capacity I = 100000");
    }

    @Test
    void tradeoffRefusesNegativeLevelsNamingTheValueGiven() {
        assertRefused(IllegalArgumentException.class,
                () -> new AlbaTradeoff(0.5, 0.1, 0.2, 0.05, new PowerOfD(2), -5), "levels = -5");
    }

    @Test
    void thresholdsAreIterativeAndRefuseLevelsBeyondDoublePrecision() {
        assertRefused(IllegalArgumentException.class, () -> MemoryFixedPoint.threshold(100_000, 2), "J = 100000",
                "allowed: J ≤ 33");
        // every representable threshold is a root of J·log1p(λd) + log1p(−λ) and they increase with J
        double previous = MemoryFixedPoint.threshold(1, 2);
        for (int level = 2; level <= 33; level++) {
            double t = MemoryFixedPoint.threshold(level, 2);
            assertTrue(t > previous && t < 1, "λ_" + level + " = " + t);
            // a root to the double spacing: |f(t)| within a few ulps of t times |f'(t)|
            double slope = 2 * level / (1 + 2 * t) - 1 / (1 - t);
            assertEquals(0, level * Math.log1p(2 * t) + Math.log1p(-t), 4 * Math.abs(slope) * Math.ulp(t),
                    "J = " + level);
            previous = t;
        }
        // tiny λ: j* = ⌊λ/(λd)⌋ = 0, found at once (an absolute slack used to count 10^287 levels)
        assertEquals(0, assertTimeoutPreemptively(QUICK, () -> MemoryFixedPoint.jStar(1e-300, 2)));
    }

    @Test
    void erlangWithManyPhasesSamplesInConstantTime() {
        Erlang big = Erlang.unitMean(1_000_000_000);
        SplittableRandom rng = new SplittableRandom(18);
        double[] samples = assertTimeoutPreemptively(QUICK, () -> {
            double[] s = new double[1000];
            for (int i = 0; i < s.length; i++) {
                s[i] = big.sample(rng);
            }
            return s;
        });
        // sd of one sample is 1/√k ≈ 3.2e-5: every sample within 6 sd of 1
        for (double s : samples) {
            assertEquals(1.0, s, 6 / Math.sqrt(1e9));
        }
    }

    @Test
    void erlangGammaSamplerHasTheErlangMoments() {
        int k = Erlang.unitMean(40).phases();
        Erlang law = Erlang.unitMean(k);
        SplittableRandom rng = new SplittableRandom(7);
        int n = 200_000;
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < n; i++) {
            double x = law.sample(rng);
            sum += x;
            sumSq += x * x;
        }
        double mean = sum / n;
        double variance = (sumSq - n * mean * mean) / (n - 1);
        double sigma2 = law.variance();
        // 5 standard errors: of the mean √(σ²/n); of the variance σ²√((2 + 6/k)/n) (gamma excess kurtosis 6/k)
        assertEquals(1.0, mean, 5 * Math.sqrt(sigma2 / n));
        assertEquals(sigma2, variance, 5 * sigma2 * Math.sqrt((2 + 6.0 / k) / n));
    }

    @Test
    void replicationsRefuseTooManyThreadsOrRunsAndKeepTheTasksMessage() {
        assertRefused(IllegalArgumentException.class, () -> Replications.run(1, 4, 100_000, (r, s) -> r),
                "threads = 100000");
        assertRefused(IllegalArgumentException.class, () -> Replications.run(1, 100_000_000, 2, (r, s) -> r),
                "100000000 replications", "heap");
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> Replications.run(1, 8, 2, (r, s) -> {
            if (r == 5) {
                throw new ArithmeticException("scaling rule divided by zero at replication 5");
            }
            return r;
        }));
        assertEquals("scaling rule divided by zero at replication 5", e.getMessage());
    }

    /**
     * Little's law on a window too short for it: SQ(2), λ = 0.7, N = 20 from empty over [0, 2] gives
     * L/λ_acc − E[S] = 0.593 − 1 &lt; 0 (seed 1). The run's stationary metrics are refused with that reason, its
     * trajectory and per-run values stay (for averaging over replications); on a long window W ≥ 0 is reported.
     */
    @Test
    void littleLawWaitingTimeIsNeverReportedNegative() {
        var sq2 = OccupancySimulator.loadBalancing(
                new LoadBalancingModel(0.7, new PowerOfD(2), 8, Exponential.unitMean()), 20);
        var shortRun = sq2.run(RunWindow.until(2).withGrid(TimeGrid.of(2, 1)), 1L);
        assertTrue(shortRun.toMetrics().get("wait") < 0, "the window of the issue: W < 0 per run");
        assertTrue(!shortRun.littleLawHolds());
        assertRefused(IllegalStateException.class, shortRun::metrics, "Little's law", "W = ", "< 0",
                "allowed: W ≥ −min(0.01, 6·√(2/n))·E[S]", "trajectory and counters of this run remain available");
        assertEquals(3, shortRun.trajectory().size());
        var longRun = sq2.run(RunWindow.until(2000).withWarmup(200).withGrid(TimeGrid.of(2000, 2000)), 1L);
        assertTrue(longRun.littleLawHolds());
        assertTrue(longRun.metrics().get("wait") >= 0);
        // a window with no arrival has no Little's-law response time: refused, not NaN
        var idle = OccupancySimulator.loadBalancing(
                new LoadBalancingModel(1e-9, new PowerOfD(1), 8, Exponential.unitMean()), 1);
        assertRefused(IllegalStateException.class,
                () -> idle.run(RunWindow.until(1).withGrid(TimeGrid.of(1, 1)), 1L).metrics(),
                "throughput = NaN", "allowed: a positive finite throughput");
        // the SQ(d,N) chain's response time is guarded the same way
        var memory = MemoryChainSimulator.of(
                new LoadBalancingModel(1e-9, new PowerOfDWithMemory(2), 4, Exponential.unitMean()), 2);
        assertRefused(IllegalStateException.class,
                () -> memory.run(RunWindow.until(1).withGrid(TimeGrid.of(1, 1)), 1L).metrics(), "throughput");
    }

    /**
     * The other side of the Little's-law guard: under JIQ with auto-scaling (Blind-0.06, N = 2000, docs/alba.md §10.5)
     * waits are so rare that W ≈ 0, and over [600, 1500] the estimate L/λ_acc − E[S] falls below zero by chance in
     * about half the seeds (−0.00116 for seed 1, −0.00048 for seed 4: within ±2 noise deviations E[S]·√(2/n) of
     * its 1.3·10⁶ jobs). Such runs are not refused; their metrics keep the estimate as it is (unbiased when
     * averaged over replications).
     */
    @Test
    void littleLawNoiseAroundZeroWaitIsNotRefused() {
        var jiq = OccupancySimulator.alba(new org.queuelab.model.AlbaModel(0.7,
                org.queuelab.policy.JoinBelowThreshold.jiq(), 100, org.queuelab.policy.Scaling.asynchronous(
                        new org.queuelab.policy.BlindTheta(0.06), 0.05), 0.1, 0.025), 2000);
        RunWindow window = RunWindow.until(1500).withInitial(InitialOccupancy.coldAndIdle(0.3))
                .withGrid(TimeGrid.of(1500, 500)).withWarmup(600);
        int belowZero = 0;
        for (long seed = 1; seed <= 6; seed++) {
            var run = jiq.run(window, seed);
            double estimate = run.toMetrics().get("response") - 1;
            double noise = Math.sqrt(2.0 / (run.toMetrics().get("throughput") * 2000 * 900));
            assertTrue(Math.abs(estimate) < 4 * noise, "seed " + seed + ": W estimate " + estimate);
            belowZero += estimate < 0 ? 1 : 0;
            assertTrue(run.littleLawHolds(), "seed " + seed);
            assertEquals(estimate, run.metrics().get("wait"), 1e-12, "seed " + seed);
        }
        assertTrue(belowZero >= 2, "the seeds include estimates below zero: " + belowZero);
    }

    @Test
    void occupancyTabsRefusesTransientOverload() {
        TabsModel overloaded = TabsModel.transientOverload(1.5, Exponential.unitMean(), 5, 1);
        assertRefused(IllegalArgumentException.class, () -> OccupancySimulator.tabs(overloaded, 100),
                "stationary", "TabsSimulator");
    }

    @Test
    void simulatorsRefuseRunsTheyCannotFinishOrHold() {
        var lb = new LoadBalancingModel(0.5, new RandomDispatch(), 5, Exponential.unitMean());
        var sim = OccupancySimulator.loadBalancing(lb, 10);
        // λ = 1e300 with a finite buffer: events refused before the run, not 5·10^7 events reaching t = 5e-294
        var flood = OccupancySimulator.loadBalancing(
                new LoadBalancingModel(1e300, new RandomDispatch(), 5, Exponential.unitMean()), 10);
        assertRefused(IllegalArgumentException.class,
                () -> flood.run(RunWindow.until(1).withInitial(InitialOccupancy.allIdle())
                        .withGrid(TimeGrid.of(1, 1)), 1L),
                "events", "queuelab.budget.events");
        // an occupancy grid of 10^9 points
        assertRefused(IllegalArgumentException.class,
                () -> sim.run(RunWindow.until(1).withInitial(InitialOccupancy.allIdle())
                        .withGrid(TimeGrid.of(1, 1e-9)), 1L),
                "grid points", "heap");
        // a run stopped by its event budget before its burn-in has no stationary averages
        assertRefused(IllegalStateException.class,
                () -> sim.run(RunWindow.until(1e6).withInitial(InitialOccupancy.allIdle()).withGrid(TimeGrid.of(10, 1))
                        .withEventBudget(10).withWarmup(1e5), 1L),
                "warmup");
        // TABS chain with B = 10^9
        TabsModel bigBuffer = new TabsModel(0.5, 1_000_000_000, Exponential.unitMean(), 5, 1,
                TabsModel.Overflow.NONFULL_UNIFORM);
        assertRefused(IllegalArgumentException.class, () -> OccupancySimulator.tabs(bigBuffer, 10)
                .run(RunWindow.until(1).withInitial(InitialOccupancy.allIdle())
                        .withGrid(TimeGrid.of(1, 1)), 1L), "levels", "heap");
        // event-driven simulators with N = 10^9
        assertRefused(IllegalArgumentException.class, () -> EventSimulation.of(
                TabsModel.of(0.5, Exponential.unitMean(), 5, 1), 1_000_000_000).run(RunWindow.until(1e-6), 1L),
                "servers");
        assertRefused(IllegalArgumentException.class, () -> EventSimulation.of(
                new LoadBalancingModel(0.5, new PowerOfD(2), Buffers.INFINITE, Exponential.unitMean()),
                1_000_000_000).run(RunWindow.until(1e-6), 1L), "servers");
        // SQ(d,N) chain with 20 000 memory levels
        var memory = MemoryChainSimulator.of(new LoadBalancingModel(0.5, new PowerOfDWithMemory(2), 20_000,
                Exponential.unitMean()), 10);
        assertRefused(IllegalArgumentException.class,
                () -> memory.run(RunWindow.until(1).withInitial(InitialMemory.allIdle())
                        .withGrid(TimeGrid.of(1, 1)), 1L), "I = 20000", "heap");
    }
}
