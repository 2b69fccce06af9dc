package org.queuelab.population;

import java.util.Objects;

import org.hipparchus.complex.Complex;
import org.hipparchus.linear.EigenDecompositionNonSymmetric;
import org.hipparchus.linear.RealMatrix;
import org.queuelab.meanfield.FixedPointSolver;
import org.queuelab.meanfield.FluidOptions;

/**
 * Fixed points F(x) = 0 of a {@link PopulationModel}: damped Newton with the exact Jacobian (automatic
 * differentiation) in the coordinates of the conserved set ({@link Reduction}), so the conserved directions
 * never make the system singular. If Newton stalls from the guess, or converges to a root of F outside the state
 * space (a coordinate below −10⁻⁹ times its group's total), the guess is first carried along the fluid
 * trajectory (t = 50, 100, 200, …, up to 12 800) and Newton restarts from there. Stability is read off the
 * spectrum of the reduced Jacobian. The Newton systems and the spectrum go through the Jacobian's zero structure
 * ({@link BlockTriangular}: a dense LU and a Hipparchus {@link EigenDecompositionNonSymmetric} per diagonal block),
 * so empty classes stay exactly empty and a model of dimension 1000 solves in a fraction of a second
 * (docs/population.md §5).
 */
public final class PopulationFixedPoint {

    /**
     * A fixed point.
     *
     * @param state       x with F(x) ≈ 0 on the conserved set
     * @param residual    max |F(x)|
     * @param iterations  Newton iterations (of the last Newton run)
     * @param relaxation  time along the fluid trajectory spent before Newton converged (0 if it converged from
     *                    the guess)
     * @param eigenvalues the spectrum of the Jacobian restricted to the conserved set
     */
    public record Result(double[] state, double residual, int iterations, double relaxation, Complex[] eigenvalues)
            implements LinearStability {
        /**
         * Copies the arrays, so the record is immutable.
         *
         * @param state       x with F(x) ≈ 0 on the conserved set
         * @param residual    max |F(x)|
         * @param iterations  Newton iterations (of the last Newton run)
         * @param relaxation  time along the fluid trajectory spent before Newton converged
         * @param eigenvalues the spectrum of the Jacobian restricted to the conserved set
         */
        public Result {
            state = state.clone();
            eigenvalues = eigenvalues.clone();
        }

        /**
         * The fixed point π.
         *
         * @return a copy, one entry per coordinate
         */
        @Override
        public double[] state() {
            return state.clone();
        }

        /**
         * The spectrum of the Jacobian restricted to the conserved set (one class per group eliminated).
         *
         * @return a copy
         */
        @Override
        public Complex[] eigenvalues() {
            return eigenvalues.clone();
        }
    }

    private PopulationFixedPoint() {
    }

    /**
     * Newton to max|F| ≤ 10⁻¹³ from {@code guess}, at most 60 iterations per Newton run.
     *
     * @param model the model
     * @param guess a state of the model (length, non-negative entries, group sums)
     * @return the fixed point with its residual and spectrum
     * @throws IllegalArgumentException if guess is not a state of the model
     * @throws IllegalStateException    if no fixed point is reached
     */
    public static Result solve(PopulationModel model, double[] guess) {
        return solve(model, guess, 1e-13, 60);
    }

    /**
     * Damped Newton from {@code guess}, relaxing along the fluid first if needed.
     *
     * @param model         the model
     * @param guess         a state of the model (length, non-negative entries, group sums)
     * @param tolerance     the target max|F(x)|, &gt; 0
     * @param maxIterations Newton iterations per run, ≥ 1
     * @return the fixed point with its residual and spectrum
     * @throws IllegalArgumentException if guess is not a state of the model, or tolerance or maxIterations is
     *                                  out of range
     * @throws IllegalStateException    if no fixed point is reached
     */
    public static Result solve(PopulationModel model, double[] guess, double tolerance, int maxIterations) {
        Objects.requireNonNull(model, "model");
        model.requireState(Objects.requireNonNull(guess, "guess"));
        if (!(tolerance > 0)) {
            throw new IllegalArgumentException("tolerance = " + tolerance + "; allowed: > 0");
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations = " + maxIterations + "; allowed: ≥ 1");
        }
        double[] start = guess.clone();
        double relaxed = 0;
        String failure = null;
        for (double horizon = 50; horizon <= 12_800; horizon *= 2) {
            try {
                return newton(model, start, tolerance, maxIterations, relaxed);
            } catch (IllegalStateException e) {
                failure = e.getMessage();
            }
            start = PopulationFluid.integrate(model, start, new double[] {horizon - relaxed},
                    FluidOptions.defaults().withTolerances(1e-10, 1e-8)).finalState();
            relaxed = horizon;
        }
        throw new IllegalStateException("no fixed point of " + model.name() + " found from the guess, even after"
                + " relaxing along the fluid to t = " + relaxed + ": " + failure);
    }

    private static Result newton(PopulationModel model, double[] x0, double tolerance,
                                 int maxIterations, double relaxed) {
        double[] x = x0.clone();
        double[] f = model.drift(x);
        double norm = maxAbs(f);
        for (int iteration = 0; ; iteration++) {
            // the Newton system and the spectrum solved through the Jacobian's zero structure: a dense LU and a
            // dense eigen-decomposition where it has none (docs/population.md, "Scale")
            double[][] jacobian = model.jacobian(x);
            Reduction reduction = Reduction.sparsest(model, jacobian);
            BlockTriangular a = new BlockTriangular(reduction.reduceToArray(jacobian));
            if (norm <= tolerance) {
                String outside = outsideStateSpace(model, x);
                if (outside != null) {   // F has roots off the simplex (an SIRS model from "all susceptible")
                    throw new IllegalStateException("Newton converged to a root of F outside the state space ("
                            + outside + ")");
                }
                return new Result(x, norm, iteration, relaxed, a.eigenvalues());
            }
            if (iteration == maxIterations) {
                throw new IllegalStateException("Newton did not reach max|F| ≤ " + tolerance + " in " + maxIterations
                        + " iterations (residual " + norm + ")");
            }
            double[] rhs = reduction.keep(f);
            for (int i = 0; i < rhs.length; i++) {
                rhs[i] = -rhs[i];
            }
            double[] reducedStep;
            try {
                reducedStep = a.solve(rhs);
            } catch (IllegalStateException singular) {
                throw new IllegalStateException("Newton: singular Jacobian at iteration " + iteration + " ("
                        + singular.getMessage() + ")");
            }
            double[] step = reduction.expand(reducedStep);
            FixedPointSolver.Step next = FixedPointSolver.dampedStep(model::drift, x, step, norm, tolerance, 30);
            if (!next.accepted()) {
                throw new IllegalStateException("Newton stalled at max|F| = " + norm + " after " + iteration
                        + " iterations");
            }
            x = next.x();
            f = next.drift();
            norm = next.norm();
        }
    }

    /** Below this fraction of its group's total a coordinate is negative beyond rounding. */
    static final double OUTSIDE = 1e-9;

    /** The first coordinate below −{@link #OUTSIDE} × its group's total, described; null if there is none. */
    private static String outsideStateSpace(PopulationModel model, double[] x) {
        int[] group = model.groupOf();
        double[] totals = model.groupTotals();
        for (int i = 0; i < x.length; i++) {
            if (x[i] < -OUTSIDE * totals[group[i]]) {
                return model.coordinateNames().get(i) + " = " + x[i];
            }
        }
        return null;
    }

    /** Eigenvalues of a reduced Jacobian. */
    static Complex[] spectrum(RealMatrix a) {
        if (a.getRowDimension() == 0) {
            return new Complex[0];
        }
        return new EigenDecompositionNonSymmetric(a).getEigenvalues();
    }

    private static double maxAbs(double[] v) {
        double m = 0;
        for (double e : v) {
            m = Math.max(m, Math.abs(e));
        }
        return m;
    }
}
