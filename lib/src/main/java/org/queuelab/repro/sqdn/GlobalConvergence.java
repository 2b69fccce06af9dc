package org.queuelab.repro.sqdn;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.queuelab.analysis.ExponentialConvergence;
import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.plot.Labels;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.sim.InitialMemory;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.MemoryChainSimulator;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.result.TimeGrid;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Theorem 3 of SQ(d,N) from starts that leave the linear regime (docs/sqdn.md §6), and the fluid limit of
 * Theorem 1 over N (docs/sqdn.md §3).
 *
 * <p>From all-idle the fluid path stays in the region x_{0,0} &gt; 0 where the drift is affine, so it cannot show
 * "whatever the initial condition". Here every server starts with long queues (4–7 jobs): the path first drains
 * through the non-linear regime, then enters x_{0,0} &gt; 0 and decays at the rate min(1, λd). The rate is fitted to
 * the distance to the scheme's own fixed point (the water-filling step has an O(h) stationary bias, which would
 * otherwise put a floor under the distance to x*), on the window where that distance falls from
 * {@value #FIT_UPPER} to {@value #FIT_LOWER}: fixed in advance, far below the non-linear regime and far above
 * round-off.
 */
public final class GlobalConvergence {

    /** Upper end of the fit window (distance to the scheme's fixed point). */
    public static final double FIT_UPPER = 1e-4;
    /** Lower end of the fit window. */
    public static final double FIT_LOWER = 1e-9;
    /**
     * Distance |x − x*|_∞ below which a path from {@link #fluidFromStarts} counts as settled at x*, for every step
     * h ≤ {@link SqdnStudies#LONG_STEP_MAX}: 10 h + 10⁻³ at that coarsest step, so that quick and full mode (steps
     * 10⁻³ and 5·10⁻⁴) judge "settles" by one level. The scheme's O(h) stationary bias (column bias, a fraction of h
     * at the loads below 1 − 1/d) stays well under it. A coarser step raises the level to 10 h + 10⁻³.
     */
    public static final double SETTLED_DISTANCE = 10 * SqdnStudies.LONG_STEP_MAX + 1e-3;
    /** Buffer I of the fluid and the simulations (queues of up to 7 at t = 0; I ≥ j*+2 elsewhere). */
    public static final int BUFFER = 20;

    private GlobalConvergence() {
    }

    /**
     * A start: a fraction of servers at each (queue, slot) pair.
     *
     * @param name     a label
     * @param pairs    (queue, slot) pairs, queue ≤ slot ≤ {@link #BUFFER}
     * @param weights  their fractions (positive, summing to 1; for simulations N·weight must be an integer)
     */
    public record Start(String name, int[][] pairs, double[] weights) {

        /**
         * Validates the pairs and weights.
         *
         * @param name a label, non-null
         * @param pairs (queue, slot) pairs with 0 ≤ queue ≤ slot ≤ {@link #BUFFER}, at least one
         * @param weights their fractions, as many as pairs, positive and summing to 1
         * @throws IllegalArgumentException if a pair or weight is out of range or the lengths differ
         */
        public Start {
            Objects.requireNonNull(name, "name");
            if (pairs.length == 0 || pairs.length != weights.length) {
                throw new IllegalArgumentException("pairs and weights must be non-empty and of equal length");
            }
            double sum = 0;
            for (int k = 0; k < pairs.length; k++) {
                int i = pairs[k][0];
                int j = pairs[k][1];
                if (i < 0 || j < i || j > BUFFER) {
                    throw new IllegalArgumentException("pair (" + i + ", " + j + "); allowed: 0 ≤ queue ≤ slot ≤ "
                            + BUFFER);
                }
                if (!(weights[k] > 0)) {
                    throw new IllegalArgumentException("weight " + weights[k] + "; allowed: > 0");
                }
                sum += weights[k];
            }
            if (Math.abs(sum - 1) > 1e-12) {
                throw new IllegalArgumentException("weights sum to " + sum + "; allowed: 1");
            }
        }

        /**
         * {@return every server at (queue, slot)}
         *
         * @param queue the queue length, 0 ≤ queue ≤ slot
         * @param slot the slot value, ≤ {@link #BUFFER}
         */
        public static Start allAt(int queue, int slot) {
            return new Start("all at (" + queue + "," + slot + ")", new int[][] {{queue, slot}}, new double[] {1});
        }

        /**
         * {@return equal fractions with queue q and slot q for q = from..to (known queues of from..to jobs)}
         *
         * @param from the smallest queue, ≥ 0
         * @param to the largest queue, from ≤ to ≤ {@link #BUFFER}
         */
        public static Start spread(int from, int to) {
            if (from < 0 || to < from) {
                throw new IllegalArgumentException("from = " + from + ", to = " + to + "; allowed: 0 ≤ from ≤ to");
            }
            int n = to - from + 1;
            int[][] pairs = new int[n][];
            double[] w = new double[n];
            for (int q = from; q <= to; q++) {
                pairs[q - from] = new int[] {q, q};
                w[q - from] = 1.0 / n;
            }
            return new Start("queues " + from + "–" + to + ", known", pairs, w);
        }

        double[][] state() {
            double[][] x = SqdnFluid.zeros(BUFFER);
            for (int k = 0; k < pairs.length; k++) {
                x[pairs[k][0]][pairs[k][1]] += weights[k];
            }
            return x;
        }

        InitialMemory initial(int n) {
            int[][] counts = new int[BUFFER + 1][BUFFER + 1];
            int total = 0;
            for (int k = 0; k < pairs.length; k++) {
                double c = n * weights[k];
                if (Math.abs(c - Math.rint(c)) > 1e-9) {
                    throw new IllegalArgumentException("N = " + n + " servers cannot be split as " + name);
                }
                counts[pairs[k][0]][pairs[k][1]] += (int) Math.rint(c);
                total += (int) Math.rint(c);
            }
            if (total != n) {
                throw new IllegalArgumentException("N = " + n + " servers cannot be split as " + name);
            }
            return InitialMemory.counts(counts);
        }
    }

    /**
     * Fluid paths from each start at (λ, d), λ &lt; 1 − 1/d. Columns: start, lambda, d, predicted (min(1, λd)),
     * fitted_rate, fit_from, fit_to (the window's times), enters_linear_at (first time with x_{0,0} &gt; 10⁻⁹),
     * settles_at (first time |x − x*|_∞ &lt; {@link #SETTLED_DISTANCE} for good; 10 h + 10⁻³ if h is coarser than
     * {@link SqdnStudies#LONG_STEP_MAX}), bias (|x_h* − x*|_∞ of the scheme), h.
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d servers sampled per arrival d, ≥ 2 (the memory fixed point needs d ≥ 2)
     * @param starts the starts
     * @param step step h of the fluid integration (water-filling Euler scheme, docs/sqdn.md §4), &gt; 0; its error
     *        is O(h)
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @return one row per start, columns as listed
     */
    public static Table fluidFromStarts(double lambda, int d, List<Start> starts, double step, double horizon) {
        if (!(lambda > 0 && lambda < 1 - 1.0 / d)) {
            throw new IllegalArgumentException("lambda = " + lambda + " with d = " + d
                    + "; allowed: 0 < lambda < 1 − 1/d (Theorem 3)");
        }
        if (!(step > 0 && step < 0.05) || !(horizon > 10 && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("step = " + step + ", horizon = " + horizon
                    + "; allowed: 0 < step < 0.05 and 10 < horizon < ∞");
        }
        double[][] xStar = SqdnFluid.withBuffer(SqdnFluid.fixedPoint(lambda, d), BUFFER);
        // the scheme's own fixed point: integrate from x* itself for 80 time units (rate ≥ min(1, λd) > 0)
        double[] longTimes = ConvergenceStudy.grid(80, 80);
        SqdnFluid.Path settle = SqdnFluid.integrate(lambda, d, xStar, longTimes, step);
        double[][] xh = settle.states()[settle.states().length - 1];
        double bias = SqdnFluid.distance(xh, xStar);
        double[] times = ConvergenceStudy.grid(horizon, 0.05);
        double settled = Math.max(SETTLED_DISTANCE, 10 * step + 1e-3);
        Table t = Table.create("Theorem 3 from long queues: λ = " + Labels.number(lambda) + ", d = " + d + ", h = "
                + Labels.number(step),
                StringColumn.create("start"), DoubleColumn.create("lambda"), IntColumn.create("d"),
                DoubleColumn.create("predicted"), DoubleColumn.create("fitted_rate"), DoubleColumn.create("fit_from"),
                DoubleColumn.create("fit_to"), DoubleColumn.create("enters_linear_at"),
                DoubleColumn.create("settles_at"), DoubleColumn.create("bias"), DoubleColumn.create("h"));
        for (Start s : starts) {
            SqdnFluid.Path path = SqdnFluid.integrate(lambda, d, s.state(), times, step);
            double[] toScheme = new double[times.length];
            double enters = Double.NaN;
            int lastFar = -1;
            for (int k = 0; k < times.length; k++) {
                double[][] x = path.states()[k];
                toScheme[k] = SqdnFluid.distance(x, xh);
                if (Double.isNaN(enters) && x[0][0] > 1e-9) {
                    enters = times[k];
                }
                if (SqdnFluid.distance(x, xStar) >= settled) {
                    lastFar = k;
                }
            }
            double from = firstBelow(times, toScheme, FIT_UPPER);
            double to = firstBelow(times, toScheme, FIT_LOWER);
            double rate = Double.isNaN(from) || Double.isNaN(to) ? Double.NaN
                    : ExponentialConvergence.fitRate(times, toScheme, from, to).rate();
            t.stringColumn("start").append(s.name());
            t.doubleColumn("lambda").append(lambda);
            t.intColumn("d").append(d);
            t.doubleColumn("predicted").append(Math.min(1, lambda * d));
            t.doubleColumn("fitted_rate").append(rate);
            t.doubleColumn("fit_from").append(from);
            t.doubleColumn("fit_to").append(to);
            t.doubleColumn("enters_linear_at").append(enters);
            t.doubleColumn("settles_at").append(lastFar == times.length - 1 ? Double.NaN : times[lastFar + 1]);
            t.doubleColumn("bias").append(bias);
            t.doubleColumn("h").append(step);
        }
        return t;
    }

    /**
     * The fluid limit over N: for each N, {@code runs} independent runs from {@code start}, and per run the largest
     * gap sup_t |L_S^N(t) − L_S(t)| over the sampling grid (every 0.5 up to the horizon). Columns: N, runs,
     * sup_gap (mean over runs), half_width (95 %), lower, upper, sqrt_n_gap (√N · mean gap).
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d servers sampled per arrival d, ≥ 2 (the memory fixed point needs d ≥ 2)
     * @param start the start of every run and of the fluid (N·weight must be an integer for each N)
     * @param ns system sizes N, in increasing order
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @param step the fluid integration step h, &gt; 0
     * @param runs independent runs per N, ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     * @return one row per N, columns as listed
     */
    public static Table overN(double lambda, int d, Start start, int[] ns, double horizon, double step, int runs,
                              long seed) {
        Objects.requireNonNull(start, "start");
        if (runs < 2) {
            throw new IllegalArgumentException("runs = " + runs + "; allowed: ≥ 2 (an interval needs two runs)");
        }
        TimeGrid grid = TimeGrid.of(horizon, 0.5);
        SqdnFluid.Path fluid = SqdnFluid.integrate(lambda, d, start.state(), grid.times(), step);
        double[] ls = new double[grid.times().length];
        for (int k = 0; k < ls.length; k++) {
            ls[k] = SqdnFluid.meanQueue(fluid.states()[k]);
        }
        Table t = Table.create("fluid limit over N: sup_t |L_S^N − L_S|, λ = " + Labels.number(lambda) + ", d = " + d
                        + ", " + start.name() + ", t ≤ " + Labels.number(horizon), IntColumn.create("N"),
                IntColumn.create("runs"),
                DoubleColumn.create("sup_gap"), DoubleColumn.create("half_width"), DoubleColumn.create("lower"),
                DoubleColumn.create("upper"), DoubleColumn.create("sqrt_n_gap"));
        for (int m = 0; m < ns.length; m++) {
            int n = ns[m];
            MemoryChainSimulator sim = MemoryChainSimulator.of(new LoadBalancingModel(lambda,
                    new PowerOfDWithMemory(d), BUFFER, Exponential.unitMean()), n);
            ReplicatedResult<OccupancyRun> res = sim.replicate(RunWindow.until(horizon).withInitial(start.initial(n))
                    .withGrid(grid), seed + 1000L * m, runs);
            List<Double> gaps = new ArrayList<>();
            for (OccupancyRun run : res.runs()) {
                double[] sim_ls = run.trajectory().series(Metric.MEAN_JOBS);
                double g = 0;
                for (int k = 0; k < ls.length; k++) {
                    g = Math.max(g, Math.abs(sim_ls[k] - ls[k]));
                }
                gaps.add(g);
            }
            Estimate e = Estimate.of(gaps.stream().mapToDouble(Double::doubleValue).toArray());
            t.intColumn("N").append(n);
            t.intColumn("runs").append(runs);
            t.doubleColumn("sup_gap").append(e.mean());
            t.doubleColumn("half_width").append(e.halfWidth());
            t.doubleColumn("lower").append(e.lower());
            t.doubleColumn("upper").append(e.upper());
            t.doubleColumn("sqrt_n_gap").append(Math.sqrt(n) * e.mean());
        }
        return t;
    }

    private static double firstBelow(double[] times, double[] values, double level) {
        for (int k = 0; k < times.length; k++) {
            if (values[k] < level) {
                return times[k];
            }
        }
        return Double.NaN;
    }
}
