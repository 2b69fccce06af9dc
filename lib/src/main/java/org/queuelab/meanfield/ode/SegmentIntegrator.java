package org.queuelab.meanfield.ode;

import java.util.List;

/**
 * One integration method run over one segment of a fluid solve (the modes fixed): from (t0, x0) towards tEnd,
 * stopping at the first decreasing zero crossing of a watched switching function, on its far side (g ≤ 0), as
 * Hipparchus' detectors with {@code Action.STOP} do. A segment starts its own step-size estimate: nothing carries
 * over from an earlier segment, whose dynamics may be unrelated.
 */
interface SegmentIntegrator {

    /** The method's name, for messages and provenance. */
    String name();

    Segment integrate(Drift drift, double t0, double[] x0, double tEnd, List<Boundary> watched, StepHandler handler);

    /** Where a segment ended: at tEnd ({@code fired} = −1) or at the crossing of {@code watched.get(fired)}. */
    record Segment(double t, double[] x, int fired) {
    }
}
