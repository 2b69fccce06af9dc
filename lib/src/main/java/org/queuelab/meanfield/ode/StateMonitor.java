package org.queuelab.meanfield.ode;

/**
 * Checks every accepted state of a solve: conservation of mass, non-negativity, and the problem's own check
 * (e.g. a truncation level); keeps the extremes for the solution. Its failure messages name the integrator that
 * produced the state.
 */
final class StateMonitor {

    /** A coordinate below −10⁻⁸ is an integration failure, not round-off: thrown, never returned. */
    static final double NEGATIVITY_GUARD = 1e-8;
    /** Largest |Σx − 1| accepted. */
    static final double MASS_GUARD = 1e-9;

    private final FluidProblem problem;
    private String integrator = "none";
    double maxBoundaryMass;
    double minCoordinate = Double.POSITIVE_INFINITY;
    double maxMassError;

    StateMonitor(FluidProblem problem) {
        this.problem = problem;
    }

    /** The integrator (and why it was chosen) that produces the next states, for messages. */
    void integrator(String description) {
        this.integrator = description;
    }

    void observe(double t, double[] x) {
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        int argMin = 0;
        for (int i = 0; i < x.length; i++) {
            sum += x[i];
            if (x[i] < min) {
                min = x[i];
                argMin = i;
            }
        }
        minCoordinate = Math.min(minCoordinate, min);
        if (problem.conservesMass()) {
            maxMassError = Math.max(maxMassError, Math.abs(sum - 1));
            if (Math.abs(sum - 1) > MASS_GUARD) {
                throw new IllegalStateException(problem.label() + ": mass " + sum + " at t = " + t
                        + " (conservation lost; integrator: " + integrator + ")");
            }
        }
        if (min < -NEGATIVITY_GUARD) {
            throw new IllegalStateException(problem.label() + ": coordinate " + problem.coordinateNames().get(argMin)
                    + " reached " + min + " at t = " + t + " (integration failure of the " + integrator
                    + "; an explicit method loses stability on a stiff segment, e.g. a JBT-d pool with d ≥ 1 and"
                    + " a small mass s, whose internal rates are λ/s)");
        }
        maxBoundaryMass = Math.max(maxBoundaryMass, problem.check(t, x));
    }
}
