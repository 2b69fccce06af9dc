package org.queuelab.sweep;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The metrics one {@link Task} produced.
 *
 * @param pointIndex  the task's point, an index into {@link Grid#points()}
 * @param replication the task's replication, from 0
 * @param values      metric name → value, as the {@link Experiment} returned them
 */
public record Observation(int pointIndex, int replication, Map<String, Double> values) implements Serializable {

    /**
     * Copies {@code values}, keeping its order.
     *
     * @param pointIndex  the task's point, an index into {@link Grid#points()}
     * @param replication the task's replication, from 0
     * @param values      metric name → value, not null
     */
    public Observation {
        values = new LinkedHashMap<>(values);
    }

    /**
     * The metrics, in the order the experiment gave them.
     *
     * @return an unmodifiable view
     */
    @Override
    public Map<String, Double> values() {
        return java.util.Collections.unmodifiableMap(values);
    }
}
