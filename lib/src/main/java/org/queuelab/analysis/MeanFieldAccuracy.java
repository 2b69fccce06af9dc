package org.queuelab.analysis;

import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;

import org.queuelab.guard.Require;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.result.TableBuilder;

import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * Accuracy of the mean-field approximation as N grows (docs/alba.md §3 Theorem 1, §10.14): the sup-norm gap
 * between the fluid trajectory and the average of simulated trajectories for several N, and the rate at which it
 * shrinks. Theorem 1 only says the gap vanishes; the usual central-limit scaling predicts about 1/√N, which the
 * notebook shows as a reference line c/√N with c fitted to the points (least squares on log gap at slope −1/2),
 * beside the free least-squares slope of log gap against log N.
 *
 * <p>The gap of an average of R replications is itself noisy, of order 1/√(RN) at best, so the slope is a
 * qualitative check.
 */
public final class MeanFieldAccuracy {

    /**
     * One system size: N, the gap, and where it occurs.
     *
     * @param n   N, the number of servers
     * @param gap the sup-norm gap between fluid and simulated average at this N, with its series and time
     */
    public record Point(int n, Comparison.Gap gap) {
    }

    /**
     * The study: points, the fitted constant of c/√N, and the free log-log slope.
     *
     * @param points       the measured points, in the order of the sizes
     * @param sqrtConstant c of the reference line c/√N: exp of the mean of log gap + ½ log N
     * @param slope        the least-squares slope of log gap against log N (about −½ under central-limit scaling)
     */
    public record Study(List<Point> points, double sqrtConstant, double slope) {

        /**
         * The reference line c/√N at n.
         *
         * @param n N, ≥ 1
         * @return c/√n, in the gap's units
         */
        public double reference(int n) {
            return sqrtConstant / Math.sqrt(n);
        }

        /**
         * The points as a table.
         *
         * @return a new table with columns N, gap, c/sqrt(N), at column, at t: one row per point
         */
        public Table toTable() {
            TableBuilder t = TableBuilder.named("sup-norm gap, fluid vs simulation").ints("N")
                    .doubles("gap", "c/sqrt(N)").strings("at column").doubles("at t");
            for (Point p : points) {
                t.row(p.n(), p.gap().error(), reference(p.n()), p.gap().series(), p.gap().time());
            }
            return t.build();
        }

        /**
         * The measured gaps against N and the line c/√N, on log–log axes.
         *
         * @param title  the figure's title
         * @param yLabel the y axis' title (what the gap measures)
         * @return the figure, x axis "N (servers)"
         */
        public Figure figure(String title, String yLabel) {
            double[] sizes = points.stream().mapToDouble(Point::n).toArray();
            double[] gaps = points.stream().mapToDouble(p -> p.gap().error()).toArray();
            double[] line = points.stream().mapToDouble(p -> reference(p.n())).toArray();
            return LineChart.titled(title).xLabel("N (servers)").yLabel(yLabel).logX().logY()
                    .line("measured gap", sizes, gaps, Style.solid(Palette.color(0)).withMarkers())
                    .line("c/√N (c fitted)", sizes, line, Style.dashed("#444444"))
                    .build();
        }
    }

    private MeanFieldAccuracy() {
    }

    /**
     * Runs {@code simulatedMean} for each N and measures its sup-norm gap to {@code fluid} over {@code columns}
     * on [from, to].
     *
     * @param ns            the system sizes N, at least two, each ≥ 1 (at least two distinct for the fit)
     * @param simulatedMean N ↦ the average simulated trajectory (same time column as the fluid), not null
     * @param fluid         the fluid trajectory, a table with {@code timeColumn} covering [from, to]
     * @param timeColumn    the name of the time column in both tables
     * @param columns       the series compared, named alike in both tables, at least one
     * @param from          start of the compared window
     * @param to            end of the compared window, ≥ {@code from}
     * @return the points and the fits ({@link #fit})
     * @throws IllegalArgumentException if fewer than two sizes are given, a size is below 1, a column is missing, a
     *                                  compared time is not covered by the fluid, or as {@link #fit}
     */
    public static Study study(int[] ns, IntFunction<Table> simulatedMean, Table fluid, String timeColumn,
                              List<String> columns, double from, double to) {
        Objects.requireNonNull(simulatedMean, "simulatedMean");
        if (ns == null || ns.length < 2) {
            throw new IllegalArgumentException("ns = " + java.util.Arrays.toString(ns)
                    + "; allowed: at least two system sizes");
        }
        List<Point> points = new java.util.ArrayList<>();
        for (int n : ns) {
            Require.atLeast("N", n, 1);
            points.add(gap(n, simulatedMean.apply(n), fluid, timeColumn, columns, from, to));
        }
        return fit(points);
    }

    /**
     * One system size's point: the sup-norm gap between {@code fluid} and {@code simulatedMean} over
     * {@code columns} on [from, to].
     *
     * @param n             N, ≥ 1
     * @param simulatedMean the average simulated trajectory at N (same time column as the fluid)
     * @param fluid         the fluid trajectory
     * @param timeColumn    the time column of both tables
     * @param columns       the compared columns
     * @param from          start of the compared window
     * @param to            end of the compared window
     * @return N and the largest gap, with the column and time where it occurs
     */
    public static Point gap(int n, Table simulatedMean, Table fluid, String timeColumn, List<String> columns,
                            double from, double to) {
        Require.atLeast("N", n, 1);
        return new Point(n, Comparison.of(Comparison.Side.table("fluid", fluid, timeColumn),
                        Comparison.Side.table("simulation", simulatedMean, timeColumn))
                .series(columns.toArray(String[]::new)).window(from, to).supNorm());
    }

    /**
     * Fits c/√N (least squares on log gap at slope −½) and the free log-log slope to measured points.
     *
     * @param points the points, at least two, with at least two distinct N and every gap &gt; 0
     * @return the study, holding a copy of the points
     * @throws IllegalArgumentException if there are fewer than two points, a gap is not &gt; 0 (or NaN), or all N are
     *                                  equal
     */
    public static Study fit(List<Point> points) {
        int m = points.size();
        if (m < 2) {
            throw new IllegalArgumentException(m + " points; allowed: at least two");
        }
        double sumX = 0;
        double sumY = 0;
        double sumLogC = 0;
        for (Point p : points) {
            double g = p.gap().error();
            if (!(g > 0)) {
                throw new IllegalArgumentException("gap = " + g + " at N = " + p.n() + "; allowed: gap > 0");
            }
            double x = Math.log(p.n());
            double y = Math.log(g);
            sumX += x;
            sumY += y;
            sumLogC += y + 0.5 * x;
        }
        double meanX = sumX / m;
        double meanY = sumY / m;
        double sxx = 0;
        double sxy = 0;
        for (Point p : points) {
            double dx = Math.log(p.n()) - meanX;
            sxx += dx * dx;
            sxy += dx * (Math.log(p.gap().error()) - meanY);
        }
        if (sxx == 0) {
            throw new IllegalArgumentException("all points have the same N; allowed: at least two distinct N");
        }
        return new Study(List.copyOf(points), Math.exp(sumLogC / m), sxy / sxx);
    }
}
