package org.queuelab.sim.event;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.Buffers;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.result.Estimate;
import org.queuelab.result.MetricEstimates;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.InitialMemory;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.TabsInitialCondition;

import tech.tablesaw.api.Table;

class TabsSimulatorTest {

    private static final ServiceDistribution EXP = TestLaws.exponential(1);

    /**
     * Exact CTMC values of docs/tabs.md §9.4 (aggregated chain, exponential service). The reference W is the
     * Little's-law wait.
     */
    @ParameterizedTest
    @CsvSource({
        "3, 4, 0.6, 2,        1.5, .56682, .17903, .13427, .11988, .97347, .05530",
        "2, 5, 0.8, 5,        3,   .72944, .14979, .08988, .03089, 1.70194, .08820",
        "3, 4, 0.3, 0.5,      2,   .15658, .08542, .34168, .41632, .94075, .47807",
        "2, 6, 0.7, Infinity, 1,   .69558, .30442, 0,      0,      1.15557, .00631"})
    void agreesWithTheExactCtmcOfTheSpec(int n, int buffer, double lambda, double standby, double setup,
                                        double busy, double idle, double setupFraction, double off, double wait,
                                        double loss) {
        TabsModel model = new TabsModel(lambda, buffer, EXP, standby, setup, TabsModel.Overflow.NONFULL_UNIFORM);
        ReplicatedResult<TabsResult> reps = EventSimulation.of(model, n)
                .replicate(RunWindow.until(20_000).withWarmup(100), 2024, 10);
        MetricEstimates e = reps.estimates();
        assertWithin(e.get("busy"), busy, "busy");
        assertWithin(e.get("idle"), idle, "idle");
        assertWithin(e.get("setup"), setupFraction, "setup");
        assertWithin(e.get("off"), off, "off");
        assertWithin(e.get("wait"), wait, "wait");
        assertWithin(e.get("loss"), loss, "loss");
        // the per-job wait estimates the same quantity as Little's law
        assertWithin(e.get("waitPerJob"), wait, "waitPerJob");
    }

    /** |estimate − exact| ≤ 1.5 half-widths of the 95% interval (≈ 3.3 standard errors with n = 10). */
    private static void assertWithin(Estimate e, double exact, String what) {
        double tol = 1.5 * e.halfWidth();
        if (exact == 0) {
            assertEquals(0.0, e.mean(), 0.0, what);
            return;
        }
        assertTrue(Math.abs(e.mean() - exact) <= tol, () -> what + ": " + e + " vs exact " + exact);
        assertTrue(e.halfWidth() < 0.05 * Math.abs(exact) + 0.001, () -> what + ": interval too wide to test " + e);
    }

    /** docs/tabs.md §9.5 and §3, under a non-exponential service law. */
    @Test
    void exactIdentitiesHoldUnderGeneralService() {
        ServiceDistribution law = TestLaws.lognormal(1.0);
        double lambda = 0.5;
        double standby = 4;
        double setup = 3;
        TabsModel model = new TabsModel(lambda, 2, law, standby, setup, TabsModel.Overflow.NONFULL_UNIFORM);
        ReplicatedResult<TabsResult> reps = EventSimulation.of(model, 10)
                .replicate(RunWindow.until(10_000).withWarmup(200), 99, 10);
        MetricEstimates e = reps.estimates();
        double lossMean = e.get("loss").mean();
        assertTrue(lossMean > 0.005, "the test needs losses to mean something: " + lossMean);
        assertWithin(e.get("busy"), lambda * law.mean() * (1 - lossMean), "busy = λE[S](1 − loss)");
        double[] ratio = new double[reps.runs().size()];
        double[] energyGap = new double[ratio.length];
        for (int r = 0; r < ratio.length; r++) {
            TabsMetrics m = reps.runs().get(r).metrics();
            ratio[r] = m.setup() - m.idle() * setup / standby;
            PowerModel p = PowerModel.standard();
            double identity = lambda * law.mean() * (1 - m.lossProbability())
                    + m.idle() * (p.idle() + p.setup() * setup / standby);
            energyGap[r] = m.energy() - identity;
            assertEquals(1.0, m.busy() + m.idle() + m.setup() + m.off(), 1e-12);
        }
        Estimate setupGap = Estimate.of(ratio);
        Estimate gap = Estimate.of(energyGap);
        assertTrue(Math.abs(setupGap.mean()) <= 1.5 * setupGap.halfWidth(), "setup = idle·ν/µ: " + setupGap);
        assertTrue(Math.abs(gap.mean()) <= 1.5 * gap.halfWidth(), "energy identity (docs/tabs.md §3): " + gap);
        assertTrue(setupGap.halfWidth() < 0.01 && gap.halfWidth() < 0.01, "intervals narrow enough to test");
    }

    /**
     * The one clock of all standby timers and set-ups rings at rate I/µ + S/ν: over [0, T] the expected number of
     * expiries is N·E[∫ idle dt]/µ and that of set-up completions N·E[∫ setup dt]/ν (their compensators), under a
     * service law that is not exponential.
     */
    @Test
    void timerCountsMatchTheirCompensators() {
        double standby = 3;
        double setup = 5;
        int n = 20;
        double horizon = 5_000;
        TabsModel model = TabsModel.of(0.3, TestLaws.lognormal(1.5), standby, setup);
        ReplicatedResult<TabsResult> reps = EventSimulation.of(model, n).replicate(RunWindow.until(horizon), 11, 10);
        double[] expiryGap = new double[reps.runs().size()];
        double[] setupGap = new double[expiryGap.length];
        for (int r = 0; r < expiryGap.length; r++) {
            TabsResult run = reps.runs().get(r);
            expiryGap[r] = run.counts().standbyExpiries() / horizon - n * run.metrics().idle() / standby;
            setupGap[r] = run.counts().setupsCompleted() / horizon - n * run.metrics().setup() / setup;
        }
        for (Estimate gap : List.of(Estimate.of(expiryGap), Estimate.of(setupGap))) {
            assertTrue(Math.abs(gap.mean()) <= 1.5 * gap.halfWidth(), "count rate − compensator rate: " + gap);
            assertTrue(gap.halfWidth() < 0.01, "interval narrow enough to test: " + gap);
        }
    }

    @Test
    void countsBalanceExactlyInEveryRun() {
        for (TabsModel.Overflow rule : TabsModel.Overflow.values()) {
            TabsModel model = new TabsModel(0.7, 3, TestLaws.hyperexponential(0.2, 3, 0.5), 2, 1, rule);
            RunWindow window = RunWindow.until(3000).withSampleInterval(1)
                    .withInitial(TabsInitialCondition.explicit(new int[] {3, 1, 2}, 1, 1, 2));
            TabsResult r = EventSimulation.of(model, 7).run(window, 5);
            TabsCounts c = r.counts();
            assertTrue(c.conserved(), c::toString);
            assertEquals(6, c.initialJobs());
            assertTrue(c.lost() > 0, "finite buffer: some loss expected");
            // the off pool changes only by expiries and set-up starts; the set-up pool by starts and completions
            double[] off = r.trajectory().series("off");
            double[] setup = r.trajectory().series("setup");
            int last = off.length - 1;
            assertEquals(c.standbyExpiries() - c.setupsStarted(), Math.round((off[last] - off[0]) * 7));
            assertEquals(c.setupsStarted() - c.setupsCompleted(), Math.round((setup[last] - setup[0]) * 7));
            assertEquals(c.lost(), (long) r.trajectory().series("lostSoFar")[last]);
        }
    }

    @Test
    void sameSeedSameResultWhateverTheThreadCount() {
        TabsModel model = TabsModel.of(0.5, TestLaws.erlang(2), 5, 2);
        TabsSimulator sim = EventSimulation.of(model, 10);
        RunWindow window = RunWindow.until(500).withWarmup(50);
        ReplicatedResult<TabsResult> one = sim.replicate(window, 77, 4, 1);
        ReplicatedResult<TabsResult> two = sim.replicate(window, 77, 4, 2);
        for (int r = 0; r < 4; r++) {
            assertEquals(one.runs().get(r).toMetrics(), two.runs().get(r).toMetrics());
            assertEquals(one.runs().get(r).trajectory(), two.runs().get(r).trajectory());
        }
        assertEquals(sim.run(window, 3).toMetrics(), sim.run(window, 3).toMetrics());
        assertNotEquals(sim.run(window, 3).toMetrics(), sim.run(window, 4).toMetrics());
    }

    @Test
    void commonRandomNumbersGiveTheSameArrivalsAcrossStandbyMeans() {
        RunWindow window = RunWindow.until(1000);
        long a = EventSimulation.of(TabsModel.of(0.5, EXP, 5, 2), 20).run(window, 8).counts().arrivals();
        long b = EventSimulation.of(TabsModel.of(0.5, EXP, 50, 10), 20).run(window, 8).counts().arrivals();
        long c = EventSimulation.of(TabsModel.of(0.5, TestLaws.deterministic(), 50, 10), 20).run(window, 8)
                .counts().arrivals();
        assertEquals(a, b);
        assertEquals(a, c);
    }

    @Test
    void jiqLimitNeverSwitchesOff() {
        TabsModel model = TabsModel.of(0.5, EXP, Double.POSITIVE_INFINITY, 1);
        TabsResult r = EventSimulation.of(model, 100).run(RunWindow.until(2000).withWarmup(100), 1);
        TabsMetrics m = r.metrics();
        assertEquals(0.0, m.off());
        assertEquals(0.0, m.setup());
        assertEquals(0, r.counts().setupsStarted());
        assertEquals(0.5, m.busy(), 0.01);
        assertTrue(m.waitLittle() < 1e-3, "JIQ at λ = 0.5, N = 100: almost no waiting, got " + m.waitLittle());
    }

    @Test
    void allOffStartIsNotAbsorbing() {
        TabsModel model = TabsModel.of(0.5, EXP, 10, 5);
        RunWindow window = RunWindow.until(200).withInitial(TabsInitialCondition.allOff()).withSampleInterval(1);
        TabsResult r = EventSimulation.of(model, 200).run(window, 2);
        double[] busy = r.trajectory().series("busy");
        assertEquals(0.0, busy[0]);
        assertEquals(1.0, r.trajectory().series("off")[0]);
        assertEquals(0.5, busy[busy.length - 1], 0.12, "busy fraction recovers towards λ");
        assertTrue(r.counts().lost() > 0, "arrivals are lost while every server is off or in set-up");
    }

    @Test
    void overloadedFigureOneSystemGrowsAndRefusesStationaryMetrics() {
        assertThrows(IllegalArgumentException.class, () -> TabsModel.of(1.11, EXP, 500, 1));
        TabsModel model = TabsModel.transientOverload(1.11, EXP, 500, 1);
        TabsResult r = EventSimulation.of(model, 5).withQueueLengths(true)
                .run(RunWindow.until(1000).withSampleInterval(1), 42);
        double total = 0;
        for (int s = 0; s < 5; s++) {
            double[] q = r.queueLengths(s);
            assertEquals(1001, q.length);
            total += q[q.length - 1];
        }
        // E[Σ queues at T] ≈ 5·(1.11 − 1)·1000 = 550, sd ≈ √(5·2.11·1000) ≈ 103
        assertTrue(total > 240 && total < 860, "total jobs at T = " + total);
        assertEquals(r.counts().jobsAtEnd(), (long) total);
        IllegalStateException e = assertThrows(IllegalStateException.class, r::metrics);
        assertTrue(e.getMessage().contains("overloaded"));
        assertTrue(r.toTable().columnNames().contains("arrivals"));
    }

    @Test
    void tablesCarryParametersAndSeed() {
        TabsResult r = EventSimulation.of(TabsModel.of(0.3, EXP, 5, 5), 5).run(RunWindow.until(100), 9);
        Table t = r.toTable();
        assertEquals(1, t.rowCount());
        for (String col : List.of("energy", "wait", "waitQ2Proxy", "lambda", "standbyMean", "setupMean",
                "N", "seed", "P_idle")) {
            assertTrue(t.columnNames().contains(col), col);
        }
        assertEquals(9L, t.longColumn("seed").get(0));
        Table traj = r.trajectory().toTable();
        assertEquals(1001, traj.rowCount());
        assertTrue(traj.columnNames().containsAll(List.of("t", "busy", "idle", "setup", "off", "lostSoFar")));
    }

    @Test
    void badInputIsRejectedWithTheAllowedRange() {
        TabsModel model = new TabsModel(0.5, 2, EXP, 5, 5, TabsModel.Overflow.NONFULL_UNIFORM);
        assertMessage(() -> EventSimulation.of(model, 0), "N = 0; allowed: N ≥ 1");
        assertMessage(() -> RunWindow.until(0), "horizon = 0.0; allowed: 0 < horizon < ∞");
        assertMessage(() -> RunWindow.until(Double.NaN), "horizon = NaN");
        assertMessage(() -> RunWindow.until(10).withWarmup(10), "warmup = 10.0; allowed: 0 ≤ warmup < horizon");
        assertMessage(() -> RunWindow.until(10).withSampleInterval(-1), "step = -1.0");
        assertMessage(() -> RunWindow.until(10).withGrid(org.queuelab.result.TimeGrid.of(20, 1)),
                "grid horizon = 20.0; allowed: grid horizon ≤ run horizon = 10.0");
        assertMessage(() -> TabsInitialCondition.explicit(new int[] {0}, 1, 0, 0), "busyQueueLengths[0] = 0");
        assertMessage(() -> EventSimulation.of(model, 3).run(RunWindow.until(10)
                .withInitial(TabsInitialCondition.explicit(new int[] {1}, 1, 0, 0)), 1),
                "initial condition counts 2 servers; allowed: exactly N = 3");
        assertMessage(() -> EventSimulation.of(model, 2).run(RunWindow.until(10)
                .withInitial(TabsInitialCondition.explicit(new int[] {3}, 1, 0, 0)), 1),
                "busyQueueLengths[0] = 3; allowed: ≤ buffer = 2");
        assertMessage(() -> EventSimulation.of(model, 2).run(RunWindow.until(10)
                .withInitial(InitialMemory.allIdle()), 1),
                "allowed for the event-driven TABS simulator: TabsInitialCondition or JobsPerServer");
        assertMessage(() -> TabsModel.of(1.0, EXP, 5, 5), "allowed: lambda·E[S] < 1");
        assertMessage(() -> TabsModel.of(0.5, EXP, -1, 5), "standbyMean = -1.0");
        assertMessage(() -> TabsModel.of(0.5, EXP, 5, Double.NaN), "setupMean = NaN");
        assertMessage(() -> new PowerModel(1, 1, -0.6, 0), "P_idle = -0.6; allowed: 0 ≤ P_idle < ∞");
        assertEquals(Buffers.INFINITE, TabsModel.transientOverload(2, EXP, 5, 5).buffer());
    }

    static void assertMessage(org.junit.jupiter.api.function.Executable call, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(expected), () -> "message: " + e.getMessage() + "; expected: " + expected);
    }

    @Test
    void perServerQueueLengthsSumToTheJobCount() {
        TabsModel model = TabsModel.of(0.67, EXP, 500, 1);
        TabsResult r = EventSimulation.of(model, 5).withQueueLengths(true)
                .run(RunWindow.until(1000).withSampleInterval(0.5), 17);
        double[] busy = r.trajectory().series("busy");
        for (int k = 0; k < busy.length; k++) {
            int nonEmpty = 0;
            for (int s = 0; s < 5; s++) {
                if (r.queueLengths(s)[k] > 0) {
                    nonEmpty++;
                }
            }
            assertEquals(busy[k] * 5, nonEmpty, 1e-9, "busy servers = servers holding jobs at grid point " + k);
        }
        assertArrayEquals(new double[] {0, 0, 0, 0, 0},
                new double[] {r.queueLengths(0)[0], r.queueLengths(1)[0], r.queueLengths(2)[0],
                    r.queueLengths(3)[0], r.queueLengths(4)[0]});
    }

    @Test
    void standbySweepGivesOnePointPerMeanWithIntervalsAndFallingWait() {
        TabsModel base = TabsModel.of(0.3, EXP, 1, 5);
        TabsSweepResult sweep = TabsSweep.run(new TabsSweepPlan(30, 3000, 300, 4, 5L),
                TabsSweep.overStandbyMeans("Exp", base, 1, 10, 100));
        assertEquals(3, sweep.xs("Exp").length);
        double[] wait = sweep.mean("Exp", "wait");
        assertTrue(wait[0] > wait[1] && wait[1] > wait[2], "W falls as µ grows: " + java.util.Arrays.toString(wait));
        double[] energy = sweep.mean("Exp", "energy");
        double[] lo = sweep.lower("Exp", "energy");
        double[] hi = sweep.upper("Exp", "energy");
        double[] poweredOn = sweep.mean("Exp", "energyOn");
        for (int i = 0; i < 3; i++) {
            assertTrue(lo[i] <= energy[i] && energy[i] <= hi[i]);
            assertTrue(poweredOn[i] >= energy[i], "P_idle = 1 ≥ P_idle = 0.6");
        }
        assertMessage(() -> TabsSweep.overStandbyMeans("x", TabsModel.transientOverload(1.2, EXP, 1, 1), 1),
                "allowed: < 1");
    }

    /** docs/tabs.md §9.8: from ALL_OFF at N = 20 000 the busy fraction follows the fluid limit. */
    @Test
    void largeSystemFromAllOffFollowsTheFluidLimit() {
        TabsModel model = new TabsModel(0.5, 12, EXP, 10, 5, TabsModel.Overflow.NONFULL_UNIFORM);
        RunWindow window = RunWindow.until(16).withSampleInterval(4).withInitial(TabsInitialCondition.allOff());
        double[] busy = EventSimulation.of(model, 20_000).run(window, 808).trajectory().series("busy");
        double[] fluid = {0.0, 0.4263, 0.5967, 0.5426, 0.5150}; // t = 0, 4, 8, 12, 16
        for (int k = 1; k < fluid.length; k++) {
            // the reference simulations scatter by sd ≈ 0.004 around the fluid values: allow 3 sd
            assertEquals(fluid[k], busy[k], 0.012, "busy fraction at t = " + 4 * k);
        }
    }
}
