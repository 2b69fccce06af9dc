package org.queuelab.repro.tabs;

import java.util.List;

import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.result.Trajectory;
import org.queuelab.sim.event.TabsResult;
import org.queuelab.sim.event.TabsSweepResult;

/**
 * The thesis' two kinds of path figure, per-server queue lengths (Figs 1–3) and state fractions (Figs 4, 6a, 7a),
 * and its metric-against-µ figures drawn from a {@link TabsSweepResult} (Figs 5, 6b, 8–13).
 */
public final class TabsCharts {

    /** The four state fractions in the order the thesis plots them. */
    public static final List<String> FRACTIONS = List.of("busy", "idle", "setup", "off");

    private TabsCharts() {
    }

    /**
     * Jobs held by each server against time, one line per server (needs recorded queue lengths).
     *
     * @param run a run that recorded queue lengths
     * @param title the chart's title
     * @return the chart
     */
    public static LineChart queueLengths(TabsResult run, String title) {
        double[] t = run.trajectory().grid().times();
        LineChart chart = LineChart.titled(title).xLabel("time (s)").yLabel("jobs at the server");
        for (int s = 0; s < run.servers(); s++) {
            chart.line("server " + (s + 1), t, run.queueLengths(s), Style.solid(Palette.color(s)));
        }
        return chart;
    }

    /**
     * Fractions of servers busy, idle-on, in set-up and off against time, from one run.
     *
     * @param path one run's trajectory
     * @param title the chart's title
     * @return the chart
     */
    public static LineChart fractions(Trajectory path, String title) {
        double[] t = path.grid().times();
        LineChart chart = LineChart.titled(title).xLabel("time (s)").yLabel("fraction of servers").yRange(0, 1);
        for (int k = 0; k < FRACTIONS.size(); k++) {
            chart.line(FRACTIONS.get(k), t, path.series(FRACTIONS.get(k)), Style.solid(Palette.color(k)));
        }
        return chart;
    }

    /**
     * Fractions against time averaged over replications, with 95% bands.
     *
     * @param average the replications' average trajectory
     * @param title the chart's title
     * @return the chart
     */
    public static LineChart fractions(ReplicatedTrajectory average, String title) {
        double[] t = average.grid().times();
        LineChart chart = LineChart.titled(title).xLabel("time (s)").yLabel("fraction of servers").yRange(0, 1);
        for (int k = 0; k < FRACTIONS.size(); k++) {
            String name = FRACTIONS.get(k);
            chart.band(name + " (95% CI)", t, average.lower(name), average.upper(name), Palette.color(k));
            chart.line(name, t, average.series(name), Style.solid(Palette.color(k)));
        }
        return chart;
    }

    /**
     * One metric of a sweep against x: one solid line per curve with its 95% band (shaded, one legend entry per
     * curve: the y label says "bands: 95% CI"), colours in curve order. Callers add reference curves or levels
     * before {@code build()}.
     *
     * @param result the sweep
     * @param metric the metric's name, e.g. {@code energy}
     * @param title the chart's title
     * @param xLabel the x axis' label
     * @param yLabel the y axis' label
     * @return the chart, for the caller to add to and build
     */
    public static LineChart sweep(TabsSweepResult result, String metric, String title, String xLabel,
                                  String yLabel) {
        LineChart chart = LineChart.titled(title).xLabel(xLabel).yLabel(yLabel + " (bands: 95% CI)")
                .bandsInLegend(false);
        List<String> names = result.series();
        for (int k = 0; k < names.size(); k++) {
            String s = names.get(k);
            String color = Palette.color(k);
            double[] x = result.xs(s);
            chart.band(s + " (95% CI)", x, result.lower(s, metric), result.upper(s, metric), color);
            chart.line(s, x, result.mean(s, metric), Style.solid(color).withMarkers());
        }
        return chart;
    }

    /**
     * A sweep chart of a built-in metric (see {@link #sweep(TabsSweepResult, String, String, String, String)}).
     *
     * @param result the sweep
     * @param metric the quantity
     * @param title  chart title
     * @param xLabel x-axis label
     * @param yLabel y-axis label
     * @return the chart
     */
    public static LineChart sweep(TabsSweepResult result, Metric metric, String title, String xLabel,
                                  String yLabel) {
        return sweep(result, metric.name(), title, xLabel, yLabel);
    }
}
