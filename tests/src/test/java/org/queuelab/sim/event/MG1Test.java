package org.queuelab.sim.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.RunWindow;

/** N = 1: the mean wait of an M/G/1 queue against Pollaczek–Khinchine (docs/tabs.md §9.1–§9.2). */
class MG1Test {

    static Stream<Arguments> laws() {
        return Stream.of(
                Arguments.of(TestLaws.exponential(1)),
                Arguments.of(TestLaws.deterministic()),
                Arguments.of(TestLaws.erlang(3)),
                Arguments.of(TestLaws.hyperexponential(0.2, 3.0, 0.5)),
                Arguments.of(TestLaws.lognormal(1.0)));
    }

    @ParameterizedTest
    @MethodSource("laws")
    void loadBalancingSimulatorMatchesPollaczekKhinchine(ServiceDistribution law) {
        double lambda = 0.5;
        LoadBalancingModel model = new LoadBalancingModel(lambda, new RandomDispatch(),
                org.queuelab.model.Buffers.INFINITE, law);
        LoadBalancingSimulator sim = EventSimulation.of(model, 1);
        ReplicatedResult<LoadBalancingResult> reps = sim.replicate(
                RunWindow.until(100_000).withWarmup(500).withSampleInterval(1000), 11, 10);
        double exact = TestLaws.pollaczekKhinchine(lambda, law);
        Estimate wait = reps.estimate("waitPerJob");
        Estimate response = reps.estimate("response");
        // 1.5 half-widths of a 95% t interval (n = 10) is about 3.3 standard errors
        assertEquals(exact, wait.mean(), 1.5 * wait.halfWidth(), () -> law.label() + " wait " + wait);
        assertEquals(exact + 1, response.mean(), 1.5 * response.halfWidth(), () -> law.label() + " " + response);
        assertTrue(wait.halfWidth() < 0.06 * exact, () -> "interval too wide to test anything: " + wait);
        assertEquals(lambda, reps.estimate("s1").mean(), 0.01, "busy fraction = ρ");
    }

    @ParameterizedTest
    @MethodSource("laws")
    void tabsWithOneAlwaysOnServerIsAnMG1Queue(ServiceDistribution law) {
        double lambda = 0.5;
        TabsModel model = TabsModel.of(lambda, law, Double.POSITIVE_INFINITY, 1.0);
        TabsSimulator sim = EventSimulation.of(model, 1);
        ReplicatedResult<TabsResult> reps = sim.replicate(RunWindow.until(40_000).withWarmup(500), 12, 10);
        double exact = TestLaws.pollaczekKhinchine(lambda, law);
        Estimate perJob = reps.estimate("waitPerJob");
        Estimate little = reps.estimate("wait");
        assertEquals(exact, perJob.mean(), 1.5 * perJob.halfWidth(), () -> law.label() + " per job " + perJob);
        assertEquals(exact, little.mean(), 1.5 * little.halfWidth(), () -> law.label() + " Little " + little);
        assertEquals(0.0, reps.estimate("loss").mean(), 0.0, "B = ∞ with a server always on: no loss");
        assertEquals(0.0, reps.estimate("off").mean(), 0.0);
    }
}
