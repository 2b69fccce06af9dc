package org.queuelab.population;

/**
 * The bench's door to the package-private order-1 paths ({@link SparseRefinement}): lets the population bench time
 * the structured and the dense computation of W and V at the same fixed point in the same run. Bench module only.
 */
public final class BenchAccess {

    private BenchAccess() {
    }

    /**
     * CPU milliseconds of the third-moment equation Σ_cyc A C + S = 0 of the order-2 expansion ({@link
     * TensorLyapunov#cyclic}) with A the reduced Jacobian at π and S = the diagonal tensor of ones on the first
     * five coordinates (the solve's cost does not depend on S).
     */
    public static double cyclicMillis(PopulationModel model, double[] pi) {
        double[][] jacobian = model.jacobian(pi);
        double[][] a = Reduction.sparsest(model, jacobian).reduceToArray(jacobian);
        BlockTriangular blocks = new BlockTriangular(a);
        int m = a.length;
        double[][][] s = new double[m][m][m];
        for (int i = 0; i < Math.min(5, m); i++) {
            s[i][i][i] = 1;
        }
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long t0 = cpu.getCurrentThreadCpuTime();
        TensorLyapunov.cyclic(blocks, s);
        return (cpu.getCurrentThreadCpuTime() - t0) / 1e6;
    }

    /** V of the order-1 terms at π by the structured path ({@code structured}) or the dense one. */
    public static double[] order1(PopulationModel model, double[] pi, boolean structured) {
        return SparseRefinement.order1(model, pi, structured, SparseRefinement.RESIDUAL_GUARD).v();
    }
}
