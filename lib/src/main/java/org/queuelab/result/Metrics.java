package org.queuelab.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.queuelab.guard.Require;

/**
 * Named scalar results of one run (stationary time averages, rates, counters), in insertion order.
 * Simulators fill one per replication; {@link MetricEstimates#of} turns a list of them into {@link Estimate}s.
 */
public final class Metrics {

    private final Map<String, Double> values;

    private Metrics(Map<String, Double> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** {@return a builder that keeps insertion order} */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * {@return the named value, or an exception naming the available ones}
     *
     * @param name the metric name, not null
     */
    public double get(String name) {
        return Require.oneOf("metric", values, name);
    }

    /**
     * The value of a metric.
     *
     * @param metric the quantity
     * @return its value
     * @throws IllegalArgumentException if this run has no such metric (the message lists them)
     */
    public double get(Metric metric) {
        return get(metric.name());
    }

    /** {@return all values, in insertion order} */
    public Map<String, Double> values() {
        return values;
    }

    @Override
    public String toString() {
        return values.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metrics m && values.equals(m.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** Builds {@link Metrics}. */
    public static final class Builder {
        private final Map<String, Double> values = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Adds (or replaces) {@code name = value}.
         *
         * @param name  the metric name, not null
         * @param value the value (any double; NaN where undefined)
         * @return this builder
         */
        public Builder put(String name, double value) {
            values.put(Objects.requireNonNull(name, "name"), value);
            return this;
        }

        /**
         * Adds (or replaces) {@code metric = value}.
         *
         * @param metric the quantity, one the result carries
         * @param value  the value (any double; NaN where undefined)
         * @return this builder
         */
        public Builder put(Metric metric, double value) {
            return put(metric.name(), value);
        }

        /** {@return the metrics put so far, in insertion order} */
        public Metrics build() {
            return new Metrics(new LinkedHashMap<>(values));
        }
    }
}
