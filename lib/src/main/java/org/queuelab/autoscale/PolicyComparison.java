package org.queuelab.autoscale;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.guard.Require;
import org.queuelab.result.Estimate;

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
public record PolicyComparison(Map<String, ClusterReplications> results) {

    public PolicyComparison {
        results = Collections.unmodifiableMap(new LinkedHashMap<>(results));
        if (results.isEmpty()) {
            throw new IllegalArgumentException("results: none; allowed: at least one policy");
        }
    }

    /**
     * Runs each policy for {@code replications} replications from {@code seed}, printing one progress line per
     * policy (label, seconds).
     */
    public static PolicyComparison run(ClusterModel model, ClusterSettings settings, List<? extends Autoscaler> policies,
                                       long seed, int replications) {
        Objects.requireNonNull(policies, "policies");
        if (policies.isEmpty()) {
            throw new IllegalArgumentException("policies: none; allowed: at least one");
        }
        Map<String, ClusterReplications> out = new LinkedHashMap<>();
        for (Autoscaler p : policies) {
            long start = System.nanoTime();
            ClusterReplications reps = new AutoscaleSimulator(model, p, settings).replicate(seed, replications);
            if (out.put(p.label(), reps) != null) {
                throw new IllegalArgumentException("policies: label " + p.label() + " twice; allowed: distinct labels");
            }
            System.out.println(String.format(java.util.Locale.ROOT, "  %s: %d replications, %.1f s", p.label(),
                    replications, (System.nanoTime() - start) * 1e-9));
        }
        return new PolicyComparison(out);
    }

    /** The replications of one policy. */
    public ClusterReplications get(String policy) {
        return Require.oneOf("policy", results, policy);
    }

    /** The policy labels, in run order. */
    public List<String> policies() {
        return new ArrayList<>(results.keySet());
    }

    /** One row per policy: for each metric its mean and 95% half-width (column "metric ±"). */
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
     */
    public Table pairedDifferences(String baseline, String... metrics) {
        ClusterReplications base = get(baseline);
        Table t = Table.create("paired differences against " + baseline, StringColumn.create("policy"),
                StringColumn.create("metric"), DoubleColumn.create("difference"), DoubleColumn.create("±"),
                DoubleColumn.create("lower"), DoubleColumn.create("upper"), StringColumn.create("sign"));
        for (var e : results.entrySet()) {
            if (e.getKey().equals(baseline)) {
                continue;
            }
            for (String m : metrics) {
                Estimate d = e.getValue().pairedDifference(base, m);
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

    /** The per-window series of every policy, averaged over replications, stacked (column "policy"). */
    public Table meanSeries() {
        Table all = null;
        for (ClusterReplications r : results.values()) {
            Table s = r.meanSeries();
            all = all == null ? s : all.append(s);
        }
        return all;
    }
}
