package org.queuelab.repro.sqdn;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

import org.queuelab.analysis.ExponentialConvergence;
import org.queuelab.plot.Labels;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.sweep.Parallel;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * Theorem 3 of SQ(d,N) (docs/sqdn.md §6): for λ &lt; 1 − 1/d fluid solutions converge to x* exponentially
 * fast, at the asymptotic rate min(1, λd) (RECONSTRUCTED); at higher loads they still converge (observation only),
 * slowly. Built on {@link ExponentialConvergence} and the library's fluid.
 */
public final class ConvergenceStudy {

    /** Start of the late-time fit window from all idle (the reference tabulates ≈ 0.58 on [3, 8] at λ = 0.3, d = 2). */
    public static final double FIT_FROM = 3;
    /** End of the fit window. */
    public static final double FIT_TO = 8;

    private ConvergenceStudy() {
    }

    /**
     * For each (λ, d) with λ &lt; 1 − 1/d: the predicted rate min(1, λd), the slowest decay rate of the library's
     * drift linearized at x* (buffer I = 2 = j*+2, see {@link ExponentialConvergence#decayRates}), the two
     * next rates, and the rate fitted to |x(t) − x*|_∞ on [3, 8] along the fluid path from e_{0,0} (step h).
     * Columns lambda, d, predicted, jacobian, second, third, fit_3_8, h.
     *
     * @param points rows {λ, d}, 0 &lt; λ &lt; 1 and integer d ≥ 2
     * @param step step h of the fluid integration (water-filling Euler scheme, docs/sqdn.md §4), &gt; 0; its error
     *        is O(h)
     * @return one row per point with λ &lt; 1 − 1/d (others are skipped), columns as listed
     */
    public static Table rates(double[][] points, double step) {
        Objects.requireNonNull(points, "points");
        Table t = Table.create("Theorem 3: convergence rates", DoubleColumn.create("lambda"), IntColumn.create("d"),
                DoubleColumn.create("predicted"), DoubleColumn.create("jacobian"), DoubleColumn.create("second"),
                DoubleColumn.create("third"), DoubleColumn.create("fit_3_8"), DoubleColumn.create("h"));
        for (double[] p : points) {
            double lambda = p[0];
            int d = (int) p[1];
            if (!(lambda < 1 - 1.0 / d)) {
                throw new IllegalArgumentException("lambda = " + lambda + " with d = " + d
                        + "; allowed: lambda < 1 − 1/d (Theorem 3)");
            }
            double[][] xStar = SqdnFluid.fixedPoint(lambda, d);
            int buffer = 2;
            double[] flat = SqdnFluid.toFlat(SqdnFluid.withBuffer(xStar, buffer));
            UnaryOperator<double[]> drift = x -> SqdnFluid.toFlat(SqdnFluid.drift(lambda, d, SqdnFluid.fromFlat(x, buffer)));
            double[] decay = distinct(ExponentialConvergence.decayRates(drift, flat, 0, 1e-3), 1e-6);
            double[] times = grid(FIT_TO, 0.05);
            SqdnFluid.Path path = SqdnFluid.integrate(lambda, d, SqdnFluid.unit(20, 0, 0), times, step);
            double[] dist = new double[times.length];
            for (int k = 0; k < times.length; k++) {
                dist[k] = SqdnFluid.distance(path.states()[k], xStar);
            }
            double fit = ExponentialConvergence.fitRate(times, dist, FIT_FROM, FIT_TO).rate();
            t.doubleColumn("lambda").append(lambda);
            t.intColumn("d").append(d);
            t.doubleColumn("predicted").append(Math.min(1, lambda * d));
            t.doubleColumn("jacobian").append(decay[0]);
            t.doubleColumn("second").append(decay.length > 1 ? decay[1] : Double.NaN);
            t.doubleColumn("third").append(decay.length > 2 ? decay[2] : Double.NaN);
            t.doubleColumn("fit_3_8").append(fit);
            t.doubleColumn("h").append(step);
        }
        return t;
    }

    /**
     * Distances to x* along fluid paths from e_{0,0}, one per (λ, d).
     *
     * @param points rows {λ, d}, 0 &lt; λ &lt; 1 and integer d ≥ 2
     * @param step step h of the fluid integration (water-filling Euler scheme, docs/sqdn.md §4), &gt; 0; its error
     *        is O(h)
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @return the paths, one per point in the order given, sampled at the output times
     */
    public static Paths paths(double[][] points, double step, double horizon) {
        Objects.requireNonNull(points, "points");
        if (!(horizon > 0 && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 0 < horizon < ∞");
        }
        double[] times = grid(horizon, horizon / 1000);
        List<double[]> distances = Parallel.map(List.of(points), p -> {   // the paths side by side on all cores
            double lambda = p[0];
            int d = (int) p[1];
            double[][] xStar = SqdnFluid.fixedPoint(lambda, d);
            SqdnFluid.Path path = SqdnFluid.integrate(lambda, d, SqdnFluid.unit(20, 0, 0), times, step);
            double[] dist = new double[times.length];
            for (int k = 0; k < times.length; k++) {
                dist[k] = SqdnFluid.distance(path.states()[k], xStar);
            }
            return dist;
        });
        return new Paths(points, step, times, distances);
    }

    /** Fluid paths' distances to the fixed point. */
    public static final class Paths {
        private final double[][] points;
        private final double step;
        private final double[] times;
        private final List<double[]> distances;

        private Paths(double[][] points, double step, double[] times, List<double[]> distances) {
            this.points = points;
            this.step = step;
            this.times = times;
            this.distances = distances;
        }

        /** {@return the output times, in mean service times, shared by every path} */
        public double[] times() {
            return times.clone();
        }

        /**
         * {@return |x(t) − x*|_∞ of path {@code k}}
         *
         * @param k the path's index, in the order of the points
         */
        public double[] distance(int k) {
            return distances.get(k).clone();
        }

        /**
         * First time after which the distance stays below {@code eps} (NaN if it never does by the horizon). The
         * O(h) bias of the scheme puts a floor under the distance, so {@code eps} must be well above h.
         *
         * @param k the path's index, in the order of the points
         * @param eps the distance to stay below, well above h
         * @return the settling time, in mean service times, or NaN
         */
        public double settlingTime(int k, double eps) {
            double[] dist = distances.get(k);
            int last = -1;
            for (int i = 0; i < dist.length; i++) {
                if (dist[i] >= eps) {
                    last = i;
                }
            }
            return last == dist.length - 1 ? Double.NaN : times[last + 1];
        }

        /**
         * {@return a table with columns lambda, d, jstar, settling time to eps, distance at the horizon, horizon, h}
         *
         * @param eps the distance to stay below, well above h
         */
        public Table settlingTimes(double eps) {
            Table t = Table.create("time to |x − x*|_∞ < " + Labels.number(eps) + " from all idle",
                    DoubleColumn.create("lambda"),
                    IntColumn.create("d"), IntColumn.create("jstar"), DoubleColumn.create("settling_time"),
                    DoubleColumn.create("distance_at_horizon"), DoubleColumn.create("horizon"),
                    DoubleColumn.create("h"));
            for (int k = 0; k < points.length; k++) {
                t.doubleColumn("lambda").append(points[k][0]);
                t.intColumn("d").append((int) points[k][1]);
                t.intColumn("jstar").append(SqdnFluid.jStar(points[k][0], (int) points[k][1]));
                t.doubleColumn("settling_time").append(settlingTime(k, eps));
                double[] dist = distances.get(k);
                t.doubleColumn("distance_at_horizon").append(dist[dist.length - 1]);
                t.doubleColumn("horizon").append(times[times.length - 1]);
                t.doubleColumn("h").append(step);
            }
            return t;
        }

        /**
         * {@return whether the settling times to {@code eps} increase along the given order (a path never settled
         * counts as ∞)}
         *
         * @param eps the distance to stay below, well above h
         */
        public boolean settlingIncreasing(double eps) {
            double previous = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < points.length; k++) {
                double s = settlingTime(k, eps);
                double v = Double.isNaN(s) ? Double.POSITIVE_INFINITY : s;
                if (!(v > previous) && !(Double.isInfinite(v) && Double.isInfinite(previous))) {
                    return false;
                }
                previous = v;
            }
            return true;
        }

        /** {@return all paths over the whole horizon; see {@link #figure(String, double, int...)}} */
        public Figure figure() {
            int[] all = new int[points.length];
            for (int k = 0; k < all.length; k++) {
                all[k] = k;
            }
            return figure("Theorem 3: |x(t) − x*|_∞ from all idle (fluid, h = " + Labels.number(step) + ")",
                    times[times.length - 1], all);
        }

        /**
         * The distances of the chosen paths on [0, upTo], log scale; for λ &lt; 1 − 1/d the predicted slope
         * −min(1, λd) is drawn dotted from t = 3 down to 10⁻⁵ (the distance levels off at the scheme's O(h) bias).
         *
         * @param title the chart's title
         * @param upTo the last time shown, in mean service times
         * @param which the paths' indices; none for all
         * @return the figure
         */
        public Figure figure(String title, double upTo, int... which) {
            if (!(upTo > 0) || which.length == 0) {
                throw new IllegalArgumentException("upTo = " + upTo + ", paths = " + which.length
                        + "; allowed: upTo > 0 and at least one path");
            }
            int last = index(Math.min(upTo, times[times.length - 1]));
            double[] t = java.util.Arrays.copyOf(times, last + 1);
            LineChart chart = LineChart.titled(title)
                    .xLabel("t").yLabel("distance to the fixed point (log)").logY();
            for (int k : which) {
                if (k < 0 || k >= points.length) {
                    throw new IllegalArgumentException("path = " + k + "; allowed: 0 ≤ path < " + points.length);
                }
                double lambda = points[k][0];
                int d = (int) points[k][1];
                String color = Palette.color(k);
                double[] dist = distances.get(k);
                double[] shown = new double[t.length];
                for (int i = 0; i < t.length; i++) {
                    shown[i] = dist[i] > 0 ? dist[i] : Double.NaN;
                }
                chart.line("λ = " + Labels.number(lambda) + ", d = " + d, t, shown, Style.dashed(color));
                if (lambda < 1 - 1.0 / d) {
                    double rate = Math.min(1, lambda * d);
                    int anchor = index(FIT_FROM);
                    double[] slope = new double[t.length];
                    for (int i = 0; i < t.length; i++) {
                        double v = dist[anchor] * Math.exp(-rate * (t[i] - t[anchor]));
                        slope[i] = t[i] >= FIT_FROM && v > 1e-5 ? v : Double.NaN;
                    }
                    chart.line("predicted slope −" + Labels.number(rate), t, slope, Style.dotted(color));
                }
            }
            return chart.build();
        }

        private int index(double t) {
            int best = 0;
            for (int i = 0; i < times.length; i++) {
                if (Math.abs(times[i] - t) < Math.abs(times[best] - t)) {
                    best = i;
                }
            }
            return best;
        }
    }

    static double[] grid(double horizon, double spacing) {
        int n = (int) Math.round(horizon / spacing);
        double[] t = new double[n + 1];
        for (int k = 0; k <= n; k++) {
            t[k] = horizon * k / n;
        }
        return t;
    }

    /** Sorted values with near-duplicates (within tol) merged. */
    static double[] distinct(double[] sorted, double tol) {
        List<Double> out = new ArrayList<>();
        for (double v : sorted) {
            if (out.isEmpty() || Math.abs(v - out.get(out.size() - 1)) > tol) {
                out.add(v);
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
