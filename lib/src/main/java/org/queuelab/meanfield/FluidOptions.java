package org.queuelab.meanfield;

import org.queuelab.meanfield.ode.FluidSolver;

/**
 * Accuracy settings of a fluid integration.
 *
 * @param absoluteTolerance  absolute local-error tolerance of the adaptive Runge–Kutta integrator (per coordinate)
 * @param relativeTolerance  relative local-error tolerance
 * @param truncationTolerance largest mass allowed at the truncation level K of an infinite buffer, at any output
 *                           time; more means K is too small for the requested accuracy and the integration throws
 * @param maxEvaluations     drift evaluations allowed per solve before it fails loudly (fixed-step schemes: steps,
 *                           refused before they start); raise it with {@link #withMaxEvaluations}
 * @param maxStep            largest integration step (time units); the grid is sampled by dense output between
 *                           step ends, whose error grows with the step (a decaying coordinate sampled between
 *                           10-unit steps undershot 0 by 10⁻⁹); 1 keeps it at the tolerance level. When only the
 *                           end state matters (long runs to a fixed point), a larger step is cheaper.
 * @param integrator         which integrator runs each segment between boundary switches (see {@link Integrator})
 */
public record FluidOptions(double absoluteTolerance, double relativeTolerance, double truncationTolerance,
                           int maxEvaluations, double maxStep, Integrator integrator) {

    /**
     * The integrator of the smooth segments between boundary switches.
     * <ul>
     *   <li>{@link #EXPLICIT}: Hipparchus Dormand–Prince 8(5,3) everywhere (the only choice before stiff support).</li>
     *   <li>{@link #IMPLICIT}: the L-stable Rosenbrock–W method ROS34PW2 everywhere (finite-difference Jacobian).</li>
     *   <li>{@link #AUTO} (default): the only stiff part of the ALBA drift is a free JBT-d pool (d ≥ 1) of small mass
     *       s, whose internal rates are λ/s; AUTO runs ROS34PW2 while such a pool has s &lt; 10⁻² (leaving it
     *       above 5·10⁻²) and Dormand–Prince elsewhere, where the drift is smooth and non-stiff and the
     *       eighth-order explicit method is much cheaper at tight tolerances.</li>
     * </ul>
     */
    public enum Integrator {
        /** Rosenbrock–W while a free JBT-d pool is small, Dormand–Prince elsewhere (the default). */
        AUTO,
        /** Dormand–Prince 8(5,3) everywhere. */
        EXPLICIT,
        /** ROS34PW2 everywhere. */
        IMPLICIT
    }

    /**
     * Settings with the {@link Integrator#AUTO} integrator choice.
     *
     * @param absoluteTolerance   the absolute local-error tolerance, in (0, 1)
     * @param relativeTolerance   the relative local-error tolerance, in (0, 1)
     * @param truncationTolerance the largest mass allowed at the truncation level, in (0, 1)
     * @param maxEvaluations      drift evaluations allowed per solve, ≥ 100
     * @param maxStep             the largest integration step, in (0, ∞) (units of time)
     */
    public FluidOptions(double absoluteTolerance, double relativeTolerance, double truncationTolerance,
                        int maxEvaluations, double maxStep) {
        this(absoluteTolerance, relativeTolerance, truncationTolerance, maxEvaluations, maxStep, Integrator.AUTO);
    }

    /**
     * Validates the settings.
     *
     * @param absoluteTolerance   the absolute local-error tolerance, in (0, 1)
     * @param relativeTolerance   the relative local-error tolerance, in (0, 1)
     * @param truncationTolerance the largest mass allowed at the truncation level, in (0, 1)
     * @param maxEvaluations      drift evaluations allowed per solve, ≥ 100
     * @param maxStep             the largest integration step, in (0, ∞) (units of time)
     * @param integrator          the integrator of the smooth segments
     * @throws IllegalArgumentException naming a setting out of its range
     */
    public FluidOptions {
        if (integrator == null) {
            throw new IllegalArgumentException("integrator = null; allowed: AUTO, EXPLICIT, IMPLICIT");
        }
        requirePositive("absoluteTolerance", absoluteTolerance);
        requirePositive("relativeTolerance", relativeTolerance);
        requirePositive("truncationTolerance", truncationTolerance);
        if (!(maxStep > 0 && Double.isFinite(maxStep))) {
            throw new IllegalArgumentException("maxStep = " + maxStep + "; allowed: 0 < maxStep < ∞");
        }
        if (maxEvaluations < 100) {
            throw new IllegalArgumentException("maxEvaluations = " + maxEvaluations + "; allowed: ≥ 100");
        }
    }

    /** {@return abs 1e-12, rel 1e-10, truncation mass 1e-7, 5·10⁶ evaluations, max step 1} */
    public static FluidOptions defaults() {
        return new FluidOptions(1e-12, 1e-10, 1e-7, 5_000_000, 1.0);
    }

    /**
     * {@return the same settings with another maximal step}
     *
     * @param step the integration step, in (0, ∞) (units of time)
     */
    public FluidOptions withMaxStep(double step) {
        return new FluidOptions(absoluteTolerance, relativeTolerance, truncationTolerance, maxEvaluations, step,
                integrator);
    }

    /**
     * {@return the same settings with another absolute and relative tolerance}
     *
     * @param absolute the absolute tolerance, in (0, 1)
     * @param relative the relative tolerance, in (0, 1)
     */
    public FluidOptions withTolerances(double absolute, double relative) {
        return new FluidOptions(absolute, relative, truncationTolerance, maxEvaluations, maxStep, integrator);
    }

    /**
     * {@return the same settings with another truncation tolerance}
     *
     * @param tolerance the largest mass allowed at the truncation level, in (0, 1)
     */
    public FluidOptions withTruncationTolerance(double tolerance) {
        return new FluidOptions(absoluteTolerance, relativeTolerance, tolerance, maxEvaluations, maxStep, integrator);
    }

    /**
     * {@return the same settings with another integrator choice}
     *
     * @param choice the integrator
     */
    public FluidOptions withIntegrator(Integrator choice) {
        return new FluidOptions(absoluteTolerance, relativeTolerance, truncationTolerance, maxEvaluations, maxStep,
                choice);
    }

    /**
     * {@return the same settings with another evaluation budget}
     *
     * @param budget drift evaluations allowed per solve, ≥ 100
     */
    public FluidOptions withMaxEvaluations(int budget) {
        return new FluidOptions(absoluteTolerance, relativeTolerance, truncationTolerance, budget, maxStep,
                integrator);
    }

    /** The settings of the one {@link FluidSolver}: the translation of these options. */
    FluidSolver.Settings settings() {
        FluidSolver.Method method = switch (integrator) {
            case AUTO -> FluidSolver.Method.AUTO;
            case EXPLICIT -> FluidSolver.Method.EXPLICIT;
            case IMPLICIT -> FluidSolver.Method.IMPLICIT;
        };
        return new FluidSolver.Settings(absoluteTolerance, relativeTolerance, maxStep, maxEvaluations, method);
    }

    private static void requirePositive(String name, double value) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 < " + name + " < 1");
        }
    }
}
