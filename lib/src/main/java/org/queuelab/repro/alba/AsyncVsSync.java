package org.queuelab.repro.alba;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.analysis.GainMatching;
import org.queuelab.guard.Require;
import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.meanfield.FluidMetrics;
import org.queuelab.model.AlbaModel;
import org.queuelab.plot.Labels;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.policy.Scaling;
import org.queuelab.report.Checks;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.result.TableBuilder;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.sweep.Parallel;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * ALBA's Section V experiment as reconstructed in docs/alba.md §7: asynchronous auto-scaling (Rate-Idle +
 * JIQ) against the synchronous TABS-d (d = 0: JIQ with one set-up per arrival that finds no idle-on server,
 * docs/alba.md §4) at matched energy, on the finite-N chain.
 *
 * <p>Protocol: simulate TABS; tune Rate-Idle's gain κ ({@link GainMatching}: a bracketing search on log κ, the same
 * seed for every κ) until its stationary energy E = E[1 − X_{0,0}] is within {@link GainMatching#noiseTolerance} of
 * TABS's, or closest to it after {@code steps} runs; report both mean response times (Little's law) with 95% intervals
 * over the replications. The FOUND claim to test:
 * at (almost) the same energy, Rate-Idle has the better delay.
 *
 * @param servers   N
 * @param buffer    B (jobs per server, counting the one in service)
 * @param beta      initialization rate β
 * @param gamma     expiration rate γ
 * @param alpha     Rate-Idle's scaling-time rate α
 * @param spec      what each run simulates (initial state, horizon, burn-in)
 * @param runs      replications per scheme and gain
 * @param seed      seed of every replicated run (common random numbers across schemes and gains)
 * @param kappaLow  smallest gain tried, &gt; 0
 * @param kappaHigh largest gain tried
 * @param steps     runs of the gain search after the two end gains, at most (it stops once within
 *                  {@link GainMatching#noiseTolerance} of the TABS energy)
 */
public record AsyncVsSync(int servers, int buffer, double beta, double gamma, double alpha, RunWindow spec, int runs,
                          long seed, double kappaLow, double kappaHigh, int steps) {

    /**
     * One arrival rate: TABS, the matched Rate-Idle gain, and both estimates (95% intervals over the replications).
     *
     * @param lambda           arrival rate per server λ
     * @param tabsEnergy       TABS's stationary energy E = E[1 − X_{0,0}], fraction of servers not cold, in [0, 1]
     * @param tabsResponse     TABS's mean response time, in mean service times
     * @param kappa            the Rate-Idle gain κ the search settled on
     * @param rateIdleEnergy   Rate-Idle's energy at that gain
     * @param rateIdleResponse Rate-Idle's mean response time at that gain
     * @param bracketed        whether the search bracketed TABS's energy (else κ is the closest end tried)
     * @param evaluations      replicated runs the gain search made
     */
    public record Row(double lambda, Estimate tabsEnergy, Estimate tabsResponse, double kappa,
                      Estimate rateIdleEnergy, Estimate rateIdleResponse, boolean bracketed, int evaluations) {

        /**
         * {@return R_TABS − R_Rate-Idle of the means, in mean service times: positive when Rate-Idle has the better
         * delay}
         */
        public double delayAdvantage() {
            return tabsResponse.mean() - rateIdleResponse.mean();
        }
    }

    /**
     * Validates N, the run window and the replications.
     *
     * @param servers   N, ≥ 1
     * @param buffer    B, checked when a model is built
     * @param beta      initialization rate β, checked when a model is built
     * @param gamma     expiration rate γ, checked when a model is built
     * @param alpha     Rate-Idle's scaling-time rate α, checked when a model is built
     * @param spec      what each run simulates, non-null
     * @param runs      replications, ≥ 1
     * @param seed      seed of every replicated run
     * @param kappaLow  smallest gain tried, checked by {@link GainMatching}
     * @param kappaHigh largest gain tried, checked by {@link GainMatching}
     * @param steps     gain-search runs after the two end gains, checked by {@link GainMatching}
     * @throws IllegalArgumentException if {@code servers} &lt; 1 or {@code runs} &lt; 1
     * @throws NullPointerException if {@code spec} is null
     */
    public AsyncVsSync {
        Objects.requireNonNull(spec, "spec");
        if (servers < 1) {
            throw new IllegalArgumentException("servers = " + servers + "; allowed: N ≥ 1");
        }
        Require.atLeast("runs", runs, 1);
        // rates, buffer and gain range are checked by the model records and GainMatching
    }

    /**
     * {@return the model TABS-d with d = 0 at arrival rate λ (α unused: there are no scaling times)}
     *
     * @param lambda arrival rate per server, 0 &lt; λ &lt; 1 (checked by {@link AlbaModel})
     */
    public AlbaModel tabs(double lambda) {
        return new AlbaModel(lambda, JoinBelowThreshold.jiq(), buffer, Scaling.onArrival(), beta, gamma);
    }

    /**
     * {@return the model Rate-Idle + JIQ with gain κ at arrival rate λ, scaling times at rate α}
     *
     * @param lambda arrival rate per server, 0 &lt; λ &lt; 1 (checked by {@link AlbaModel})
     * @param kappa  Rate-Idle's gain κ &gt; 0
     */
    public AlbaModel rateIdle(double lambda, double kappa) {
        return new AlbaModel(lambda, JoinBelowThreshold.jiq(), buffer,
                Scaling.asynchronous(RateIdleScaling.withGain(kappa), alpha), beta, gamma);
    }

    /**
     * {@return {@code runs} replications of the finite-N chain with N servers over {@code spec}, from {@code seed}}
     *
     * @param model the model to simulate (e.g. {@link #tabs} or {@link #rateIdle})
     */
    public ReplicatedResult<OccupancyRun> simulate(AlbaModel model) {
        return OccupancySimulator.alba(model, servers).replicate(spec, seed, runs);
    }

    /**
     * {@return the comparison at one arrival rate: TABS simulated, then Rate-Idle's gain searched until its energy
     * matches TABS's}
     *
     * @param lambda arrival rate per server, 0 &lt; λ &lt; 1
     */
    public Row compare(double lambda) {
        ReplicatedResult<OccupancyRun> tabs = simulate(tabs(lambda));
        double target = tabs.estimate("energy").mean();
        GainMatching.Match<ReplicatedResult<OccupancyRun>> match = GainMatching.matchEnergy(
                kappa -> simulate(rateIdle(lambda, kappa)), r -> r.estimate("energy").mean(), target,
                kappaLow, kappaHigh, steps, GainMatching.noiseTolerance(tabs.estimate("energy")));
        return new Row(lambda, tabs.estimate("energy"), tabs.estimate("response"), match.kappa(),
                match.result().estimate("energy"), match.result().estimate("response"), match.bracketed(),
                match.evaluations());
    }

    /**
     * The comparison at each arrival rate, as a table. The arrival rates are compared side by side (each with its
     * replications on all cores, so that the cores stay busy when the runs of one gain do not divide among them);
     * every run is seeded as in {@link #compare}, so the table does not depend on the thread count.
     *
     * @param lambdas arrival rates per server, each in (0, 1)
     * @return the table {@link #toTable} describes, one row per λ in the order given
     */
    public Table compareAll(double... lambdas) {
        return toTable(Parallel.map(java.util.Arrays.stream(lambdas).boxed().toList(), this::compare));
    }

    /**
     * Columns λ, E TABS, ± , R TABS, ±, κ, E Rate-Idle, ±, R Rate-Idle, ±, R TABS − R Rate-Idle, bracketed,
     * runs per gain search, then N, B, β, γ, α, seed.
     *
     * @param rows the comparisons, one per λ
     * @return the table, one row per comparison
     */
    public Table toTable(List<Row> rows) {
        TableBuilder b = TableBuilder.named("Section V: TABS vs Rate-Idle + JIQ at matched energy (N = " + servers
                + ")").doubles("λ", "E TABS", "E TABS ±", "R TABS", "R TABS ±", "κ", "E Rate-Idle", "E Rate-Idle ±",
                "R Rate-Idle", "R Rate-Idle ±", "R TABS − R Rate-Idle").booleans("bracketed").ints("gain runs");
        for (Row r : rows) {
            b.row(r.lambda(), r.tabsEnergy().mean(), r.tabsEnergy().halfWidth(), r.tabsResponse().mean(),
                    r.tabsResponse().halfWidth(), r.kappa(), r.rateIdleEnergy().mean(), r.rateIdleEnergy().halfWidth(),
                    r.rateIdleResponse().mean(), r.rateIdleResponse().halfWidth(), r.delayAdvantage(), r.bracketed(),
                    r.evaluations());
        }
        Table t = b.build();
        int n = rows.size();
        t.addColumns(IntColumn.create("N", constant(n, servers)), IntColumn.create("B", constant(n, buffer)),
                DoubleColumn.create("beta", constantD(n, beta)), DoubleColumn.create("gamma", constantD(n, gamma)),
                DoubleColumn.create("alpha", constantD(n, alpha)),
                tech.tablesaw.api.LongColumn.create("seed", java.util.stream.LongStream.generate(() -> seed)
                        .limit(n).toArray()));
        return t;
    }

    /**
     * The fluid limits of both schemes (JIQ, B = {@link Figure1#BUFFER}, the Figure 1 rates) at t = {@code horizon}
     * from 1 − λ cold and λ idle-on: columns λ, E TABS, R TABS, E Rate-Idle, R Rate-Idle. Both should sit at
     * x⋆: E = λ, R = 1.
     *
     * @param lambdas arrival rates per server, each in (0, 1)
     * @param horizon the integration time, in mean service times, &gt; 0
     * @return one row per λ
     */
    public static Table fluidLimits(double[] lambdas, double horizon) {
        Table t = Table.create("Section V, fluid (B = " + Figure1.BUFFER + "): state at t = " + Labels.number(horizon)
                        + " from 1−λ cold / λ idle-on", DoubleColumn.create("λ"), DoubleColumn.create("E TABS"),
                DoubleColumn.create("R TABS"), DoubleColumn.create("E Rate-Idle"), DoubleColumn.create("R Rate-Idle"));
        List<double[]> ends = Parallel.map(java.util.Arrays.stream(lambdas).boxed().toList(),
                l -> fluidEnergyAndResponse(l, horizon));   // the λ side by side on all cores
        for (int i = 0; i < lambdas.length; i++) {
            double[] e = ends.get(i);
            t.doubleColumn("λ").append(lambdas[i]);
            t.doubleColumn("E TABS").append(e[0]);
            t.doubleColumn("R TABS").append(e[1]);
            t.doubleColumn("E Rate-Idle").append(e[2]);
            t.doubleColumn("R Rate-Idle").append(e[3]);
        }
        return t;
    }

    /** E and R at t = {@code horizon} of TABS, then of Rate-Idle (κ = 1/α), as {@link #fluidLimits} describes. */
    private static double[] fluidEnergyAndResponse(double l, double horizon) {
        Scaling[] schemes = {Scaling.onArrival(), Scaling.asynchronous(RateIdleScaling.inverseAlpha(), Figure1.ALPHA)};
        double[] out = new double[4];
        for (int k = 0; k < 2; k++) {
            AlbaFluid fluid = AlbaFluid.of(new AlbaModel(l, JoinBelowThreshold.jiq(), Figure1.BUFFER, schemes[k],
                    Figure1.BETA, Figure1.GAMMA));
            FluidMetrics end = fluid.metrics(fluid.integrate(fluid.state(1 - l, 0, l), new double[] {0, horizon})
                    .finalState());
            out[2 * k] = end.energy();
            out[2 * k + 1] = end.responseTime();
        }
        return out;
    }

    /**
     * The claim "Rate-Idle gives better delay at (almost) the same energy", per N and λ of {@link #compareAll}
     * tables: R TABS − R Rate-Idle against the sum of both 95% half-widths, and the verdict.
     *
     * @param tables {@link #compareAll} tables keyed by N
     * @return columns N, λ, the advantage, the summed half-widths and the verdict ({@link #SIGNIFICANT}, "TABS better
     *         (significant)" or "no significant difference")
     */
    public static Table verdict(Map<Integer, Table> tables) {
        Table v = Table.create("Section V claim: 'Rate-Idle gives better delay at (almost) the same energy'",
                DoubleColumn.create("N"), DoubleColumn.create("λ"), DoubleColumn.create("R TABS − R Rate-Idle"),
                DoubleColumn.create("95% half-widths summed"), StringColumn.create("verdict"));
        for (var e : tables.entrySet()) {
            Table t = e.getValue();
            for (int row = 0; row < t.rowCount(); row++) {
                double advantage = t.doubleColumn("R TABS − R Rate-Idle").getDouble(row);
                double noise = t.doubleColumn("R TABS ±").getDouble(row) + t.doubleColumn("R Rate-Idle ±").getDouble(row);
                v.doubleColumn("N").append(e.getKey());
                v.doubleColumn("λ").append(t.doubleColumn("λ").getDouble(row));
                v.doubleColumn("R TABS − R Rate-Idle").append(advantage);
                v.doubleColumn("95% half-widths summed").append(noise);
                v.stringColumn("verdict").append(advantage > noise ? SIGNIFICANT
                        : advantage < -noise ? "TABS better (significant)" : "no significant difference");
            }
        }
        return v;
    }

    /**
     * Records, for each λ of a {@link #fluidLimits} table, that both schemes' fluids sit at x⋆: E = λ and R = 1 to
     * 10⁻³ ({@code docs/alba.md} §10.9, "fluid TABS reaches x⋆ too"), under figure "Sec. V fluid (§10.9)".
     *
     * @param checks where the checks are recorded
     * @param fluid  a {@link #fluidLimits} table
     */
    public static void checkFluidLimits(Checks checks, Table fluid) {
        for (int row = 0; row < fluid.rowCount(); row++) {
            double l = fluid.doubleColumn("λ").getDouble(row);
            for (String scheme : List.of("TABS", "Rate-Idle")) {
                checks.absolute("Sec. V fluid (§10.9)", scheme + ", λ = " + l + ": E = λ", l,
                        fluid.doubleColumn("E " + scheme).get(row), 1e-3);
                checks.absolute("Sec. V fluid (§10.9)", scheme + ", λ = " + l + ": R = 1", 1,
                        fluid.doubleColumn("R " + scheme).get(row), 1e-3);
            }
        }
    }

    /**
     * Records, for each row of a {@link #compareAll} table, whether the energies were matched: |E_RI − E_TABS| at
     * most the sum of the two 95% half-widths (consistency: the gain search minimised that difference), under figure
     * "Sec. V N = {@code servers}".
     *
     * @param checks where the checks are recorded
     * @param t      a {@link #compareAll} table of this configuration
     */
    public void checkMatchedEnergies(Checks checks, Table t) {
        for (int row = 0; row < t.rowCount(); row++) {
            double mismatch = Math.abs(t.doubleColumn("E Rate-Idle").getDouble(row)
                    - t.doubleColumn("E TABS").getDouble(row));
            double allowed = t.doubleColumn("E Rate-Idle ±").getDouble(row) + t.doubleColumn("E TABS ±").getDouble(row);
            checks.atMost("Sec. V N = " + servers, "λ = " + t.doubleColumn("λ").getDouble(row)
                    + ": energies matched (|E_RI − E_TABS| ≤ sum of the 95% half-widths)", allowed, mismatch);
        }
    }

    /** The verdict when Rate-Idle's delay advantage exceeds the summed half-widths. */
    public static final String SIGNIFICANT = "Rate-Idle better (significant)";

    /**
     * {@code metric} ("R" or "E") of both schemes against λ, one colour pair per N; R with its 95% band.
     *
     * @param tables {@link #compareAll} tables keyed by N
     * @param metric "R" (mean response time) or "E" (energy)
     * @param title  the chart's title
     * @param yLabel the y axis' label
     * @return the chart
     */
    public static LineChart chart(Map<Integer, Table> tables, String metric, String title, String yLabel) {
        LineChart chart = LineChart.titled(title).xLabel("λ").yLabel(yLabel);
        int k = 0;
        for (var e : tables.entrySet()) {
            Table t = e.getValue();
            double[] l = t.doubleColumn("λ").asDoubleArray();
            for (String scheme : List.of("TABS", "Rate-Idle")) {
                String color = Palette.color(scheme.equals("TABS") ? k : k + 2);
                double[] v = t.doubleColumn(metric + " " + scheme).asDoubleArray();
                double[] h = t.doubleColumn(metric + " " + scheme + " ±").asDoubleArray();
                if (metric.equals("R")) {
                    double[] lo = new double[v.length];
                    double[] hi = new double[v.length];
                    for (int i = 0; i < v.length; i++) {
                        lo[i] = v[i] - h[i];
                        hi[i] = v[i] + h[i];
                    }
                    chart.band(scheme + ", N = " + e.getKey() + " (95%)", l, lo, hi, color);
                }
                chart.line(scheme + ", N = " + e.getKey(), l, v, Style.solid(color).withMarkers());
            }
            k++;
        }
        return chart;
    }

    private static int[] constant(int n, int v) {
        int[] a = new int[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    private static double[] constantD(int n, double v) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, v);
        return a;
    }
}
