package org.queuelab.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;


import tech.tablesaw.api.Table;

/** One {@link Estimate} per named metric, from independent replications (95% Student-t intervals). */
public final class MetricEstimates {

    /** Times that cannot be negative: a negative mean over replications means Little's law failed on the window. */
    private static final java.util.Set<String> NON_NEGATIVE_TIMES = java.util.Set.of(Metric.WAIT.name(),
            Metric.RESPONSE.name(), Metric.WAIT_PER_JOB.name(), Metric.RESPONSE_PER_JOB.name());

    private final Map<String, Estimate> estimates;
    private final Map<String, String> undefined;
    private final Provenance provenance;

    private MetricEstimates(Map<String, Estimate> estimates, Map<String, String> undefined, Provenance provenance) {
        this.estimates = Collections.unmodifiableMap(estimates);
        this.undefined = Collections.unmodifiableMap(undefined);
        this.provenance = provenance;
    }

    /** {@return the metrics without an estimate, each with the reason (undefined in a run, or a negative mean time)} */
    public Map<String, String> undefined() {
        return undefined;
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
        Map<String, String> undefined = new LinkedHashMap<>();
        java.util.Set<String> names = new java.util.LinkedHashSet<>(runs.get(0).values().keySet());
        runs.forEach(m -> names.addAll(m.undefined().keySet()));
        for (String name : names) {
            String because = null;
            double[] v = new double[runs.size()];
            for (int r = 0; r < v.length && because == null; r++) {
                String why = runs.get(r).undefined().get(name);
                if (why != null) {
                    because = "undefined in replication " + (r + 1) + " of " + v.length + ": " + why;
                } else {
                    v[r] = runs.get(r).get(name);
                }
            }
            Estimate e = because == null ? estimate(name, v) : null;
            if (e != null && e.mean() < 0 && NON_NEGATIVE_TIMES.contains(name)) {
                because = "the mean over " + v.length + " replications is " + e.mean() + " < 0 (a time cannot be "
                        + "negative): the averaging window [warmup, T] is too short for Little's law; use a longer "
                        + "horizon or warm-up";
            }
            if (because == null) {
                out.put(name, e);
            } else {
                undefined.put(name, because);
            }
        }
        return new MetricEstimates(out, undefined, provenance);
    }

    /** Estimate.of, its refusal (an infinite value) naming the metric. */
    private static Estimate estimate(String name, double[] values) {
        try {
            return Estimate.of(values);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("metric " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@return the named estimate, or an exception naming the available ones}
     *
     * @param name the series or metric name, one the result carries
     * @throws UndefinedMetricException if the replications leave it undefined (the message says why)
     */
    public Estimate get(String name) {
        return UndefinedMetricException.lookup(undefined, estimates, name);
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
