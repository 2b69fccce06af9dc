package org.queuelab.meanfield.ode;

/**
 * An adaptive {@link SegmentIntegrator}: the local-error tolerances and the largest step that both methods of the
 * fluid solver (Dormand–Prince and Rosenbrock–W, docs/alba.md §3) control their steps with.
 */
abstract class AdaptiveIntegrator implements SegmentIntegrator {

    /** Absolute local-error tolerance per coordinate. */
    final double absoluteTolerance;
    /** Relative local-error tolerance per coordinate. */
    final double relativeTolerance;
    /** Largest step. */
    final double maxStep;

    AdaptiveIntegrator(double absoluteTolerance, double relativeTolerance, double maxStep) {
        if (!(absoluteTolerance > 0 && relativeTolerance > 0 && maxStep > 0)) {
            throw new IllegalArgumentException("tolerances " + absoluteTolerance + ", " + relativeTolerance
                    + ", maxStep " + maxStep + "; allowed: all > 0");
        }
        this.absoluteTolerance = absoluteTolerance;
        this.relativeTolerance = relativeTolerance;
        this.maxStep = maxStep;
    }
}
