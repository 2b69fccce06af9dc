package org.queuelab.repro.alba;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import org.queuelab.guard.Require;
import org.queuelab.model.AlbaModel;
import org.queuelab.plot.Labels;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.policy.Scaling;
import org.queuelab.repro.Finding;
import org.queuelab.repro.OverN;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * JIQ + Rate-Idle on the exact finite-N chain against its fluid limit x⋆ (Theorem 3, docs/alba.md §6): at x⋆
 * the energy E = 1 − x_{0,0} equals λ and the mean number of jobs per server Q̄ equals λ (R = 1). The study
 * estimates E and Q̄ at several N and gains κ, and how the gap E − λ shrinks with N: a slope of −1/2 in
 * log(E − λ) against log N is the 1/√N rate of fluctuations, −1 the 1/N rate of a mean-field bias.
 *
 * <p>Each run starts at x⋆'s counts (1 − λ cold, λ busy with one job) so that the burn-in only has to cover the
 * relaxation to the finite-N stationary regime.
 *
 * @param lambda  arrival rate per server λ ∈ (0, 1)
 * @param alpha   scaling-time rate α
 * @param beta    initialization rate β
 * @param gamma   expiration rate γ
 * @param buffer  B
 * @param horizon end of each run
 * @param burnIn  start of the averaging window
 * @param runs    replications per (κ, N), ≥ 2 (for intervals)
 * @param seed    seed of every replicated run
 */
public record RateIdleOverN(double lambda, double alpha, double beta, double gamma, int buffer, double horizon,
                            double burnIn, int runs, long seed) {

    /**
     * One (gain, N) point.
     *
     * @param gain the gain's label
     * @param kappa the gain κ at this λ
     * @param n number of servers N
     * @param energy E, fraction of servers not cold, with its 95% interval over the runs
     * @param meanJobs Q̄, mean jobs per server
     * @param response mean response time, in mean service times
     * @param busy fraction of servers busy
     */
    public record Row(String gain, double kappa, int n, Estimate energy, Estimate meanJobs, Estimate response,
                      Estimate busy) {

        /**
         * {@return E − λ at the point}
         *
         * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
         */
        public double energyGap(double lambda) {
            return energy.mean() - lambda;
        }
    }

    /**
     * Validates λ and the replications, and the run window by building it.
     *
     * @param lambda  arrival rate per server, 0 &lt; λ &lt; 1
     * @param alpha   scaling-time rate α, checked by the model
     * @param beta    initialization rate β, checked by the model
     * @param gamma   expiration rate γ, checked by the model
     * @param buffer  B, checked by the model
     * @param horizon end of each run, checked by {@link RunWindow}
     * @param burnIn  start of the averaging window, checked by {@link RunWindow}
     * @param runs    replications per (κ, N), ≥ 2
     * @param seed    seed of every replicated run
     * @throws IllegalArgumentException if a parameter is out of its range
     */
    public RateIdleOverN {
        if (runs < 2) {
            throw new IllegalArgumentException("runs = " + runs + "; allowed: runs ≥ 2 (for 95% intervals)");
        }
        Require.openUnit("lambda", lambda);
        // rates, buffer, horizon and burn-in are checked by AlbaModel and RunWindow
        RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle()).withGrid(TimeGrid.of(horizon, horizon))
                .withWarmup(burnIn);
    }

    /**
     * {@return the rates of ALBA's Figure 1 (λ = 0.7, α = 0.05, β = 0.1, γ = 0.025, B = 100)}
     *
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @param burnIn time discarded at the start of each run before averaging, ≥ 0
     * @param runs replications per (κ, N), ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     */
    public static RateIdleOverN figure1Rates(double horizon, double burnIn, int runs, long seed) {
        return new RateIdleOverN(Figure1.LAMBDA, Figure1.ALPHA, Figure1.BETA, Figure1.GAMMA, Figure1.BUFFER,
                horizon, burnIn, runs, seed);
    }

    /** {@return the two gains the work's material uses: κ = 1/α (a large gain) and κ = 2} */
    public List<RateIdleScaling> standardGains() {
        return List.of(RateIdleScaling.inverseAlpha(), RateIdleScaling.withGain(2));
    }

    /**
     * {@return the model JIQ + Rate-Idle with this gain}
     *
     * @param rule the Rate-Idle rule (its gain)
     */
    public AlbaModel model(RateIdleScaling rule) {
        return new AlbaModel(lambda, JoinBelowThreshold.jiq(), buffer, Scaling.asynchronous(rule, alpha), beta,
                gamma);
    }

    /**
     * {@return the replicated chain at one gain and N}
     *
     * @param rule the Rate-Idle rule (its gain)
     * @param n number of servers N, ≥ 1
     */
    public Row at(RateIdleScaling rule, int n) {
        Objects.requireNonNull(rule, "rule");
        RunWindow spec = RunWindow.until(horizon).withInitial(InitialOccupancy.fractions(1 - lambda, 0, 0, lambda))
                .withGrid(TimeGrid.of(horizon, horizon / 4)).withWarmup(burnIn);
        ReplicatedResult<OccupancyRun> r = Ctmc.of(model(rule), n).replicate(spec, seed, runs);
        return new Row(rule.label(), rule.kappa(lambda, alpha), n, r.estimate(Metric.ENERGY),
                r.estimate(Metric.MEAN_JOBS), r.estimate(Metric.RESPONSE), r.estimate(Metric.BUSY));
    }

    /**
     * {@return every gain at every N, gain by gain}
     *
     * @param gains the Rate-Idle rules to run
     * @param ns system sizes N, in increasing order
     */
    public List<Row> run(List<RateIdleScaling> gains, int... ns) {
        if (ns.length < 2) {
            throw new IllegalArgumentException("ns: " + ns.length + " values; allowed: at least 2 sizes N");
        }
        List<Row> rows = new ArrayList<>();
        for (RateIdleScaling g : gains) {
            for (int n : ns) {
                rows.add(at(g, n));
            }
        }
        return rows;
    }

    /**
     * Columns gain, κ, N, E, E ±, E − λ, (E − λ)·√N, (E − λ)·N, Q̄, Q̄ ±, Q̄ − λ, R, R ±, busy, busy ±, and the
     * fluid's values at x⋆ (E = Q̄ = λ, R = 1).
     *
     * @param rows the rows from {@link #run}
     * @return one row per gain and N, columns as listed
     */
    public Table table(List<Row> rows) {
        Table t = Table.create("JIQ + Rate-Idle over N against the fluid's x⋆ (λ = " + Labels.number(lambda) + ")",
                StringColumn.create("gain"), DoubleColumn.create("κ"), IntColumn.create("N"),
                DoubleColumn.create("E"), DoubleColumn.create("E ±"), DoubleColumn.create("E − λ"),
                DoubleColumn.create("(E − λ)·√N"), DoubleColumn.create("(E − λ)·N"), DoubleColumn.create("Q̄"),
                DoubleColumn.create("Q̄ ±"), DoubleColumn.create("Q̄ − λ"), DoubleColumn.create("R"),
                DoubleColumn.create("R ±"), DoubleColumn.create("busy"), DoubleColumn.create("busy ±"),
                DoubleColumn.create("E fluid"), DoubleColumn.create("R fluid"));
        for (Row r : rows) {
            double gap = r.energyGap(lambda);
            t.stringColumn("gain").append(r.gain());
            t.doubleColumn("κ").append(r.kappa());
            t.intColumn("N").append(r.n());
            t.doubleColumn("E").append(r.energy().mean());
            t.doubleColumn("E ±").append(r.energy().halfWidth());
            t.doubleColumn("E − λ").append(gap);
            t.doubleColumn("(E − λ)·√N").append(gap * Math.sqrt(r.n()));
            t.doubleColumn("(E − λ)·N").append(gap * r.n());
            t.doubleColumn("Q̄").append(r.meanJobs().mean());
            t.doubleColumn("Q̄ ±").append(r.meanJobs().halfWidth());
            t.doubleColumn("Q̄ − λ").append(r.meanJobs().mean() - lambda);
            t.doubleColumn("R").append(r.response().mean());
            t.doubleColumn("R ±").append(r.response().halfWidth());
            t.doubleColumn("busy").append(r.busy().mean());
            t.doubleColumn("busy ±").append(r.busy().halfWidth());
            t.doubleColumn("E fluid").append(lambda);
            t.doubleColumn("R fluid").append(1.0);
        }
        return t;
    }

    /**
     * Least-squares slope of log(E − λ) against log N over the rows of one gain (NaN if a gap is ≤ 0).
     *
     * @param rowsOfOneGain the rows of one gain, at least 2 sizes
     * @return the slope (−1/2 for a 1/√N approach), NaN if a gap E − λ is ≤ 0
     */
    public double gapSlope(List<Row> rowsOfOneGain) {
        return OverN.slope(rowsOfOneGain.stream().mapToInt(Row::n).toArray(),
                rowsOfOneGain.stream().mapToDouble(r -> r.energyGap(lambda)).toArray());
    }

    /**
     * The finite-N chain approaches x⋆ as N grows, for one gain: the prediction holds when the energy interval at
     * each larger N lies wholly below the one at the next smaller N (the gap to λ shrinks significantly at every
     * step) and the energy at the largest N is above λ only by a gap smaller than at the smallest N. Ours is E at
     * the largest N, the reference λ; the note gives every E with its interval, and the log-log slope.
     *
     * @param rowsOfOneGain the rows of one gain in increasing N, at least 2
     * @return the finding (holds or not by the rule above)
     */
    public Finding approachesOptimum(List<Row> rowsOfOneGain) {
        if (rowsOfOneGain.size() < 2) {
            throw new IllegalArgumentException("rows: " + rowsOfOneGain.size() + "; allowed: at least 2 sizes N");
        }
        List<Row> rows = rowsOfOneGain.stream().sorted(java.util.Comparator.comparingInt(Row::n)).toList();
        boolean shrinking = OverN.shrinksSignificantly(rows.stream().map(Row::energy).toList());
        StringBuilder note = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            note.append(String.format(Locale.ROOT, "%sN = %d: E = %.4f ± %.4f", i == 0 ? "" : "; ", r.n(),
                    r.energy().mean(), r.energy().halfWidth()));
        }
        double slope = gapSlope(rows);
        note.append(String.format(Locale.ROOT, "; slope of log(E − λ) vs log N = %.2f (−0.5: 1/√N, −1: 1/N);"
                + " %d runs per N, rule: each N's interval below the previous one", slope, runs));
        Row last = rows.get(rows.size() - 1);
        return new Finding("JIQ + " + last.gain() + ": energy approaches the fluid's λ as N grows ("
                + rows.get(0).n() + " … " + last.n() + ")", lambda, last.energy().mean(), last.energy().lower(),
                last.energy().upper(), shrinking, note.toString());
    }

    /**
     * {@return a chart of E − λ against N on log-log axes, one line (with markers) per gain}
     *
     * @param rows the rows from {@link #run}
     */
    public LineChart chart(List<Row> rows) {
        LineChart chart = LineChart.titled("JIQ + Rate-Idle: energy above x⋆ (E − λ, λ = " + Labels.number(lambda)
                + ") against N, " + runs + " runs per point").xLabel("N").yLabel("E − λ").logX().logY();
        int color = 0;
        for (String gain : rows.stream().map(Row::gain).distinct().toList()) {
            List<Row> one = ofGain(rows, gain);
            chart.line(gain, one.stream().mapToDouble(Row::n).toArray(),
                    one.stream().mapToDouble(r -> r.energyGap(lambda)).toArray(),
                    Style.solid(Palette.color(color++)).withMarkers());
        }
        return chart;
    }

    /**
     * {@return the rows of one gain (by its label), in the order given}
     *
     * @param rows the rows from {@link #run}
     * @param gainLabel the gain's label, as in {@link Row#gain()}
     */
    public static List<Row> ofGain(List<Row> rows, String gainLabel) {
        List<Row> out = rows.stream().filter(r -> r.gain().equals(gainLabel)).toList();
        if (out.isEmpty()) {
            throw new IllegalArgumentException("gain = " + gainLabel + "; allowed: one of "
                    + rows.stream().map(Row::gain).distinct().toList());
        }
        return out;
    }
}
