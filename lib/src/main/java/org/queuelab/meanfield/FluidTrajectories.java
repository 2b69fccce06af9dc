package org.queuelab.meanfield;

import java.util.LinkedHashMap;

/**
 * Builds {@link FluidTrajectory} results for fluid solvers outside this package (the population processes of
 * {@code org.queuelab.population}), so that every fluid result shares one type.
 */
public final class FluidTrajectories {

    private FluidTrajectories() {
    }

    /**
     * A trajectory of a smooth drift (no boundary switches).
     *
     * @param name             what was integrated
     * @param times            the output times
     * @param columns          named columns, one value per output time
     * @param states           the state vector at each output time
     * @param parameters       model parameters and solver settings
     * @param driftEvaluations drift evaluations spent
     * @param minCoordinate    smallest coordinate seen at the output times
     * @param maxMassError     largest deviation of a conserved sum from its total at the output times
     * @return the trajectory
     */
    public static FluidTrajectory of(String name, double[] times, LinkedHashMap<String, double[]> columns,
                                     double[][] states, java.util.Map<String, ?> parameters,
                                     long driftEvaluations, double minCoordinate, double maxMassError) {
        org.queuelab.result.Provenance provenance = org.queuelab.result.Provenance.of("fluid", name);
        for (var e : parameters.entrySet()) {
            if (!e.getKey().equals("model")) {
                provenance = provenance.with(e.getKey(), e.getValue());
            }
        }
        return new FluidTrajectory(times, columns, states, provenance,
                FluidTrajectory.Diagnostics.explicit(driftEvaluations, 0.0, minCoordinate, maxMassError));
    }
}
