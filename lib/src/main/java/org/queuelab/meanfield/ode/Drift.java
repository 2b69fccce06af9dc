package org.queuelab.meanfield.ode;

/**
 * A smooth autonomous vector field ẋ = F(x): what an integrator needs inside one segment of a fluid solve, where
 * the model's boundary modes are fixed.
 */
public interface Drift {

    /** {@return number of coordinates} */
    int dimension();

    /**
     * F(x) into {@code dx}.
     *
     * @param x  a state in the problem's coordinate layout
     * @param dx receives F(x), one entry per coordinate
     */
    void derivatives(double[] x, double[] dx);

    /**
     * The finite-difference increment for coordinate j at x, used by implicit methods for their Jacobian
     * (default √ε·max(|x_j|, 10⁻⁶)). A model whose drift varies on a smaller scale than 10⁻⁶ in some coordinate
     * (a pool of tiny mass) says so here.
     *
     * @param x a state in the problem's coordinate layout
     * @param j a coordinate, in [0, dimension)
     * @return the increment, &gt; 0
     */
    default double jacobianIncrement(double[] x, int j) {
        return 1.5e-8 * Math.max(Math.abs(x[j]), 1e-6);
    }

    /**
     * The columns of the Jacobian that carry the stiff, fast-varying part of the drift, or null (the default) when
     * any may. An implicit method forms these at every step and the others only now and then.
     *
     * @param x a state in the problem's coordinate layout
     * @return the fast columns, or null when any may be
     */
    default int[] fastColumns(double[] x) {
        return null;
    }
}
