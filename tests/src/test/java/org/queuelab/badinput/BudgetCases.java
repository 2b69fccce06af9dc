package org.queuelab.badinput;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.queuelab.arrival.ArrivalProcess;
import org.queuelab.arrival.CountTrace;
import org.queuelab.arrival.MarkovModulatedPoisson;
import org.queuelab.autoscale.AutoscaleSimulator;
import org.queuelab.autoscale.ClusterModel;
import org.queuelab.autoscale.KnativeScaling;
import org.queuelab.autoscale.OnArrivalScaling;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.GeneralizedPareto;
import org.queuelab.meanfield.Fluid;
import org.queuelab.meanfield.MemoryFluid;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.JobsPerServer;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.event.EventSimulation;

/**
 * Inputs whose memory or work follows from a parameter (issue 33, "budgets before work"): each must be refused at
 * once with the estimate and the parameter to change, under a 2 GB heap ({@link ApiProbe}); and the valid edge
 * inputs that must keep working. These rows depend on the heap, so they run in the probe's 2 GB JVM only.
 */
final class BudgetCases {

    /** Label prefix of the rows run in a JVM with a small heap (a queue that outgrows it within a second). */
    static final String SMALL_HEAP = "[small heap]";

    private BudgetCases() {
    }

    /** Every server empty: all mass at level 0. */
    private static double[] empty(int dimension) {
        double[] x = new double[dimension];
        x[0] = 1;
        return x;
    }

    private static LoadBalancingModel sqd(double lambda, int buffer) {
        return new LoadBalancingModel(lambda, new PowerOfD(2), buffer, Exponential.unitMean());
    }

    static BadInputCases table() {
        BadInputCases t = new BadInputCases();
        LoadBalancingModel deep = sqd(0.9, 40_000_000);
        t.add("fluid of B = 4·10⁷ levels", "B", () -> {
            var fluid = Fluid.of(deep);
            fluid.integrate(empty(fluid.dimension()), new double[] {0, 1});
        });
        t.add("initial occupancy: all warm with 2³¹ − 1 jobs", "jobs",
                () -> InitialOccupancy.allWarmWith(Integer.MAX_VALUE));
        t.add("CTMC started with 2³¹ − 1 jobs per server", "jobs", () -> Ctmc.of(sqd(0.9, Integer.MAX_VALUE), 10)
                .run(RunWindow.until(1).withInitial(new JobsPerServer(Integer.MAX_VALUE)), 1L));
        t.add("time grid of 10⁹ points: times()", "grid", () -> TimeGrid.of(1e9, 1).times());
        t.add("CTMC on a time grid of 10⁹ points", "grid",
                () -> Ctmc.of(sqd(0.9, 10), 10).run(RunWindow.until(10).withGrid(TimeGrid.of(10, 1e-8)), 1L));
        ClusterModel billion = new ClusterModel(ArrivalProcess.poisson(1), Exponential.unitMean(),
                Exponential.unitMean(), 1_000_000_000, PowerModel.standard());
        t.add("autoscaled cluster of 10⁹ instances", "maxInstances", () -> AutoscaleSimulator
                .of(billion, OnArrivalScaling.keepAlive(1)).run(RunWindow.until(10), 1L));
        ClusterModel overloaded = new ClusterModel(ArrivalProcess.poisson(1000), Exponential.unitMean(),
                Exponential.unitMean(), 1, PowerModel.standard());
        t.add("autoscaled cluster with 10¹⁰ expected arrivals", "arrivals", () -> AutoscaleSimulator
                .of(overloaded, OnArrivalScaling.keepAlive(1)).run(RunWindow.until(1e7), 1L));
        // queues that outgrow the heap during a run: the probe runs these rows in a JVM with a small heap
        t.add(SMALL_HEAP + " overloaded cluster queue", "queue", () -> AutoscaleSimulator
                .of(overloaded, OnArrivalScaling.keepAlive(1)).run(RunWindow.until(1e6), 1L));
        t.add(SMALL_HEAP + " overloaded TABS queue (event simulation)", "queue", () -> EventSimulation
                .of(TabsModel.transientOverload(100, Exponential.unitMean(), 1, 1), 1).run(RunWindow.until(1e6), 1L));
        t.add(SMALL_HEAP + " overloaded SQ(2) queues, buffer 10⁹ (event simulation)", "queue", () -> EventSimulation
                .of(new LoadBalancingModel(50, new PowerOfD(2), 1_000_000_000,
                        Exponential.unitMean()), 2).run(RunWindow.until(1e6), 1L));
        t.add("trace window of 5·10⁸ requests", "counts",
                () -> new CountTrace(60, new long[] {500_000_000}).stream(new SplittableRandom(1)).next());
        t.add("fluid on 3·10⁷ output times", "times", () -> {
            var fluid = Fluid.of(sqd(0.9, 10));
            double[] times = new double[30_000_000];
            Arrays.setAll(times, i -> i * 1e-3);
            fluid.integrate(empty(fluid.dimension()), times);
        });
        t.add("memory fluid with truncation 9000", "truncation", () -> {
            var fluid = new MemoryFluid(new LoadBalancingModel(0.9, new PowerOfDWithMemory(2),
                    org.queuelab.model.Buffers.INFINITE, Exponential.unitMean()), 9000);
            fluid.integrate(fluid.allAt(0, 0), new double[] {0, 10});
        });
        t.add("Knative autoscaler with tick 10⁻⁹", "tick", () -> AutoscaleSimulator.of(new ClusterModel(
                ArrivalProcess.poisson(1), Exponential.unitMean(), Exponential.unitMean(), 10,
                PowerModel.standard()), new KnativeScaling(1, 60, 6, 2, 1000, 2, 30, 1e-9, 0))
                .run(RunWindow.until(1000), 1L));
        return t;
    }

    /** Valid edge inputs: each must be answered (within the timeout, under the heap) with a sound value. */
    static List<ApiProbe.Call> edges() {
        LoadBalancingModel deep = sqd(0.9, 40_000_000);
        return List.of(
                new ApiProbe.Call("CTMC of B = 4·10⁷ levels, N = 1000", null, null,
                        () -> Ctmc.of(deep, 1000).run(RunWindow.until(1), 1L).events(), r -> (Long) r > 0),
                new ApiProbe.Call("event simulation of B = 4·10⁷ levels, N = 1000", null, null,
                        () -> EventSimulation.of(deep, 1000).run(RunWindow.until(1), 1L).events(), r -> (Long) r > 0),
                new ApiProbe.Call("CTMC with N = 2³¹ − 1 servers", null, null, () -> {
                    AlbaModel m = new AlbaModel(0.7, new PowerOfD(2), 100,
                            Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
                    OccupancyRun run = Ctmc.of(m, Integer.MAX_VALUE).run(RunWindow.until(1e-7)
                            .withInitial(InitialOccupancy.coldAndIdle(0.3)).withGrid(TimeGrid.of(1e-7, 1e-7)), 1L);
                    return Arrays.stream(run.levelFractions()).sum();
                }, r -> Math.abs((Double) r - 0.7) < 1e-6),
                new ApiProbe.Call("aggregated SQ(d,N) chain at N = 10⁹", null, null, () -> Arrays.stream(Ctmc
                        .withMemory(new LoadBalancingModel(0.9, new PowerOfDWithMemory(2), 5,
                                Exponential.unitMean()), 1_000_000_000)
                        .run(RunWindow.until(1e-6).withGrid(TimeGrid.of(1e-6, 1e-6)), 1L).levelFractions()).sum(),
                        r -> Math.abs((Double) r - 1) < 1e-9),
                new ApiProbe.Call("generalized Pareto shape 0.9 by shape and scale", null, null,
                        () -> GeneralizedPareto.withShapeAndScale(0.9, 0.1, 1.0).mean(),
                        r -> Math.abs((Double) r - 1) < 1e-12),
                new ApiProbe.Call("Markov-modulated process with every rate 0", null, null,
                        () -> new MarkovModulatedPoisson(new double[] {0, 0}, new double[][] {{-1, 1}, {1, -1}})
                                .stream(new SplittableRandom(1)).next(),
                        r -> (Double) r == Double.POSITIVE_INFINITY),
                new ApiProbe.Call("TABS overload model on a short horizon", null, null,
                        () -> EventSimulation.of(TabsModel.transientOverload(1.11, Exponential.unitMean(), 1, 1), 5)
                                .run(RunWindow.until(100), 1L).events(),
                        r -> (Long) r > 0));
    }
}
