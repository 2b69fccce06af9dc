package org.queuelab.population;

/**
 * The bench's door to the package-private order-1 paths ({@link SparseRefinement}): lets the population bench time
 * the structured and the dense computation of W and V at the same fixed point in the same run. Bench module only.
 */
public final class BenchAccess {

    private BenchAccess() {
    }

    /** V of the order-1 terms at π by the structured path ({@code structured}) or the dense one. */
    public static double[] order1(PopulationModel model, double[] pi, boolean structured) {
        return SparseRefinement.order1(model, pi, structured, SparseRefinement.RESIDUAL_GUARD).v();
    }
}
