package org.queuelab.meanfield.ode;

/** Receives each accepted step of an integrator (a Hipparchus-style step handler over a dense output). */
public interface StepHandler {

    /** One accepted step from {@code start} to {@code end}; {@code dense} gives the state anywhere in between. */
    void step(double start, double end, DenseOutput dense);

    /**
     * The next time after t that a step should end on (a grid time), for integrators without a dense output of
     * their own accuracy; +∞ when none.
     */
    default double nextLanding(double t) {
        return Double.POSITIVE_INFINITY;
    }

    /** The state inside an accepted step; valid during the {@link #step} call only (as Hipparchus' interpolators). */
    interface DenseOutput {
        double[] stateAt(double t);

        double[] endState();
    }
}
