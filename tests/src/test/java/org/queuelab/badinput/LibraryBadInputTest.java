package org.queuelab.badinput;

import static org.queuelab.badinput.BadInputCases.NOT_FINITE;
import static org.queuelab.badinput.BadInputCases.NOT_NON_NEGATIVE;
import static org.queuelab.badinput.BadInputCases.NOT_POSITIVE;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.queuelab.analysis.Comparison;
import org.queuelab.analysis.QueueLengthTail;
import org.queuelab.arrival.CountTrace;
import org.queuelab.arrival.MarkovModulatedPoisson;
import org.queuelab.arrival.PiecewiseConstantRate;
import org.queuelab.arrival.RampRate;
import org.queuelab.arrival.SinusoidalRate;
import org.queuelab.arrival.TimestampTrace;
import org.queuelab.dist.Exponential;
import org.queuelab.guard.Budget;
import org.queuelab.guard.Require;
import org.queuelab.meanfield.MemoryFluid;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.CapacityBelowDemand;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.result.Estimate;
import org.queuelab.result.TimeGrid;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Parallel;
import org.queuelab.sweep.Point;
import org.queuelab.sweep.Sweep;

/** Bad inputs of every package but {@code dist} (see {@link DistBadInputTest}), one table per package. */
class LibraryBadInputTest {

    static BadInputCases arrival() {
        BadInputCases t = new BadInputCases();
        t.doubles("RampRate", new String[] {"from", "to", "start", "end"}, new double[] {1, 2, 0, 10},
                new double[][] {NOT_NON_NEGATIVE, NOT_NON_NEGATIVE, NOT_NON_NEGATIVE,
                    {Double.NaN, Double.POSITIVE_INFINITY, 0, -1}}, a -> new RampRate(a[0], a[1], a[2], a[3]));
        t.doubles("SinusoidalRate", new String[] {"mean", "amplitude", "period", "peak"},
                new double[] {1, 0.5, 10, 0}, new double[][] {NOT_POSITIVE, {Double.NaN, -0.1, 1.1,
                    Double.POSITIVE_INFINITY}, NOT_POSITIVE, NOT_FINITE},
                a -> new SinusoidalRate(a[0], a[1], a[2], a[3]));
        t.doubles("CountTrace", new String[] {"window"}, new double[] {60}, new double[][] {NOT_POSITIVE},
                a -> new CountTrace(a[0], new long[] {1, 2}));
        t.add("CountTrace counts empty", "counts", () -> new CountTrace(60, new long[0]));
        t.add("CountTrace counts null", "counts", () -> new CountTrace(60, null));
        t.add("CountTrace counts[1] = -1", "counts", () -> new CountTrace(60, new long[] {1, -1}));
        t.add("CountTrace.rate(NaN)", "t", () -> new CountTrace(60, new long[] {1, 2}).rate(Double.NaN));
        t.add("CountTrace.rate(∞)", "t", () -> new CountTrace(60, new long[] {1, 2}).rate(Double.POSITIVE_INFINITY));
        t.add("CountTrace.total() beyond a long", ArithmeticException.class, "total",
                () -> new CountTrace(60, new long[] {Long.MAX_VALUE, 1}).total());
        t.doubles("PiecewiseConstantRate.ofWindows", new String[] {"window"}, new double[] {1},
                new double[][] {NOT_POSITIVE}, a -> PiecewiseConstantRate.ofWindows(a[0], new double[] {1, 2}));
        for (double r : NOT_NON_NEGATIVE) {
            t.add("PiecewiseConstantRate rates[1] = " + r, "rates",
                    () -> new PiecewiseConstantRate(new double[] {0, 1}, new double[] {1, r}));
        }
        t.add("PiecewiseConstantRate times[0] = 1", "times",
                () -> new PiecewiseConstantRate(new double[] {1, 2}, new double[] {1, 1}));
        t.add("PiecewiseConstantRate times not increasing", "times",
                () -> new PiecewiseConstantRate(new double[] {0, 2, 2}, new double[] {1, 1, 1}));
        t.add("PiecewiseConstantRate lengths 2 and 1", "rates",
                () -> new PiecewiseConstantRate(new double[] {0, 2}, new double[] {1}));
        for (double v : NOT_NON_NEGATIVE) {
            t.add("TimestampTrace times[1] = " + v, "times", () -> new TimestampTrace(new double[] {0, v}));
        }
        t.add("TimestampTrace unsorted", "times", () -> new TimestampTrace(new double[] {2, 1}));
        t.add("TimestampTrace null", "times", () -> new TimestampTrace(null));
        double[][] q = {{-1, 1}, {1, -1}};
        for (double r : NOT_NON_NEGATIVE) {
            t.add("MarkovModulatedPoisson rates[0] = " + r, "rates",
                    () -> new MarkovModulatedPoisson(new double[] {r, 1}, q));
        }
        t.add("MarkovModulatedPoisson sizes 1 and 2", "generator",
                () -> new MarkovModulatedPoisson(new double[] {1}, q));
        t.add("MarkovModulatedPoisson row sum 1", "generator",
                () -> new MarkovModulatedPoisson(new double[] {1, 1}, new double[][] {{-1, 2}, {1, -1}}));
        t.add("MarkovModulatedPoisson off-diagonal -1", "generator",
                () -> new MarkovModulatedPoisson(new double[] {1, 1}, new double[][] {{1, -1}, {1, -1}}));
        t.add("MarkovModulatedPoisson ragged", "generator",
                () -> new MarkovModulatedPoisson(new double[] {1, 1}, new double[][] {{-1, 1}, {1}}));
        java.util.SplittableRandom rng = new java.util.SplittableRandom(1);
        t.add("thinning with rate bound 1e12 over a rate of 1", "rate bound", () -> new org.queuelab.arrival
                .PoissonArrivals(new org.queuelab.arrival.FunctionRate(x -> 1.0, 1e12, "one")).stream(rng).next());
        t.add("day cycle with period 1e-9 (blocks far shorter than the gaps)", "thinning", () -> new org.queuelab
                .arrival.PoissonArrivals(new SinusoidalRate(1e-3, 0.5, 1e-9, 0)).stream(rng).next());
        return t;
    }

    static BadInputCases modelAndPolicy() {
        BadInputCases t = new BadInputCases();
        t.doubles("PowerModel", new String[] {"busy", "setup", "idle", "off"}, new double[] {1, 1, 0.6, 0},
                new double[][] {NOT_NON_NEGATIVE, NOT_NON_NEGATIVE, NOT_NON_NEGATIVE, NOT_NON_NEGATIVE},
                a -> new PowerModel(a[0], a[1], a[2], a[3]));
        t.doubles("LoadBalancingModel", new String[] {"lambda"}, new double[] {0.5}, new double[][] {NOT_POSITIVE},
                a -> new LoadBalancingModel(a[0], new PowerOfD(2), 10, Exponential.unitMean()));
        t.doubles("TabsModel.of", new String[] {"lambda", "standbyMean", "setupMean"}, new double[] {0.5, 1, 1},
                new double[][] {NOT_POSITIVE, {Double.NaN, Double.NEGATIVE_INFINITY, -1}, NOT_NON_NEGATIVE},
                a -> TabsModel.of(a[0], Exponential.unitMean(), a[1], a[2]));
        for (int d : new int[] {0, -1, Integer.MIN_VALUE}) {
            t.add("PowerOfD d = " + d, "d", () -> new PowerOfD(d));
            t.add("PowerOfDWithMemory d = " + d, "d", () -> new PowerOfDWithMemory(d));
        }
        for (int d : new int[] {-1, Integer.MIN_VALUE}) {   // threshold 0 is JIQ
            t.add("JoinBelowThreshold d = " + d, "d", () -> new JoinBelowThreshold(d));
        }
        t.add("PopulationModels.powerOfD with 10⁸ classes", "buffer",
                () -> org.queuelab.population.PopulationModels.powerOfD(0.9, 2, 100_000_000));
        t.add("PopulationModels.powerOfD buffer = 0", "buffer",
                () -> org.queuelab.population.PopulationModels.powerOfD(0.9, 2, 0));
        t.add("PopulationModels.powerOfD d = 0", "d",
                () -> org.queuelab.population.PopulationModels.powerOfD(0.9, 0, 5));
        t.add("PopulationModels.powerOfD lambda = NaN", "lambda",
                () -> org.queuelab.population.PopulationModels.powerOfD(Double.NaN, 2, 5));
        t.doubles("BlindTheta", new String[] {"theta"}, new double[] {0.1}, new double[][] {NOT_NON_NEGATIVE},
                a -> new BlindTheta(a[0]));
        t.doubles("CapacityBelowDemand", new String[] {"kappa"}, new double[] {1},
                new double[][] {NOT_POSITIVE}, a -> new CapacityBelowDemand(a[0]));
        t.doubles("RateIdleScaling.withGain", new String[] {"kappa"}, new double[] {1},
                new double[][] {NOT_POSITIVE}, a -> RateIdleScaling.withGain(a[0]));
        return t;
    }

    static BadInputCases resultAnalysisSweep() {
        BadInputCases t = new BadInputCases();
        for (double h : new double[] {Double.NaN, Double.POSITIVE_INFINITY, -1}) {
            t.add("Estimate halfWidth = " + h + " with n = 5", "halfWidth", () -> new Estimate(1, h, 5));
        }
        t.add("Estimate halfWidth = -1 with n = 1", "halfWidth", () -> new Estimate(1, -1, 1));
        for (double m : NOT_FINITE) {
            t.add("Estimate mean = " + m, "mean", () -> new Estimate(m, 0.1, 5));
        }
        t.add("Estimate n = 0", "n", () -> new Estimate(1, 0.1, 0));
        t.add("Estimate.of no values", "values", () -> Estimate.of());
        t.add("Estimate.tQuantile975 df = 0", "df", () -> Estimate.tQuantile975(0));
        t.add("QueueLengthTail.of mass 1.5", "marginals",
                () -> QueueLengthTail.of(List.of(new double[] {0.5, 0.5, 0.5})));
        t.add("QueueLengthTail.of value 2", "marginal", () -> QueueLengthTail.of(List.of(new double[] {2})));
        t.add("QueueLengthTail.of value NaN", "marginal",
                () -> QueueLengthTail.of(List.of(new double[] {Double.NaN})));
        t.add("QueueLengthTail.of none", "marginals", () -> QueueLengthTail.of(List.<double[]>of()));
        Comparison disjoint = Comparison.of(Comparison.Side.series("a", new double[] {0, 1},
                Map.of("x", new double[] {1, 2})), Comparison.Side.series("b", new double[] {0, 1},
                Map.of("y", new double[] {1, 2})));
        t.add("Comparison with no common series: supNorm", "series", disjoint::supNorm);
        t.add("Comparison with no common series: table", "series", disjoint::table);
        t.add("Comparison window [2, 1]", "window", () -> disjoint.window(2, 1));
        t.add("Comparison.series()", "names", () -> disjoint.series(new String[0]));
        t.add("Grid with no axes", "axes", () -> Grid.builder().build());
        t.add("Grid.axis with no values", "lambda", () -> Grid.axis("lambda"));
        t.add("Point.of odd arguments", "namesAndValues", () -> Point.of("lambda"));
        t.add("Point.of NaN", "lambda", () -> Point.of("lambda", Double.NaN));
        for (int threads : new int[] {0, -1, LocalRunner.MAX_THREADS + 1}) {
            t.add("LocalRunner threads = " + threads, "threads", () -> new LocalRunner(threads));
            t.add("Parallel.map threads = " + threads, "threads", () -> Parallel.map(List.of(1), threads, x -> x));
        }
        Grid grid = Grid.axis("x", 1.0, 2.0).build();
        for (int r : new int[] {0, -1}) {
            t.add("Sweep replications = " + r, "replications",
                    () -> Sweep.of(grid, (p, seed) -> Map.of("m", 1.0)).replications(r));
        }
        for (double v : NOT_FINITE) {
            t.add("Sweep experiment returning x = " + v, Sweep.SweepFailedException.class, "metric x = " + v,
                    () -> Sweep.of(grid, (p, seed) -> Map.of("x", v)).run(new LocalRunner(1)));
        }
        t.add("TimeGrid.of(200, 300): step beyond the horizon", "step = 300.0", () -> TimeGrid.of(200, 300));
        t.add("TimeGrid.of(1, 1.001)", "step ≤ horizon", () -> TimeGrid.of(1, 1.001));
        t.add("RunWindow.until(200).withSampleInterval(300)", "step = 300.0",
                () -> org.queuelab.sim.RunWindow.until(200).withSampleInterval(300));
        Comparison same = Comparison.of(Comparison.Side.series("a", new double[] {0, 1, 2},
                Map.of("x", new double[] {1, 2, 3})), Comparison.Side.series("b", new double[] {0.5, 1, 1.5},
                Map.of("x", new double[] {1, 2, 3})));
        for (double time : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1, 1.6}) {
            t.add("Comparison.tableAt(" + time + ")", "times[0] = " + time + "; allowed: a finite time in [0.5, 1.5]",
                    () -> same.tableAt(time));
        }
        t.add("Comparison.valueA(x, NaN)", "t = NaN", () -> same.valueA("x", Double.NaN));
        t.add("Comparison.interpolate at NaN", "t = NaN",
                () -> Comparison.interpolate(new double[] {0, 1}, new double[] {0, 1}, Double.NaN));
        org.queuelab.report.Checks checks = org.queuelab.report.Checks.forNotebook("bad-input");
        for (double b : NOT_NON_NEGATIVE) {
            t.add("Comparison.checkSupNorm bound = " + b, "bound = " + b, () -> same.checkSupNorm(checks, "f", "q", b));
            t.add("Comparison.checkEachSeries tolerance = " + b, "tolerance = " + b,
                    () -> same.checkEachSeries(checks, "f", b));
            t.add("Comparison.checkEachTime tolerance = " + b, "tolerance = " + b,
                    () -> same.checkEachTime(checks, "f", k -> "row " + k, b));
            t.add("Comparison.checkEachPoint tolerance = " + b, "tolerance = " + b,
                    () -> same.checkEachPoint(checks, "f", b));
        }
        return t;
    }

    /** Null arguments: a {@link NullPointerException} naming the parameter, never the JDK's text or an IAE. */
    static BadInputCases nullArguments() {
        BadInputCases t = new BadInputCases();
        LoadBalancingModel sqd = new LoadBalancingModel(0.5, new PowerOfD(2), 10, Exponential.unitMean());
        var replicated = org.queuelab.sim.Ctmc.of(sqd, 2).replicate(org.queuelab.sim.RunWindow.until(1), 1L, 2, 1);
        t.nullArgument("ReplicatedResult.estimate(Metric)", "metric",
                () -> replicated.estimate((org.queuelab.result.Metric) null));
        t.nullArgument("ReplicatedResult.estimate(String)", "metric", () -> replicated.estimate((String) null));
        t.nullArgument("Estimate.of(double[])", "values", () -> Estimate.of((double[]) null));
        org.queuelab.population.PopulationModel pop = org.queuelab.population.PopulationModels.powerOfD(0.9, 2, 5);
        double[] x = pop.state(Map.of(pop.coordinateNames().get(0), 1.0));
        t.nullArgument("PopulationModel.state", "values", () -> pop.state(null));
        t.nullArgument("PopulationModel.requireState", "x", () -> pop.requireState(null));
        t.nullArgument("PopulationModel.rates", "x", () -> pop.rates(null));
        t.nullArgument("PopulationModel.drift", "x", () -> pop.drift(null));
        t.nullArgument("PopulationModel.diffusion", "x", () -> pop.diffusion(null));
        t.nullArgument("PopulationModel.jacobian", "x", () -> pop.jacobian(null));
        t.nullArgument("PopulationModel.hessian", "x", () -> pop.hessian(null));
        t.nullArgument("PopulationModel.nonSmoothnessAt", "x", () -> pop.nonSmoothnessAt(null));
        t.nullArgument("PopulationModel.checkRates", "x", () -> pop.checkRates(null));
        t.nullArgument("PopulationModel.observable(Metric, x) metric", "metric",
                () -> pop.observable((org.queuelab.result.Metric) null, x));
        t.nullArgument("PopulationModel.observable(String, x) observable", "observable",
                () -> pop.observable((String) null, x));
        t.nullArgument("PopulationModel.observable(String, x) x", "x",
                () -> pop.observable(pop.observableNames().get(0), null));
        t.nullArgument("PopulationModel.observableGradient observable", "observable",
                () -> pop.observableGradient(null, x));
        t.nullArgument("PopulationModel.indexOf", "coordinate", () -> pop.indexOf(null));
        t.nullArgument("PopulationModel.parameter", "parameter", () -> pop.parameter(null));
        t.nullArgument("PopulationModel.with", "parameter", () -> pop.with(null, 1.0));
        double[] times = {0, 1};
        t.nullArgument("PopulationFluid.integrate x0", "x0",
                () -> org.queuelab.population.PopulationFluid.integrate(pop, null, times));
        t.nullArgument("PopulationFluid.integrate times", "times",
                () -> org.queuelab.population.PopulationFluid.integrate(pop, x, null));
        t.nullArgument("PopulationFixedPoint.solve guess", "guess",
                () -> org.queuelab.population.PopulationFixedPoint.solve(pop, null, 1e-9, 10));
        fluids(t);
        comparisonSides(t);
        return t;
    }

    /** The four fluids' integrate(x0, times): a null state or grid says null, not "times = empty". */
    private static void fluids(BadInputCases t) {
        double[] times = {0, 1};
        var powerOfD = org.queuelab.meanfield.Fluid.of(new LoadBalancingModel(0.5, new PowerOfD(2), 10,
                Exponential.unitMean()));
        double[] empty = new double[powerOfD.dimension()];
        empty[0] = 1;
        t.nullArgument("PowerOfDFluid.integrate times", "times", () -> powerOfD.integrate(empty, null));
        t.nullArgument("PowerOfDFluid.integrate x0", "x0", () -> powerOfD.integrate(null, times));
        var memory = org.queuelab.meanfield.Fluid.withMemory(new LoadBalancingModel(0.5, new PowerOfDWithMemory(2),
                10, Exponential.unitMean()));
        double[] idle = new double[memory.dimension()];
        idle[MemoryFluid.index(0, 0)] = 1;
        t.nullArgument("MemoryFluid.integrate times", "times", () -> memory.integrate(idle, null));
        t.nullArgument("MemoryFluid.integrate x0", "x0", () -> memory.integrate(null, times));
        var tabs = org.queuelab.meanfield.Fluid.of(TabsModel.of(0.5, Exponential.unitMean(), 1, 1));
        t.nullArgument("TabsFluid.integrate times", "times", () -> tabs.integrate(tabs.allIdleOn(), null));
        t.nullArgument("TabsFluid.integrate x0", "x0", () -> tabs.integrate(null, times));
        var alba = org.queuelab.meanfield.Fluid.of(new org.queuelab.model.AlbaModel(0.7, JoinBelowThreshold.jiq(), 100,
                org.queuelab.policy.Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025));
        t.nullArgument("AlbaFluid.integrate times", "times", () -> alba.integrate(alba.state(0.3, 0, 0.7), null));
        t.nullArgument("AlbaFluid.integrate x0", "x0", () -> alba.integrate(null, times));
    }

    /** Comparison's sides and series selectors. */
    private static void comparisonSides(BadInputCases t) {
        double[] times = {0, 1};
        Map<String, double[]> series = Map.of("x", new double[] {1, 2});
        Comparison.Side side = Comparison.Side.series("a", times, series);
        var fluid = org.queuelab.meanfield.Fluid.of(new LoadBalancingModel(0.5, new PowerOfD(2), 10,
                Exponential.unitMean()));
        double[] empty = new double[fluid.dimension()];
        empty[0] = 1;
        var path = fluid.integrate(empty, times);
        tech.tablesaw.api.Table table = tech.tablesaw.api.Table.create("t",
                tech.tablesaw.api.DoubleColumn.create("t", times), tech.tablesaw.api.DoubleColumn.create("x", 1, 2));
        t.nullArgument("Comparison.Side.fluid trajectory", "trajectory", () -> Comparison.Side.fluid("f", null));
        t.nullArgument("Comparison.Side.fluid label", "label", () -> Comparison.Side.fluid(null, path));
        t.nullArgument("Comparison.Side.average average", "average", () -> Comparison.Side.average("s", null));
        t.nullArgument("Comparison.Side.table table", "table", () -> Comparison.Side.table("r", null, "t"));
        t.nullArgument("Comparison.Side.table keyColumn", "keyColumn", () -> Comparison.Side.table("r", table, null));
        t.nullArgument("Comparison.Side.series times", "times", () -> Comparison.Side.series("a", null, series));
        t.nullArgument("Comparison.Side.series series", "series", () -> Comparison.Side.series("a", times, null));
        t.nullArgument("Comparison.Side.rows table", "table", () -> Comparison.Side.rows("r", null));
        t.nullArgument("Comparison.Side values", "values",
                () -> new Comparison.Side("a", "t", times, null, Map.of(), Map.of(), 0));
        t.nullArgument("Comparison.of a", "a", () -> Comparison.of(null, side));
        Comparison c = Comparison.of(side, side);
        t.nullArgument("Comparison.series(Metric, String) metric", "metric",
                () -> c.series((org.queuelab.result.Metric) null, "x"));
        t.nullArgument("Comparison.series(Metric...)", "metrics", () -> c.series((org.queuelab.result.Metric[]) null));
        t.nullArgument("Comparison.series(String...)", "names", () -> c.series((String[]) null));
        t.nullArgument("Comparison.series(name, nameInA, nameInB) nameInA", "nameInA", () -> c.series("x", null, "x"));
        t.nullArgument("Comparison.at", "times", () -> c.at((double[]) null));
    }

    static BadInputCases meanfieldPlotGuard() {
        BadInputCases t = new BadInputCases();
        int[][] badIndices = {{1, 0}, {-1, 0}, {0, -1}, {5, 3}, {0, 70_000}};
        for (int[] ij : badIndices) {
            t.add("MemoryFluid.index(" + ij[0] + ", " + ij[1] + ")", "i = " + ij[0],
                    () -> MemoryFluid.index(ij[0], ij[1]));
        }
        for (String c : new String[] {"", "reddish", "#12345", "#gggggg", "rgb(1,2", "'red'", "blue; x"}) {
            t.add("Style.solid color = '" + c + "'", "color", () -> Style.solid(c));
            t.add("Palette.translucent color = '" + c + "'", "color", () -> Palette.translucent(c, 0.5));
        }
        for (double alpha : new double[] {Double.NaN, -0.1, 1.1}) {
            t.add("Palette.translucent alpha = " + alpha, "alpha", () -> Palette.translucent("#1f77b4", alpha));
        }
        t.add("Palette.color k = -1", "k", () -> Palette.color(-1));
        for (String opaque : new String[] {"gray", "SteelBlue", "hsl(120, 50%, 50%)"}) {   // no opacity to set
            t.add("Palette.translucent color = '" + opaque + "'", "color", () -> Palette.translucent(opaque, 0.2));
            t.add("LineChart.band color = '" + opaque + "'", "color", () -> org.queuelab.plot.LineChart.titled("t")
                    .band("b", new double[] {1}, new double[] {0}, new double[] {1}, opaque));
        }
        var mg1 = org.queuelab.invariant.InvariantStateSolver.solve(new org.queuelab.invariant.InvariantStateProblem(
                org.queuelab.dist.Pareto.unitMean(1.5), 0.5, 1, 8, org.queuelab.invariant.Accuracy.PAPER));
        t.add("M/G/1 mean wait with Pareto α = 1.5 (E[S²] = ∞)", "service",
                () -> org.queuelab.invariant.VirtualWaitingTime.little(mg1));
        for (long limit : new long[] {0, -1, Long.MIN_VALUE}) {
            t.add("Budget limit = " + limit, "budget", () -> new Budget("events", limit, null));
        }
        t.add("Budget.require NaN work", "events", () -> Budget.events().require("a run", Double.NaN));
        t.add("Budget.require 1e30 work", "events", () -> Budget.events().require("a run", 1e30));
        for (double v : NOT_POSITIVE) {
            t.add("Require.positive " + v, "x", () -> Require.positive("x", v));
        }
        for (double v : NOT_NON_NEGATIVE) {
            t.add("Require.nonNegative " + v, "x", () -> Require.nonNegative("x", v));
        }
        return t;
    }

    /** Results a run cannot define: refused with the reason, never NaN, 0 or a negative time. */
    static BadInputCases undefinedResults() {
        BadInputCases t = new BadInputCases();
        Class<org.queuelab.result.UndefinedMetricException> undefined = org.queuelab.result.UndefinedMetricException.class;
        LoadBalancingModel sqd = new LoadBalancingModel(0.5, new PowerOfD(2), 10, Exponential.unitMean());
        org.queuelab.sim.RunWindow instant = org.queuelab.sim.RunWindow.until(1e-9);
        t.add("CTMC loss with no arrival in the window", undefined, "no arrival",
                () -> org.queuelab.sim.Ctmc.of(sqd, 2).run(instant, 1L).toMetrics().get(org.queuelab.result.Metric.LOSS));
        t.add("CTMC response with no arrival in the window", undefined, "response",
                () -> org.queuelab.sim.Ctmc.of(sqd, 2).run(instant, 1L).toMetrics().get(org.queuelab.result.Metric.RESPONSE));
        t.add("event simulation loss with no arrival", undefined, "loss",
                () -> org.queuelab.sim.event.EventSimulation.of(sqd, 2).run(instant, 1L).lossProbability());
        t.add("event simulation response per job with no job completed", undefined, "responsePerJob",
                () -> org.queuelab.sim.event.EventSimulation.of(sqd, 2).run(instant, 1L).responsePerJob());
        t.add("event simulation metrics: wait per job with no job", undefined, "waitPerJob",
                () -> org.queuelab.sim.event.EventSimulation.of(sqd, 2).run(instant, 1L).toMetrics()
                        .get(org.queuelab.result.Metric.WAIT_PER_JOB));
        TabsModel tabs = TabsModel.of(0.5, Exponential.unitMean(), 1, 1);
        t.add("TABS loss with no arrival", undefined, "loss",
                () -> org.queuelab.sim.event.EventSimulation.of(tabs, 1).run(instant, 1L).metrics().lossProbability());
        t.add("TABS metrics: wait with no arrival", undefined, "wait",
                () -> org.queuelab.sim.event.EventSimulation.of(tabs, 1).run(instant, 1L).toMetrics()
                        .get(org.queuelab.result.Metric.WAIT));
        // from an empty start over [0, 0.5] the time-average L is small, so W = L/λ − E[S] < 0 in every run
        t.add("replicated mean wait over a window too short for Little's law", undefined, "Little",
                () -> org.queuelab.sim.Ctmc.of(sqd, 100).replicate(org.queuelab.sim.RunWindow.until(0.5), 1L, 5, 1)
                        .estimate(org.queuelab.result.Metric.WAIT));
        t.add("replicated loss with no arrival in one run", undefined, "replication 1",
                () -> org.queuelab.sim.Ctmc.of(sqd, 2).replicate(instant, 1L, 3, 1)
                        .estimate(org.queuelab.result.Metric.LOSS));
        // λ = 10⁻⁶: every server stays off over [9.9, 10], so wastage/(1 − off) is 0/0 — undefined, and the other
        // metrics still estimable
        org.queuelab.model.AlbaModel idle = new org.queuelab.model.AlbaModel(1e-6, new PowerOfD(1), 5,
                org.queuelab.policy.Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
        org.queuelab.sim.RunWindow lastTenth = org.queuelab.sim.RunWindow.until(10).withWarmup(9.9);
        t.add("ALBA relative wastage of powered servers with none powered", undefined, "powered on",
                () -> org.queuelab.sim.Ctmc.of(idle, 1).replicate(lastTenth, 1L, 2, 1)
                        .estimate(org.queuelab.result.Metric.RELATIVE_WASTAGE_POWERED));
        LoadBalancingModel memory = new LoadBalancingModel(0.5, new PowerOfDWithMemory(2), 10, Exponential.unitMean());
        t.add("memory chain loss with no arrival", undefined, "no arrival",
                () -> org.queuelab.sim.Ctmc.withMemory(memory, 2).run(instant, 1L).toMetrics()
                        .get(org.queuelab.result.Metric.LOSS));
        t.add("memory chain idle-join fraction with no job accepted", undefined, "no job accepted",
                () -> org.queuelab.sim.Ctmc.withMemory(memory, 2).run(instant, 1L).toMetrics()
                        .get(org.queuelab.result.Metric.IDLE_JOIN_FRACTION));
        t.add("a metric put as NaN", undefined, "not a number",
                () -> org.queuelab.result.Metrics.builder().put("x", Double.NaN).build().get("x"));
        t.add("an infinite value in one replication names the metric", IllegalArgumentException.class, "metric x",
                () -> org.queuelab.result.MetricEstimates.of(List.of(
                        org.queuelab.result.Metrics.builder().put("x", Double.POSITIVE_INFINITY).build()),
                        org.queuelab.result.Provenance.of("test")));
        return t;
    }

    @TestFactory
    Stream<DynamicTest> nullArgumentsRefusedNamingTheParameter() {
        return nullArguments().stream();
    }

    @TestFactory
    Stream<DynamicTest> undefinedResultsRefused() {
        return undefinedResults().stream();
    }

    @TestFactory
    Stream<DynamicTest> arrivalProcessesAndTraces() {
        return arrival().stream();
    }

    @TestFactory
    Stream<DynamicTest> modelsAndPolicies() {
        return modelAndPolicy().stream();
    }

    @TestFactory
    Stream<DynamicTest> resultsAnalysisAndSweeps() {
        return resultAnalysisSweep().stream();
    }

    @TestFactory
    Stream<DynamicTest> meanFieldPlotAndGuards() {
        return meanfieldPlotGuard().stream();
    }
}
