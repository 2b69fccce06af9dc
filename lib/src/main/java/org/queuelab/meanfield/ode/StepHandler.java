package org.queuelab.meanfield.ode;

/** Receives each accepted step of an integrator (a Hipparchus-style step handler over a dense output). */
public interface StepHandler {

    /**
     * One accepted step from {@code start} to {@code end}; {@code dense} gives the state anywhere in between.
     *
     * @param start the start of the step (units of time)
     * @param end   the end of the step (units of time), &gt; start
     * @param dense the state anywhere in [start, end], valid during this call only
     */
    void step(double start, double end, DenseOutput dense);

    /**
     * The next time after t that a step should end on (a grid time), for integrators without a dense output of
     * their own accuracy; +∞ when none.
     *
     * @param t the current time (units of time)
     * @return the next landing time, or +∞
     */
    default double nextLanding(double t) {
        return Double.POSITIVE_INFINITY;
    }

    /** The state inside an accepted step; valid during the {@link #step} call only (as Hipparchus' interpolators). */
    interface DenseOutput {
        /**
         * {@return the interpolated state at t}
         *
         * @param t a time in the step, [start, end] (units of time)
         */
        double[] stateAt(double t);

        /** {@return the state at the end of the step} */
        double[] endState();
    }
}
