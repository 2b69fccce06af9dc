package org.queuelab.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.guard.Require;

import tech.tablesaw.api.Table;

/** One {@link Estimate} per named metric, from independent replications (95% Student-t intervals). */
public final class MetricEstimates {

    private final Map<String, Estimate> estimates;
    private final Provenance provenance;

    private MetricEstimates(Map<String, Estimate> estimates, Provenance provenance) {
        this.estimates = Collections.unmodifiableMap(estimates);
        this.provenance = provenance;
    }

    /**
     * Estimates every metric of the first run from all runs (which must carry the same names).
     *
     * @param runs       one sample of metrics per replication, at least one, all with the same names
     * @param provenance where the numbers come from
     * @return one estimate per metric name, with 95% intervals across the runs
     */
    public static MetricEstimates of(List<Metrics> runs, Provenance provenance) {
        Objects.requireNonNull(runs, "runs");
        Objects.requireNonNull(provenance, "provenance");
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("runs: none; allowed: at least one");
        }
        Map<String, Estimate> out = new LinkedHashMap<>();
        for (String name : runs.get(0).values().keySet()) {
            double[] v = new double[runs.size()];
            for (int r = 0; r < v.length; r++) {
                v[r] = runs.get(r).get(name);
            }
            out.put(name, Estimate.of(v));
        }
        return new MetricEstimates(out, provenance);
    }

    /**
     * {@return the named estimate, or an exception naming the available ones}
     *
     * @param name the series or metric name, one the result carries
     */
    public Estimate get(String name) {
        return Require.oneOf("metric", estimates, name);
    }

    /**
     * The estimate of a metric.
     *
     * @param metric the quantity
     * @return its estimate
     * @throws IllegalArgumentException if the runs have no such metric (the message lists them)
     */
    public Estimate get(Metric metric) {
        return get(metric.name());
    }

    /** {@return all estimates, in the order of the runs' metrics} */
    public Map<String, Estimate> estimates() {
        return estimates;
    }

    /** {@return where the runs come from: engine, model parameters, seed} */
    public Provenance provenance() {
        return provenance;
    }

    /**
     * Columns metric, mean, halfWidth, lo, hi, runs, then parameters and seed. (Not "n": Tablesaw column names
     * ignore case, and the parameters usually include N.)
     *
     * @return the table
     */
    public Table toTable() {
        TableBuilder table = TableBuilder.named("stationary estimates").strings("metric")
                .doubles("mean", "halfWidth", "lo", "hi", "runs");
        estimates.forEach((name, e) -> table.row(name, e.mean(), e.halfWidth(), e.lower(), e.upper(), e.n()));
        return provenance.addColumnsTo(table.build());
    }

    @Override
    public String toString() {
        return estimates.toString();
    }
}
