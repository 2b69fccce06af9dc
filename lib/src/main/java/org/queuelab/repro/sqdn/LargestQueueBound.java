package org.queuelab.repro.sqdn;

import java.util.List;
import java.util.Objects;

import org.queuelab.dist.Exponential;
import org.queuelab.guard.Require;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.plot.Labels;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialMemory;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.MemoryChainSimulator;
import org.queuelab.sim.OccupancyRun;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * Figure 2 of SQ(d,N) (docs/sqdn.md §5, §7): the fluid bound j*+1 on the largest queue as a function of λ for
 * several d, with j* = ⌊−log(1−λ)/log(1+λd)⌋ (eq. (1), FOUND) and its jump points λ_J, the roots of
 * (1+λd)^J (1−λ) = 1 (RECONSTRUCTED); and the paper's claim that at λ = 0.995, d = 2 no server holds more than 5
 * jobs, in the fluid fixed point and by simulation at large N.
 */
public final class LargestQueueBound {

    /** Thresholds drawn into a curve at most (λ_J → 1 as J grows; λ_200 &gt; 0.999 for every d ≥ 2). */
    static final int MAX_THRESHOLDS = 200;

    private LargestQueueBound() {
    }

    /**
     * {@return a table with columns d, J, lambda_J for J = 1..maxLevel and each d}
     *
     * @param ds values of d, each ≥ 2
     * @param maxLevel the largest J, ≥ 1
     */
    public static Table thresholds(int[] ds, int maxLevel) {
        requireChoices(ds);
        if (maxLevel < 1) {
            throw new IllegalArgumentException("maxLevel = " + maxLevel + "; allowed: ≥ 1");
        }
        Table t = Table.create("thresholds λ_J", IntColumn.create("d"), IntColumn.create("J"),
                DoubleColumn.create("lambda_J"));
        for (int d : ds) {
            for (int level = 1; level <= maxLevel; level++) {
                t.intColumn("d").append(d);
                t.intColumn("J").append(level);
                t.doubleColumn("lambda_J").append(SqdnFluid.threshold(level, d));
            }
        }
        return t;
    }

    /**
     * Our thresholds beside a reference table with columns d, J, lambda_J: columns d, J, lambda_J (ours),
     * reference, error. Every reference row must have a match.
     *
     * @param ours a {@link #thresholds} table
     * @param reference the reference, columns d, J, lambda_J
     * @return one row per reference row
     * @throws IllegalArgumentException if a reference row has no match in ours
     */
    public static Table compareThresholds(Table ours, Table reference) {
        Table t = Table.create("thresholds λ_J: ours vs reference", IntColumn.create("d"), IntColumn.create("J"),
                DoubleColumn.create("lambda_J"), DoubleColumn.create("reference"), DoubleColumn.create("error"));
        for (Row ref : reference) {
            int d = ref.getInt("d");
            int level = ref.getInt("J");
            double mine = Double.NaN;
            for (Row o : ours) {
                if (o.getInt("d") == d && o.getInt("J") == level) {
                    mine = o.getDouble("lambda_J");
                }
            }
            if (Double.isNaN(mine)) {
                throw new IllegalArgumentException("reference row d = " + d + ", J = " + level
                        + " has no computed threshold; allowed: references within the computed (d, J)");
            }
            t.intColumn("d").append(d);
            t.intColumn("J").append(level);
            t.doubleColumn("lambda_J").append(mine);
            t.doubleColumn("reference").append(ref.getNumber("lambda_J"));
            t.doubleColumn("error").append(Math.abs(mine - ref.getNumber("lambda_J")));
        }
        return t;
    }

    /**
     * A reference table of j*+1 (columns d, lambda, jstar_plus_one, on_threshold) with our value in a column
     * {@code ours}.
     *
     * @param reference the reference, columns as listed
     * @return the reference with our column added
     */
    public static Table compareBound(Table reference) {
        Table t = Table.create("j*+1: ours vs reference", IntColumn.create("d"), DoubleColumn.create("lambda"),
                IntColumn.create("jstar_plus_one"), IntColumn.create("ours"), BooleanColumn.create("on_threshold"));
        for (Row r : reference) {
            int d = r.getInt("d");
            double lambda = r.getNumber("lambda");
            t.intColumn("d").append(d);
            t.doubleColumn("lambda").append(lambda);
            t.intColumn("jstar_plus_one").append(r.getInt("jstar_plus_one"));
            t.intColumn("ours").append(SqdnFluid.jStar(lambda, d) + 1);
            t.booleanColumn("on_threshold").append(r.getBoolean("on_threshold"));
        }
        return t;
    }

    /**
     * The curve of Figure 2: columns d, lambda, one_minus_lambda, bound (= j*+1), on {@code points} equally spaced
     * loads in [from, to] for each d, with the thresholds λ_J inside [from, to] added (with the doubles just below
     * and above each) so that every step is drawn vertically.
     *
     * @param ds values of d, each ≥ 2
     * @param from the smallest load, &gt; 0
     * @param to the largest load, &lt; 1
     * @param points loads per d, ≥ 2
     * @return the curve's rows, ordered by d then λ
     */
    public static Table curve(int[] ds, double from, double to, int points) {
        requireChoices(ds);
        if (!(from > 0 && to < 1 && from < to)) {
            throw new IllegalArgumentException("[from, to] = [" + from + ", " + to + "]; allowed: 0 < from < to < 1");
        }
        if (points < 2) {
            throw new IllegalArgumentException("points = " + points + "; allowed: ≥ 2");
        }
        Table t = Table.create("Figure 2: j*+1 against λ", IntColumn.create("d"), DoubleColumn.create("lambda"),
                DoubleColumn.create("one_minus_lambda"), IntColumn.create("bound"));
        for (int d : ds) {
            java.util.TreeSet<Double> loads = new java.util.TreeSet<>();
            for (int k = 0; k < points; k++) {
                loads.add(from + (to - from) * k / (points - 1));
            }
            for (int level = 1; level <= MAX_THRESHOLDS; level++) {
                double lj = SqdnFluid.threshold(level, d);
                if (lj > to) {
                    break;
                }
                if (lj >= from) {
                    loads.add(Math.nextDown(lj));
                    loads.add(lj);
                    loads.add(Math.nextUp(lj));
                }
            }
            for (double lambda : loads) {
                t.intColumn("d").append(d);
                t.doubleColumn("lambda").append(lambda);
                t.doubleColumn("one_minus_lambda").append(1 - lambda);
                t.intColumn("bound").append(SqdnFluid.jStar(lambda, d) + 1);
            }
        }
        return t;
    }

    /**
     * The legend entry of the point the work quotes beside Figure 2.
     *
     * @param lambda the quoted load λ
     * @param d the quoted number of sampled servers d
     * @param jobs the quoted largest queue
     * @return "paper: λ = …, d = … → at most … jobs"
     */
    public static String quotedPoint(double lambda, int d, int jobs) {
        return "paper: λ = " + Labels.number(lambda) + ", d = " + d + " → at most " + jobs + " jobs";
    }

    /**
     * Figure 2 as a row of two panels for {@code Notebook.sideBySide}: the bound j*+1 of {@link #curve} against λ
     * and against 1 − λ on a log axis, one dashed curve per d (same colour in both panels) and the work's quoted
     * point, a black marker. Both panels carry the same series names, so the row lists each series once in one
     * legend below them.
     *
     * @param curve a {@link #curve} table
     * @param ds the values of d to draw
     * @param quotedLambda the load of the work's quoted point (λ = 0.995 in the work; data/sqdn/fixed_point_summary.csv)
     * @param quotedD the d of the quoted point
     * @param quotedJobs the quoted largest queue (column work_max_queue of data/sqdn/fixed_point_summary.csv)
     * @return the two panels
     * @throws IllegalArgumentException if ds is not a valid choice of d, or the quoted load is outside (0, 1)
     */
    public static List<Figure> figure2(Table curve, int[] ds, double quotedLambda, int quotedD, int quotedJobs) {
        requireChoices(ds);
        Objects.requireNonNull(curve, "curve");
        if (!(quotedLambda > 0 && quotedLambda < 1)) {
            throw new IllegalArgumentException("quotedLambda = " + quotedLambda + "; allowed: 0 < quotedLambda < 1");
        }
        LineChart byLoad = LineChart.titled("Figure 2: fluid bound j*+1 on the largest queue").xLabel("λ")
                .yLabel("j* + 1").size(500, 420);
        LineChart byGap = LineChart.titled("the same against 1 − λ").xLabel("1 − λ (log)").yLabel("j* + 1").logX()
                .size(500, 420);
        for (int k = 0; k < ds.length; k++) {
            Table c = curve.where(curve.intColumn("d").isEqualTo(ds[k]));
            Style style = Style.dashed(Palette.color(k));
            byLoad.line("d = " + ds[k], c.doubleColumn("lambda"), c.intColumn("bound"), style);
            byGap.line("d = " + ds[k], c.doubleColumn("one_minus_lambda"), c.intColumn("bound"), style);
        }
        Style quoted = Style.solid("#000000").withMarkers();
        String name = quotedPoint(quotedLambda, quotedD, quotedJobs);
        byLoad.line(name, new double[] {quotedLambda}, new double[] {quotedJobs}, quoted);
        byGap.line(name, new double[] {1 - quotedLambda}, new double[] {quotedJobs}, quoted);
        return List.of(byLoad.build(), byGap.build());
    }

    /**
     * j* around each threshold λ_J (J = 1..maxLevel): columns d, J, lambda_J, below (j* at λ_J − delta), at (j* at
     * the double λ_J), next (j* at the next double above λ_J), above (j* at λ_J + delta). Expected: below = J−1 and
     * next = above = J. At the double λ_J itself j* may be J−1: the library puts exact threshold points on the upper
     * side (|J·log1p(λd) + log1p(−λ)| ≤ 10⁻¹², docs/sqdn.md §5), but near λ = 1 the root is not a double and the solver
     * returns the double just below it, where J−1 is the exact value.
     *
     * @param ds values of d, each ≥ 2
     * @param maxLevel the largest J, ≥ 1
     * @param delta the offset from λ_J, &gt; 0
     * @return one row per (d, J)
     */
    public static Table aroundThresholds(int[] ds, int maxLevel, double delta) {
        requireChoices(ds);
        if (!(delta > 0 && delta < 1e-3)) {
            throw new IllegalArgumentException("delta = " + delta + "; allowed: 0 < delta < 1e-3");
        }
        Table t = Table.create("j* around the thresholds", IntColumn.create("d"), IntColumn.create("J"),
                DoubleColumn.create("lambda_J"), IntColumn.create("below"), IntColumn.create("at"),
                IntColumn.create("next"), IntColumn.create("above"));
        for (int d : ds) {
            for (int level = 1; level <= maxLevel; level++) {
                double lj = SqdnFluid.threshold(level, d);
                t.intColumn("d").append(d);
                t.intColumn("J").append(level);
                t.doubleColumn("lambda_J").append(lj);
                t.intColumn("below").append(SqdnFluid.jStar(lj - delta, d));
                t.intColumn("at").append(SqdnFluid.jStar(lj, d));
                t.intColumn("next").append(SqdnFluid.jStar(Math.nextUp(lj), d));
                t.intColumn("above").append(SqdnFluid.jStar(Math.min(lj + delta, Math.nextDown(1.0)), d));
            }
        }
        return t;
    }

    /**
     * {@return the Theorem 2 fixed point at (λ, d), with its summaries}
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d servers sampled per arrival d, ≥ 2 (the memory fixed point needs d ≥ 2)
     */
    public static FixedPointSurvey.FixedPoint fixedPoint(double lambda, int d) {
        return FixedPointSurvey.fixedPoint(lambda, d);
    }

    /**
     * One long SQ(d,N) run from the rounded fixed point.
     *
     * @param lambda arrival rate per server λ
     * @param d servers sampled per arrival
     * @param n number of servers N
     * @param buffer buffer I per server
     * @param horizon the run's length, in mean service times
     * @param seed the run's seed
     * @param largestLevelSeen the largest queue held by any server at any time during the run (the simulator's
     *                         {@code maxQueueEver})
     * @param largestInMarginal the largest queue length with positive time-averaged mass (an independent reading
     *                         of the same fact: a queue length is held for a positive time whenever it is reached)
     * @param meanQueue        time-averaged jobs per server over the run
     * @param jStarPlusOne     the fluid bound
     * @param queueMarginal time-averaged fraction of servers with i jobs, i = 0, 1, …
     */
    public record LargestQueueRun(double lambda, int d, int n, int buffer, double horizon, long seed,
                                  int largestLevelSeen, int largestInMarginal, double meanQueue, int jStarPlusOne,
                                  double[] queueMarginal) {

        /** {@return a table with columns i, simulated fraction with i jobs (time average), fluid x*_{i,·}} */
        public Table table() {
            double[] fluid = SqdnFluid.queueMarginal(SqdnFluid.fixedPoint(lambda, d));
            int rows = Math.max(queueMarginal.length, fluid.length);
            double[] sim = new double[rows];
            double[] fl = new double[rows];
            for (int i = 0; i < rows; i++) {
                sim[i] = i < queueMarginal.length ? queueMarginal[i] : 0;
                fl[i] = i < fluid.length ? fluid[i] : 0;
            }
            int keep = Math.max(largestLevelSeen, jStarPlusOne) + 2;
            keep = Math.min(keep, rows);
            double[] nCol = new double[keep];
            long[] seeds = new long[keep];
            java.util.Arrays.fill(nCol, n);
            java.util.Arrays.fill(seeds, seed);
            return Table.create("queue lengths, λ = " + Labels.number(lambda) + ", d = " + d + ", N = " + n
                    + ", t ≤ " + Labels.number(horizon),
                    IntColumn.indexColumn("i", keep, 0),
                    DoubleColumn.create("simulated fraction", java.util.Arrays.copyOf(sim, keep)),
                    DoubleColumn.create("fluid x*_{i,·}", java.util.Arrays.copyOf(fl, keep)),
                    DoubleColumn.create("N", nCol), LongColumn.create("seed", seeds));
        }
    }

    /**
     * Simulates SQ(d,N) with N servers started at the fixed point (counts N·x*_{i,j} rounded by largest remainders)
     * up to {@code horizon}, and reports the largest queue held by any server over the whole run.
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d servers sampled per arrival d, ≥ 2 (the memory fixed point needs d ≥ 2)
     * @param n number of servers N, ≥ d
     * @param buffer buffer I: the most jobs a server holds (the chain's truncation), ≥ 2, checked by the model
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @param seed seed of the random runs (the same seed gives the same result)
     * @return the run's largest queue with the fixed point's bound j*+1
     */
    public static LargestQueueRun simulateLargestQueue(double lambda, int d, int n, int buffer, double horizon,
                                                       long seed) {
        double[][] xStar = SqdnFluid.fixedPoint(lambda, d);
        int jStar = SqdnFluid.jStar(lambda, d);
        if (buffer < jStar + 2) {
            throw new IllegalArgumentException("buffer = " + buffer + "; allowed: ≥ j*+2 = " + (jStar + 2)
                    + " (so that the buffer never binds)");
        }
        LoadBalancingModel model = new LoadBalancingModel(lambda, new PowerOfDWithMemory(d), buffer,
                Exponential.unitMean());
        MemoryChainSimulator sim = MemoryChainSimulator.of(model, n);
        OccupancyRun run = sim.run(RunWindow.until(horizon).withInitial(InitialMemory.counts(roundedCounts(xStar, n)))
                .withGrid(TimeGrid.of(horizon, horizon)), seed);
        double[] marginal = run.levelFractions();
        int largest = 0;
        for (int i = 0; i < marginal.length; i++) {
            if (marginal[i] > 0) {
                largest = i;
            }
        }
        return new LargestQueueRun(lambda, d, n, buffer, horizon, seed, (int) run.metrics().get("maxQueueEver"),
                largest, run.metrics().get(Metric.MEAN_JOBS), jStar + 1, marginal);
    }

    /** Integer counts n_{i,j} summing to N, closest to N·x[i][j] (largest-remainder rounding). */
    static int[][] roundedCounts(double[][] x, int n) {
        Objects.requireNonNull(x, "x");
        Require.atLeast("N", n, 1);
        int[][] counts = new int[x.length][];
        double[][] remainder = new double[x.length][];
        long total = 0;
        for (int i = 0; i < x.length; i++) {
            counts[i] = new int[x[i].length];
            remainder[i] = new double[x[i].length];
            for (int j = 0; j < x[i].length; j++) {
                double v = j < i ? 0 : x[i][j] * n;
                if (!(v >= 0)) {
                    throw new IllegalArgumentException("x[" + i + "][" + j + "] = " + x[i][j] + "; allowed: ≥ 0");
                }
                counts[i][j] = (int) Math.floor(v);
                remainder[i][j] = v - counts[i][j];
                total += counts[i][j];
            }
        }
        while (total < n) {
            int bi = -1;
            int bj = -1;
            for (int i = 0; i < x.length; i++) {
                for (int j = i; j < x[i].length; j++) {
                    if (bi < 0 || remainder[i][j] > remainder[bi][bj]) {
                        bi = i;
                        bj = j;
                    }
                }
            }
            counts[bi][bj]++;
            remainder[bi][bj] = -1;
            total++;
        }
        if (total > n) {
            throw new IllegalArgumentException("x sums to more than 1 (" + total + " > N = " + n
                    + " servers after rounding down); allowed: a probability vector");
        }
        return counts;
    }

    private static void requireChoices(int[] ds) {
        Objects.requireNonNull(ds, "ds");
        if (ds.length == 0) {
            throw new IllegalArgumentException("ds is empty; allowed: at least one d");
        }
        for (int d : ds) {
            Require.atLeast("d", d, 1);
        }
    }
}
