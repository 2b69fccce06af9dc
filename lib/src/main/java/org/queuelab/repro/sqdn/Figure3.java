package org.queuelab.repro.sqdn;

import java.util.LinkedHashMap;
import java.util.Map;

import org.queuelab.analysis.Comparison;
import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.plot.Labels;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialMemory;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.MemoryChainSimulator;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;

import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * Figure 3 of SQ(d,N) (docs/sqdn.md §7): fluid (dashed) against the average of independent stochastic runs
 * (solid), d = 2, all servers idle and known idle at t = 0 (FOUND). Left: λ = 0.45, N = 100, components (0,0),
 * (0,1), (1,1); right: λ = 0.9, N = 1000, L_S (and L_M). CHOSEN: horizons 10 and 60, sampling every 0.1.
 */
public final class Figure3 {

    /** d of both panels (FOUND). */
    public static final int D = 2;
    /** Sampling interval of both panels (CHOSEN). */
    public static final double SAMPLING = 0.1;

    private Figure3() {
    }

    /**
     * One panel: the fluid (side a, dashed) against the stochastic average (side b, solid with its 95% band),
     * read as the figure's reference tables name them.
     *
     * @param comparison the fluid and the stochastic average, series by quantity
     * @param runs independent runs averaged
     */
    public record Panel(Comparison comparison, int runs) {

        /**
         * {@return the fluid value of a quantity at t}
         *
         * @param quantity the column's name, e.g. "x0_0" or a {@link Metric} name
         * @param t a time in [0, horizon]
         */
        public double fluidAt(String quantity, double t) {
            return comparison.valueA(quantity, t);
        }

        /**
         * {@return the stochastic mean and 95% half-width (across runs) at the grid time nearest to t}
         *
         * @param quantity the column's name, e.g. "x0_0" or a {@link Metric} name
         * @param t a time in [0, horizon]
         */
        public Estimate stochasticAt(String quantity, double t) {
            return comparison.estimateB(quantity, t);
        }

        /**
         * {@return the fluid value of a quantity at t}
         *
         * @param metric the quantity
         * @param t a time in [0, horizon]
         */
        public double fluidAt(Metric metric, double t) {
            return fluidAt(metric.name(), t);
        }

        /**
         * {@return the stochastic mean and 95% half-width at the grid time nearest to t}
         *
         * @param metric the quantity
         * @param t a time in [0, horizon]
         */
        public Estimate stochasticAt(Metric metric, double t) {
            return stochasticAt(metric.name(), t);
        }

        /**
         * {@return max over grid times ≥ {@code from} of |stochastic mean − fluid|}
         *
         * @param quantity the column's name, e.g. "x0_0" or a {@link Metric} name
         * @param from the first grid time considered
         */
        public double maxGap(String quantity, double from) {
            return comparison.window(from, Double.POSITIVE_INFINITY).worst(quantity).error();
        }

        /**
         * {@return the figure (fluid dashed, stochastic solid with its band)}
         *
         * @param yLabel the y axis' label
         */
        public Figure figure(String yLabel) {
            return comparison.figure(yLabel);
        }

        /**
         * {@return a table of the fluid beside the stochastic average at the given times}
         *
         * @param times times in [0, horizon]
         */
        public Table tableAt(double... times) {
            return comparison.tableAt(times);
        }
    }

    /**
     * {@return the left panel: λ = 0.45, N = 100, horizon 10}
     *
     * @param step step h of the fluid integration (water-filling Euler scheme, docs/sqdn.md §4), &gt; 0; its error
     *        is O(h)
     * @param buffer buffer I: the most jobs a server holds (the chain's truncation), ≥ 2, checked by the model
     * @param runs independent runs averaged, ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     */
    public static Panel left(double step, int buffer, int runs, long seed) {
        return components(0.45, 100, 10, step, buffer, runs, seed);
    }

    /**
     * {@return the right panel: λ = 0.9, N = 1000, horizon 60, L_S and L_M}
     *
     * @param step step h of the fluid integration (water-filling Euler scheme, docs/sqdn.md §4), &gt; 0; its error
     *        is O(h)
     * @param buffer buffer I: the most jobs a server holds (the chain's truncation), ≥ 2, checked by the model
     * @param runs independent runs averaged, ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     */
    public static Panel right(double step, int buffer, int runs, long seed) {
        return means(0.9, 1000, 60, step, buffer, runs, seed);
    }

    /**
     * {@return the panel of x0_0, x0_1, x1_1 at (λ, N) up to {@code horizon}: fluid step h, stochastic {@code runs}-run
     * average}
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param n number of servers N, ≥ 1
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @param step step h of the fluid integration (water-filling Euler scheme, docs/sqdn.md §4), &gt; 0; its error
     *        is O(h)
     * @param buffer buffer I: the most jobs a server holds (the chain's truncation), ≥ 2, checked by the model
     * @param runs independent runs averaged, ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     */
    public static Panel components(double lambda, int n, double horizon, double step, int buffer,
                                                       int runs, long seed) {
        TimeGrid grid = TimeGrid.of(horizon, SAMPLING);
        ReplicatedResult<OccupancyRun> sim = simulator(lambda, n, buffer).withPairs(new int[] {0, 0}, new int[] {0, 1},
                new int[] {1, 1}).replicate(RunWindow.until(horizon).withInitial(InitialMemory.allIdle())
                        .withGrid(grid), seed, runs);
        SqdnFluid.Path fluid = SqdnFluid.integrate(lambda, D, SqdnFluid.unit(buffer, 0, 0), grid.times(), step);
        Map<String, double[]> series = new LinkedHashMap<>();
        int[][] pairs = {{0, 0}, {0, 1}, {1, 1}};
        for (int[] p : pairs) {
            double[] v = new double[fluid.times().length];
            for (int k = 0; k < v.length; k++) {
                v[k] = fluid.states()[k][p[0]][p[1]];
            }
            series.put(Metric.pair(p[0], p[1]).name(), v);
        }
        return panel("Figure 3 (left): λ = " + Labels.number(lambda) + ", d = " + D + ", N = " + n + ", " + runs
                + "-run average, fluid h = " + Labels.number(step) + ", seed " + seed,
                fluid.times(), series, sim, runs);
    }

    /**
     * {@return the panel of L_S and L_M ({@link Metric#MEAN_JOBS}, {@link Metric#MEAN_MEMORY}) at (λ, N) up to {@code
     * horizon}}
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param n number of servers N, ≥ 1
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @param step step h of the fluid integration (water-filling Euler scheme, docs/sqdn.md §4), &gt; 0; its error
     *        is O(h)
     * @param buffer buffer I: the most jobs a server holds (the chain's truncation), ≥ 2, checked by the model
     * @param runs independent runs averaged, ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     */
    public static Panel means(double lambda, int n, double horizon, double step, int buffer,
                                                  int runs, long seed) {
        TimeGrid grid = TimeGrid.of(horizon, SAMPLING);
        ReplicatedResult<OccupancyRun> sim = simulator(lambda, n, buffer).replicate(RunWindow.until(horizon)
                .withInitial(InitialMemory.allIdle()).withGrid(grid), seed, runs);
        SqdnFluid.Path fluid = SqdnFluid.integrate(lambda, D, SqdnFluid.unit(buffer, 0, 0), grid.times(), step);
        double[] ls = new double[fluid.times().length];
        double[] lm = new double[ls.length];
        for (int k = 0; k < ls.length; k++) {
            ls[k] = SqdnFluid.meanQueue(fluid.states()[k]);
            lm[k] = SqdnFluid.meanMemory(fluid.states()[k]);
        }
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put(Metric.MEAN_JOBS.name(), ls);
        series.put(Metric.MEAN_MEMORY.name(), lm);
        Panel panel = panel("Figure 3 (right): λ = " + Labels.number(lambda) + ", d = " + D + ", N = " + n + ", "
                + runs + "-run average, fluid h = " + Labels.number(step) + ", seed " + seed,
                fluid.times(), series, sim, runs);
        return new Panel(panel.comparison().series(Metric.MEAN_JOBS.name(), Metric.MEAN_MEMORY.name()), runs);
    }

    private static Panel panel(String title, double[] times, Map<String, double[]> fluid,
                               ReplicatedResult<OccupancyRun> sim,
                               int runs) {
        Comparison c = Comparison.of(Comparison.Side.series("fluid", times, fluid),
                Comparison.Side.average("stochastic", sim.trajectory())).titled(title);
        return new Panel(c, runs);
    }

    /**
     * The mass outside the left panel's three components, 1 − X_{0,0} − X_{0,1} − X_{1,1}, at {@code time}, per run
     * from all idle, as a 95% interval over {@code runs} independent runs ("gets closer and closer to 1 when both N
     * and t increase", docs/sqdn.md §7). The fluid never leaves these components from all idle when λ &lt; 1 − 1/d.
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param n number of servers N, ≥ d
     * @param time the time at which the mass is read, &gt; 0
     * @param buffer buffer I: the most jobs a server holds (the chain's truncation), ≥ 2, checked by the model
     * @param runs independent runs, ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     * @return the mean outside mass with its 95% half-width over the runs
     * @throws IllegalArgumentException on time ≤ 0 or runs &lt; 2
     */
    public static Estimate outsideMass(double lambda, int n, double time, int buffer, int runs, long seed) {
        if (!(time > 0) || runs < 2) {
            throw new IllegalArgumentException("time = " + time + ", runs = " + runs + "; allowed: time > 0, runs ≥ 2");
        }
        ReplicatedResult<OccupancyRun> sim = simulator(lambda, n, buffer).withPairs(new int[] {0, 0}, new int[] {0, 1},
                new int[] {1, 1}).replicate(RunWindow.until(time).withInitial(InitialMemory.allIdle())
                        .withGrid(TimeGrid.of(time, time)), seed, runs);
        double[] outside = new double[runs];
        for (int k = 0; k < runs; k++) {
            var trajectory = sim.runs().get(k).trajectory();
            double inside = 0;
            for (Metric q : new Metric[] {Metric.pair(0, 0), Metric.pair(0, 1), Metric.pair(1, 1)}) {
                double[] v = trajectory.series(q);
                inside += v[v.length - 1];
            }
            outside[k] = 1 - inside;
        }
        return Estimate.of(outside);
    }

    private static MemoryChainSimulator simulator(double lambda, int n, int buffer) {
        LoadBalancingModel model = new LoadBalancingModel(lambda, new PowerOfDWithMemory(D), buffer,
                Exponential.unitMean());
        return MemoryChainSimulator.of(model, n);
    }
}
