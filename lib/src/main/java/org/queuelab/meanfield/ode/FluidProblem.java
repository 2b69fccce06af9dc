package org.queuelab.meanfield.ode;

import java.util.List;

/**
 * A fluid model as {@link FluidSolver} sees it: a drift that is smooth between sliding boundaries, the boundaries
 * watched in the current modes, the projection applied where one is crossed, and the checks of an accepted state.
 * The problem holds its modes, so an instance serves one solve; models create one per solve.
 *
 * <p>Contract: {@link #enterSegment} sets the modes from a state; {@link #derivatives} is the drift in the current
 * modes (smooth: it may be evaluated past a boundary inside trial stages); {@link #boundaries()} lists the switching
 * functions of the current modes, each non-negative at a segment start unless the state is already past it, in which
 * case the solver calls {@link #project} at once; {@link #project} moves the state onto the boundary (in place)
 * and sets the new modes.
 */
public interface FluidProblem extends Drift {

    /** {@return a label for messages, e.g. "ALBA fluid (JBT-1, Blind-0.02)"} */
    String label();

    /** {@return the coordinate names, in state-vector order (for messages)} */
    List<String> coordinateNames();

    /**
     * Sets the modes from x at the start of the solve.
     *
     * @param x a state in the problem's coordinate layout
     */
    void enterSegment(double[] x);

    /** {@return the switching functions watched in the current modes} */
    List<Boundary> boundaries();

    /**
     * At a crossing of {@code boundary} (or a state already past it): projects x in place and sets new modes.
     *
     * @param boundary the boundary crossed, one of {@link #boundaries()}
     * @param x        a state in the problem's coordinate layout
     */
    void project(Boundary boundary, double[] x);

    /**
     * Where the drift is stiff in the current modes, for {@link FluidSolver.Method#AUTO}; null (the default) when it
     * never is.
     *
     * @return the stiff region, or null when the drift is never stiff
     */
    default StiffRegion stiffRegion() {
        return null;
    }

    /** {@return whether Σx is conserved (checked to 10⁻⁹ at every accepted step)} */
    default boolean conservesMass() {
        return true;
    }

    /**
     * Checks an accepted state (e.g. the mass reaching a truncation level) and throws to stop the solve; returns the
     * mass at the truncation boundary, 0 when there is none, for the solution's statistics.
     *
     * @param t the time of the accepted state (units of time)
     * @param x a state in the problem's coordinate layout
     * @return the mass at the truncation boundary, ≥ 0
     */
    default double check(double t, double[] x) {
        return 0.0;
    }

    /**
     * A stiff region of the state space with hysteresis: {@link #contains} decides the integrator of a segment
     * start; {@link #entry} fires when an explicit segment enters it, {@link #exit} when an implicit one leaves it.
     */
    interface StiffRegion {
        /**
         * {@return whether a segment starting at x runs the implicit method}
         *
         * @param x a state in the problem's coordinate layout
         */
        boolean contains(double[] x);

        /** {@return the boundary at which an explicit segment enters the region} */
        Boundary entry();

        /** {@return the boundary at which an implicit segment leaves the region} */
        Boundary exit();
    }
}
