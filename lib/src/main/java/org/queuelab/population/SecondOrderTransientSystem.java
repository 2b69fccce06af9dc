package org.queuelab.population;

import java.util.Arrays;

import org.hipparchus.ode.OrdinaryDifferentialEquation;

/**
 * The ODE of {@link SecondOrderExpansion#transientRegime}: d/dt of (x, V, W, V₂, B, C), all in the full coordinates
 * (docs/population.md §6), with the refusal of a path that reaches a switching surface. Split from the expansion's
 * public API so that the result types and the ODE live apart.
 */
final class SecondOrderTransientSystem implements OrdinaryDifferentialEquation {
    private final PopulationModel model;
    private final boolean[] startBranches;
    private final String what;
    private final int n;
    private final double[][] identity;
    private final int[] all;

    SecondOrderTransientSystem(PopulationModel model, boolean[] startBranches, String what) {
        this.model = model;
        this.startBranches = startBranches;
        this.what = what;
        this.n = model.dimension();
        this.identity = new double[n][n];
        this.all = new int[n];
        for (int i = 0; i < n; i++) {
            identity[i][i] = 1;
            all[i] = i;
        }
    }

    @Override
    public int getDimension() {
        return 3 * n + 2 * n * n + n * n * n;
    }

    private ExpansionTerms termsAt(double t, double[] x) {
        String change = model.branchChangeAt(startBranches, x);
        String kink = change != null ? change : model.nonSmoothnessAt(x);
        if (kink != null) {
            throw new IllegalArgumentException(what + " undefined from t ≈ " + t + ": the path reaches "
                    + model.describe(x) + " where " + kink + ", a switching surface of the drift (not"
                    + " differentiable there); allowed: paths on which every rate stays smooth");
        }
        return new ExpansionTerms(model.derivatives(), x, identity, all);
    }

    @Override
    public double[] computeDerivatives(double t, double[] z) {
        State s = new State(z, n);
        ExpansionTerms terms = termsAt(t, s.x);
        double[] out = new double[z.length];
        System.arraycopy(model.drift(s.x), 0, out, 0, n);
        double[] half = terms.halfHessian(s.w);
        double[] av = ExpansionTerms.operate(terms.a, s.v);
        double[][] q = terms.q();
        double[][] aw = ExpansionTerms.multiply(terms.a, s.w);
        double[][][] dc = terms.cyclic(s.c);
        double[][][] sc = terms.sourceC(s.v, s.w);
        double[][] sb = terms.sourceB(s.v, s.w, s.c);
        double[][] ab = ExpansionTerms.multiply(terms.a, s.b);
        double[] sv2 = terms.sourceV2(s.w, s.b, s.c);
        double[] av2 = ExpansionTerms.operate(terms.a, s.v2);
        int off = n;
        for (int i = 0; i < n; i++) {
            out[off + i] = av[i] + half[i];
            out[off + n + n * n + i] = av2[i] + sv2[i];
            for (int j = 0; j < n; j++) {
                out[off + n + i * n + j] = aw[i][j] + aw[j][i] + q[i][j];
                out[off + 2 * n + n * n + i * n + j] = ab[i][j] + ab[j][i] + sb[i][j];
                for (int k = 0; k < n; k++) {
                    out[off + 2 * n + 2 * n * n + (i * n + j) * n + k] = dc[i][j][k] + sc[i][j][k];
                }
            }
        }
        return out;
    }

    SecondOrderExpansion.Transient result(double[] times, double[][] path) {
        int obs = model.observableNames().size();
        double[][] states = new double[times.length][];
        double[][] v = new double[times.length][];
        double[][] v2 = new double[times.length][];
        double[][] values = new double[times.length][obs];
        double[][] c1 = new double[times.length][obs];
        double[][] c2 = new double[times.length][obs];
        for (int k = 0; k < times.length; k++) {
            State s = new State(path[k], n);
            ExpansionTerms terms = termsAt(times[k], s.x);
            states[k] = s.x;
            v[k] = s.v;
            v2[k] = s.v2;
            double[] half = terms.halfHessian(s.w);
            double[] sv2 = terms.sourceV2(s.w, s.b, s.c);
            for (int o = 0; o < obs; o++) {
                values[k][o] = terms.observableValue[o];
                c1[k][o] = ExpansionTerms.dot(terms.observableGradient[o], s.v) + half[n + o];
                c2[k][o] = ExpansionTerms.dot(terms.observableGradient[o], s.v2) + sv2[n + o];
            }
        }
        return new SecondOrderExpansion.Transient(model, times, states, v, v2, values, c1, c2);
    }

    /** The unpacked ODE state, with W, B and C symmetrised (they are symmetric; rounding is not). */
    private static final class State {
        final double[] x;
        final double[] v;
        final double[][] w;
        final double[] v2;
        final double[][] b;
        final double[][][] c;

        State(double[] z, int n) {
            x = Arrays.copyOfRange(z, 0, n);
            v = Arrays.copyOfRange(z, n, 2 * n);
            w = symmetric(z, 2 * n, n);
            v2 = Arrays.copyOfRange(z, 2 * n + n * n, 3 * n + n * n);
            b = symmetric(z, 3 * n + n * n, n);
            c = new double[n][n][n];
            int off = 3 * n + 2 * n * n;
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    for (int k = 0; k < n; k++) {
                        c[i][j][k] = (z[off + (i * n + j) * n + k] + z[off + (i * n + k) * n + j]
                                + z[off + (j * n + i) * n + k] + z[off + (j * n + k) * n + i]
                                + z[off + (k * n + i) * n + j] + z[off + (k * n + j) * n + i]) / 6;
                    }
                }
            }
        }

        private static double[][] symmetric(double[] z, int off, int n) {
            double[][] m = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    m[i][j] = 0.5 * (z[off + i * n + j] + z[off + j * n + i]);
                }
            }
            return m;
        }
    }
}
