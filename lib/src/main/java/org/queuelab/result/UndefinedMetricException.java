package org.queuelab.result;

import java.util.Map;
import org.queuelab.guard.Require;

/**
 * Thrown when a metric is asked for that a run (or a set of replications) cannot define, e.g. a loss probability
 * when no job arrived in the averaging window or a mean response time when no job completed; the message names
 * the metric and why. An {@link IllegalStateException}: the arguments were fine, the run's outcome leaves the
 * quantity undefined.
 */
public final class UndefinedMetricException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String metric;

    /**
     * @param metric  the metric's name
     * @param because why the run cannot define it
     */
    public UndefinedMetricException(String metric, String because) {
        super("metric " + metric + " is undefined: " + because);
        this.metric = metric;
    }

    /**
     * The entry of a result's metric map, refusing a metric the result holds as undefined: the one lookup
     * {@link Metrics#get(String)} and {@link MetricEstimates#get(String)} share.
     *
     * @param undefined the result's undefined metrics, name to reason
     * @param defined   the result's defined metrics, name to value
     * @param name      the metric asked for
     * @return its value
     * @throws UndefinedMetricException if {@code undefined} holds it (the message says why)
     * @throws IllegalArgumentException if neither map holds it (the message lists the defined ones)
     */
    static <V> V lookup(Map<String, String> undefined, Map<String, V> defined, String name) {
        String because = undefined.get(name);
        if (because != null) {
            throw new UndefinedMetricException(name, because);
        }
        return Require.oneOf("metric", defined, name);
    }

    /** {@return the metric's name} */
    public String metric() {
        return metric;
    }
}
