package org.queuelab.result;

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

    /** {@return the metric's name} */
    public String metric() {
        return metric;
    }
}
