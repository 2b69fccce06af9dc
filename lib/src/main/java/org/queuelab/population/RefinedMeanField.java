package org.queuelab.population;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

import org.hipparchus.complex.Complex;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.DecompositionSolver;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.queuelab.guard.Require;
import org.queuelab.meanfield.FluidOptions;
import org.queuelab.meanfield.FluidTrajectories;
import org.queuelab.meanfield.FluidTrajectory;
import org.queuelab.result.Metric;

/**
 * The refined mean field of a {@link PopulationModel} (docs/population.md §3; Gast and Van Houdt, SIGMETRICS
 * 2018): for a smooth drift with an exponentially stable fixed point π, the stationary mean of the N-server
 * system is E[X^N] = π + V/N + O(1/N²), with A = DF(π), Q = Q(π),
 * <pre>
 *   A W + W Aᵀ + Q = 0,      A V = −½ Σ_{j,k} ∂²F/∂x_j∂x_k(π) W_jk,
 * </pre>
 * and an observable φ gets E[φ(X^N)] = φ(π) + (∇φ·V + ½ Σ ∂²φ W)/N + O(1/N²). In transient regime, from a
 * deterministic start, V(t) and W(t) solve V̇ = A(x)V + ½ D²F(x):W and Ẇ = A(x)W + WA(x)ᵀ + Q(x) along x(t).
 *
 * <p>How it scales (docs/population.md §5): A comes from reverse sweeps over the recorded rates; the Hessian is
 * never formed — D²F:W is assembled from second directional derivatives (two sweeps of a univariate second-order
 * derivative per coordinate W touches, {@link #halfContraction}); W solves the Lyapunov equation by
 * {@link LyapunovSolver} on the smallest A-invariant coordinate set holding the support of Q, and V by a
 * block-triangular solve ({@link SparseRefinement}); where A has no zeros both are the dense computations.
 *
 * <p>Refused (IllegalArgumentException, saying why) where the expansion does not exist: a rate not
 * differentiable at π (a min/max/ifPositive on its switching surface — e.g. JIQ or ALBA with the idle pool
 * empty at the fixed point, a sliding boundary), or a fixed point that is not exponentially stable.
 */
public final class RefinedMeanField {

    /**
     * The stationary 1/N expansion.
     *
     * @param model        the model
     * @param fixedPoint   π
     * @param v            V, the 1/N coefficient of E[X^N]
     * @param w            W, the 1/N coefficient of the covariance of X^N (N·Cov → W)
     * @param observables  φ(π) per observable, in the model's order
     * @param corrections  the 1/N coefficient of E[φ(X^N)] per observable
     * @param eigenvalues  the spectrum of A on the conserved set
     */
    public record Steady(PopulationModel model, double[] fixedPoint, double[] v, double[][] w, double[] observables,
                         double[] corrections, Complex[] eigenvalues)
            implements ObservableCoefficients, LinearStability {
        /**
         * Copies every array, so the record is immutable.
         *
         * @param model        the model
         * @param fixedPoint   π
         * @param v            V, the 1/N coefficient of E[X^N]
         * @param w            W, the 1/N coefficient of the covariance of X^N
         * @param observables  φ(π) per observable, in the model's order
         * @param corrections  the 1/N coefficient of E[φ(X^N)] per observable
         * @param eigenvalues  the spectrum of A on the conserved set
         */
        public Steady {
            fixedPoint = fixedPoint.clone();
            v = v.clone();
            w = SecondOrderExpansion.copy(w);
            observables = observables.clone();
            corrections = corrections.clone();
            eigenvalues = eigenvalues.clone();
        }

        /**
         * π, the fixed point the expansion is taken at.
         *
         * @return a copy, one entry per coordinate
         */
        @Override
        public double[] fixedPoint() {
            return fixedPoint.clone();
        }

        /**
         * V, the 1/N coefficient of E[X^N] − π.
         *
         * @return a copy, one entry per coordinate
         */
        @Override
        public double[] v() {
            return v.clone();
        }

        /**
         * W, the 1/N coefficient of the covariance of X^N (N·Cov(X^N) → W).
         *
         * @return a copy, n × n, symmetric
         */
        @Override
        public double[][] w() {
            return SecondOrderExpansion.copy(w);
        }

        /**
         * π + V/N, the refined estimate of E[X^N].
         *
         * @param n the number of servers N, ≥ 1
         * @return a new array, one entry per coordinate
         * @throws IllegalArgumentException if n &lt; 1
         */
        public double[] refined(int n) {
            requireN(n);
            double[] x = fixedPoint.clone();
            for (int i = 0; i < x.length; i++) {
                x[i] += v[i] / n;
            }
            return x;
        }

        /**
         * An observable's order-1 expansion.
         *
         * @param observable one of the model's observable names
         * @return φ(π) and c₁ (order 1: no 1/N² term)
         * @throws IllegalArgumentException if the model has no such observable
         */
        @Override
        public ObservableExpansion observable(String observable) {
            int o = model.observableIndex(observable);
            return new ObservableExpansion(observable, 1, observables[o], corrections[o], Double.NaN);
        }

        /**
         * The 1/N coefficient of a built-in observable.
         *
         * @param metric a built-in observable the model declares
         * @return the coefficient c of E[φ(X^N)] = φ(π) + c/N + O(1/N²)
         * @throws IllegalArgumentException if the model does not declare it
         */
        public double correction(Metric metric) {
            return correction(metric.name());
        }

        /**
         * The 1/N coefficient of an observable.
         *
         * @param observable one of the model's observable names
         * @return the coefficient c of E[φ(X^N)] = φ(π) + c/N + O(1/N²)
         * @throws IllegalArgumentException if the model has no such observable
         */
        public double correction(String observable) {
            return corrections[model.observableIndex(observable)];
        }
    }

    private RefinedMeanField() {
    }

    private static void requireN(int n) {
        Require.atLeast("N", n, 1);
    }

    /**
     * The expansion at the fixed point reached from {@code guess} ({@link PopulationFixedPoint#solve}).
     *
     * @param model the model
     * @param guess a state of the model from which Newton (or the fluid path) reaches π
     * @return the 1/N expansion at π
     * @throws IllegalArgumentException if the guess is not a state, no fixed point is found, a rate is not
     *                                  differentiable at π or π is not exponentially stable
     */
    public static Steady steadyState(PopulationModel model, double[] guess) {
        return at(model, PopulationFixedPoint.solve(model, guess));
    }

    /**
     * The expansion at a solved fixed point.
     *
     * @param model      the model
     * @param fixedPoint π as solved for this model
     * @return the 1/N expansion at π
     * @throws IllegalArgumentException if a rate is not differentiable at π or π is not exponentially stable
     */
    public static Steady at(PopulationModel model, PopulationFixedPoint.Result fixedPoint) {
        Objects.requireNonNull(model, "model");
        double[] pi = fixedPoint.state();
        requireExpandable(model, fixedPoint, "refined mean field");
        int n = model.dimension();
        double[] v;
        double[][] wFull;
        double[] obsCorr = new double[model.observableNames().size()];
        if (n == model.groupTotals().length) {
            v = new double[n];
            wFull = new double[n][n];
        } else {
            SparseRefinement.Order1 terms = SparseRefinement.order1(model, pi);
            v = terms.v();
            wFull = terms.w();
            obsCorr = observableCorrections(model, pi, v, terms.contraction());
        }
        return new Steady(model, pi, v, wFull, model.observables(pi), obsCorr, fixedPoint.eigenvalues());
    }

    /** ∇φ·V + ½ D²φ:W per observable, the second term read from {@link #halfContraction}'s tail. */
    private static double[] observableCorrections(PopulationModel model, double[] x, double[] v,
                                                  double[] contraction) {
        int n = model.dimension();
        double[] out = new double[model.observableNames().size()];
        for (int o = 0; o < out.length; o++) {
            double[] grad = model.observableGradient(model.observableNames().get(o), x);
            double s = contraction[n + o];
            for (int i = 0; i < n; i++) {
                s += grad[i] * v[i];
            }
            out[o] = s;
        }
        return out;
    }

    /**
     * Refuses a fixed point where no size expansion exists: a rate with a min/max/ifPositive on its switching
     * surface there, or a fixed point that is not exponentially stable. {@code what} names the expansion.
     */
    static void requireExpandable(PopulationModel model, PopulationFixedPoint.Result fixedPoint, String what) {
        double[] pi = fixedPoint.state();
        String kink = model.nonSmoothnessAt(pi);
        if (kink != null) {
            throw new IllegalArgumentException(what + " of " + model.name() + " undefined at its fixed point "
                    + model.describe(pi) + ": " + kink + ", so the drift is not differentiable there (a sliding"
                    + " boundary) and E[X^N] has no 1/N expansion; compare the mean field with simulation instead");
        }
        if (!fixedPoint.stable()) {
            throw new IllegalArgumentException(what + " of " + model.name() + " undefined at "
                    + model.describe(pi) + ": the fixed point is not exponentially stable (largest real part of the"
                    + " Jacobian's spectrum = " + fixedPoint.spectralAbscissa() + "; allowed: < 0)");
        }
    }

    /** Refuses a transient start on a switching surface (the drift is not differentiable there). */
    static void requireSmoothStart(PopulationModel model, double[] x0, String what) {
        String kink = model.nonSmoothnessAt(x0);
        if (kink != null) {
            throw new IllegalArgumentException(what + " undefined at t = 0: the start " + model.describe(x0)
                    + " has " + kink + " (the drift is not differentiable there)");
        }
    }

    /**
     * ½ Σ_{jk} ∂²F/∂x_j∂x_k W_jk followed by ½ Σ ∂²φ/∂x_j∂x_k W_jk per observable, without forming the Hessian:
     * Σ_k H_jk W_jk = D²F[e_j, W e_j], and the mixed derivative of the symmetric form comes from two directional
     * ones, D²F[u, v] = (D²F[u + v] − D²F[u − v])/4 (polarization; u and v rescaled to equal norms). Two
     * second-order sweeps per coordinate.
     */
    static double[] halfContraction(PopulationModel model, double[] x, double[][] w) {
        int n = model.dimension();
        double[] out = new double[n + model.observableNames().size()];
        double[] plus = new double[n];
        double[] minus = new double[n];
        for (int j = 0; j < n; j++) {
            double norm = 0;
            for (int i = 0; i < n; i++) {
                norm = Math.max(norm, Math.abs(w[i][j]));
            }
            if (norm == 0) {
                continue;
            }
            double scale = Math.sqrt(norm);
            for (int i = 0; i < n; i++) {
                plus[i] = w[i][j] / scale;
                minus[i] = -w[i][j] / scale;
            }
            plus[j] += scale;
            minus[j] += scale;
            double[] dPlus = model.secondDirectional(x, plus);
            double[] dMinus = model.secondDirectional(x, minus);
            for (int i = 0; i < out.length; i++) {
                out[i] += 0.125 * (dPlus[i] - dMinus[i]);
            }
        }
        return out;
    }

    /**
     * Transient expansion from x0 with {@link FluidOptions#defaults()}.
     *
     * @param model the model
     * @param x0    the deterministic start, a state of the model
     * @param times the output times: at least one, finite, ≥ 0, non-decreasing
     * @return the trajectory with the columns described at
     *         {@link #transientRegime(PopulationModel, double[], double[], FluidOptions)}
     * @throws IllegalArgumentException if x0 is not a state, or a rate is not differentiable along the path
     */
    public static FluidTrajectory transientRegime(PopulationModel model, double[] x0, double[] times) {
        return transientRegime(model, x0, times, FluidOptions.defaults());
    }

    /**
     * The transient refined mean field from the deterministic start x0: columns x_i(t), then each observable
     * φ(x(t)); then "V:" + name for the 1/N coefficients of every class and observable, so that
     * E[X_i^N(t)] ≈ x_i(t) + V:x_i(t)/N. The system has n² + 2n equations: meant for n up to a few tens.
     *
     * @param model   the model
     * @param x0      the deterministic start, a state of the model
     * @param times   the output times: at least one, finite, ≥ 0, non-decreasing
     * @param options integrator tolerances and budget
     * @return the trajectory of x, the observables and their "V:" coefficients at the output times
     * @throws IllegalArgumentException if x0 is not a state, or a rate is not differentiable along the path
     */
    public static FluidTrajectory transientRegime(PopulationModel model, double[] x0, double[] times, FluidOptions options) {
        PopulationFluid.requireStart(model, x0, times, options);
        String what = "transient refined mean field of " + model.name();
        requireSmoothStart(model, x0, what);
        boolean[] startBranches = model.branchesAt(x0);
        int n = model.dimension();
        long[] evaluations = new long[1];
        OrdinaryDifferentialEquation ode = new OrdinaryDifferentialEquation() {
            @Override
            public int getDimension() {
                return 2 * n + n * n;
            }

            @Override
            public double[] computeDerivatives(double t, double[] z) {
                evaluations[0]++;
                double[] x = Arrays.copyOf(z, n);
                String change = model.branchChangeAt(startBranches, x);
                if (change != null) {
                    throw new IllegalArgumentException(what + " undefined from t ≈ " + t + ": the path reaches "
                            + model.describe(x) + " where " + change + ", a switching surface of the drift (not"
                            + " differentiable there); allowed: paths on which every rate stays smooth");
                }
                return expansionDerivative(model, z);
            }
        };
        double[] z0 = new double[2 * n + n * n];
        System.arraycopy(x0, 0, z0, 0, n);
        double[][] path = PopulationFluid.solveAt("transient refined mean field of " + model.name(), ode, z0, times,
                options);
        List<String> names = model.coordinateNames();
        List<String> obsNames = model.observableNames();
        LinkedHashMap<String, double[]> columns = new LinkedHashMap<>();
        for (String c : names) {
            columns.put(c, new double[times.length]);
        }
        for (String o : obsNames) {
            columns.put(o, new double[times.length]);
        }
        for (String c : names) {
            columns.put("V:" + c, new double[times.length]);
        }
        for (String o : obsNames) {
            columns.put("V:" + o, new double[times.length]);
        }
        double[][] states = new double[times.length][];
        for (int k = 0; k < times.length; k++) {
            double[] z = path[k];
            double[] x = Arrays.copyOf(z, n);
            states[k] = x;
            double[][] w = unpack(z, n);
            double[] contraction = halfContraction(model, x, w);
            for (int i = 0; i < n; i++) {
                columns.get(names.get(i))[k] = x[i];
                columns.get("V:" + names.get(i))[k] = z[n + i];
            }
            double[] values = model.observables(x);
            double[] corrections = observableCorrections(model, x, Arrays.copyOfRange(z, n, 2 * n), contraction);
            for (int o = 0; o < obsNames.size(); o++) {
                columns.get(obsNames.get(o))[k] = values[o];
                columns.get("V:" + obsNames.get(o))[k] = corrections[o];
            }
        }
        FluidTrajectory plain = PopulationFluid.result(model, "refined mean field (transient)", times, states,
                options, evaluations[0]);
        LinkedHashMap<String, Object> p = new LinkedHashMap<>(plain.provenance().values());
        p.put("expansion", "refined mean field, 1/N term (Gast-Van Houdt)");
        return FluidTrajectories.of(model.name() + " refined mean field (transient)", times, columns, states, p,
                evaluations[0], plain.diagnostics().minCoordinate(), plain.diagnostics().maxMassError());
    }

    private static double[][] unpack(double[] z, int n) {
        double[][] w = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                w[i][j] = 0.5 * (z[2 * n + i * n + j] + z[2 * n + j * n + i]);
            }
        }
        return w;
    }

    /** d/dt of (x, V, W). */
    private static double[] expansionDerivative(PopulationModel model, double[] z) {
        int n = model.dimension();
        double[] x = Arrays.copyOf(z, n);
        double[][] w = unpack(z, n);
        String kink = model.nonSmoothnessAt(x);
        if (kink != null) {
            throw new IllegalArgumentException("transient refined mean field of " + model.name() + " undefined at "
                    + model.describe(x) + ": " + kink + " (the drift is not differentiable along the path)");
        }
        double[] f = model.drift(x);
        double[][] a = model.jacobian(x);
        double[][] q = model.diffusion(x);
        double[] contraction = halfContraction(model, x, w);
        double[] out = new double[z.length];
        System.arraycopy(f, 0, out, 0, n);
        for (int i = 0; i < n; i++) {
            double s = contraction[i];
            for (int j = 0; j < n; j++) {
                s += a[i][j] * z[n + j];
            }
            out[n + i] = s;
        }
        RealMatrix am = new Array2DRowRealMatrix(a, false);
        RealMatrix aw = am.multiply(new Array2DRowRealMatrix(w, false));
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                out[2 * n + i * n + j] = aw.getEntry(i, j) + aw.getEntry(j, i) + q[i][j];
            }
        }
        return out;
    }
}
