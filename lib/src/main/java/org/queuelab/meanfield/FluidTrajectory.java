package org.queuelab.meanfield;

import java.util.LinkedHashMap;
import java.util.List;

import org.queuelab.result.Metric;
import org.queuelab.result.Provenance;
import org.queuelab.result.Trajectory;

/**
 * A fluid trajectory: the shared {@link Trajectory} (named series of {@link Metric} names sampled at the
 * requested times, with the model and solver settings as {@link Provenance}), plus the full state vectors and
 * the solver's diagnostics and cost. Immutable: accessors return copies.
 */
public final class FluidTrajectory extends Trajectory {

    private final double[][] states;
    private final long driftEvaluations;
    private final int modeSwitches;
    private final double maxBoundaryMass;
    private final double minCoordinate;
    private final double maxMassError;
    private final long jacobianEvaluations;
    private final long implicitDriftEvaluations;

    FluidTrajectory(double[] times, LinkedHashMap<String, double[]> columns, double[][] states,
                    Provenance provenance, long driftEvaluations, int modeSwitches,
                    double maxBoundaryMass, double minCoordinate, double maxMassError) {
        this(times, columns, states, provenance, driftEvaluations, modeSwitches, maxBoundaryMass,
                minCoordinate, maxMassError, 0, 0);
    }

    FluidTrajectory(double[] times, LinkedHashMap<String, double[]> columns, double[][] states,
                    Provenance provenance, long driftEvaluations, int modeSwitches,
                    double maxBoundaryMass, double minCoordinate, double maxMassError, long jacobianEvaluations,
                    long implicitDriftEvaluations) {
        super(times, List.copyOf(columns.keySet()), columns.values().toArray(new double[0][]), provenance);
        this.states = new double[states.length][];
        for (int i = 0; i < states.length; i++) {
            this.states[i] = states[i].clone();
        }
        this.driftEvaluations = driftEvaluations;
        this.modeSwitches = modeSwitches;
        this.maxBoundaryMass = maxBoundaryMass;
        this.minCoordinate = minCoordinate;
        this.maxMassError = maxMassError;
        this.jacobianEvaluations = jacobianEvaluations;
        this.implicitDriftEvaluations = implicitDriftEvaluations;
    }

    /**
     * The provenance of a fluid solve, built here for every fluid engine: the model's parameters, then the
     * truncation level K and the integrator settings.
     */
    static Provenance provenance(Object model, int levels, FluidOptions options) {
        return Provenance.of("fluid", model).with("levels", levels).with("solver", AlbaDrift.solverLabel(options))
                .with("absTol", options.absoluteTolerance()).with("relTol", options.relativeTolerance())
                .with("maxStep", options.maxStep());
    }

    /** The full state vector at the i-th output time (the model's coordinate layout). */
    public double[] state(int index) {
        return states[index].clone();
    }

    /** The state at the last output time. */
    public double[] finalState() {
        return states[states.length - 1].clone();
    }

    /** Drift evaluations spent by the solve. */
    public long driftEvaluations() {
        return driftEvaluations;
    }

    /**
     * Full Jacobians formed by the implicit (Rosenbrock–W) integrator, 0 when it did not run. Each is a forward
     * difference costing {@code dimension} drift evaluations, counted in {@link #driftEvaluations()}, as are the
     * per-step refreshes of the stiff pool columns between two full Jacobians.
     */
    public long jacobianEvaluations() {
        return jacobianEvaluations;
    }

    /** The part of {@link #driftEvaluations()} spent by the implicit integrator (Jacobians included). */
    public long implicitDriftEvaluations() {
        return implicitDriftEvaluations;
    }

    /** Number of switches between smooth and sliding dynamics (boundary hits and departures). */
    public int modeSwitches() {
        return modeSwitches;
    }

    /** Largest mass seen at the truncation level (0 for a finite buffer, where the top level is real). */
    public double maxBoundaryMass() {
        return maxBoundaryMass;
    }

    /** Smallest coordinate seen at any accepted step (non-negativity check). */
    public double minCoordinate() {
        return minCoordinate;
    }

    /** Largest |Σx − 1| seen at any accepted step (conservation check). */
    public double maxMassError() {
        return maxMassError;
    }

    @Override
    public String toString() {
        return "FluidTrajectory" + names() + " at " + size() + " times, " + driftEvaluations + " drift evaluations ("
                + provenance() + ")";
    }
}
