package org.queuelab.population;

import java.util.Arrays;

import org.hipparchus.CalculusFieldElement;
import org.hipparchus.analysis.differentiation.DSFactory;
import org.hipparchus.analysis.differentiation.DerivativeStructure;
import org.hipparchus.analysis.differentiation.UnivariateDerivative2;

/**
 * Exact derivatives of a {@link PopulationModel}'s drift F(x) = Σ_ℓ ℓ β_ℓ(x) and observables (docs/population.md):
 * the rate expressions recorded on the model's {@link Tape} are replayed on Hipparchus automatic-differentiation
 * numbers, and each rate's derivative is scattered along its jump ℓ. Split from the model so the description
 * (classes, transitions, validation) and its calculus live apart; the model's public methods delegate here after
 * checking their arguments. Holds the model's arrays without copying them (package-private, read only).
 */
record PopulationDerivatives(Tape tape, double[] parameterValues, int[] rateNodes, int[] observableNodes,
                            int[][] jumps) {

    /** Q = Σ_ℓ ℓ ℓᵀ β_ℓ from the rates β. */
    static double[][] diffusion(int n, int[][] jumps, double[] rates) {
        double[][] q = new double[n][n];
        for (int t = 0; t < rates.length; t++) {
            int[] l = jumps[t];
            for (int i = 0; i < n; i++) {
                if (l[i] == 0) {
                    continue;
                }
                for (int j = 0; j < n; j++) {
                    q[i][j] += l[i] * l[j] * rates[t];
                }
            }
        }
        return q;
    }

    /** Every tape node on field elements (the order-2 expansion's sweeps, {@link ExpansionTerms}). */
    <T extends CalculusFieldElement<T>> T[] nodes(T[] x) {
        return tape.evaluate(x, parameterValues);
    }

    /** DF(x), by reverse sweeps on doubles ({@link ReverseSweep}: exact, and no n-vector per tape node). */
    double[][] jacobian(double[] x) {
        return ReverseSweep.jacobian(tape, parameterValues, rateNodes, jumps, x);
    }

    /** ∇φ(x) of the observable at index {@code observable}. */
    double[] observableGradient(int observable, double[] x) {
        return ReverseSweep.gradient(tape, parameterValues, observableNodes[observable], x);
    }

    /** D²F(x)[u, u] followed by each observable's D²φ(x)[u, u]. */
    double[] secondDirectional(double[] x, double[] u) {
        int n = x.length;
        UnivariateDerivative2[] vars = new UnivariateDerivative2[n];
        for (int i = 0; i < n; i++) {
            vars[i] = new UnivariateDerivative2(x[i], u[i], 0);
        }
        UnivariateDerivative2[] values = tape.evaluate(vars, parameterValues);
        double[] out = new double[n + observableNodes.length];
        for (int t = 0; t < rateNodes.length; t++) {
            double second = values[rateNodes[t]].getSecondDerivative();
            int[] l = jumps[t];
            for (int i = 0; i < n; i++) {
                if (l[i] != 0) {
                    out[i] += l[i] * second;
                }
            }
        }
        for (int o = 0; o < observableNodes.length; o++) {
            out[n + o] = values[observableNodes[o]].getSecondDerivative();
        }
        return out;
    }

    /** H[i][j][k] = ∂²F_i/∂x_j∂x_k (cost n⁴). */
    double[][][] hessian(double[] x) {
        int n = x.length;
        DSFactory factory = new DSFactory(n, 2);
        DerivativeStructure[] vars = new DerivativeStructure[n];
        for (int i = 0; i < n; i++) {
            vars[i] = factory.variable(i, x[i]);
        }
        DerivativeStructure[] values = tape.evaluate(vars, parameterValues);
        double[][][] h = new double[n][n][n];
        int[] orders = new int[n];
        for (int t = 0; t < rateNodes.length; t++) {
            DerivativeStructure r = values[rateNodes[t]];
            int[] l = jumps[t];
            for (int j = 0; j < n; j++) {
                for (int k = j; k < n; k++) {
                    Arrays.fill(orders, 0);
                    orders[j]++;
                    orders[k]++;
                    double d2 = r.getPartialDerivative(orders);
                    if (d2 != 0) {
                        scatter(h, l, j, k, d2);
                    }
                }
            }
        }
        return h;
    }

    private static void scatter(double[][][] h, int[] l, int j, int k, double d2) {
        for (int i = 0; i < l.length; i++) {
            if (l[i] != 0) {
                h[i][j][k] += l[i] * d2;
                if (k != j) {
                    h[i][k][j] += l[i] * d2;
                }
            }
        }
    }
}
