package org.queuelab.population;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

import org.hipparchus.complex.Complex;
import org.queuelab.guard.Require;
import org.queuelab.meanfield.FluidOptions;
import org.queuelab.result.Metric;

/**
 * The order-2 size expansion of a {@link PopulationModel} (docs/population.md §6; Gast, Bortolussi and Tribastone,
 * "Size expansions of mean field approximation", 2019): for rates smooth at the point of interest,
 * <pre>
 *   E[φ(X^N)] = φ(x) + c₁/N + c₂/N² + o(1/N²),
 * </pre>
 * in steady state (x = π, an exponentially stable fixed point) and in transient regime (x = x(t), the fluid path
 * from a deterministic start). The moment equations and the derivative terms are in {@link ExpansionTerms};
 * the order-1 part is {@link RefinedMeanField}'s, to the same numbers.
 *
 * <p>Refused (IllegalArgumentException, saying why) where the expansion does not exist: a rate with a
 * min/max/ifPositive on its switching surface at π, a fixed point that is not exponentially stable, and in
 * transient regime a path that reaches or crosses a switching surface (the time and the transition are named).
 */
public final class SecondOrderExpansion {

    private SecondOrderExpansion() {
    }

    /**
     * The stationary expansion to order 2.
     *
     * @param model        the model
     * @param fixedPoint   π
     * @param v            V, the 1/N coefficient of E[X^N]
     * @param v2           V₂, the 1/N² coefficient of E[X^N]
     * @param w            W, the 1/N coefficient of E[(X^N − π)(X^N − π)ᵀ]
     * @param b            B, its 1/N² coefficient
     * @param observables  φ(π) per model observable
     * @param correction1  the 1/N coefficient of E[φ(X^N)] per model observable
     * @param correction2  the 1/N² coefficient per model observable
     * @param eigenvalues  the spectrum of the Jacobian on the conserved set
     */
    public record Steady(PopulationModel model, double[] fixedPoint, double[] v, double[] v2, double[][] w,
                         double[][] b, double[] observables, double[] correction1, double[] correction2,
                         Complex[] eigenvalues) implements SecondOrderCoefficients, ClassSums<ObservableExpansion>,
            LinearStability {
        /**
         * Copies every array, so the record is immutable.
         *
         * @param model        the model
         * @param fixedPoint   π
         * @param v            V, the 1/N coefficient of E[X^N]
         * @param v2           V₂, the 1/N² coefficient of E[X^N]
         * @param w            W, the 1/N coefficient of E[(X^N − π)(X^N − π)ᵀ]
         * @param b            B, its 1/N² coefficient
         * @param observables  φ(π) per model observable
         * @param correction1  the 1/N coefficient of E[φ(X^N)] per model observable
         * @param correction2  the 1/N² coefficient per model observable
         * @param eigenvalues  the spectrum of the Jacobian on the conserved set
         */
        public Steady {
            fixedPoint = fixedPoint.clone();
            v = v.clone();
            v2 = v2.clone();
            w = copy(w);
            b = copy(b);
            observables = observables.clone();
            correction1 = correction1.clone();
            correction2 = correction2.clone();
            eigenvalues = eigenvalues.clone();
        }

        /**
         * The highest power of 1/N held.
         *
         * @return 2
         */
        public int order() {
            return 2;
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
         * V₂, the 1/N² coefficient of E[X^N] − π.
         *
         * @return a copy, one entry per coordinate
         */
        @Override
        public double[] v2() {
            return v2.clone();
        }

        /**
         * W, the 1/N coefficient of E[(X^N − π)(X^N − π)ᵀ].
         *
         * @return a copy, n × n, symmetric
         */
        @Override
        public double[][] w() {
            return copy(w);
        }

        /**
         * B, the 1/N² coefficient of E[(X^N − π)(X^N − π)ᵀ].
         *
         * @return a copy, n × n, symmetric
         */
        @Override
        public double[][] b() {
            return copy(b);
        }

        /**
         * The spectrum of the Jacobian on the conserved set (one class per group eliminated).
         *
         * @return a copy
         */
        @Override
        public Complex[] eigenvalues() {
            return eigenvalues.clone();
        }

        /**
         * π + V/N, the order-1 refined estimate of E[X^N].
         *
         * @param n the number of servers N, ≥ 1
         * @return a new array, one entry per coordinate
         * @throws IllegalArgumentException if n &lt; 1
         */
        public double[] refined(int n) {
            return series(fixedPoint, v, null, n);
        }

        /**
         * π + V/N + V₂/N², the order-2 refined estimate of E[X^N].
         *
         * @param n the number of servers N, ≥ 1
         * @return a new array, one entry per coordinate
         * @throws IllegalArgumentException if n &lt; 1
         */
        public double[] refined2(int n) {
            return series(fixedPoint, v, v2, n);
        }

        /**
         * A model observable's expansion.
         *
         * @param observable one of the model's observable names
         * @return φ(π), c₁ and c₂
         * @throws IllegalArgumentException if the model has no such observable
         */
        @Override
        public ObservableExpansion observable(String observable) {
            int o = model.observableIndex(observable);
            return new ObservableExpansion(observable, 2, observables[o], correction1[o], correction2[o]);
        }

        /**
         * The expansion of E[Σ weight_i X_i] (exact: the terms are the weighted sums of π, V and V₂).
         *
         * @param name    what the sum is, for the result
         * @param weights class name → finite weight
         * @return the weighted sums of π, V and V₂
         * @throws IllegalArgumentException if a class is unknown or a weight not finite
         */
        @Override
        public ObservableExpansion linear(String name, Map<String, Double> weights) {
            return linearOf(model, name, weights, fixedPoint, v, v2);
        }

        /**
         * Mean response time by Little's law, E[jobs]/(λ − E[loss]) per server, expanded as a ratio of
         * expectations ({@link ObservableExpansion#ratio}).
         *
         * @param jobs        the expansion of the mean number of jobs per server
         * @param loss        the expansion of the loss rate per server (jobs refused per unit time)
         * @param arrivalRate λ, jobs per unit time per server, 0 &lt; λ &lt; ∞
         * @return the expansion of the mean response time, in the model's time unit
         * @throws IllegalArgumentException if λ is out of range or the mean-field throughput λ − loss is 0
         */
        public ObservableExpansion responseTime(ObservableExpansion jobs, ObservableExpansion loss, double arrivalRate) {
            Require.positive("arrivalRate", arrivalRate);
            return ObservableExpansion.ratio("response time", jobs, loss.affine("throughput", arrivalRate, -1));
        }
    }

    /**
     * One quantity's transient expansion at each time: E[φ(X^N(t))] ≈ meanField + correction1/N + correction2/N².
     *
     * @param name        what is expanded
     * @param times       the output times
     * @param meanField   φ(x(t)) per time
     * @param correction1 the 1/N coefficient per time
     * @param correction2 the 1/N² coefficient per time
     */
    public record TransientObservable(String name, double[] times, double[] meanField, double[] correction1,
                                      double[] correction2) {
        /**
         * Copies every array, so the record is immutable.
         *
         * @param name        what is expanded
         * @param times       the output times
         * @param meanField   φ(x(t)) per time
         * @param correction1 the 1/N coefficient per time
         * @param correction2 the 1/N² coefficient per time
         */
        public TransientObservable {
            times = times.clone();
            meanField = meanField.clone();
            correction1 = correction1.clone();
            correction2 = correction2.clone();
        }

        /**
         * The output times.
         *
         * @return a copy
         */
        @Override
        public double[] times() {
            return times.clone();
        }

        /**
         * φ(x(t)) per output time.
         *
         * @return a copy
         */
        @Override
        public double[] meanField() {
            return meanField.clone();
        }

        /**
         * The 1/N coefficient per output time.
         *
         * @return a copy
         */
        @Override
        public double[] correction1() {
            return correction1.clone();
        }

        /**
         * The 1/N² coefficient per output time.
         *
         * @return a copy
         */
        @Override
        public double[] correction2() {
            return correction2.clone();
        }

        /**
         * The expansion at the k-th output time.
         *
         * @param k the time's index, 0 ≤ k &lt; times().length
         * @return the three coefficients at that time
         * @throws ArrayIndexOutOfBoundsException if k is out of range
         */
        public ObservableExpansion at(int k) {
            return new ObservableExpansion(name + " at t = " + times[k], 2, meanField[k], correction1[k], correction2[k]);
        }

        /**
         * meanField + correction1/N at every output time.
         *
         * @param n the number of servers N, ≥ 1
         * @return a new array, one value per time
         * @throws IllegalArgumentException if n &lt; 1
         */
        public double[] refined(int n) {
            return series(meanField, correction1, null, n);
        }

        /**
         * meanField + correction1/N + correction2/N² at every output time.
         *
         * @param n the number of servers N, ≥ 1
         * @return a new array, one value per time
         * @throws IllegalArgumentException if n &lt; 1
         */
        public double[] refined2(int n) {
            return series(meanField, correction1, correction2, n);
        }
    }

    /**
     * The transient expansion to order 2 from a deterministic start.
     *
     * @param model       the model
     * @param times       the output times
     * @param states      x(t) per time
     * @param v           V(t) per time (the 1/N coefficient of E[X^N(t)])
     * @param v2          V₂(t) per time (its 1/N² coefficient)
     * @param observables φ(x(t)) per time and model observable
     * @param correction1 the 1/N coefficients per time and observable
     * @param correction2 the 1/N² coefficients per time and observable
     */
    public record Transient(PopulationModel model, double[] times, double[][] states, double[][] v, double[][] v2,
                            double[][] observables, double[][] correction1, double[][] correction2)
            implements ClassSums<TransientObservable> {
        /**
         * Copies every array, so the record is immutable.
         *
         * @param model       the model
         * @param times       the output times
         * @param states      x(t) per time
         * @param v           V(t) per time
         * @param v2          V₂(t) per time
         * @param observables φ(x(t)) per time and model observable
         * @param correction1 the 1/N coefficients per time and observable
         * @param correction2 the 1/N² coefficients per time and observable
         */
        public Transient {
            times = times.clone();
            states = copy(states);
            v = copy(v);
            v2 = copy(v2);
            observables = copy(observables);
            correction1 = copy(correction1);
            correction2 = copy(correction2);
        }

        /**
         * The highest power of 1/N held.
         *
         * @return 2
         */
        public int order() {
            return 2;
        }

        /**
         * The output times.
         *
         * @return a copy
         */
        @Override
        public double[] times() {
            return times.clone();
        }

        /**
         * The fluid path x(t) at the output times.
         *
         * @return a copy, one state per time
         */
        @Override
        public double[][] states() {
            return copy(states);
        }

        /**
         * A model observable along the path.
         *
         * @param observable one of the model's observable names
         * @return its transient expansion
         * @throws IllegalArgumentException if the model has no such observable
         */
        public TransientObservable observable(String observable) {
            int o = model.observableIndex(observable);
            return new TransientObservable(observable, times, column(observables, o), column(correction1, o),
                    column(correction2, o));
        }

        /**
         * A built-in observable along the path.
         *
         * @param metric a built-in observable the model declares
         * @return its transient expansion
         * @throws IllegalArgumentException if the model does not declare it
         */
        public TransientObservable observable(Metric metric) {
            return observable(metric.name());
        }

        /**
         * E[Σ weight_i X_i(t)], exact from x(t), V(t) and V₂(t).
         *
         * @param name    what the sum is, for the result
         * @param weights class name → finite weight
         * @return its transient expansion
         * @throws IllegalArgumentException if a class is unknown or a weight not finite
         */
        @Override
        public TransientObservable linear(String name, Map<String, Double> weights) {
            double[] mf = new double[times.length];
            double[] c1 = new double[times.length];
            double[] c2 = new double[times.length];
            for (int k = 0; k < times.length; k++) {
                ObservableExpansion e = linearOf(model, name, weights, states[k], v[k], v2[k]);
                mf[k] = e.meanField();
                c1[k] = e.correction1();
                c2[k] = e.correction2();
            }
            return new TransientObservable(name, times, mf, c1, c2);
        }
    }

    /**
     * The stationary order-2 expansion at the fixed point reached from {@code guess} ({@link PopulationFixedPoint}).
     *
     * @param model the model
     * @param guess a state of the model from which Newton (or the fluid path) reaches π
     * @return the expansion at π
     * @throws IllegalArgumentException if the guess is not a state, no fixed point is found, a rate is not
     *                                  differentiable at π or π is not exponentially stable
     */
    public static Steady steadyState(PopulationModel model, double[] guess) {
        return at(model, PopulationFixedPoint.solve(model, guess));
    }

    /**
     * The stationary order-2 expansion at a solved fixed point; its order-1 part is {@link RefinedMeanField#at}'s.
     *
     * @param model      the model
     * @param fixedPoint π as solved for this model
     * @return the expansion at π
     * @throws IllegalArgumentException if a rate is not differentiable at π or π is not exponentially stable
     */
    public static Steady at(PopulationModel model, PopulationFixedPoint.Result fixedPoint) {
        Objects.requireNonNull(model, "model");
        RefinedMeanField.requireExpandable(model, fixedPoint, "order-2 (1/N²) expansion");
        return SecondOrderSteadyState.solve(model, fixedPoint, RefinedMeanField.at(model, fixedPoint));
    }

    /**
     * Transient order-2 expansion from x0 with {@link FluidOptions#defaults()}.
     *
     * @param model the model
     * @param x0    the deterministic start, a state of the model
     * @param times the output times: at least one, finite, ≥ 0, non-decreasing
     * @return the expansion at each output time
     * @throws IllegalArgumentException as {@link #transientRegime(PopulationModel, double[], double[], FluidOptions)}
     */
    public static Transient transientRegime(PopulationModel model, double[] x0, double[] times) {
        return transientRegime(model, x0, times, FluidOptions.defaults());
    }

    /**
     * The transient order-2 expansion from the deterministic start x0: an ODE in x, V, W, V₂, B and C
     * (n³ + 2n² + 3n equations, meant for n up to about 20).
     *
     * @param model   the model
     * @param x0      the deterministic start, a state of the model
     * @param times   the output times: at least one, finite, ≥ 0, non-decreasing
     * @param options integrator tolerances and budget
     * @return the expansion at each output time
     * @throws IllegalArgumentException if x0 is not a state, a rate is not differentiable at x0, or the path
     *                                  crosses a switching surface (the time and the transition are named)
     */
    public static Transient transientRegime(PopulationModel model, double[] x0, double[] times, FluidOptions options) {
        PopulationFluid.requireStart(model, x0, times, options);
        String what = "order-2 transient expansion of " + model.name();
        RefinedMeanField.requireSmoothStart(model, x0, what);
        SecondOrderTransientSystem system = new SecondOrderTransientSystem(model, model.branchesAt(x0), what);
        double[] z0 = new double[system.getDimension()];
        System.arraycopy(x0, 0, z0, 0, model.dimension());
        double[][] path = PopulationFluid.solveAt(what, system, z0, times, options);
        return system.result(times, path);
    }

    static ObservableExpansion linearOf(PopulationModel model, String name, Map<String, Double> weights, double[] x,
                                        double[] v, double[] v2) {
        Objects.requireNonNull(weights, "weights");
        double mf = 0;
        double c1 = 0;
        double c2 = 0;
        for (Map.Entry<String, Double> e : weights.entrySet()) {
            int i = model.indexOf(e.getKey());
            double weight = Require.finite("weight of " + e.getKey(), e.getValue());
            mf += weight * x[i];
            c1 += weight * v[i];
            c2 += weight * v2[i];
        }
        return new ObservableExpansion(name, 2, mf, c1, c2);
    }

    private static double[] series(double[] c0, double[] c1, double[] c2, int n) {
        Require.atLeast("N", n, 1);
        double[] out = c0.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] += c1[i] / n + (c2 == null ? 0 : c2[i] / ((double) n * n));
        }
        return out;
    }

    private static double[] column(double[][] rows, int j) {
        double[] out = new double[rows.length];
        for (int k = 0; k < rows.length; k++) {
            out[k] = rows[k][j];
        }
        return out;
    }

    static double[][] copy(double[][] a) {
        return Arrays.stream(a).map(double[]::clone).toArray(double[][]::new);
    }
}
