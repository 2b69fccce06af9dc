package org.queuelab.repro.alba;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.guard.Require;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Convergence of a trajectory to the delay- and energy-optimal point x⋆ of ALBA (Theorem 3, docs/alba.md §6
 * and the entry-time check of docs/alba.md §10.9): x⋆_{0,0} = 1 − λ, x⋆_{1,2} = λ, every other coordinate 0, so
 * that the busy mass y_1, the mean number of jobs per server Q̄ and the cold mass all sit at their optimum.
 *
 * <p>The distance of docs/alba.md §10.9 is |x_{0,0} − (1 − λ)| + |y_1 − λ| + |Q̄ − λ|. It is read from a trajectory
 * table with columns {@code off}, {@code busy} and either {@code meanJobs} (jobs per server, as the fluid and
 * simulated trajectories provide) or {@code jobsPerWarm} and {@code idle}, from which Q̄ = Q·(x_{0,2} + y_1); the
 * work's reference tables, named x00, y1, Qbar, Q and x02, are read too.
 */
public final class OptimalityConvergence {

    /** Builds a model-specific initial state from fractions: cold, initializing, warm with 0, 1, 2, … jobs. */
    @FunctionalInterface
    public interface StateFactory<S> {
        /**
         * {@return the model's state with these fractions (summing to 1)}
         *
         * @param cold         fraction of servers cold
         * @param initializing fraction of servers initializing
         * @param warmByLevel  fraction of servers warm with 0, 1, 2, … jobs
         */
        S of(double cold, double initializing, double... warmByLevel);
    }

    /** Levels used to write the geometric profile of the sub-optimal state (its tail beyond is below 1e-15). */
    private static final int SUBOPTIMAL_LEVELS = 60;

    private OptimalityConvergence() {
    }

    /**
     * The five initial states of the entry-time check (docs/alba.md §10.9) for arrival rate λ (defaults λ = 0.7,
     * β = 0.1): the Figure 1 state
     * (1 − λ cold, λ idle-on); all cold; all idle-on; the sub-optimal fixed point of (20) for JIQ with c = λ/2
     * (x_{0,0} = 1 − λ, x_{i,2} = c(1 − c/λ)^{i−1}, a point where g = 0 would stop a rule blind to x_{1,2});
     * and x_{0,0} = 0.2, x_{0,1} = 0.1, x_{3,2} = 0.7 (as the check gives it, whatever λ).
     *
     * @param <S> the model's state type
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param factory builds a state from the fractions
     * @return the five states by name, in the order above
     */
    public static <S> Map<String, S> initialStates(double lambda, StateFactory<S> factory) {
        Objects.requireNonNull(factory, "factory");
        Require.openUnit("lambda", lambda);
        Map<String, S> states = new LinkedHashMap<>();
        states.put("Fig. 1 state", factory.of(1 - lambda, 0, lambda));
        states.put("all cold", factory.of(1, 0, 0));
        states.put("all idle-on", factory.of(0, 0, 1));
        double c = lambda / 2;
        double[] profile = new double[SUBOPTIMAL_LEVELS + 1];
        double mass = 0;
        for (int i = 1; i <= SUBOPTIMAL_LEVELS; i++) {
            profile[i] = c * Math.pow(1 - c / lambda, i - 1);
            mass += profile[i];
        }
        profile[SUBOPTIMAL_LEVELS] += lambda - mass;    // the geometric tail beyond the last level (≈ 1e-19)
        states.put("a point of S_subopt (c = " + Math.round(c * 1e9) / 1e9 + ")", factory.of(1 - lambda, 0, profile));
        states.put("x₀,₀ = 0.2, x₀,₁ = 0.1, x₃,₂ = 0.7", factory.of(0.2, 0.1, 0, 0, 0, 0.7));
        return states;
    }

    /**
     * Q̄ at every row, the mean number of jobs per server, all N counted: {@code meanJobs} (or the work's
     * {@code Qbar}), else Q·(x_{0,2} + y_1). Columns are read by their {@link Metric} names or, in the work's
     * reference tables, by the paper's (x00, x02, y1, Q).
     *
     * @param trajectory a fluid or simulated trajectory table
     * @return Q̄ at each row
     */
    public static double[] jobsPerServer(Table trajectory) {
        for (String name : List.of(Metric.MEAN_JOBS.name(), "Qbar")) {
            if (trajectory.containsColumn(name)) {
                return trajectory.numberColumn(name).asDoubleArray();
            }
        }
        NumericColumn<?> q = column(trajectory, Metric.JOBS_PER_WARM.name(), "Q");
        NumericColumn<?> idle = column(trajectory, Metric.IDLE.name(), "x02");
        NumericColumn<?> busy = column(trajectory, Metric.BUSY.name(), "y1");
        double[] out = new double[trajectory.rowCount()];
        for (int row = 0; row < out.length; row++) {
            out[row] = q.getDouble(row) * (idle.getDouble(row) + busy.getDouble(row));
        }
        return out;
    }

    /**
     * {@return |x_{0,0} − (1 − λ)| + |y_1 − λ| + |Q̄ − λ| at every row}
     *
     * @param trajectory a trajectory table with the columns of {@link #jobsPerServer}
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     */
    public static double[] distanceToOptimum(Table trajectory, double lambda) {
        NumericColumn<?> cold = column(trajectory, Metric.OFF.name(), "x00");
        NumericColumn<?> busy = column(trajectory, Metric.BUSY.name(), "y1");
        double[] qBar = jobsPerServer(trajectory);
        double[] out = new double[trajectory.rowCount()];
        for (int row = 0; row < out.length; row++) {
            out[row] = Math.abs(cold.getDouble(row) - (1 - lambda)) + Math.abs(busy.getDouble(row) - lambda)
                    + Math.abs(qBar[row] - lambda);
        }
        return out;
    }

    /**
     * The distance to x⋆ against t of each trajectory (column "t"), dashed, one colour each, on a log axis from 10⁻⁶
     * to 10, with the 10⁻³ threshold of {@code docs/alba.md} §10.9 dotted.
     *
     * @param title the chart's title
     * @param trajectories trajectory tables by start name
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @return the chart
     */
    public static LineChart distanceChart(String title, Map<String, Table> trajectories, double lambda) {
        LineChart chart = LineChart.titled(title).xLabel("t").yLabel("|x₀,₀ − (1−λ)| + |y₁ − λ| + |Q̄ − λ|").logY()
                .yRange(1e-6, 10);
        int color = 0;
        for (var e : trajectories.entrySet()) {
            chart.line(e.getKey(), e.getValue().doubleColumn("t").asDoubleArray(),
                    distanceToOptimum(e.getValue(), lambda), Style.dashed(Palette.color(color++)));
        }
        return chart.hline(1e-3, "threshold 10⁻³", Style.dotted("#444444"));
    }

    /**
     * {@return the trajectory's time column and its distance to x⋆, as a table (columns t, distance)}
     *
     * @param trajectory a trajectory table with the columns of {@link #jobsPerServer}
     * @param timeColumn the name of its time column
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param name the table's name
     */
    public static Table distanceTable(Table trajectory, String timeColumn, double lambda, String name) {
        return Table.create(name, DoubleColumn.create(timeColumn, column(trajectory, timeColumn, timeColumn).asDoubleArray()),
                DoubleColumn.create("distance", distanceToOptimum(trajectory, lambda)));
    }

    /**
     * The time from which the distance stays at or below {@code threshold} until the end of the table: linear
     * interpolation between the last sample above the threshold and the next one. 0 if the distance never
     * exceeds it; +∞ if the last sample is still above it (not reached within the horizon).
     *
     * @param trajectory a trajectory table with the columns of {@link #jobsPerServer}
     * @param timeColumn the name of its time column
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param threshold the distance to stay within, &gt; 0
     * @return the entry time, in the units of the time column (0 or +∞ as above)
     */
    public static double entryTime(Table trajectory, String timeColumn, double lambda, double threshold) {
        if (!(threshold > 0)) {
            throw new IllegalArgumentException("threshold = " + threshold + "; allowed: threshold > 0");
        }
        double[] t = column(trajectory, timeColumn, timeColumn).asDoubleArray();
        double[] dist = distanceToOptimum(trajectory, lambda);
        int last = dist.length - 1;
        if (last < 0) {
            throw new IllegalArgumentException("empty trajectory " + trajectory.name());
        }
        if (!(dist[last] <= threshold)) {
            return Double.POSITIVE_INFINITY;
        }
        int k = last;
        while (k > 0 && dist[k - 1] <= threshold) {
            k--;
        }
        if (k == 0) {
            return t[0];
        }
        // dist[k-1] > threshold ≥ dist[k]
        double f = (dist[k - 1] - threshold) / (dist[k - 1] - dist[k]);
        return t[k - 1] + f * (t[k] - t[k - 1]);
    }

    /** The column of the canonical name, else of the work's name. */
    private static NumericColumn<?> column(Table table, String canonical, String workName) {
        for (String name : List.of(canonical, workName)) {
            if (table.containsColumn(name)) {
                return table.numberColumn(name);
            }
        }
        throw new IllegalArgumentException("column " + canonical + " (or " + workName + ") not in " + table.name()
                + "; it has " + table.columnNames());
    }

    /**
     * Stationary averages of a simulated run (metrics off, setup, idle, busy, meanJobs, response, energy,
     * relativeWastage with their
     * 95% half-widths) beside their values at x⋆: 1 − λ, 0, 0, λ, λ, 1, λ, 0.
     *
     * @param result the replicated run, with the metrics listed above
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param name the table's name
     * @return one row per metric, columns metric, simulation, ± (95%), x⋆
     */
    public static Table stationaryTable(ReplicatedResult<OccupancyRun> result, double lambda, String name) {
        Map<String, Double> atOptimum = new LinkedHashMap<>();
        atOptimum.put(Metric.OFF.name(), 1 - lambda);
        atOptimum.put(Metric.SETUP.name(), 0.0);
        atOptimum.put(Metric.IDLE.name(), 0.0);
        atOptimum.put(Metric.BUSY.name(), lambda);
        atOptimum.put(Metric.MEAN_JOBS.name(), lambda);
        atOptimum.put(Metric.RESPONSE.name(), 1.0);
        atOptimum.put(Metric.ENERGY.name(), lambda);
        atOptimum.put(Metric.RELATIVE_WASTAGE.name(), 0.0);
        Table t = Table.create(name, StringColumn.create("metric"), DoubleColumn.create("simulation"),
                DoubleColumn.create("± (95%)"), DoubleColumn.create("x⋆"));
        for (var e : atOptimum.entrySet()) {
            Estimate est = result.estimate(e.getKey());
            t.stringColumn("metric").append(e.getKey());
            t.doubleColumn("simulation").append(est.mean());
            t.doubleColumn("± (95%)").append(est.halfWidth());
            t.doubleColumn("x⋆").append(e.getValue());
        }
        return t;
    }
}
