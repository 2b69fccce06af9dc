package org.queuelab.population;

import org.hipparchus.analysis.differentiation.DSCompiler;
import org.hipparchus.analysis.differentiation.DSFactory;
import org.hipparchus.analysis.differentiation.DerivativeStructure;
import org.hipparchus.exception.MathIllegalStateException;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.EigenDecompositionSymmetric;

/**
 * The derivative terms of the order-2 size expansion (docs/population.md §6) at one point x, in coordinates
 * y with x + E y (E = the conserved-set embedding in steady state, the identity in transient regime). With
 * e = X − x, moments E[e] = V/N + V₂/N², E[e eᵀ] = W/N + B/N², E[e⊗e⊗e] = C/N², E[e⊗⁴] = 3 sym(W⊗W)/N²,
 * the generator's Taylor expansion gives, to order 1/N²,
 * <pre>
 *   dV/dt  = A V + ½ F'':W
 *   dW/dt  = A W + W Aᵀ + Q
 *   dC/dt  = Σ_cyc A C + Σ_cyc U + R,       U_pqr = s_p W_qr + (W F''_p W)_qr + Q_qr V_p + Σ_ℓ ℓ_qℓ_r (W∇β_ℓ)_p
 *   dB/dt  = A B + B Aᵀ + sym(F'':C + ½ G W) + Σ_ℓ ℓℓᵀ (∇β_ℓ·V + ½ β_ℓ'':W),    G_ic = F'''_i[e_c]:W
 *   dV₂/dt = A V₂ + ½ F'':B + F''':C/6 + F'''':(W,W)/8
 * </pre>
 * (steady state: every left side is 0). Second derivatives come from one sweep of a Hipparchus
 * {@link DerivativeStructure} of order 2 in the m coordinates; third and fourth ones are only ever contracted,
 * so they come from sweeps along two directions (order 4 in two variables): a symmetric matrix M = Σ μ_r u_r u_rᵀ
 * turns F'''[e_c]:M into Σ μ_r D³F[e_c, u_r, u_r] and F'''':(W,W) into Σ μ_r μ_s D⁴F[w_r, w_r, w_s, w_s].
 */
final class ExpansionTerms {

    final int n;
    final int m;
    final int observables;
    private final PopulationDerivatives derivatives;
    private final double[] x;
    private final double[][] e;
    /** Reduced jumps K ℓ per transition, and the indices where they are non-zero. */
    private final double[][] jump;
    private final int[][] support;
    final double[] beta;
    final double[][] rateGradient;
    final double[][][] rateHessian;
    final double[][] a;
    final double[][][] hessian;
    final double[] observableValue;
    final double[][] observableGradient;
    final double[][][] observableHessian;

    ExpansionTerms(PopulationDerivatives derivatives, double[] x, double[][] e, int[] kept) {
        this.derivatives = derivatives;
        this.x = x;
        this.e = e;
        this.n = x.length;
        this.m = kept.length;
        int rates = derivatives.rateNodes().length;
        this.observables = derivatives.observableNodes().length;
        this.jump = new double[rates][m];
        this.support = new int[rates][];
        for (int t = 0; t < rates; t++) {
            int[] l = derivatives.jumps()[t];
            int count = 0;
            for (int r = 0; r < m; r++) {
                jump[t][r] = l[kept[r]];
                count += jump[t][r] != 0 ? 1 : 0;
            }
            support[t] = new int[count];
            for (int r = 0, c = 0; r < m; r++) {
                if (jump[t][r] != 0) {
                    support[t][c++] = r;
                }
            }
        }
        DSFactory factory = new DSFactory(m, 2);
        DerivativeStructure[] vars = new DerivativeStructure[n];
        for (int i = 0; i < n; i++) {
            DerivativeStructure xi = factory.constant(x[i]);
            for (int c = 0; c < m; c++) {
                if (e[i][c] != 0) {
                    xi = xi.add(factory.variable(c, 0).multiply(e[i][c]));
                }
            }
            vars[i] = xi;
        }
        DerivativeStructure[] nodes = derivatives.nodes(vars);
        int[] first = new int[m];
        int[][] second = new int[m][m];
        indices(factory.getCompiler(), first, second);
        NodeDerivatives rateTerms = NodeDerivatives.of(nodes, derivatives.rateNodes(), first, second);
        beta = rateTerms.value();
        rateGradient = rateTerms.gradient();
        rateHessian = rateTerms.hessian();
        NodeDerivatives observableTerms = NodeDerivatives.of(nodes, derivatives.observableNodes(), first, second);
        observableValue = observableTerms.value();
        observableGradient = observableTerms.gradient();
        observableHessian = observableTerms.hessian();
        a = new double[m][m];
        hessian = new double[m][m][m];
        for (int t = 0; t < rates; t++) {
            for (int i : support[t]) {
                double li = jump[t][i];
                for (int p = 0; p < m; p++) {
                    a[i][p] += li * rateGradient[t][p];
                    for (int q = 0; q < m; q++) {
                        hessian[i][p][q] += li * rateHessian[t][p][q];
                    }
                }
            }
        }
    }

    private static void indices(DSCompiler compiler, int[] first, int[][] second) {
        int m = first.length;
        int[] orders = new int[m];
        for (int p = 0; p < m; p++) {
            orders[p] = 1;
            first[p] = compiler.getPartialDerivativeIndex(orders);
            orders[p] = 0;
            for (int q = 0; q < m; q++) {
                orders[p]++;
                orders[q]++;
                second[p][q] = compiler.getPartialDerivativeIndex(orders);
                orders[p]--;
                orders[q]--;
            }
        }
    }

    /** Value, gradient and Hessian (in the conserved coordinates) at the fixed point of each of some tape nodes. */
    private record NodeDerivatives(double[] value, double[][] gradient, double[][][] hessian) {
        static NodeDerivatives of(DerivativeStructure[] nodes, int[] ids, int[] first, int[][] second) {
            var d = new NodeDerivatives(new double[ids.length], new double[ids.length][], new double[ids.length][][]);
            for (int k = 0; k < ids.length; k++) {
                double[] all = nodes[ids[k]].getAllDerivatives();
                d.value[k] = nodes[ids[k]].getValue();
                d.gradient[k] = pick(all, first);
                d.hessian[k] = pick(all, second);
            }
            return d;
        }
    }

    private static double[] pick(double[] all, int[] index) {
        double[] out = new double[index.length];
        for (int i = 0; i < index.length; i++) {
            out[i] = all[index[i]];
        }
        return out;
    }

    private static double[][] pick(double[] all, int[][] index) {
        double[][] out = new double[index.length][];
        for (int i = 0; i < index.length; i++) {
            out[i] = pick(all, index[i]);
        }
        return out;
    }

    /** ½ F'':M followed by ½ φ'':M per observable. */
    double[] halfHessian(double[][] mat) {
        double[] out = new double[m + observables];
        for (int i = 0; i < m + observables; i++) {
            double[][] h = i < m ? hessian[i] : observableHessian[i - m];
            double s = 0;
            for (int p = 0; p < m; p++) {
                for (int q = 0; q < m; q++) {
                    s += h[p][q] * mat[p][q];
                }
            }
            out[i] = 0.5 * s;
        }
        return out;
    }

    /** Q = Σ_ℓ β_ℓ ℓℓᵀ in these coordinates. */
    double[][] q() {
        double[][] q = new double[m][m];
        for (int t = 0; t < beta.length; t++) {
            for (int i : support[t]) {
                for (int j : support[t]) {
                    q[i][j] += beta[t] * jump[t][i] * jump[t][j];
                }
            }
        }
        return q;
    }

    /** The source of the third-moment equation: Σ_cyc U + R (see the class comment). */
    double[][][] sourceC(double[] v, double[][] w) {
        double[] s = halfHessian(w);
        double[][] q = q();
        double[][][] u = new double[m][m][m];
        for (int p = 0; p < m; p++) {
            double[][] wh = multiply(w, hessian[p]);
            double[][] whw = multiply(wh, w);
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < m; j++) {
                    u[p][i][j] = s[p] * w[i][j] + whw[i][j] + q[i][j] * v[p];
                }
            }
        }
        double[][][] out = new double[m][m][m];
        for (int t = 0; t < beta.length; t++) {
            double[] wg = operate(w, rateGradient[t]);
            for (int i : support[t]) {
                for (int j : support[t]) {
                    double lij = jump[t][i] * jump[t][j];
                    for (int p = 0; p < m; p++) {
                        u[p][i][j] += lij * wg[p];
                    }
                    for (int k : support[t]) {
                        out[i][j][k] += beta[t] * lij * jump[t][k];
                    }
                }
            }
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < m; k++) {
                    out[i][j][k] += u[i][j][k] + u[j][i][k] + u[k][i][j];
                }
            }
        }
        return out;
    }

    /** Σ_cyc A C: the linear part of the third-moment equation. */
    double[][][] cyclic(double[][][] c) {
        double[][][] ac = new double[m][m][m];
        for (int i = 0; i < m; i++) {
            for (int p = 0; p < m; p++) {
                double aip = a[i][p];
                if (aip == 0) {
                    continue;
                }
                for (int j = 0; j < m; j++) {
                    for (int k = 0; k < m; k++) {
                        ac[i][j][k] += aip * c[p][j][k];
                    }
                }
            }
        }
        double[][][] out = new double[m][m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                for (int k = 0; k < m; k++) {
                    out[i][j][k] = ac[i][j][k] + ac[j][i][k] + ac[k][i][j];
                }
            }
        }
        return out;
    }

    /** The source of the order-2 covariance equation (see the class comment). */
    double[][] sourceB(double[] v, double[][] w, double[][][] c) {
        double[][] g = thirdAlongCoordinates(w);
        double[][] out = new double[m][m];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < m; j++) {
                double hc = 0;
                for (int p = 0; p < m; p++) {
                    for (int q = 0; q < m; q++) {
                        hc += hessian[i][p][q] * c[p][q][j];
                    }
                }
                double gw = 0;
                for (int p = 0; p < m; p++) {
                    gw += g[p][i] * w[p][j];
                }
                out[i][j] += 0.5 * hc + 0.5 * gw;
                out[j][i] += 0.5 * hc + 0.5 * gw;
            }
        }
        for (int t = 0; t < beta.length; t++) {
            double level = dot(rateGradient[t], v) + 0.5 * contract(rateHessian[t], w);
            for (int i : support[t]) {
                for (int j : support[t]) {
                    out[i][j] += jump[t][i] * jump[t][j] * level;
                }
            }
        }
        return out;
    }

    /**
     * The order-2 mean terms: ½ F'':B + F''':C/6 + F'''':(W,W)/8 for the drift (first m entries), then the same
     * contraction of each observable (its 1/N² coefficient is ∇φ·V₂ plus this).
     */
    double[] sourceV2(double[][] w, double[][] b, double[][][] c) {
        double[] out = halfHessian(b);
        double[] third = thirdWith(c);
        double[] fourth = fourth(w);
        for (int i = 0; i < out.length; i++) {
            out[i] += third[i] / 6 + fourth[i] / 8;
        }
        return out;
    }

    /** G[c][i] = F'''_i[e_c]:W (i &lt; m) and φ'''[e_c]:W after, one row per coordinate c. */
    private double[][] thirdAlongCoordinates(double[][] w) {
        double[][] out = new double[m][];
        Spectrum spectrum = new Spectrum(w);
        for (int c = 0; c < m; c++) {
            double[] unit = new double[m];
            unit[c] = 1;
            out[c] = spectrum.third(unit);
        }
        return out;
    }

    /** Σ_a F'''[e_a]:C_a (drift then observables). */
    private double[] thirdWith(double[][][] c) {
        double[] out = new double[m + observables];
        for (int p = 0; p < m; p++) {
            double[] unit = new double[m];
            unit[p] = 1;
            double[] t = new Spectrum(c[p]).third(unit);
            for (int i = 0; i < out.length; i++) {
                out[i] += t[i];
            }
        }
        return out;
    }

    /** F'''':(W, W) = Σ_{r,s} μ_r μ_s D⁴F[w_r, w_r, w_s, w_s] (drift then observables). */
    private double[] fourth(double[][] w) {
        Spectrum spectrum = new Spectrum(w);
        double[] out = new double[m + observables];
        int k = spectrum.values.length;
        for (int r = 0; r < k; r++) {
            for (int s = r; s < k; s++) {
                double weight = spectrum.values[r] * spectrum.values[s] * (r == s ? 1 : 2);
                double[] d = directional(spectrum.vectors[r], spectrum.vectors[s], 2, 2);
                for (int i = 0; i < out.length; i++) {
                    out[i] += weight * d[i];
                }
            }
        }
        return out;
    }

    /** The non-negligible eigenpairs of a symmetric matrix. */
    private final class Spectrum {
        final double[] values;
        final double[][] vectors;

        Spectrum(double[][] mat) {
            double scale = 0;
            for (double[] row : mat) {
                for (double v : row) {
                    scale = Math.max(scale, Math.abs(v));
                }
            }
            if (scale == 0) {
                values = new double[0];
                vectors = new double[0][];
                return;
            }
            double[][] sym = new double[m][m];
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < m; j++) {
                    sym[i][j] = 0.5 * (mat[i][j] + mat[j][i]) / scale; // scaled: no denormals in the QL sweeps
                }
            }
            double[] all;
            double[][] vecs;
            try {
                EigenDecompositionSymmetric eig = new EigenDecompositionSymmetric(new Array2DRowRealMatrix(sym, false));
                all = eig.getEigenvalues();
                vecs = new double[all.length][];
                for (int r = 0; r < all.length; r++) {
                    vecs[r] = eig.getEigenvector(r).toArray();
                }
            } catch (MathIllegalStateException e) {
                // M = Σ_p (M_pp − Σ_{q≠p} M_pq) e_p e_pᵀ + Σ_{p<q} M_pq (e_p + e_q)(e_p + e_q)ᵀ: exact, m(m+1)/2 terms
                all = new double[m * (m + 1) / 2];
                vecs = new double[all.length][];
                int r = 0;
                for (int p = 0; p < m; p++) {
                    double diagonal = sym[p][p];
                    for (int q = 0; q < m; q++) {
                        diagonal -= q != p ? sym[p][q] : 0;
                    }
                    all[r] = diagonal;
                    vecs[r] = new double[m];
                    vecs[r++][p] = 1;
                    for (int q = p + 1; q < m; q++) {
                        all[r] = sym[p][q];
                        vecs[r] = new double[m];
                        vecs[r][p] = 1;
                        vecs[r++][q] = 1;
                    }
                }
            }
            int kept = 0;
            for (double mu : all) {
                kept += Math.abs(mu) > 1e-15 ? 1 : 0;
            }
            values = new double[kept];
            vectors = new double[kept][];
            for (int r = 0, c = 0; r < all.length; r++) {
                if (Math.abs(all[r]) > 1e-15) {
                    values[c] = all[r] * scale;
                    vectors[c++] = vecs[r];
                }
            }
        }

        /** D³[u]:M = Σ μ_r D³[u, u_r, u_r]. */
        double[] third(double[] u) {
            double[] out = new double[m + observables];
            for (int r = 0; r < values.length; r++) {
                double[] d = directional(u, vectors[r], 1, 2);
                for (int i = 0; i < out.length; i++) {
                    out[i] += values[r] * d[i];
                }
            }
            return out;
        }
    }

    /**
     * ∂^{ks+kt}/∂s^{ks}∂t^{kt} at 0 of F(x + E(s u + t v)) (first m entries, in these coordinates) and of each
     * observable: D^{ks+kt}F[u^ks, v^kt], one sweep of a two-variable {@link DerivativeStructure}.
     */
    double[] directional(double[] u, double[] v, int ks, int kt) {
        DSFactory factory = new DSFactory(2, ks + kt);
        DerivativeStructure s = factory.variable(0, 0);
        DerivativeStructure t = factory.variable(1, 0);
        DerivativeStructure[] vars = new DerivativeStructure[n];
        for (int i = 0; i < n; i++) {
            double eu = 0;
            double ev = 0;
            for (int c = 0; c < m; c++) {
                eu += e[i][c] * u[c];
                ev += e[i][c] * v[c];
            }
            vars[i] = s.multiply(eu).add(t.multiply(ev)).add(x[i]);
        }
        DerivativeStructure[] nodes = derivatives.nodes(vars);
        double[] out = new double[m + observables];
        int[] rateNodes = derivatives.rateNodes();
        for (int r = 0; r < rateNodes.length; r++) {
            double d = nodes[rateNodes[r]].getPartialDerivative(ks, kt);
            if (d != 0) {
                for (int i : support[r]) {
                    out[i] += jump[r][i] * d;
                }
            }
        }
        for (int o = 0; o < observables; o++) {
            out[m + o] = nodes[derivatives.observableNodes()[o]].getPartialDerivative(ks, kt);
        }
        return out;
    }

    static double[][] multiply(double[][] p, double[][] q) {
        int r = p.length;
        int k = q.length;
        int c = q.length == 0 ? 0 : q[0].length;
        double[][] out = new double[r][c];
        for (int i = 0; i < r; i++) {
            for (int l = 0; l < k; l++) {
                double pil = p[i][l];
                if (pil != 0) {
                    for (int j = 0; j < c; j++) {
                        out[i][j] += pil * q[l][j];
                    }
                }
            }
        }
        return out;
    }

    static double[] operate(double[][] p, double[] v) {
        double[] out = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            out[i] = dot(p[i], v);
        }
        return out;
    }

    static double dot(double[] u, double[] v) {
        double s = 0;
        for (int i = 0; i < u.length; i++) {
            s += u[i] * v[i];
        }
        return s;
    }

    static double contract(double[][] p, double[][] q) {
        double s = 0;
        for (int i = 0; i < p.length; i++) {
            s += dot(p[i], q[i]);
        }
        return s;
    }
}
