package org.queuelab.meanfield;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

import org.queuelab.meanfield.ode.FluidSolver;
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
    private final Diagnostics diagnostics;

    /**
     * What a solve cost and how closely it kept its state a distribution.
     *
     * @param driftEvaluations         drift evaluations spent by the solve
     * @param modeSwitches             switches between smooth and sliding dynamics (boundary hits and departures)
     * @param maxBoundaryMass          largest mass seen at the truncation level (0 for a finite buffer, where the
     *                                 top level is real)
     * @param minCoordinate            smallest coordinate seen at any accepted step (non-negativity check)
     * @param maxMassError             largest |Σx − 1| seen at any accepted step (conservation check)
     * @param jacobianEvaluations      full Jacobians formed by the implicit (Rosenbrock–W) integrator, 0 when it did
     *                                 not run; each is a forward difference costing {@code dimension} drift
     *                                 evaluations, counted in driftEvaluations, as are the per-step refreshes of the
     *                                 stiff pool columns between two full Jacobians
     * @param implicitDriftEvaluations the part of driftEvaluations spent by the implicit integrator (Jacobians
     *                                 included)
     */
    public record Diagnostics(long driftEvaluations, int modeSwitches, double maxBoundaryMass, double minCoordinate,
                              double maxMassError, long jacobianEvaluations, long implicitDriftEvaluations) {

        /** The diagnostics of the one fluid solver's run. */
        static Diagnostics of(FluidSolver.Solution run) {
            return new Diagnostics(run.evaluations(), run.switches(), run.maxBoundaryMass(), run.minCoordinate(),
                    run.maxMassError(), run.jacobians(), run.implicitEvaluations());
        }

        /** The diagnostics of an explicit solve of a smooth drift: no switch, no implicit step. */
        static Diagnostics explicit(long driftEvaluations, double maxBoundaryMass, double minCoordinate,
                                    double maxMassError) {
            return new Diagnostics(driftEvaluations, 0, maxBoundaryMass, minCoordinate, maxMassError, 0, 0);
        }
    }

    FluidTrajectory(double[] times, LinkedHashMap<String, double[]> columns, double[][] states,
                    Provenance provenance, Diagnostics diagnostics) {
        super(times, List.copyOf(columns.keySet()), columns.values().toArray(new double[0][]), provenance);
        this.states = new double[states.length][];
        for (int i = 0; i < states.length; i++) {
            this.states[i] = states[i].clone();
        }
        this.diagnostics = Objects.requireNonNull(diagnostics, "diagnostics");
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

    /**
     * {@return the full state vector at the i-th output time (the model's coordinate layout)}
     *
     * @param index the index of an output time, in [0, number of times)
     */
    public double[] state(int index) {
        return states[index].clone();
    }

    /** {@return the state at the last output time} */
    public double[] finalState() {
        return states[states.length - 1].clone();
    }

    /** {@return the solve's cost and checks, in one record} */
    public Diagnostics diagnostics() {
        return diagnostics;
    }

    @Override
    public String toString() {
        return "FluidTrajectory" + names() + " at " + size() + " times, " + diagnostics.driftEvaluations() + " drift evaluations ("
                + provenance() + ")";
    }
}
