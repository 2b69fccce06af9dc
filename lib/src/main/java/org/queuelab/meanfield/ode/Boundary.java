package org.queuelab.meanfield.ode;

/**
 * A switching function g of a fluid problem: the segment ends where g decreases through 0 (a sliding boundary is
 * hit or left, or the stiffness regime changes). Boundaries are watched only in the modes that declare them.
 */
public interface Boundary {

    /** {@return a short name for diagnostics, e.g. "cold pool empty"} */
    String name();

    /**
     * {@return g(x); the integration stops where it decreases through 0}
     *
     * @param x a state in the problem's coordinate layout
     */
    double g(double[] x);

    /**
     * {@return a boundary from a name and a function}
     *
     * @param name a short name for diagnostics
     * @param g    the switching function g(x)
     */
    static Boundary of(String name, java.util.function.ToDoubleFunction<double[]> g) {
        return new Boundary() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public double g(double[] x) {
                return g.applyAsDouble(x);
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}
