package org.queuelab.autoscale;

import java.util.List;
import java.util.Objects;

import org.queuelab.result.Estimate;
import org.queuelab.result.TableBuilder;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Independent replications of one policy on one cluster ({@code docs/demand.md} §3): 95% intervals for every
 * metric, per-window series averaged over replications, and paired differences against another policy run with
 * the same seed and count (common random numbers: replication r of both saw the same requests).
 *
 * @param policy the autoscaler's label
 * @param seed   the root seed
 * @param runs   the replications, in order
 */
public record ClusterReplications(String policy, long seed, List<ClusterResult> runs) {

    public ClusterReplications {
        Objects.requireNonNull(policy, "policy");
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("runs: none; allowed: at least one replication");
        }
    }

    /** Number of replications. */
    public int count() {
        return runs.size();
    }

    /** The values of one metric, replication by replication. */
    public double[] values(String metric) {
        return runs.stream().mapToDouble(r -> r.metrics().get(metric)).toArray();
    }

    /** Mean and 95% interval of one metric (one of {@link ClusterMetrics#NAMES}). */
    public Estimate estimate(String metric) {
        return Estimate.of(values(metric));
    }

    /**
     * The paired difference this − other of one metric: the mean of the per-replication differences with its 95%
     * interval. Both must come from the same seed and number of replications, so that each pair shares its
     * arrivals and service times.
     */
    public Estimate pairedDifference(ClusterReplications other, String metric) {
        Objects.requireNonNull(other, "other");
        if (other.seed != seed || other.count() != count()) {
            throw new IllegalArgumentException("other: seed " + other.seed + ", " + other.count()
                    + " replications; allowed: the same seed (" + seed + ") and count (" + count()
                    + ") for common random numbers");
        }
        double[] a = values(metric);
        double[] b = other.values(metric);
        double[] d = new double[a.length];
        for (int r = 0; r < d.length; r++) {
            d[r] = a[r] - b[r];
        }
        return Estimate.of(d);
    }

    /** One row per metric: policy, metric, mean, half-width, lower, upper, n. */
    public Table toTable() {
        TableBuilder t = TableBuilder.named("estimates").strings("policy", "metric").doubles("mean", "halfWidth", "n");
        for (String name : ClusterMetrics.NAMES) {
            Estimate e = estimate(name);
            t.row(policy, name, e.mean(), e.halfWidth(), e.n());
        }
        return t.build();
    }

    /** One row: policy, then for each metric its mean and half-width (columns m and m_hw). */
    public Table summaryRow() {
        Table t = Table.create("summary");
        t.addColumns(StringColumn.create("policy", policy));
        for (String name : ClusterMetrics.NAMES) {
            Estimate e = estimate(name);
            t.addColumns(DoubleColumn.create(name, e.mean()), DoubleColumn.create(name + "_hw", e.halfWidth()));
        }
        return t;
    }

    /** The per-window series averaged over the replications (NaN windows skipped), with the policy. */
    public Table meanSeries() {
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
        String[] p = new String[windows];
        java.util.Arrays.fill(p, policy);
        t.addColumns(StringColumn.create("policy", p));
        return t;
    }
}
