package org.queuelab.autoscale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.queuelab.arrival.ArrivalProcess;
import org.queuelab.arrival.TimestampTrace;
import org.queuelab.dist.Deterministic;
import org.queuelab.model.PowerModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.RunWindow;

/** Each autoscaler on a scenario whose outcome is computed by hand in the comments. */
class AutoscalerScenarioTest {

    private static ClusterModel model(ArrivalProcess arrivals, int n) {
        return new ClusterModel(arrivals, new Deterministic(1), new Deterministic(2), n,
                new PowerModel(1, 1, 0.5, 0));
    }

    /**
     * Keep-alive 10 s, service 1 s, set-up 2 s, arrivals at 0, 5, 20. Request 1 starts a set-up (ready at 2), is
     * served 2→3 (response 3, cold), the instance idles until 13; request 2 at 5 finds it idle (response 1), idle
     * from 6, switched off at 16; request 3 at 20 cold-starts again: served 22→23 (response 3), off at 33.
     * On: [0, 16] ∪ [20, 33] = 29 s, of which busy 3, setting up 4, idle 22.
     */
    @Test
    void keepAliveByHand() {
        ClusterModel m = model(new TimestampTrace(new double[] {0, 5, 20}), 5);
        ClusterResult r = AutoscaleSimulator.of(m, OnArrivalScaling.keepAlive(10)).withSlo(2.5, 0.01)
                .run(AutoscaleSimulator.coldStartWindow(40, 0, 10), 1);
        ClusterMetrics x = r.metrics();
        assertEquals(3, x.requests());
        assertEquals(7.0 / 3, x.meanResponse(), 1e-12);
        assertEquals(3, x.p50(), 3 * 0.0005);
        assertEquals(3, x.p99(), 3 * 0.0005);
        assertEquals(2.0 / 3, x.coldStartFraction(), 1e-12);
        assertEquals(2.0 / 3, x.waitFraction(), 1e-12);
        assertEquals(29, x.instanceSeconds(), 1e-9);
        assertEquals(29.0 / 40, x.meanInstances(), 1e-12);
        assertEquals(3 + 4 + 0.5 * 22, x.energy(), 1e-9);
        assertEquals(26.0 / 29, x.wastage(), 1e-12);
        assertEquals(2.0 / 3, x.sloViolation(), 1e-12);
        assertEquals(2, x.setups());
        assertEquals(3 + 3 + 2 + 2, r.events());
        double[] instances = r.series().series("instances");
        assertEquals(1.0, instances[0], 1e-12);  // [0, 10): on throughout
        assertEquals(0.6, instances[1], 1e-12);  // [10, 20): on until 16
        assertEquals(1.0, instances[2], 1e-12);  // [20, 30)
        assertEquals(0.3, instances[3], 1e-12);  // [30, 40): until 33
        assertEquals(0.2, r.series().series("busy")[0], 1e-12);
    }

    /**
     * Packing: two instances warm at 0 (keep-alive 10 s), requests at 1, 3, 5, 7 of 1 s each. With the most recently
     * idled instance picked first, one instance serves all four (idle from 8, off at 18) and the other, idle since 0,
     * goes off at 10: 28 instance-seconds, no cold start.
     */
    @Test
    void packingLetsTheSurplusInstanceTimeOut() {
        ClusterModel m = model(new TimestampTrace(new double[] {1, 3, 5, 7}), 5);
        RunWindow twoWarm = AutoscaleSimulator.coldStartWindow(30, 0, 10).withInitial(InitialOccupancy.counts(3, 0, 2));
        ClusterResult r = AutoscaleSimulator.of(m, OnArrivalScaling.keepAlive(10))
                .withPick(ClusterSettings.Pick.MOST_RECENT).run(twoWarm, 1);
        assertEquals(28, r.metrics().instanceSeconds(), 1e-9);
        assertEquals(0, r.metrics().coldStartFraction(), 0);
        assertEquals(1, r.metrics().meanResponse(), 1e-12);
    }

    /** TABS with a standby far longer than the run: the first instance never switches off, so request 3 is warm. */
    @Test
    void tabsSetsUpOnArrivalAndKeepsAStandbyTimer() {
        ClusterModel m = model(new TimestampTrace(new double[] {0, 5, 20}), 5);
        ClusterResult r = AutoscaleSimulator.of(m, OnArrivalScaling.tabs(1e12))
                .run(AutoscaleSimulator.coldStartWindow(40, 0, 10), 3);
        assertEquals(1.0 / 3, r.metrics().coldStartFraction(), 1e-12);
        assertEquals(40, r.metrics().instanceSeconds(), 1e-9);
        assertEquals((3 + 1 + 1) / 3.0, r.metrics().meanResponse(), 1e-12);
        assertEquals(1, r.metrics().setups());
    }

    /**
     * KPA (defaults, target 1) from zero: one request at t = 1. The activator starts an instance at once (ready at 3,
     * serves 3→4). Concurrency integral: 2 (queued on [1, 3]) + 1 (busy on [3, 4]) = 3. Ticks every 2 s: until the
     * stable window [4, 64] holds no request the target is ⌈avg⌉ = 1; at t = 64 it is 0; the grace of 30 s keeps one
     * instance until t = 94, when it is stopped. On: [1, 94] = 93 s.
     */
    @Test
    void knativeScalesFromZeroByTheActivatorAndToZeroAfterTheGrace() {
        ClusterModel m = model(new TimestampTrace(new double[] {1}), 5);
        ClusterResult r = AutoscaleSimulator.of(m, KnativeScaling.defaults(1.0))
                .run(AutoscaleSimulator.coldStartWindow(100, 0, 1), 1);
        assertEquals(93, r.metrics().instanceSeconds(), 1e-9);
        assertEquals(3, r.metrics().meanResponse(), 1e-12);
        double[] instances = r.series().series("instances");
        assertEquals(1.0, instances[93], 0);
        assertEquals(0.0, instances[94], 0);
    }

    /**
     * KPA panic: 10 ready instances hold concurrency 10 for 60 s (target 1: desired 10, no change). At t = 60 the
     * concurrency jumps to 40. Tick 62: panic average over [56, 62] = (4·10 + 2·40)/6 = 20 ≥ 2·10, so panic;
     * desired = 20 (the stable ⌈(58·10 + 2·40)/60⌉ = 11 is overridden): start 10. Tick 64: [58, 64] gives
     * (2·10 + 4·40)/6 = 30: start 10 more (30 on). Then the concurrency falls to 0. Tick 66: [60, 66] gives
     * 4·40/6 = 26.7 ≥ 20, which extends the panic; from tick 68 on it is below. In panic the target never falls
     * (the largest desired_panic, 30); panic ends 60 s after its last extension, at t = 126, when the stable
     * window [66, 126] is empty: desired 0, clamped to ⌊R/2⌋ = 5, so stop 25.
     */
    @Test
    void knativePanicModeByHand() {
        KnativeScaling kpa = KnativeScaling.defaults(1.0);
        ScalingController c = kpa.controller(model(ArrivalProcess.poisson(1), 100), new SplittableRandom(1));
        FakeView v = new FakeView().state(10, 0, 0, 0);
        for (int tick = 1; tick <= 30; tick++) {
            assertEquals(2.0 * tick, c.nextEvaluation(v.time), 1e-12);
            v.until(2.0 * tick);
            assertEquals(0, c.evaluate(v), "steady at t = " + v.time);
        }
        v.state(10, 0, 0, 30).until(62);
        assertEquals(10, c.evaluate(v), "panic at 62: desired 20");
        v.state(10, 0, 10, 30).until(64);
        assertEquals(10, c.evaluate(v), "panic at 64: desired 30");
        v.state(0, 10, 20, 0);
        for (double t = 66; t < 126; t += 2) {
            v.until(t);
            assertEquals(0, c.evaluate(v), "no scale-down in panic at t = " + t);
        }
        v.until(126);
        assertEquals(-25, c.evaluate(v));
    }

    /**
     * HPA, target 0.5, sync 15 s, stabilisation 300 s, tolerance 0.1. Period 1: 4 ready, all busy (u = 1): the
     * recommendation is ⌈4/0.5⌉ = 8, within max(2·4, 4 + 4) = 8: start 4. Period 2: 8 ready, 2 busy (u = 0.25):
     * recommendation ⌈2/0.5⌉ = 4, but the last 300 s hold 8: no change. Twenty periods later (300 s) the 8 has
     * left the window: scale down to 4.
     */
    @Test
    void utilizationTargetByHand() {
        UtilizationTargetScaling hpa = UtilizationTargetScaling.defaults(0.5);
        ScalingController c = hpa.controller(model(ArrivalProcess.poisson(1), 100), new SplittableRandom(1));
        FakeView v = new FakeView().state(4, 0, 0, 3);
        assertEquals(15, c.nextEvaluation(0), 0);
        v.until(15);
        assertEquals(4, c.evaluate(v));
        v.state(2, 6, 0, 0).until(30);
        assertEquals(0, c.evaluate(v));
        for (int p = 3; p <= 21; p++) {
            v.until(15 * p);
            assertEquals(0, c.evaluate(v), "period " + p + " still holds the recommendation 8");
        }
        v.until(15 * 22);
        assertEquals(-4, c.evaluate(v));
        // within tolerance: u = 0.52 → |1.04 − 1| ≤ 0.1, no change
        v.state(13, 12, 0, 0).until(15 * 23);
        assertEquals(0, c.evaluate(v));
    }

    /** Rate-Idle reads the cluster as ALBA's x: λ = 5/10, β = 1/4, x01 = 0.1, x12 = (3 − 1)/10; g = 2·0.275. */
    @Test
    void asynchronousScalingMapsTheClusterOntoAlbasState() {
        AsynchronousScaling a = new AsynchronousScaling(RateIdleScaling.standard(), 0.5, 0.1);
        FakeView v = new FakeView().state(3, 2, 1, 1);
        v.n = 10;
        v.rate = 5;
        assertEquals(0.55, RateIdleScaling.standard().probability(a.state(v, 0.25)), 1e-12);
    }

    /** Blind-1 with no arrivals switches every instance on (4 set-ups); Rate-Idle with λ = 0 switches none on. */
    @Test
    void asynchronousScalingActsWithoutArrivals() {
        RunWindow s = AutoscaleSimulator.coldStartWindow(200, 100, 10);
        ClusterModel idle = model(ArrivalProcess.poisson(0), 4);
        ClusterResult blind = AutoscaleSimulator.of(idle, new AsynchronousScaling(new BlindTheta(1), 1, 1e-12))
                .run(s, 5);
        assertEquals(4.0, blind.metrics().meanInstances(), 1e-9);
        ClusterResult rateIdle = AutoscaleSimulator.of(idle,
                new AsynchronousScaling(RateIdleScaling.standard(), 1, 1e-12)).run(s, 5);
        assertEquals(0.0, rateIdle.metrics().meanInstances(), 0);
    }

    @Test
    void badInputNamesTheParameter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AutoscaleSimulator.coldStartWindow(100, 0, 0));
        assertTrue(e.getMessage().startsWith("step"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new KnativeScaling(1, 60, 90, 2, 1000, 2, 30, 2, 0));
        assertTrue(e.getMessage().startsWith("panicWindow"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> OnArrivalScaling.keepAlive(0));
        assertTrue(e.getMessage().startsWith("keepAlive"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> UtilizationTargetScaling.defaults(1.5));
        assertTrue(e.getMessage().startsWith("target"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> AutoscaleSimulator.coldStartWindow(100, 100, 10));
        assertTrue(e.getMessage().startsWith("warmup"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ClusterSettings.defaults().withSlo(0, 0.01));
        assertTrue(e.getMessage().startsWith("slo"), e.getMessage());
        AutoscaleSimulator sim = AutoscaleSimulator.of(model(ArrivalProcess.poisson(1), 4), OnArrivalScaling.tabs(1));
        RunWindow ok = AutoscaleSimulator.coldStartWindow(100, 0, 10);
        e = assertThrows(IllegalArgumentException.class, () -> sim.run(ok.withGrid(TimeGrid.of(100, 150)), 1));
        assertTrue(e.getMessage().startsWith("step = 150.0 with horizon = 100.0"), e.getMessage());   // the grid's own
        e = assertThrows(IllegalArgumentException.class, () -> sim.run(ok.withEventBudget(1000), 1));
        assertTrue(e.getMessage().startsWith("window"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> sim.run(ok.withInitial(InitialState.jobsPerServer(1)), 1));
        assertTrue(e.getMessage().startsWith("initial"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> sim.run(ok.withInitial(InitialOccupancy.counts(0, 0, 5)), 1));
        assertTrue(e.getMessage().startsWith("initial counts"), e.getMessage());
    }
}
