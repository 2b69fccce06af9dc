package org.queuelab.sweep;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/** The metrics one {@link Task} produced. */
public record Observation(int pointIndex, int replication, Map<String, Double> values) implements Serializable {

    public Observation {
        values = new LinkedHashMap<>(values);
    }

    @Override
    public Map<String, Double> values() {
        return java.util.Collections.unmodifiableMap(values);
    }
}
