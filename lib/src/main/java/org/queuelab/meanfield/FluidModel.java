package org.queuelab.meanfield;

import java.util.List;

/**
 * A mean-field model ẋ = F(x) on a truncated state space: what the generic {@link FixedPointSolver} needs.
 * Implementations evaluate the a.e. form of their (possibly discontinuous) drift at x, with the boundary modes
 * read from x by exact zero tests.
 *
 * <p>Integration goes through {@link org.queuelab.meanfield.ode.FluidSolver}, for which a model supplies a
 * {@link org.queuelab.meanfield.ode.FluidProblem}: the same drift with its modes held between boundary crossings,
 * the sliding boundaries and their projections.
 */
public interface FluidModel {

    /** {@return number of coordinates of the state vector} */
    int dimension();

    /** {@return the coordinate names, in state-vector order} */
    List<String> coordinateNames();

    /**
     * {@return F(x)}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    double[] drift(double[] x);
}
