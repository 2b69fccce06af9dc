package org.queuelab.population;

import java.util.List;
import java.util.Objects;

/**
 * What a {@link PopulationModel.Builder} recorded, apart from the parameter values: the classes and their conserved
 * groups, the transitions' jumps, and the tape nodes of the rates and observables (docs/population.md). Shared,
 * unchanged, by every model {@link PopulationModel#with(String, double)} derives; it also checks states against
 * the classes and groups.
 *
 * @param name            the model's name
 * @param coordinates     the class names, in state-vector order
 * @param groupOf         the conserved group of each class
 * @param groupNames      the groups' names
 * @param groupTotals     each group's fixed sum
 * @param parameterNames  the parameters' names, in declaration order
 * @param transitionNames the transitions' names, in declaration order
 * @param jumps           each transition's jump vector, one entry per class
 * @param rateNodes       each transition's rate node on the tape
 * @param observableNames the observables' names
 * @param observableNodes each observable's node on the tape
 * @param tape            the recorded expressions (frozen)
 * @param transitionMasks per transition, the tape nodes its rate reads
 */
record ModelStructure(String name, List<String> coordinates, int[] groupOf, List<String> groupNames,
                      double[] groupTotals, List<String> parameterNames, List<String> transitionNames, int[][] jumps,
                      int[] rateNodes, List<String> observableNames, int[] observableNodes, Tape tape,
                      boolean[][] transitionMasks) {

    int dimension() {
        return coordinates.size();
    }

    /** The checks of {@link PopulationModel#requireState}: length, finite entries ≥ −10⁻¹², group sums to 10⁻⁹. */
    void requireState(double[] x) {
        requireDimension(x);
        double[] sums = new double[groupTotals.length];
        for (int i = 0; i < x.length; i++) {
            if (!(Double.isFinite(x[i]) && x[i] >= -1e-12)) {
                throw new IllegalArgumentException(coordinates.get(i) + " = " + x[i] + "; allowed: finite, ≥ 0");
            }
            sums[groupOf[i]] += x[i];
        }
        for (int g = 0; g < sums.length; g++) {
            if (Math.abs(sums[g] - groupTotals[g]) > 1e-9) {
                throw new IllegalArgumentException("sum of group " + groupNames.get(g) + " = " + sums[g]
                        + "; allowed: " + groupTotals[g]);
            }
        }
    }

    /** A point the rates may be evaluated at: one finite entry per class (not necessarily a state). */
    void requirePoint(double[] x) {
        requireDimension(x);
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new IllegalArgumentException(coordinates.get(i) + " = " + x[i] + "; allowed: finite");
            }
        }
    }

    private void requireDimension(double[] x) {
        Objects.requireNonNull(x, "x");   // the name every public method gives its state
        if (x.length != dimension()) {
            throw new IllegalArgumentException("state length = " + x.length + "; allowed: "
                    + dimension() + " " + coordinates);
        }
    }
}
