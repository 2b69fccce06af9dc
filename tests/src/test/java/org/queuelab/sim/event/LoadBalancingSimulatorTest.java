package org.queuelab.sim.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.queuelab.sim.event.TabsSimulatorTest.assertMessage;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.meanfield.PowerOfDFluid;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.MetricEstimates;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.RunWindow;

class LoadBalancingSimulatorTest {

    private static final ServiceDistribution EXP = TestLaws.exponential(1);

    @Test
    void powerOfTwoAtLargeNMatchesTheMeanFieldFixedPoint() {
        double lambda = 0.8;
        LoadBalancingModel model = new LoadBalancingModel(lambda, new PowerOfD(2), Buffers.INFINITE, EXP);
        LoadBalancingSimulator sim = EventSimulation.of(model, 2000);
        MetricEstimates e = sim.replicate(RunWindow.until(300).withWarmup(50).withSampleInterval(300), 5, 4)
                .estimates();
        for (int i = 1; i <= 4; i++) {
            double y = PowerOfDFixedPoint.tail(lambda, 2, i); // λ^(2^i − 1)
            Estimate est = e.get(Metric.tail(i));
            // finite-N bias is O(1/N) = 5e-4 here; sampling error is reported by the interval
            assertEquals(y, est.mean(), 0.004, "tail " + i + ": " + est);
            assertTrue(est.halfWidth() < 0.004, "tail " + i + " interval " + est);
        }
        double mean = PowerOfDFixedPoint.meanQueueLength(lambda, 2);
        assertEquals(mean, e.get("meanJobs").mean(), 0.01);
        assertEquals(mean / lambda, e.get("responsePerJob").mean(), 0.03, "Little: E[T] = E[Q]/λ");
    }

    /** docs/invariant-states.md §8 with exponential service: tails relax to λ^(2^ℓ−1) from one job each. */
    @Test
    void invariantStateMonteCarloWithExponentialServiceRelaxesToTheFixedPoint() {
        LoadBalancingModel model = new LoadBalancingModel(0.5, new PowerOfD(2), Buffers.INFINITE, EXP);
        LoadBalancingSimulator sim = EventSimulation.of(model, 600).withTrackedLevels(3);
        ReplicatedResult<LoadBalancingResult> reps = sim.replicate(
                RunWindow.until(15).withInitial(InitialState.jobsPerServer(1)).withSampleInterval(0.1), 2026, 40);
        ReplicatedTrajectory avg = reps.trajectory();
        assertEquals(151, avg.grid().size());
        assertEquals(1.0, avg.estimateAt("s1", 0).mean(), 0.0, "every server starts with one job");
        assertEquals(0.0, avg.estimateAt("s2", 0).mean(), 0.0);
        double[] t1 = avg.series("s1");
        double[] t2 = avg.series("s2");
        double[] t3 = avg.series("s3");
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int count = 0;
        for (int k = 100; k <= 150; k++) { // t ∈ [10, 15]
            s1 += t1[k];
            s2 += t2[k];
            s3 += t3[k];
            count++;
        }
        assertEquals(0.5, s1 / count, 0.005);
        assertEquals(0.125, s2 / count, 0.005);
        assertEquals(0.0078125, s3 / count, 0.002);
        // the N → ∞ limit at t = 1 from one job each (PowerOfDFluid, the classical SQ(2) ODE)
        PowerOfDFluid fluid = PowerOfDFluid.of(model);
        double[] x0 = new double[fluid.dimension()];
        x0[1] = 1.0;
        double fluidS1 = fluid.integrate(x0, new double[] {0, 1}).series("s1")[1];  // x1 = 1: one job each
        assertEquals(fluidS1, t1[10], 3 * avg.estimateAt("s1", 10).halfWidth() + 0.005,
                "s_1 at t = 1 against the fluid value " + fluidS1);
    }

    @Test
    void jiqKeepsWaitingNegligibleAtModerateLoad() {
        LoadBalancingModel model = new LoadBalancingModel(0.5, JoinBelowThreshold.jiq(), Buffers.INFINITE,
                TestLaws.lognormal(1));
        LoadBalancingResult r = EventSimulation.of(model, 200).run(RunWindow.until(500).withWarmup(50), 3);
        assertTrue(r.waitPerJob() < 0.01, "JIQ wait " + r.waitPerJob());
        assertEquals(0.5, r.tail(1), 0.02);
        assertTrue(r.conserved());
    }

    @Test
    void jbtAndMemoryPoliciesBeatRandomAndPowerOfTwo() {
        double lambda = 0.7; // M/M/1 relaxation time ≈ 1/(1 − √λ)² ≈ 37 ≪ warm-up
        RunWindow window = RunWindow.until(600).withWarmup(150);
        double random = meanJobs(new RandomDispatch(), lambda, window);
        double pod = meanJobs(new PowerOfD(2), lambda, window);
        double memory = meanJobs(new PowerOfDWithMemory(2), lambda, window);
        double jbt = meanJobs(new JoinBelowThreshold(1), lambda, window);
        assertEquals(lambda / (1 - lambda), random, 0.15, "Random = N independent M/M/1 queues: 2.33 jobs");
        assertEquals(PowerOfDFixedPoint.meanQueueLength(lambda, 2), pod, 0.03);
        assertTrue(memory < pod, "SQ(2,N) " + memory + " < SQ(2) " + pod);
        assertTrue(jbt < pod, "JBT-1 " + jbt + " < SQ(2) " + pod);
        assertTrue(memory >= lambda && jbt >= lambda, "every job spends at least its service in the system");
    }

    private static double meanJobs(org.queuelab.policy.Dispatch dispatch, double lambda, RunWindow window) {
        LoadBalancingModel model = new LoadBalancingModel(lambda, dispatch, Buffers.INFINITE, EXP);
        return EventSimulation.of(model, 500).run(window, 10).meanJobs();
    }

    @Test
    void countsBalanceExactlyWithFiniteBuffersAndLosses() {
        for (org.queuelab.policy.Dispatch dispatch : new org.queuelab.policy.Dispatch[] {new RandomDispatch(),
            new PowerOfD(3), new JoinBelowThreshold(1), new PowerOfDWithMemory(2)}) {
            LoadBalancingModel model = new LoadBalancingModel(0.95, dispatch, 3, TestLaws.hyperexponential(0.1, 5.5,
                    0.5));
            LoadBalancingResult r = EventSimulation.of(model, 50)
                    .run(RunWindow.until(2000).withInitial(InitialState.jobsPerServer(2)), 4);
            assertTrue(r.conserved(), dispatch.label());
            assertEquals(100, r.initialJobs());
            assertTrue(r.lost() > 0, dispatch.label() + " at load 0.95 with B = 3 loses jobs");
            assertEquals(0.0, r.tail(4), 0.0, "no queue exceeds B = 3");
            double[] total = r.trajectory().series("meanJobs");
            assertEquals(r.jobsAtEnd(), Math.round(total[total.length - 1] * 50));
        }
    }

    @Test
    void sameSeedSameResultWhateverTheThreadCount() {
        LoadBalancingModel model = new LoadBalancingModel(0.7, new PowerOfD(2), Buffers.INFINITE,
                TestLaws.lognormal(1));
        LoadBalancingSimulator sim = EventSimulation.of(model, 100);
        RunWindow window = RunWindow.until(200);
        ReplicatedResult<LoadBalancingResult> one = sim.replicate(window, 8, 4, 1);
        ReplicatedResult<LoadBalancingResult> two = sim.replicate(window, 8, 4, 2);
        for (int r = 0; r < 4; r++) {
            assertEquals(one.runs().get(r).toMetrics(), two.runs().get(r).toMetrics());
            assertEquals(one.runs().get(r).trajectory(), two.runs().get(r).trajectory());
        }
        assertNotEquals(sim.run(window, 1).toMetrics(), sim.run(window, 2).toMetrics());
    }

    @Test
    void commonRandomNumbersGiveTheSameArrivalsAndJobSizesAcrossPolicies() {
        RunWindow window = RunWindow.until(200);
        LoadBalancingResult a = EventSimulation.of(new LoadBalancingModel(0.7, new PowerOfD(2),
                Buffers.INFINITE, EXP), 100).run(window, 6);
        LoadBalancingResult b = EventSimulation.of(new LoadBalancingModel(0.7, new RandomDispatch(),
                Buffers.INFINITE, EXP), 100).run(window, 6);
        assertEquals(a.arrivals(), b.arrivals());
        // same sizes for the same jobs, so the total work brought in is identical; the policies differ in waits
        assertTrue(a.waitPerJob() < b.waitPerJob());
    }

    @Test
    void badInputIsRejectedWithTheAllowedRange() {
        LoadBalancingModel pod5 = new LoadBalancingModel(0.5, new PowerOfD(5), Buffers.INFINITE, EXP);
        assertMessage(() -> EventSimulation.of(pod5, 3), "d = 5; allowed: 1 ≤ d ≤ N = 3");
        LoadBalancingModel b2 = new LoadBalancingModel(0.5, new PowerOfD(2), 2, EXP);
        assertMessage(() -> EventSimulation.of(b2, 3).run(RunWindow.until(10)
                .withInitial(InitialState.jobsPerServer(3)), 1),
                "initial jobs per server = 3; allowed: ≤ buffer = 2");
        assertMessage(() -> RunWindow.until(-1), "horizon = -1.0; allowed: 0 < horizon < ∞");
        assertMessage(() -> EventSimulation.of(b2, 0), "N = 0; allowed: N ≥ 1");
        assertMessage(() -> EventSimulation.of(b2, 3).withTrackedLevels(0), "trackedLevels = 0");
        assertMessage(() -> InitialState.jobsPerServer(-1), "jobs = -1");
        assertMessage(() -> EventSimulation.of(b2, 3).run(RunWindow.until(10)
                .withInitial(InitialOccupancy.allIdle()), 1), "allowed for the event-driven"
                + " load-balancing simulator: JobsPerServer");
        assertMessage(() -> EventSimulation.of(b2, 3).run(RunWindow.until(10).withEventBudget(5), 1),
                "a finite horizon and no event budget");
        assertMessage(() -> new LoadBalancingModel(1.0, new PowerOfD(2), Buffers.INFINITE, EXP),
                "allowed: lambda·E[S] < 1");
    }

    @Test
    void lazyFcfsEngineReproducesTheHeapEngineExactly() {
        org.queuelab.policy.Dispatch[] policies = {new PowerOfD(2), new PowerOfD(3), new PowerOfDWithMemory(2),
            new RandomDispatch()};
        int[] buffers = {Buffers.INFINITE, 4, 3, Buffers.INFINITE};
        for (int i = 0; i < policies.length; i++) {
            LoadBalancingModel model = new LoadBalancingModel(0.9, policies[i], buffers[i], TestLaws.lognormal(1));
            LoadBalancingSimulator sim = EventSimulation.of(model, 300);
            RunWindow window = RunWindow.until(300).withWarmup(30).withInitial(InitialState.jobsPerServer(2))
                    .withSampleInterval(0.7);
            assertTrue(LazyFcfsRun.applies(model));
            LoadBalancingResult lazy = sim.run(window, 21);
            LoadBalancingResult heap = sim.runOnHeap(window, 21);
            assertSamePath(heap, lazy, 6, policies[i].label() + " B=" + Buffers.label(buffers[i]));
        }
        assertTrue(!LazyFcfsRun.applies(new LoadBalancingModel(0.5, JoinBelowThreshold.jiq(), Buffers.INFINITE, EXP)));
        assertTrue(!LazyFcfsRun.applies(new LoadBalancingModel(0.5, new RandomDispatch(), 3, EXP)));
    }

    @Test
    void lazyEngineMatchesTheHeapEngineWhenRingsGrowMidRun() {
        // SQ(1) near saturation: queues pass the rings' initial 8 slots during the run, from empty and from 9 jobs
        LoadBalancingModel model = new LoadBalancingModel(0.97, new PowerOfD(1), Buffers.INFINITE,
                TestLaws.lognormal(1));
        LoadBalancingSimulator sim = EventSimulation.of(model, 40).withTrackedLevels(12);
        for (int start : new int[] {0, 9}) {
            RunWindow window = RunWindow.until(1500).withWarmup(50).withInitial(InitialState.jobsPerServer(start))
                    .withSampleInterval(1.3);
            LoadBalancingResult lazy = sim.run(window, 5);
            LoadBalancingResult heap = sim.runOnHeap(window, 5);
            String what = "start " + start;
            assertTrue(lazy.tail(17) > 0, what + ": queues must outgrow 16 jobs for this test");
            assertSamePath(heap, lazy, 20, what);
        }
    }

    /** The lazy engine's run equals the heap engine's: counts and trajectory exactly, averages to rounding. */
    private static void assertSamePath(LoadBalancingResult heap, LoadBalancingResult lazy, int levels, String what) {
        assertEquals(heap.arrivals(), lazy.arrivals(), what);
        assertEquals(heap.lost(), lazy.lost(), what);
        assertEquals(heap.departures(), lazy.departures(), what);
        assertEquals(heap.jobsAtEnd(), lazy.jobsAtEnd(), what);
        assertEquals(heap.trajectory(), lazy.trajectory(), what);
        assertEquals(heap.waitPerJob(), lazy.waitPerJob(), 1e-12, what);
        assertEquals(heap.responsePerJob(), lazy.responsePerJob(), 1e-12, what);
        assertEquals(heap.meanJobs(), lazy.meanJobs(), 1e-9, what);
        for (int l = 0; l <= levels; l++) {
            assertEquals(heap.tail(l), lazy.tail(l), 1e-9, what + " tail " + l);
        }
        assertTrue(lazy.conserved(), what);
    }
}
