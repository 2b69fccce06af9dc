package org.queuelab.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;


/**
 * Named scalar results of one run (stationary time averages, rates, counters), in insertion order.
 * Simulators fill one per replication; {@link MetricEstimates#of} turns a list of them into {@link Estimate}s.
 *
 * <p>A metric a run cannot define (a loss probability with no arrival, a mean response time with no completed
 * job) is held as <em>undefined because …</em>: {@link #get} refuses it with the reason, {@link #values()} leaves
 * it out, and an estimate over replications is undefined when one run's value is (never NaN or 0 in its place).
 */
public final class Metrics {

    /** Why a metric put as NaN is undefined. */
    public static final String NOT_A_NUMBER = "not a number in this run (0/0 over its averaging window: nothing to "
            + "average, e.g. no server powered on or no job accepted)";

    private final Map<String, Double> values;
    private final Map<String, String> undefined;

    private Metrics(Map<String, Double> values, Map<String, String> undefined) {
        this.values = Collections.unmodifiableMap(values);
        this.undefined = Collections.unmodifiableMap(undefined);
    }

    /** {@return the metrics this run cannot define, each with the reason (e.g. "no arrival in [warmup, T]")} */
    public Map<String, String> undefined() {
        return undefined;
    }

    /** {@return a builder that keeps insertion order} */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * {@return the named value, or an exception naming the available ones}
     *
     * @param name the metric name, not null
     * @throws UndefinedMetricException if this run cannot define it (the message says why)
     */
    public double get(String name) {
        return UndefinedMetricException.lookup(undefined, values, name);
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
        return undefined.isEmpty() ? values.toString() : values + " undefined " + undefined;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Metrics m && values.equals(m.values) && undefined.equals(m.undefined);
    }

    @Override
    public int hashCode() {
        return values.hashCode() * 31 + undefined.hashCode();
    }

    /** Builds {@link Metrics}. */
    public static final class Builder {

        private final Map<String, Double> values = new LinkedHashMap<>();
        private final Map<String, String> undefined = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Adds (or replaces) {@code name = value}. A NaN is held as undefined ({@link Metrics#NOT_A_NUMBER}), never returned
         * as a value; a run that knows why it cannot define a metric says so with {@link #undefined}.
         *
         * @param name  the metric name, not null
         * @param value the value
         * @return this builder
         */
        public Builder put(String name, double value) {
            values.put(Objects.requireNonNull(name, "name"), value);
            undefined.remove(name);
            return this;
        }

        /**
         * Marks {@code metric} undefined in this run (replacing any value put before).
         *
         * @param metric  the quantity the run cannot define
         * @param because why, for the message of {@link UndefinedMetricException}
         * @return this builder
         */
        public Builder undefined(Metric metric, String because) {
            values.remove(metric.name());
            undefined.put(metric.name(), Objects.requireNonNull(because, "because"));
            return this;
        }

        /**
         * Adds (or replaces) {@code metric = value}; a NaN is held as undefined, as by {@link #put(String, double)}.
         *
         * @param metric the quantity, one the result carries
         * @param value  the value
         * @return this builder
         */
        public Builder put(Metric metric, double value) {
            return put(metric.name(), value);
        }

        /** {@return the metrics put so far, in insertion order; the NaN values among them undefined} */
        public Metrics build() {
            Map<String, Double> defined = new LinkedHashMap<>();
            Map<String, String> because = new LinkedHashMap<>(undefined);
            values.forEach((name, value) -> {
                if (Double.isNaN(value)) {
                    because.put(name, NOT_A_NUMBER);
                } else {
                    defined.put(name, value);
                }
            });
            return new Metrics(defined, because);
        }
    }
}
