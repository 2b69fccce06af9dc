package org.queuelab.repro.alba;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.queuelab.arrival.ArrivalProcess;
import org.queuelab.arrival.RateFunction;
import org.queuelab.autoscale.AsynchronousScaling;
import org.queuelab.autoscale.AutoscaleSimulator;
import org.queuelab.autoscale.Autoscaler;
import org.queuelab.autoscale.ClusterModel;
import org.queuelab.autoscale.ClusterResult;
import org.queuelab.autoscale.ClusterSettings;
import org.queuelab.autoscale.OnArrivalScaling;
import org.queuelab.autoscale.PolicyComparison;
import org.queuelab.claims.Evidence;
import org.queuelab.claims.Judge;
import org.queuelab.dist.Exponential;
import org.queuelab.model.PowerModel;
import org.queuelab.plot.Labels;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.repro.Finding;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * ALBA's Section V claim under time-varying demand ({@code docs/alba.md} §7, {@code docs/demand.md} §5): asynchronous
 * scaling (Rate-Idle + join-idle-queue) against synchronous TABS when λ changes, where scaling ahead of arrivals
 * should matter. The protocol is fixed in advance: every policy runs the same replications with one seed on the
 * cluster simulator of {@code org.queuelab.autoscale} (common random numbers: each replication gives a paired
 * difference); among the Rate-Idle candidates (one knob varied), the one whose mean power over the window is closest
 * to TABS's is the energy-matched one, and the energies count as matched when the 95% interval of the paired mean
 * power difference lies within a margin fixed in advance ({@link Outcome#energyMatched}, an equivalence test);
 * Rate-Idle's delay is better when the 95% interval of its paired difference in mean response time lies below 0, and
 * its stated mechanism (fewer requests wait for a set-up) when that of the fraction of requests served by a
 * just-started instance does.
 *
 * @param cluster      the cluster; its arrival process is replaced by each change of demand
 * @param settings     the SLO and the pick of an idle instance
 * @param window       horizon, warm-up (metrics cover [warm-up, horizon]), series windows (the grid step) and the
 *                     instances warm at time 0
 * @param tabs         the synchronous comparator
 * @param candidates   the Rate-Idle settings among which the energy-matched one is picked (distinct labels)
 * @param seed         the seed every policy uses
 * @param replications replications per policy, ≥ 2
 */
public record DemandChange(ClusterModel cluster, ClusterSettings settings, RunWindow window, Autoscaler tabs,
                           List<? extends Autoscaler> candidates, long seed, int replications) {

    /** The metrics of the comparison table, in order. */
    public static final List<String> METRICS = List.of("meanResponse", "p99", "waitFraction", "coldStartFraction",
            "meanPower");

    /**
     * Validates the fields.
     *
     * @param cluster the cluster, non-null
     * @param settings the SLO and the pick of an idle instance, non-null
     * @param window the run window, non-null
     * @param tabs the synchronous comparator, non-null
     * @param candidates the Rate-Idle settings, at least one (copied)
     * @param seed seed of the random runs (the same seed gives the same result)
     * @param replications replications per policy, ≥ 2 (paired intervals)
     * @throws IllegalArgumentException if there are no candidates or fewer than 2 replications
     * @throws NullPointerException if {@code cluster}, {@code settings}, {@code window} or {@code tabs} is null
     */
    public DemandChange {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(tabs, "tabs");
        if (candidates == null || candidates.isEmpty()) {
            throw new IllegalArgumentException("candidates: none; allowed: at least one Rate-Idle setting");
        }
        candidates = List.copyOf(candidates);
        if (replications < 2) {
            throw new IllegalArgumentException("replications = " + replications + "; allowed: ≥ 2 (paired intervals)");
        }
    }

    /**
     * ALBA's rates on the cluster ({@code docs/alba.md} §7): N instances, exponential service of mean 1 (the time
     * unit), set-up Exp(rate β = 0.1), idle expiry Exp(rate γ = 0.025) for both schemes (TABS's standby mean 1/γ),
     * energy = fraction of instances powered on ({@link PowerModel#poweredOn()}), uniform pick among idle instances;
     * Rate-Idle with α = 0.05 and its gain κ varied over {@code kappas} for the energy matching (the protocol of
     * Section V). Horizon 1200 with metrics over [600, 1200], 30-unit windows, nothing warm at time 0.
     *
     * @param servers number of instances N, ≥ 1
     * @param kappas gains κ, each &gt; 0, at least one
     * @param seed seed of every policy's replications
     * @param replications replications per policy, ≥ 2 (paired intervals)
     * @return the comparison: TABS with standby mean 1/γ against one Rate-Idle candidate per κ
     */
    public static DemandChange albaRates(int servers, double[] kappas, long seed, int replications) {
        Objects.requireNonNull(kappas, "kappas");
        ClusterModel cluster = new ClusterModel(ArrivalProcess.poisson(1.0), Exponential.unitMean(),
                Exponential.withMean(1 / Figure1.BETA), servers, PowerModel.poweredOn());
        ClusterSettings settings = new ClusterSettings(10, 0.01, ClusterSettings.Pick.RANDOM);
        List<Autoscaler> rateIdle = new ArrayList<>();
        for (double k : kappas) {
            rateIdle.add(new AsynchronousScaling(RateIdleScaling.withGain(k), Figure1.ALPHA, Figure1.GAMMA));
        }
        return new DemandChange(cluster, settings, changeWindow(30), OnArrivalScaling.tabs(1 / Figure1.GAMMA), rateIdle,
                seed, replications);
    }

    /** Horizon of {@link #albaRates} and the standard changes: demand changes at 600, metrics cover [600, 1200]. */
    public static final double CHANGE_HORIZON = 1200;
    /** When the standard changes start. */
    public static final double CHANGE_AT = 600;
    /** When the standard ramp ends. */
    public static final double RAMP_END = 900;

    /**
     * The run window of the standard changes: horizon {@link #CHANGE_HORIZON}, metrics from {@link #CHANGE_AT},
     * series windows of {@code seriesWindow}, nothing warm at time 0.
     *
     * @param seriesWindow width of the windows of the time series, in mean service times, &gt; 0
     * @return the run window
     */
    public static RunWindow changeWindow(double seriesWindow) {
        return AutoscaleSimulator.coldStartWindow(CHANGE_HORIZON, CHANGE_AT, seriesWindow);
    }

    /**
     * The two standard changes of λ per instance from {@code before} to {@code after}: a step at t = 600 and a ramp
     * over [600, 900] (in that order, keyed "step" and "ramp").
     *
     * @param servers number of instances N: the rates given are per instance
     * @param before arrival rate per instance before the change, ≥ 0
     * @param after arrival rate per instance after it, ≥ 0
     * @return the total arrival rate (all instances) of the step and of the ramp, keyed "step" and "ramp"
     */
    public static Map<String, RateFunction> stepAndRamp(int servers, double before, double after) {
        Map<String, RateFunction> changes = new LinkedHashMap<>();
        changes.put("step", RateFunction.step(before * servers, after * servers, CHANGE_AT));
        changes.put("ramp", RateFunction.ramp(before * servers, after * servers, CHANGE_AT, RAMP_END));
        return changes;
    }

    /**
     * Runs TABS and every candidate under each change of demand (see {@link #run(String, RateFunction)}).
     *
     * @param changes total arrival rate (all instances) as a function of time, keyed by the change's name
     * @return the outcome per change, in the map's order
     */
    public Map<String, Outcome> run(Map<String, RateFunction> changes) {
        Map<String, Outcome> out = new LinkedHashMap<>();
        changes.forEach((name, rate) -> out.put(name, run(name, rate)));
        return out;
    }

    /**
     * Runs TABS and every candidate under one change of demand (same seed and replications for each: paired) and
     * picks the candidate whose mean power is closest to TABS's.
     *
     * @param change the change's name, e.g. "step"
     * @param rate   the total arrival rate (all instances) as a function of time
     * @return every policy's replications, with TABS and the energy-matched candidate named
     */
    public Outcome run(String change, RateFunction rate) {
        List<Autoscaler> all = new ArrayList<>();
        all.add(tabs);
        all.addAll(candidates);
        PolicyComparison c = PolicyComparison.run(cluster.withArrivals(ArrivalProcess.poisson(rate)), settings, window,
                all, seed, replications);
        double target = c.get(tabs.label()).estimate("meanPower").mean();
        String best = null;
        double bestGap = Double.POSITIVE_INFINITY;
        for (Autoscaler a : candidates) {
            double gap = Math.abs(c.get(a.label()).estimate("meanPower").mean() - target);
            if (gap < bestGap) {
                bestGap = gap;
                best = a.label();
            }
        }
        return new Outcome(change, c, tabs.label(), best);
    }

    /**
     * One change of demand: every policy's replications, TABS's label and the energy-matched Rate-Idle's.
     *
     * @param change   the change's name ("step", "ramp")
     * @param all      TABS and every candidate
     * @param tabs     TABS's label
     * @param rateIdle the energy-matched candidate's label
     */
    public record Outcome(String change, PolicyComparison all, String tabs, String rateIdle) {

        /** {@return the comparison restricted to TABS and the matched Rate-Idle} */
        public PolicyComparison pair() {
            Map<String, ReplicatedResult<ClusterResult>> pair = new LinkedHashMap<>();
            pair.put(rateIdle, all.get(rateIdle));
            pair.put(tabs, all.get(tabs));
            return new PolicyComparison(pair);
        }

        /**
         * {@return the paired difference Rate-Idle − TABS of a metric, with its 95% interval}
         *
         * @param metric a metric of {@link #METRICS}, e.g. "meanResponse"
         */
        public Estimate difference(String metric) {
            return all.pairedDifference(rateIdle, tabs, metric);
        }

        /**
         * Rate-Idle's mean response time is lower: the paired interval lies below 0.
         *
         * @return the finding: ours the paired mean difference in mean response time, reference 0
         */
        public Finding delay() {
            return below("meanResponse", "mean response time");
        }

        /**
         * {@return the finding on the mechanism: fewer requests wait for a set-up (paired interval of the cold-start
         * fraction below 0)}
         */
        public Finding mechanism() {
            return below("coldStartFraction", "fraction of requests served by a just-started instance");
        }

        /**
         * ALBA Section V's delay claim, judged by {@link AlbaEvidence#lowerBy}: Rate-Idle − TABS in mean response
         * time below −{@code resolution} (the register's margin).
         *
         * @param resolution the smallest advantage that counts, &gt; 0, fixed in the register before the runs
         * @return the evidence, by the rule of {@link AlbaEvidence}
         */
        public Evidence delay(double resolution) {
            return AlbaEvidence.lowerBy(Evidence.Grade.INDEPENDENT_METHOD, "mean response time, Rate-Idle − TABS, "
                    + "paired (" + change + ", " + rateIdle + ")", difference("meanResponse"), resolution);
        }

        /**
         * {@return the evidence for ALBA Section V's mechanism, by the same rule: fewer requests served by a
         * just-started instance}
         *
         * @param resolution the smallest advantage that counts, &gt; 0, fixed in the register before the runs
         */
        public Evidence mechanism(double resolution) {
            return AlbaEvidence.lowerBy(Evidence.Grade.INDEPENDENT_METHOD, "fraction of requests served by a "
                    + "just-started instance, Rate-Idle − TABS, paired (" + change + ")",
                    difference("coldStartFraction"), resolution);
        }

        /**
         * {@return the evidence that the energies matched, by equivalence (TOST) of the paired mean power difference
         * within ± margin}
         *
         * @param margin the margin fixed in advance, &gt; 0
         */
        public Evidence energy(double margin) {
            return Judge.equal(Evidence.Grade.CONSISTENCY, "energy matched: paired mean power difference "
                    + "Rate-Idle − TABS (" + change + ")", difference("meanPower"), margin);
        }

        /**
         * The energy is matched, by an equivalence test with a margin fixed in advance: the 95% paired interval of the
         * mean power difference Rate-Idle − TABS lies within [−margin, margin]. A point estimate inside the margin
         * with an interval reaching beyond it does not match: the runs cannot tell the energies apart from a gap of
         * the margin.
         *
         * @param margin the margin fixed in advance, &gt; 0
         * @return the finding: ours the paired mean power difference with its interval, reference the margin
         * @throws IllegalArgumentException if the margin is not positive and finite
         */
        public Finding energyMatched(double margin) {
            if (!(margin > 0 && Double.isFinite(margin))) {
                throw new IllegalArgumentException("margin = " + margin + "; allowed: 0 < margin < ∞");
            }
            Estimate d = difference("meanPower");
            String bound = Labels.number(margin);
            return new Finding("energy matched: 95% paired interval of the mean power difference Rate-Idle − TABS "
                    + "within ±" + bound + " (" + change + ")", margin, d.mean(), d.lower(), d.upper(),
                    d.lower() >= -margin && d.upper() <= margin, rateIdle + " − " + tabs + ", " + d.n()
                    + " paired replications; equivalence margin ±" + bound + " fixed in advance");
        }

        private Finding below(String metric, String what) {
            Estimate d = difference(metric);
            return new Finding(what + ", Rate-Idle − TABS: 95% paired interval below 0 (" + change + ")", 0, d.mean(),
                    d.lower(), d.upper(), d.upper() < 0, rateIdle + " − " + tabs + ", " + d.n()
                    + " paired replications");
        }
    }

    /**
     * {@return one row per change and metric: the matched Rate-Idle, both means, the paired difference and its sign}
     *
     * @param outcomes the outcome per change, from {@link #run(Map)}
     */
    public static Table table(Map<String, Outcome> outcomes) {
        Table t = Table.create("Rate-Idle − TABS at matched energy, after the change (paired, 95 %)",
                StringColumn.create("change"), StringColumn.create("Rate-Idle"), StringColumn.create("metric"),
                DoubleColumn.create("Rate-Idle mean"), DoubleColumn.create("TABS mean"), DoubleColumn.create("difference"),
                DoubleColumn.create("±"), StringColumn.create("sign"));
        for (Outcome o : outcomes.values()) {
            for (String metric : METRICS) {
                Estimate d = o.difference(metric);
                t.stringColumn("change").append(o.change());
                t.stringColumn("Rate-Idle").append(o.rateIdle());
                t.stringColumn("metric").append(metric);
                t.doubleColumn("Rate-Idle mean").append(o.all().get(o.rateIdle()).estimate(metric).mean());
                t.doubleColumn("TABS mean").append(o.all().get(o.tabs()).estimate(metric).mean());
                t.doubleColumn("difference").append(d.mean());
                t.doubleColumn("±").append(d.halfWidth());
                t.stringColumn("sign").append(d.lower() > 0 ? "Rate-Idle higher"
                        : d.upper() < 0 ? "Rate-Idle lower" : "no difference");
            }
        }
        return t;
    }

    /**
     * Mean instances on around the change (windows averaged over replications) for TABS and its energy-matched
     * Rate-Idle: solid for the step, dashed for the ramp. If Rate-Idle acted ahead of arrivals its curve would rise
     * first.
     *
     * @param outcomes the outcome per change, from {@link #run(Map)}
     * @param title the chart's title
     * @return the chart: mean instances on against t
     */
    public static LineChart chart(Map<String, Outcome> outcomes, String title) {
        LineChart chart = LineChart.titled(title).xLabel("t").yLabel("instances on");
        int color = 0;
        for (Outcome o : outcomes.values()) {
            PolicyComparison pair = o.pair();
            Table s = pair.meanSeries();
            for (String p : pair.policies()) {
                Table one = s.where(s.stringColumn("policy").isEqualTo(p));
                Style style = o.change().equals("step") ? Style.solid(Palette.color(color))
                        : Style.dashed(Palette.color(color));
                chart.line(o.change() + ": " + p, one.doubleColumn("t").asDoubleArray(),
                        one.doubleColumn("instances").asDoubleArray(), style);
                color++;
            }
        }
        return chart;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "DemandChange[N = %d, %d candidates, %d replications, seed %d]",
                cluster.maxInstances(), candidates.size(), replications, seed);
    }
}
