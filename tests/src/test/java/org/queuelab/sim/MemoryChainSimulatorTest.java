package org.queuelab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.TimeGrid;

/** SQ(d,N): aggregated chain vs per-server agents (docs/sqdn.md §9.8), fluid references, conservation. */
class MemoryChainSimulatorTest {

    private static LoadBalancingModel model(double lambda, int d, int buffer) {
        return new LoadBalancingModel(lambda, new PowerOfDWithMemory(d), buffer, Exponential.unitMean());
    }

    /** Two-sample Kolmogorov–Smirnov statistic. */
    private static double ks(double[] a, double[] b) {
        double[] x = a.clone();
        double[] y = b.clone();
        Arrays.sort(x);
        Arrays.sort(y);
        int i = 0;
        int j = 0;
        double dMax = 0;
        while (i < x.length && j < y.length) {
            double v = Math.min(x[i], y[j]);
            while (i < x.length && x[i] <= v) {
                i++;
            }
            while (j < y.length && y[j] <= v) {
                j++;
            }
            dMax = Math.max(dMax, Math.abs((double) i / x.length - (double) j / y.length));
        }
        return dMax;
    }

    /** Asymptotic two-sample KS p-value (conservative for discrete data, where ties make D smaller). */
    private static double ksPValue(double d, int n, int m) {
        double en = Math.sqrt((double) n * m / (n + m));
        double lam = (en + 0.12 + 0.11 / en) * d;
        double sum = 0;
        for (int k = 1; k <= 100; k++) {
            sum += 2 * Math.pow(-1, k - 1) * Math.exp(-2 * k * k * lam * lam);
        }
        return Math.max(0, Math.min(1, sum));
    }

    @Test
    void aggregatedAndPerServerAgreeInLaw() {
        // docs/sqdn.md §9.8: N = 50, λ = 0.9, d = 2, from e_{0,0}, 2000 runs each; L_S(5) and X_{2,2}(5) by two-sample KS
        var aggregated = MemoryChainSimulator.of(model(0.9, 2, 20), 50).withPairs(new int[] {2, 2},
                new int[] {1, 1});
        var perServer = aggregated.using(MemoryChainSimulator.Engine.PER_SERVER);
        TimeGrid grid = TimeGrid.of(5, 1);
        ReplicatedResult<OccupancyRun> a = aggregated.replicate(RunWindow.until(5).withInitial(InitialMemory.allIdle())
                .withGrid(grid), 1L, 2000, 2);
        ReplicatedResult<OccupancyRun> b = perServer.replicate(RunWindow.until(5).withInitial(InitialMemory.allIdle())
                .withGrid(grid), 2L, 2000, 2);
        for (String series : List.of("meanJobs", "x2_2", "x1_1", "meanMemory")) {
            double[] x = a.runs().stream().mapToDouble(r -> r.trajectory().value(series, 5)).toArray();
            double[] y = b.runs().stream().mapToDouble(r -> r.trajectory().value(series, 5)).toArray();
            double p = ksPValue(ks(x, y), x.length, y.length);
            assertTrue(p > 0.001, series + "(5): KS p = " + p);
            Estimate ea = a.trajectory().estimateAt(series, 5);
            Estimate eb = b.trajectory().estimateAt(series, 5);
            double gap = Math.abs(ea.mean() - eb.mean());
            assertTrue(gap <= 2 * Math.hypot(ea.halfWidth(), eb.halfWidth()), series + ": " + ea + " vs " + eb);
        }
        // the test can fail: a per-server run of SQ(d) (no memory) differs in law at this size
        var sqd = OccupancySimulator.loadBalancing(
                new LoadBalancingModel(0.9, new PowerOfD(2), 20, Exponential.unitMean()), 50);
        ReplicatedResult<OccupancyRun> c = sqd.replicate(RunWindow.until(5).withInitial(InitialOccupancy.allIdle())
                .withGrid(grid), 3L, 2000, 2);
        double[] x = a.runs().stream().mapToDouble(r -> r.trajectory().value("meanJobs", 5)).toArray();
        double[] z = c.runs().stream().mapToDouble(r -> r.trajectory().value("meanJobs", 5)).toArray();
        assertTrue(ksPValue(ks(x, z), x.length, z.length) < 1e-6, "SQ(2) and SQ(2,N) are told apart");
        for (ReplicatedResult<OccupancyRun> r : List.of(a, b)) {
            assertTrue(r.runs().stream().allMatch(run -> run.counters().conserved()));
        }
    }

    @Test
    void figureThreeLeftMatchesStochasticReference() {
        // docs/sqdn.md §7 Figure 3 left: N = 100, λ = 0.45, from e_{0,0}; means of 10-run averages ± their sd
        double[][] ref = {{1, 0.591, 0.123, 0.286, 0.018, 0.010, 0.018}, {3, 0.185, 0.388, 0.427, 0.021, 0.018, 0.018},
            {5, 0.083, 0.470, 0.443, 0.017, 0.016, 0.016}, {10, 0.063, 0.484, 0.436, 0.015, 0.019, 0.021}};
        var sim = MemoryChainSimulator.of(model(0.45, 2, 20), 100);
        ReplicatedResult<OccupancyRun> r = sim.replicate(RunWindow.until(10).withInitial(InitialMemory.allIdle())
                .withGrid(TimeGrid.of(10, 0.1)), 3L, 40, 2);
        String[] names = {"x0_0", "x0_1", "x1_1"};
        for (double[] row : ref) {
            for (int c = 0; c < 3; c++) {
                // our 40-run mean has half the sd of a 10-run mean: allow the reference's one sd
                assertEquals(row[1 + c], r.trajectory().estimateAtTime(names[c], row[0]).mean(), row[4 + c],
                        names[c] + " at t=" + row[0]);
            }
        }
    }

    @Test
    void largeNMatchesFluidAndFixedPoint() {
        // docs/sqdn.md §9.8 (lighter): λ = 0.9, d = 2 from e_{0,0}. N = 10^5: L_S(10) = 1.437 ± 0.01, L_S(20) = 1.643 ± 0.01
        // (fluid 1.43604, 1.64236). N = 2·10^4: stationary x_{i,j} of Table C within 0.005 (t ∈ [60, 100]).
        OccupancyRun early = MemoryChainSimulator.of(model(0.9, 2, 20), 100_000)
                .run(RunWindow.until(20).withInitial(InitialMemory.allIdle()).withGrid(TimeGrid.of(20, 1))
                        .withWarmup(10), 5L);
        assertEquals(1.437, early.trajectory().value("meanJobs", 10), 0.01);
        assertEquals(1.643, early.trajectory().value("meanJobs", 20), 0.015);
        var sim = MemoryChainSimulator.of(model(0.9, 2, 20), 20_000);
        OccupancyRun run = sim.run(RunWindow.until(100).withInitial(InitialMemory.allIdle())
                .withGrid(TimeGrid.of(100, 1)).withWarmup(60), 5L);
        double[][] tableC = {{0, 2, 0.084694}, {0, 3, 0.015306}, {1, 2, 0.172098}, {1, 3, 0.027551},
            {2, 2, 0.521800}, {2, 3, 0.057494}, {3, 3, 0.121057}};
        for (double[] e : tableC) {
            assertEquals(e[2], run.metrics().get(Metric.pair((int) e[0], (int) e[1])), 0.005,
                    "x" + (int) e[0] + (int) e[1]);
        }
        assertEquals(1.721408, run.metrics().get("meanJobs"), 0.01);
        assertEquals(2.221408, run.metrics().get("meanMemory"), 0.01);
        assertEquals(0.221832, run.metrics().get("idleJoinFraction"), 0.01);
        assertTrue(run.trajectory().value("maxQueue", 100) <= 4, "no server with ≥ 5 jobs");
        assertTrue(run.metrics().get("maxQueueEver") >= 3 && run.metrics().get("maxQueueEver") <= 5);
        // Table D: SQ(2,N) mean below SQ(2)
        assertTrue(run.metrics().get("meanJobs") < PowerOfDFixedPoint.meanQueueLength(0.9, 2) - 0.5);
        assertTrue(run.counters().conserved());
        assertEquals(1.0, Arrays.stream(run.levelFractions()).sum(), 1e-9);
    }

    @Test
    void fullBufferRejectsAndConserves() {
        for (MemoryChainSimulator.Engine engine : MemoryChainSimulator.Engine.values()) {
            var sim = MemoryChainSimulator.of(new LoadBalancingModel(1.5, new PowerOfDWithMemory(3), 3,
                    Exponential.unitMean()), 30).using(engine);
            OccupancyRun run = sim.run(RunWindow.until(200).withInitial(InitialMemory.allAt(1, 2))
                    .withGrid(TimeGrid.of(200, 10)).withWarmup(20), 8L);
            OccupancyCounters c = run.counters();
            assertTrue(c.conserved(), engine + " " + c);
            assertTrue(c.losses() > 1000, engine + " overloaded I = 3 loses jobs");
            assertEquals(1 - 1 / 1.5, run.metrics().get("loss"), 0.03, engine + " loss ≈ 1 − 1/λ when saturated");
        }
    }

    @Test
    void deterministicAcrossThreads() {
        for (MemoryChainSimulator.Engine engine : MemoryChainSimulator.Engine.values()) {
            var sim = MemoryChainSimulator.of(model(0.8, 2, 10), 200).using(engine);
            var one = sim.replicate(RunWindow.until(20).withInitial(InitialMemory.allIdle())
                    .withGrid(TimeGrid.of(20, 1)).withWarmup(5), 9L, 4, 1);
            var two = sim.replicate(RunWindow.until(20).withInitial(InitialMemory.allIdle())
                    .withGrid(TimeGrid.of(20, 1)).withWarmup(5), 9L, 4, 2);
            for (int r = 0; r < 4; r++) {
                assertEquals(one.runs().get(r).trajectory(), two.runs().get(r).trajectory());
                assertEquals(one.runs().get(r).metrics(), two.runs().get(r).metrics());
            }
        }
    }

    @Test
    void badInput() {
        assertMessage("d = 3 > N = 2", () -> MemoryChainSimulator.of(model(0.5, 3, 10), 2));
        assertMessage("N = 0", () -> MemoryChainSimulator.of(model(0.5, 2, 10), 0));
        assertMessage("buffer I = ∞", () -> MemoryChainSimulator.of(model(0.5, 2, Buffers.INFINITE), 10));
        assertMessage("dispatch = Power-of-2", () -> MemoryChainSimulator.of(
                new LoadBalancingModel(0.5, new PowerOfD(2), 10, Exponential.unitMean()), 10));
        var sim = MemoryChainSimulator.of(model(0.5, 2, 10), 10);
        assertMessage("horizon = 0", () -> sim.run(RunWindow.until(0).withInitial(InitialMemory.allIdle())
                .withGrid(TimeGrid.of(1, 1)), 1L));
        assertMessage("horizon = NaN", () -> sim.run(RunWindow.until(Double.NaN).withInitial(InitialMemory.allIdle())
                .withGrid(TimeGrid.of(1, 1)), 1L));
        assertMessage("(queue, memory) = (2, 1)", () -> InitialMemory.allAt(2, 1));
        assertMessage("initial memory = 11", () -> sim.run(RunWindow.until(1).withInitial(InitialMemory.allAt(0, 11))
                .withGrid(TimeGrid.of(1, 1)), 1L));
        assertMessage("pair = [3, 2]", () -> sim.withPairs(new int[] {3, 2}));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(expected), "message '" + e.getMessage() + "' lacks '" + expected + "'");
        assertTrue(e.getMessage().contains("allowed"), "message '" + e.getMessage() + "' lacks the allowed range");
    }
}
