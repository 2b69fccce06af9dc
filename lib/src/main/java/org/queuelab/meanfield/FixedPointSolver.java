package org.queuelab.meanfield;

import java.util.Objects;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.DecompositionSolver;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.RealMatrix;
import org.queuelab.guard.Memory;
import org.queuelab.guard.Sizes;

/**
 * A generic fixed-point solver for fluid models without a closed form: damped Newton on F(x) = 0 with the mass
 * constraint Σx = 1 replacing the first equation (F conserves mass, so its Jacobian is singular on its own),
 * a central finite-difference Jacobian and Hipparchus LU. Converges quadratically to fixed points where F is
 * smooth; at a fixed point on a sliding boundary (x_{0,0} = 0, an empty JBT pool) F is only piecewise smooth and
 * the solver may stall, in which case it throws rather than return an unconverged point — use the model's closed
 * form or a long integration there.
 */
public final class FixedPointSolver {

    /**
     * A solved fixed point.
     *
     * @param state            x with max|F(x)| ≤ tolerance and Σx = 1
     * @param residual         max|F(x)|
     * @param iterations       Newton iterations
     * @param driftEvaluations drift evaluations spent
     */
    public record Result(double[] state, double residual, int iterations, long driftEvaluations) {
        /**
         * Copies the state.
         *
         * @param state            the point found (copied)
         * @param residual         max|F| at the point
         * @param iterations       Newton iterations
         * @param driftEvaluations drift evaluations spent
         */
        public Result {
            state = state.clone();
        }

        /** {@return the point found (a copy)} */
        @Override
        public double[] state() {
            return state.clone();
        }
    }

    private FixedPointSolver() {
    }

    /**
     * {@return newton to max|F| ≤ 1e-12 within 50 iterations}
     *
     * @param model the model (validated by its constructor)
     * @param guess the starting point of Newton, in the model's layout
     */
    public static Result solve(FluidModel model, double[] guess) {
        return solve(model, guess, 1e-12, 50);
    }

    /**
     * Damped Newton from {@code guess}.
     *
     * @param model         the model (validated by its constructor)
     * @param guess         the starting point of Newton, in the model's layout
     * @param tolerance     the target of max|F|, in (0, 1)
     * @param maxIterations the Newton iterations allowed, ≥ 1
     * @return the point, its residual, iterations and drift evaluations
     * @throws IllegalStateException if max|F| does not reach {@code tolerance} within {@code maxIterations}
     */
    public static Result solve(FluidModel model, double[] guess, double tolerance, int maxIterations) {
        Objects.requireNonNull(model, "model");
        int n = model.dimension();
        requireFinite(guess, n);
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("tolerance = " + tolerance + "; allowed: tolerance > 0");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations = " + maxIterations + "; allowed: ≥ 1");
        }
        // the dense Jacobian and its LU copy: 2n² doubles
        Memory.require("Newton's dense Jacobian for dimension n = " + n,
                Memory.doubles(Sizes.multiply("n²", 2L * n, n)), "a smaller truncation level (n = dimension)");
        double[] x = guess.clone();
        long evaluations = 0;
        double[] f = model.drift(x);
        evaluations++;
        double norm = maxAbs(f);
        for (int iteration = 0; iteration <= maxIterations; iteration++) {
            if (norm <= tolerance && Math.abs(sum(x) - 1) <= 1e-12) {
                return new Result(x, norm, iteration, evaluations);
            }
            if (iteration == maxIterations) {
                break;
            }
            RealMatrix jacobian = new Array2DRowRealMatrix(n, n);
            for (int j = 0; j < n; j++) {
                double step = 1e-7 * Math.max(1e-3, Math.abs(x[j]));
                double keep = x[j];
                x[j] = keep + step;
                double[] plus = model.drift(x);
                x[j] = keep - step;
                double[] minus = model.drift(x);
                x[j] = keep;
                evaluations += 2;
                for (int i = 0; i < n; i++) {
                    jacobian.setEntry(i, j, (plus[i] - minus[i]) / (2 * step));
                }
            }
            double[] rhs = new double[n];
            for (int i = 0; i < n; i++) {
                rhs[i] = -f[i];
            }
            for (int j = 0; j < n; j++) {
                jacobian.setEntry(0, j, 1.0);
            }
            rhs[0] = 1.0 - sum(x);
            DecompositionSolver lu = new LUDecomposition(jacobian, 1e-14).getSolver();
            if (!lu.isNonSingular()) {
                throw new IllegalStateException("Newton: singular Jacobian at iteration " + iteration
                        + " (residual " + norm + ")");
            }
            double[] delta = lu.solve(new ArrayRealVector(rhs, false)).toArray();
            Step step = dampedStep(model::drift, x, delta, norm, tolerance, 40);
            evaluations += step.evaluations();
            if (!step.accepted()) {
                throw new IllegalStateException("Newton stalled at residual max|F| = " + norm + " after "
                        + iteration + " iterations (non-smooth drift at this point?)");
            }
            x = step.x();
            f = step.drift();
            norm = step.norm();
        }
        throw new IllegalStateException("Newton did not reach max|F| ≤ " + tolerance + " in " + maxIterations
                + " iterations (residual " + norm + ")");
    }

    static void requireFinite(double[] x, int dimension) {
        if (x == null || x.length != dimension) {
            throw new IllegalArgumentException("state length = " + (x == null ? "null" : x.length)
                    + "; allowed: " + dimension);
        }
        for (int i = 0; i < x.length; i++) {
            if (!Double.isFinite(x[i])) {
                throw new IllegalArgumentException("state[" + i + "] = " + x[i] + "; allowed: finite");
            }
        }
    }

    /**
     * A damped Newton step: x + θ·delta with θ = 1, ½, ¼, … (at most {@code halvings} tries), accepted as soon as
     * max|F| drops by the sufficient-decrease factor 1 − 10⁻⁴θ or reaches {@code tolerance}. Shared by every Newton
     * solver of the library ({@link FixedPointSolver}, {@code population.PopulationFixedPoint}).
     *
     * @param drift     F, the drift
     * @param x         the current point
     * @param delta     the Newton direction
     * @param norm      max|F(x)|, the residual at x
     * @param tolerance the target of max|F|, in (0, 1)
     * @param halvings  the step halvings allowed, ≥ 0
     * @return the accepted point, its drift and residual, or {@code accepted() == false} when every try failed
     */
    public static Step dampedStep(java.util.function.UnaryOperator<double[]> drift, double[] x, double[] delta,
                                  double norm, double tolerance, int halvings) {
        double damping = 1.0;
        for (int halving = 0; halving < halvings; halving++) {
            double[] trial = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                trial[i] = x[i] + damping * delta[i];
            }
            double[] ft = drift.apply(trial);
            double trialNorm = maxAbs(ft);
            if (trialNorm < (1 - 1e-4 * damping) * norm || trialNorm <= tolerance) {
                return new Step(true, trial, ft, trialNorm, halving + 1);
            }
            damping *= 0.5;
        }
        return new Step(false, x, null, norm, halvings);
    }

    /** The outcome of {@link #dampedStep}: the point, its drift, max|F| and the drift evaluations spent. */
    public record Step(boolean accepted, double[] x, double[] drift, double norm, int evaluations) {
    }

    private static double maxAbs(double[] v) {
        double m = 0;
        for (double e : v) {
            m = Math.max(m, Math.abs(e));
        }
        return m;
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double e : v) {
            s += e;
        }
        return s;
    }
}
