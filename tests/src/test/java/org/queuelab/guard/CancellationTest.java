package org.queuelab.guard;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.FluidOptions;
import org.queuelab.meanfield.MemoryFluid;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.population.PopulationModel;
import org.queuelab.population.PopulationModels;
import org.queuelab.population.PopulationSimulator;
import org.queuelab.population.RefinedMeanField;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialFractions;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.RunWindow;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Sweep;

/**
 * Interrupting a long entry point (issue 33) stops it and every thread it started: 1 s after the interrupt, the
 * threads of this JVM together use under a fifth of one core (measured by their CPU time over 0.5 s).
 */
class CancellationTest {

    private static final AlbaModel ALBA = new AlbaModel(0.7, new PowerOfD(2), 100,
            Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);

    private static RunWindow window(double horizon) {
        return RunWindow.until(horizon).withInitial(InitialOccupancy.coldAndIdle(0.3))
                .withGrid(TimeGrid.of(horizon, horizon));
    }

    static Stream<Arguments> longEntryPoints() {
        Runnable ctmcRun = () -> Ctmc.of(ALBA, 1000).run(window(1_000_000), 42L);
        Runnable replications = () -> Ctmc.of(ALBA, 300).replicate(window(1_000_000), 42L, 4);
        Runnable sweep = () -> Sweep.of(Grid.axis("n", 300, 400, 500, 600).build(), (p, seed) -> {
            Ctmc.of(ALBA, ((Number) p.get("n")).intValue()).run(window(1_000_000), seed);
            return Map.of("done", 1.0);
        }).replications(2).seed(1).run(new LocalRunner(2));
        Runnable fluid = () -> {
            MemoryFluid f = MemoryFluid.of(new LoadBalancingModel(0.95, new PowerOfDWithMemory(2), 1000,
                    Exponential.unitMean()));
            // 1.5·10¹⁰ coordinate updates: within the work budget, far longer than the test's second
            f.integrate(f.allAt(0, 0), new double[] {30}, 1e-3);
        };
        Runnable population = () -> {
            PopulationModel sq2 = PopulationModels.powerOfD(0.9, 2, 20);
            // ≈ 2·10⁹ events: within the event budget, minutes of work
            PopulationSimulator.of(sq2, 1000).run(RunWindow.until(1_000_000).withInitial(InitialFractions.of(
                    sq2.state(Map.of("x0", 1.0)))).withGrid(TimeGrid.of(1_000_000, 1_000_000)), 42L);
        };
        Runnable refinedTransient = () -> {
            PopulationModel sq2 = PopulationModels.powerOfD(0.9, 2, 300);
            // dimension 301, a step of at most 10⁻³ over 10⁶ time units: 10⁹ steps, far longer than the test
            RefinedMeanField.transientRegime(sq2, sq2.state(Map.of("x0", 1.0)), new double[] {1_000_000},
                    FluidOptions.defaults().withMaxStep(1e-3).withMaxEvaluations(Integer.MAX_VALUE));
        };
        return Stream.of(Arguments.of("CTMC run", ctmcRun), Arguments.of("replications", replications),
                Arguments.of("sweep", sweep), Arguments.of("memory fluid", fluid),
                Arguments.of("population simulator", population),
                Arguments.of("refined transient", refinedTransient));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("longEntryPoints")
    void interruptLeavesNoBusyThreadAfterOneSecond(String name, Runnable work) throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                work.run();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "cancellation-test-" + name);
        caller.start();
        Thread.sleep(700);
        assertTrue(caller.isAlive(), name + " finished before the interrupt: the test would prove nothing (" + thrown.get() + ")");
        long interrupted = System.nanoTime();
        caller.interrupt();
        caller.join(1000);
        assertFalse(caller.isAlive(), name + " still runs 1 s after the interrupt");
        double stopMs = (System.nanoTime() - interrupted) / 1e6;
        Thread.sleep(Math.max(0, 1000 - (long) stopMs));
        double busy = busyCores(500);
        System.out.printf("cancellation %s: caller stopped %.0f ms after the interrupt (%s); 1 s later the JVM's "
                + "threads used %.3f cores%n", name, stopMs, String.valueOf(thrown.get()).lines().findFirst()
                .orElse(""), busy);
        assertTrue(thrown.get() != null && String.valueOf(thrown.get().getMessage()).contains("interrupted"),
                name + ": " + thrown.get());
        assertTrue(busy < 0.2, name + ": threads still busy 1 s after the interrupt: " + busy + " cores");
    }

    /** CPU seconds per second used by every thread but this one over {@code ms} milliseconds. */
    private static double busyCores(long ms) throws InterruptedException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        long before = totalCpu(mx, self);
        long t0 = System.nanoTime();
        Thread.sleep(ms);
        return (totalCpu(mx, self) - before) / (double) (System.nanoTime() - t0);
    }

    private static long totalCpu(ThreadMXBean mx, long self) {
        long sum = 0;
        for (long id : mx.getAllThreadIds()) {
            if (id != self) {
                long cpu = mx.getThreadCpuTime(id);
                sum += Math.max(cpu, 0);
            }
        }
        return sum;
    }
}
