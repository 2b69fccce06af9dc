package org.queuelab.autoscale;

import java.util.Objects;

import org.queuelab.result.Provenance;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * One run of the {@link AutoscaleSimulator}: the metrics, event counts and per-window time series
 * ({@code docs/demand.md} §3).
 *
 * @param policy     the autoscaler's label
 * @param provenance the run's parameters and seed
 * @param metrics    metrics over [warmup, T]
 * @param arrivals   requests that arrived in [0, T]
 * @param events     events processed (arrivals, completions, set-up ends, expiries, evaluations)
 * @param series     per-window series (see {@link #series()})
 */
public record ClusterResult(String policy, Provenance provenance, ClusterMetrics metrics, long arrivals, long events,
                            WindowSeries series) {

    public ClusterResult {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(series, "series");
    }

    /** One row: policy, the metrics, then the parameters and seed. */
    public Table toTable() {
        Table t = Table.create("cluster metrics");
        t.addColumns(StringColumn.create("policy", policy));
        metrics.asMap().forEach((name, value) -> t.addColumns(DoubleColumn.create(name, value)));
        return provenance.addColumnsTo(t);
    }

    /** The per-window time series as a table (see {@link WindowSeries#toTable}), with the policy. */
    public Table seriesTable() {
        Table t = series.toTable();
        String[] p = new String[t.rowCount()];
        java.util.Arrays.fill(p, policy);
        t.addColumns(StringColumn.create("policy", p));
        return t;
    }
}
