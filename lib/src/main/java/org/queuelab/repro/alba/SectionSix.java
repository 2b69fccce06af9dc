package org.queuelab.repro.alba;

import java.util.LinkedHashMap;
import java.util.Map;

import org.queuelab.meanfield.AlbaTradeoff;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * ALBA's Section VI energy–delay trade-off (docs/alba.md §7, §10.12–§10.13) with the Figure 1 rates: E(θ) and R(θ) at
 * the Blind-θ fixed point of Theorem 2 for Power-of-2, JBT-1 and JIQ, the weighted problem (P1)
 * min E + w·R and the constrained problem (P2) min E subject to R ≤ R_max, as tables in the reference files'
 * columns.
 */
public final class SectionSix {

    private SectionSix() {
    }

    /**
     * {@return the three dispatchers' trade-offs: "Power-of-2", "JBT-1", "JIQ"}
     *
     * @param levels queue levels of the truncated fixed point (B = ∞), ≥ 1
     */
    public static Map<String, AlbaTradeoff> tradeoffs(int levels) {
        Map<String, AlbaTradeoff> out = new LinkedHashMap<>();
        for (Dispatch d : new Dispatch[] {new PowerOfD(2), new JoinBelowThreshold(1), JoinBelowThreshold.jiq()}) {
            out.put(d.label(), new AlbaTradeoff(Figure1.LAMBDA, Figure1.ALPHA, Figure1.BETA, Figure1.GAMMA, d,
                    levels));
        }
        return out;
    }

    /**
     * {@return n values of θ evenly spaced in (0, θmax]}
     *
     * @param thetaMax the largest θ, &gt; 0
     * @param n the number of values, ≥ 1
     */
    public static double[] thetaGrid(double thetaMax, int n) {
        double[] thetas = new double[n];
        for (int i = 0; i < n; i++) {
            thetas[i] = thetaMax * (i + 1) / n;
        }
        return thetas;
    }

    /**
     * {@return a table with columns theta, E (the same for every dispatcher), then "R &lt;dispatcher&gt;" per
     * trade-off}
     *
     * @param tradeoffs trade-offs by dispatcher label, as {@link #tradeoffs} gives them
     * @param thetas the θ values, each in (0, θ_c]
     */
    public static Table sweep(Map<String, AlbaTradeoff> tradeoffs, double[] thetas) {
        Table sweep = Table.create("θ sweep (docs/alba.md §10.12): E(θ), R(θ) at the Blind-θ fixed point", DoubleColumn.create("theta",
                thetas));
        for (var e : tradeoffs.entrySet()) {
            Table s = e.getValue().curve(thetas);
            if (sweep.columnCount() == 1) {
                sweep.addColumns(s.doubleColumn("E").copy().setName("E"));
            }
            sweep.addColumns(s.doubleColumn("R").copy().setName("R " + e.getKey()));
        }
        return sweep;
    }

    /**
     * {@return (P1)'s optimum for each weight, a table with columns w, theta_opt, E, R}
     *
     * @param tradeoff the dispatcher's trade-off
     * @param weights the weights w of (P1), each in [0, 1]
     */
    public static Table weighted(AlbaTradeoff tradeoff, double[] weights) {
        Table t = Table.create("(P1) min E(θ) + w·R(θ)", DoubleColumn.create("w"), DoubleColumn.create("theta_opt"),
                DoubleColumn.create("E"), DoubleColumn.create("R"));
        for (double w : weights) {
            AlbaTradeoff.Point p = tradeoff.weighted(w);
            t.doubleColumn("w").append(w);
            t.doubleColumn("theta_opt").append(p.theta());
            t.doubleColumn("E").append(p.energy());
            t.doubleColumn("R").append(p.responseTime());
        }
        return t;
    }

    /**
     * (P2) for each bound: columns R_max, feasible, theta, E (NaN when infeasible). R decreases in θ, so the
     * problem is feasible iff R(θmax) ≤ R_max, θmax = min(1, θ_c).
     *
     * @param tradeoff the dispatcher's trade-off
     * @param bounds the bounds R_max on the mean response time, in mean service times
     * @return one row per bound
     */
    public static Table constrained(AlbaTradeoff tradeoff, double[] bounds) {
        double rAtThetaMax = tradeoff.at(Math.min(1, tradeoff.thetaCritical())).responseTime();
        Table t = Table.create("(P2) min E(θ) s.t. R(θ) ≤ R_max", DoubleColumn.create("R_max"),
                BooleanColumn.create("feasible"), DoubleColumn.create("theta"), DoubleColumn.create("E"));
        for (double rMax : bounds) {
            boolean feasible = rAtThetaMax <= rMax;
            AlbaTradeoff.Point p = feasible ? tradeoff.constrained(rMax) : null;
            t.doubleColumn("R_max").append(rMax);
            t.booleanColumn("feasible").append(feasible);
            t.doubleColumn("theta").append(feasible ? p.theta() : Double.NaN);
            t.doubleColumn("E").append(feasible ? p.energy() : Double.NaN);
        }
        return t;
    }

    /**
     * {@return one dashed curve per sweep: {@code y} against {@code x} (column names of {@link AlbaTradeoff#curve})}
     *
     * @param sweeps curve tables by dispatcher label
     * @param x the column on the x axis
     * @param y the column on the y axis
     * @param title the chart's title
     */
    public static LineChart curves(Map<String, Table> sweeps, String x, String y, String title) {
        LineChart chart = LineChart.titled(title);
        int k = 0;
        for (var e : sweeps.entrySet()) {
            chart.line(e.getKey(), e.getValue().numberColumn(x).asDoubleArray(),
                    e.getValue().doubleColumn(y).asDoubleArray(), Style.dashed(Palette.color(k++)));
        }
        return chart;
    }

    /**
     * The frontier R against E of every sweep, with (P1)'s optima as dotted markers. R is shown up to 8 (it grows
     * without bound as θ → 0), or a little above the highest optimum so that no marker sits on the edge.
     *
     * @param sweeps curve tables (columns E and R) by dispatcher label
     * @param weighted a {@link #weighted} table of optima
     * @return the figure
     */
    public static Figure frontier(Map<String, Table> sweeps, Table weighted) {
        double top = Math.max(8, weighted.doubleColumn("R").max()) * 1.06;
        return curves(sweeps, "E", "R", "Energy–delay trade-off of Blind-θ (θ ∈ (0, θ_c]), and the optima of (P1)")
                .xLabel("E (energy)").yLabel("R (mean response time)").yRange(0.5, top)
                .line("(P1) optima, Power-of-2, w = " + java.util.Arrays.toString(weighted.doubleColumn("w")
                                .asDoubleArray()), weighted.doubleColumn("E").asDoubleArray(),
                        weighted.doubleColumn("R").asDoubleArray(), new Style(Palette.color(3), Style.Dash.DOT, 1, true))
                .build();
    }
}
