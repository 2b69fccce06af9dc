package org.queuelab.population;

import java.util.Arrays;

/**
 * First derivatives of the recorded rate expressions by reverse-mode automatic differentiation on doubles
 * (docs/population.md, "Scale"): one double sweep for the values, then one backward sweep per drift component
 * F_i = Σ_ℓ ℓ_i β_ℓ, which visits only the nodes whose adjoint is nonzero. Exact, like the forward mode it
 * replaces for the Jacobian (the same local derivatives in the same branches), but it allocates one array per
 * call where Hipparchus' {@code Gradient} with n variables allocates an n-vector per tape node — and builds, on
 * first use, derivative compilers for every size up to n that stay cached for the life of the JVM (about
 * 1.4 GB for n = 1001).
 */
final class ReverseSweep {

    private ReverseSweep() {
    }

    /** DF(x) = Σ_ℓ ℓ ∇β_ℓ(x)ᵀ. */
    static double[][] jacobian(Tape tape, double[] parameters, int[] rateNodes, int[][] jumps, double[] x) {
        int n = x.length;
        double[] values = new double[tape.size()];
        tape.evaluate(x, parameters, values);
        double[] adjoints = new double[tape.size()];
        double[][] jacobian = new double[n][n];
        int[][] ratesOfRow = ratesOfRow(n, jumps);
        for (int i = 0; i < n; i++) {
            int top = -1;
            for (int t : ratesOfRow[i]) {
                adjoints[rateNodes[t]] += jumps[t][i];
                top = Math.max(top, rateNodes[t]);
            }
            sweep(tape, top, values, adjoints, jacobian[i]);
        }
        return jacobian;
    }

    /** ∇ of the expression at {@code node}. */
    static double[] gradient(Tape tape, double[] parameters, int node, double[] x) {
        double[] values = new double[tape.size()];
        tape.evaluate(x, parameters, values);
        double[] adjoints = new double[tape.size()];
        double[] gradient = new double[x.length];
        adjoints[node] = 1;
        sweep(tape, node, values, adjoints, gradient);
        return gradient;
    }

    /** Propagates the adjoints from {@code top} down, leaving {@code adjoints} zero again. */
    private static void sweep(Tape tape, int top, double[] values, double[] adjoints, double[] coordinateAdjoint) {
        for (int j = top; j >= 0; j--) {
            double adjoint = adjoints[j];
            if (adjoint != 0) {
                adjoints[j] = 0;
                tape.pullBack(j, adjoint, values, adjoints, coordinateAdjoint);
            }
        }
    }

    private static int[][] ratesOfRow(int n, int[][] jumps) {
        int[] count = new int[n];
        for (int[] jump : jumps) {
            for (int i = 0; i < n; i++) {
                count[i] += jump[i] != 0 ? 1 : 0;
            }
        }
        int[][] out = new int[n][];
        for (int i = 0; i < n; i++) {
            out[i] = new int[count[i]];
        }
        Arrays.fill(count, 0);
        for (int t = 0; t < jumps.length; t++) {
            for (int i = 0; i < n; i++) {
                if (jumps[t][i] != 0) {
                    out[i][count[i]++] = t;
                }
            }
        }
        return out;
    }
}
