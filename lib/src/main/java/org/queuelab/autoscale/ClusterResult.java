package org.queuelab.autoscale;

import java.util.Objects;

import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.SimulationRun;
import org.queuelab.result.Trajectory;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * One run of the {@link AutoscaleSimulator}: the metrics, event counts and per-window time series
 * ({@code docs/demand.md} §3). As a {@link SimulationRun} its trajectory is the window series (one point per window,
 * at the window's start) and its metrics are those of {@link ClusterMetrics#NAMES}.
 *
 * @param policy     the autoscaler's label
 * @param provenance the run's parameters and seed
 * @param metrics    metrics over [warmup, T]
 * @param arrivals   requests that arrived in [0, T]
 * @param events     events processed (arrivals, completions, set-up ends, expiries, evaluations)
 * @param series     per-window series (see {@link #series()})
 */
public record ClusterResult(String policy, Provenance provenance, ClusterMetrics metrics, long arrivals, long events,
                            WindowSeries series) implements SimulationRun {

    /**
     * Validates the components.
     *
     * @param policy     the autoscaler's label
     * @param provenance the run's parameters and seed
     * @param metrics    metrics over [warmup, T]
     * @param arrivals   requests that arrived in [0, T]
     * @param events     events processed (arrivals, completions, set-up ends, expiries, evaluations)
     * @param series     per-window series (see {@link #series()})
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public ClusterResult {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(provenance, "provenance");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(series, "series");
    }

    /** The window series as a trajectory: times are the windows' starts, series {@link WindowSeries#NAMES}. */
    @Override
    public Trajectory trajectory() {
        return new Trajectory(series.times(), series.columns(), series.values(), provenance);
    }

    /** The metrics of {@link ClusterMetrics#NAMES}, by name. */
    @Override
    public Metrics toMetrics() {
        Metrics.Builder b = Metrics.builder();
        metrics.asMap().forEach(b::put);
        return b.build();
    }

    /** {@return one row: policy, the metrics, then the parameters and seed} */
    public Table toTable() {
        Table t = Table.create("cluster metrics");
        t.addColumns(StringColumn.create("policy", policy));
        metrics.asMap().forEach((name, value) -> t.addColumns(DoubleColumn.create(name, value)));
        return provenance.addColumnsTo(t);
    }

    /** {@return the per-window time series as a table (see {@link WindowSeries#toTable}), with the policy} */
    public Table seriesTable() {
        Table t = series.toTable();
        String[] p = new String[t.rowCount()];
        java.util.Arrays.fill(p, policy);
        t.addColumns(StringColumn.create("policy", p));
        return t;
    }
}
