package org.queuelab.autoscale;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.queuelab.analysis.PairedDifference;
import org.queuelab.guard.Require;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Several policies run on one cluster with one seed and one number of replications ({@code docs/demand.md} §3):
 * replication r of every policy sees the same arrivals and service times, so differences between policies are
 * judged on paired differences, replication by replication.
 *
 * @param results the replications of each policy, by label, in run order
 */
public record PolicyComparison(Map<String, ReplicatedResult<ClusterResult>> results) {

    /**
     * Keeps the results in the given order (an unmodifiable copy).
     *
     * @param results the replications of each policy, by label, in run order
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public PolicyComparison {
        results = Collections.unmodifiableMap(new LinkedHashMap<>(results));
        if (results.isEmpty()) {
            throw new IllegalArgumentException("results: none; allowed: at least one policy");
        }
    }

    /**
     * Runs each policy on {@code model} with {@code settings} in {@code window} for {@code replications}
     * replications from {@code seed}, printing one progress line per policy (label, seconds). Every policy gets
     * the same seeds, so their runs share arrivals and service times (common random numbers).
     *
     * @param model        the cluster
     * @param settings     SLO, budget and pick
     * @param window       horizon, warm-up and series grid
     * @param policies     the autoscalers, labels distinct
     * @param seed         the seed the replications' seeds derive from
     * @param replications replications per policy, ≥ 1
     * @return the replications of each policy, by label
     * @throws IllegalArgumentException when policies is empty or two share a label, or replications is below 1
     */
    public static PolicyComparison run(ClusterModel model, ClusterSettings settings, RunWindow window,
                                       List<? extends Autoscaler> policies, long seed, int replications) {
        Objects.requireNonNull(policies, "policies");
        if (policies.isEmpty()) {
            throw new IllegalArgumentException("policies: none; allowed: at least one");
        }
        Map<String, ReplicatedResult<ClusterResult>> out = new LinkedHashMap<>();
        for (Autoscaler p : policies) {
            long start = System.nanoTime();
            ReplicatedResult<ClusterResult> reps = new AutoscaleSimulator(model, p, settings)
                    .replicate(window, seed, replications);
            if (out.put(p.label(), reps) != null) {
                throw new IllegalArgumentException("policies: label " + p.label() + " twice; allowed: distinct labels");
            }
            System.out.println(String.format(java.util.Locale.ROOT, "  %s: %d replications, %.1f s", p.label(),
                    replications, (System.nanoTime() - start) * 1e-9));
        }
        return new PolicyComparison(out);
    }

    /**
     * The replications of one policy.
     *
     * @param policy a label of {@link #policies()}
     * @return its replications
     * @throws IllegalArgumentException naming the policy when it was not run
     */
    public ReplicatedResult<ClusterResult> get(String policy) {
        return Require.oneOf("policy", results, policy);
    }

    /**
     * The paired difference {@code policy} − {@code baseline} of one metric: the mean of the per-replication
     * differences with its 95% interval. Both must have been run with the same seed and number of replications, so
     * that each pair shares its arrivals and service times.
     *
     * @param policy   a label of {@link #policies()}
     * @param baseline another label of {@link #policies()}
     * @param metric   one of {@link ClusterMetrics#NAMES}
     * @return the mean difference with its 95% interval
     * @throws IllegalArgumentException when the two were not run with the same seeds and replications
     */
    public Estimate pairedDifference(String policy, String baseline, String metric) {
        ReplicatedResult<ClusterResult> a = get(policy);
        ReplicatedResult<ClusterResult> b = get(baseline);
        if (a.seed() != b.seed() || a.runs().size() != b.runs().size()) {
            throw new IllegalArgumentException("policy " + policy + ": seed " + a.seed() + ", " + a.runs().size()
                    + " replications; allowed: the seed (" + b.seed() + ") and count (" + b.runs().size()
                    + ") of " + baseline + " for common random numbers");
        }
        return PairedDifference.of(values(a, metric), values(b, metric));
    }

    /**
     * The values of one metric, replication by replication.
     *
     * @param replications the runs of one policy
     * @param metric       one of {@link ClusterMetrics#NAMES}
     * @return one value per run, in run order
     */
    public static double[] values(ReplicatedResult<ClusterResult> replications, String metric) {
        return replications.runs().stream().mapToDouble(r -> r.metrics().get(metric)).toArray();
    }

    /**
     * Whether the comparison kept its common random numbers: every policy has as many replications as the first,
     * and in each replication r every policy saw exactly the arrivals of the first policy's replication r. A paired
     * difference rests on this; a policy that consumed the arrival stream differently would break it.
     *
     * @return true when every policy saw the same arrival count replication by replication
     */
    public boolean sameArrivals() {
        List<ClusterResult> first = results.values().iterator().next().runs();
        for (ReplicatedResult<ClusterResult> other : results.values()) {
            List<ClusterResult> runs = other.runs();
            if (runs.size() != first.size()) {
                return false;
            }
            for (int r = 0; r < runs.size(); r++) {
                if (runs.get(r).arrivals() != first.get(r).arrivals()) {
                    return false;
                }
            }
        }
        return true;
    }

    /** {@return the policy labels, in run order} */
    public List<String> policies() {
        return new ArrayList<>(results.keySet());
    }

    /**
     * One row per policy: for each metric its mean and 95% half-width (column "metric ±").
     *
     * @param metrics names of {@link ClusterMetrics#NAMES}
     * @return the table, policies in run order
     */
    public Table summary(String... metrics) {
        Table t = Table.create("policies");
        StringColumn policy = StringColumn.create("policy");
        t.addColumns(policy);
        for (String m : metrics) {
            t.addColumns(DoubleColumn.create(m), DoubleColumn.create(m + " ±"));
        }
        for (var e : results.entrySet()) {
            policy.append(e.getKey());
            for (String m : metrics) {
                Estimate est = e.getValue().estimate(m);
                t.doubleColumn(m).append(est.mean());
                t.doubleColumn(m + " ±").append(est.halfWidth());
            }
        }
        return t;
    }

    /**
     * For every policy other than {@code baseline} and every metric: the paired difference policy − baseline with
     * its 95% interval, and whether the interval lies above 0, below 0, or contains it.
     *
     * @param baseline a label of {@link #policies()}
     * @param metrics  names of {@link ClusterMetrics#NAMES}
     * @return one row per policy and metric
     */
    public Table pairedDifferences(String baseline, String... metrics) {
        Table t = Table.create("paired differences against " + baseline, StringColumn.create("policy"),
                StringColumn.create("metric"), DoubleColumn.create("difference"), DoubleColumn.create("±"),
                DoubleColumn.create("lower"), DoubleColumn.create("upper"), StringColumn.create("sign"));
        for (var e : results.entrySet()) {
            if (e.getKey().equals(baseline)) {
                continue;
            }
            for (String m : metrics) {
                Estimate d = pairedDifference(e.getKey(), baseline, m);
                t.stringColumn("policy").append(e.getKey());
                t.stringColumn("metric").append(m);
                t.doubleColumn("difference").append(d.mean());
                t.doubleColumn("±").append(d.halfWidth());
                t.doubleColumn("lower").append(d.lower());
                t.doubleColumn("upper").append(d.upper());
                t.stringColumn("sign").append(d.lower() > 0 ? "higher" : d.upper() < 0 ? "lower" : "no difference");
            }
        }
        return t;
    }

    /**
     * For every policy other than {@code baseline}: whether it is significantly lower than the baseline on every
     * metric at once, significantly higher on every one, or neither (a trade, or no significant difference) — each
     * sign from the 95% interval of the paired difference, as in {@link #pairedDifferences}.
     *
     * @param baseline a label of {@link #policies()}
     * @param metrics  names of {@link ClusterMetrics#NAMES}, at least one
     * @return one row per policy: "policy", "finding" and "evidence" (each difference with its half-width)
     * @throws IllegalArgumentException naming the baseline when it was not run, or when no metric is given
     */
    public Table jointFindings(String baseline, String... metrics) {
        get(baseline);
        if (metrics.length == 0) {
            throw new IllegalArgumentException("metrics: none; allowed: at least one of " + ClusterMetrics.NAMES);
        }
        Table t = Table.create("joint findings against " + baseline, StringColumn.create("policy"),
                StringColumn.create("finding"), StringColumn.create("evidence"));
        for (String policy : results.keySet()) {
            if (policy.equals(baseline)) {
                continue;
            }
            boolean allLower = true;
            boolean allHigher = true;
            List<String> evidence = new ArrayList<>();
            for (String m : metrics) {
                Estimate d = pairedDifference(policy, baseline, m);
                allLower &= d.upper() < 0;
                allHigher &= d.lower() > 0;
                evidence.add(String.format(Locale.ROOT, "Δ%s = %.3g ± %.2g", m, d.mean(), d.halfWidth()));
            }
            t.stringColumn("policy").append(policy);
            t.stringColumn("finding").append(allLower ? "lower " + String.join(" and lower ", metrics)
                    : allHigher ? "higher " + String.join(" and higher ", metrics)
                    : "a trade, or no significant difference");
            t.stringColumn("evidence").append(String.join(", ", evidence));
        }
        return t;
    }

    /**
     * The per-window series of every policy averaged over its replications (windows where a run has no value, NaN,
     * skipped), stacked, with the column "policy".
     *
     * @return the stacked table, policies in run order
     */
    public Table meanSeries() {
        Table all = null;
        for (var e : results.entrySet()) {
            Table s = meanSeries(e.getKey(), e.getValue().runs());
            all = all == null ? s : all.append(s);
        }
        return all;
    }

    private static Table meanSeries(String policy, List<ClusterResult> runs) {
        WindowSeries first = runs.get(0).series();
        int windows = first.size();
        Table t = Table.create("mean series");
        t.addColumns(DoubleColumn.create("t", first.times()));
        for (String name : first.columns()) {
            double[] sum = new double[windows];
            int[] cnt = new int[windows];
            for (ClusterResult r : runs) {
                double[] s = r.series().series(name);
                for (int w = 0; w < windows; w++) {
                    if (!Double.isNaN(s[w])) {
                        sum[w] += s[w];
                        cnt[w]++;
                    }
                }
            }
            for (int w = 0; w < windows; w++) {
                sum[w] = cnt[w] > 0 ? sum[w] / cnt[w] : Double.NaN;
            }
            t.addColumns(DoubleColumn.create(name, sum));
        }
        t.addColumns(StringColumn.create("policy", Collections.nCopies(windows, policy)));
        return t;
    }
}
