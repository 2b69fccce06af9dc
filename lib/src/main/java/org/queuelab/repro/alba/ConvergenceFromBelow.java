package org.queuelab.repro.alba;

import java.util.List;

import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.policy.CapacityBelowDemand;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.Scaling;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sweep.Parallel;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * ALBA's Proposition, convergence from below (docs/alba.md §6, §10.10): JIQ with the rule
 * g = min{1, κ(λ − y0)⁺} ("capacity below demand"), the Figure 1 rates, B = ∞, from x00 = 0.5, x12 = 0.5 (half the
 * servers cold, half busy with one job). Overdamped iff β ≥ 4ακ: then y0 never exceeds λ, no idle-on server
 * appears, and the delay does not vanish; otherwise y0 overshoots λ and Q̄ approaches λ.
 *
 * @param kappa the gain κ
 * @param path  the fluid trajectory (columns t, y0, x02, Qbar, …)
 */
public record ConvergenceFromBelow(double kappa, Table path) {

    /**
     * Integrates the fluid with {@code levels} queue levels (queues grow to about 20 jobs: truncate deep).
     *
     * @param kappa the gain κ &gt; 0
     * @param levels queue levels kept by the truncated fluid (B = ∞ is truncated there), deep enough for queues of
     *        about 20 jobs
     * @param grid the output times
     * @return the gain with its fluid path (columns t and the metrics by name)
     */
    public static ConvergenceFromBelow run(double kappa, int levels, TimeGrid grid) {
        AlbaModel model = new AlbaModel(Figure1.LAMBDA, JoinBelowThreshold.jiq(), Buffers.INFINITE,
                Scaling.asynchronous(new CapacityBelowDemand(kappa), Figure1.ALPHA), Figure1.BETA, Figure1.GAMMA);
        AlbaFluid fluid = new AlbaFluid(model, levels);
        return new ConvergenceFromBelow(kappa, fluid.integrate(fluid.state(0.5, 0, 0, 0.5), grid.times()).toTable());
    }

    /**
     * {@return {@link #run} at each gain, in order, the gains side by side on all cores}
     *
     * @param kappas gains κ, each &gt; 0
     * @param levels queue levels kept by the truncated fluid
     * @param grid the output times
     */
    public static List<ConvergenceFromBelow> runAll(double[] kappas, int levels, TimeGrid grid) {
        return Parallel.map(java.util.Arrays.stream(kappas).boxed().toList(), k -> run(k, levels, grid));
    }

    /** {@return whether β ≥ 4ακ: overdamped, y0 never exceeds λ and no idle-on server appears} */
    public boolean overdamped() {
        return Figure1.BETA >= 4 * Figure1.ALPHA * kappa;
    }

    /** {@return the largest fraction of servers warm along the path, max_t y0(t)} */
    public double maxWarm() {
        return path.doubleColumn(Metric.WARM.name()).max();
    }

    /** {@return the largest fraction of servers idle-on along the path, max_t x02(t)} */
    public double maxIdleOn() {
        return path.doubleColumn(Metric.IDLE.name()).max();
    }

    /** {@return Q̄, mean jobs per server, at the last time of the path} */
    public double finalJobsPerServer() {
        return path.doubleColumn(Metric.MEAN_JOBS.name()).getDouble(path.rowCount() - 1);
    }

    /**
     * {@return a table, one row per κ: regime, max y0, max x02, Q̄ at the end, beside the reference ({@code
     * proposition_below.csv})}
     *
     * @param runs the runs, one per κ
     * @param reference the reference table ({@code proposition_below.csv}) with columns kappa, max_y0, Qbar_limit
     */
    public static Table summary(List<ConvergenceFromBelow> runs, Table reference) {
        Table t = Table.create("Proposition: convergence from below", DoubleColumn.create("κ"),
                StringColumn.create("regime"), DoubleColumn.create("max y0"), DoubleColumn.create("max y0 (ref)"),
                DoubleColumn.create("max x02"), DoubleColumn.create("Qbar(end)"),
                DoubleColumn.create("Qbar limit (ref)"));
        for (ConvergenceFromBelow r : runs) {
            t.doubleColumn("κ").append(r.kappa());
            t.stringColumn("regime").append(r.overdamped() ? "overdamped (β ≥ 4ακ)" : "underdamped");
            t.doubleColumn("max y0").append(r.maxWarm());
            t.doubleColumn("max y0 (ref)").append(referenceValue(reference, r.kappa(), "max_y0"));
            t.doubleColumn("max x02").append(r.maxIdleOn());
            t.doubleColumn("Qbar(end)").append(r.finalJobsPerServer());
            t.doubleColumn("Qbar limit (ref)").append(referenceValue(reference, r.kappa(), "Qbar_limit"));
        }
        return t;
    }

    /**
     * {@return the reference's {@code column} in the row of κ; NaN where the reference leaves it empty}
     *
     * @param reference a reference table with a numeric column kappa
     * @param kappa the gain κ &gt; 0
     * @param column the column to read
     * @throws IllegalArgumentException if no row has this κ
     */
    public static double referenceValue(Table reference, double kappa, String column) {
        for (int i = 0; i < reference.rowCount(); i++) {
            if (reference.numberColumn("kappa").getDouble(i) == kappa) {
                var c = reference.numberColumn(column);
                return c.isMissing(i) ? Double.NaN : c.getDouble(i);
            }
        }
        throw new IllegalArgumentException("kappa = " + kappa + " not in " + reference.name());
    }

    /**
     * {@return one column of every run against t (dashed: fluid)}
     *
     * @param runs the runs, one line each
     * @param column the path's column to plot (a {@link Metric} name)
     * @param title the chart's title
     * @param yLabel the y axis' label
     */
    public static LineChart chart(List<ConvergenceFromBelow> runs, String column, String title, String yLabel) {
        LineChart chart = LineChart.titled(title).xLabel("t").yLabel(yLabel);
        int k = 0;
        for (ConvergenceFromBelow r : runs) {
            chart.line("κ = " + org.queuelab.plot.Labels.number(r.kappa()), r.path().doubleColumn("t").asDoubleArray(),
                    r.path().doubleColumn(column).asDoubleArray(), Style.dashed(Palette.color(k++)));
        }
        return chart;
    }

    /**
     * One quantity of every run against t (dashed: fluid).
     *
     * @param runs   the runs
     * @param metric the quantity
     * @param title  chart title
     * @param yLabel y-axis label
     * @return the chart
     */
    public static LineChart chart(List<ConvergenceFromBelow> runs, Metric metric, String title, String yLabel) {
        return chart(runs, metric.name(), title, yLabel);
    }

    /**
     * {@return the figures' common form: {@link #chart} built}
     *
     * @param runs the runs, one line each
     * @param column the path's column to plot (a {@link Metric} name)
     * @param title the chart's title
     * @param yLabel the y axis' label
     */
    public static Figure figure(List<ConvergenceFromBelow> runs, String column, String title, String yLabel) {
        return chart(runs, column, title, yLabel).build();
    }
}
