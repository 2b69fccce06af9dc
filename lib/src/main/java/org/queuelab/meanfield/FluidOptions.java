package org.queuelab.meanfield;

/**
 * Accuracy settings of a fluid integration.
 *
 * @param absoluteTolerance  absolute local-error tolerance of the adaptive Runge–Kutta integrator (per coordinate)
 * @param relativeTolerance  relative local-error tolerance
 * @param truncationTolerance largest mass allowed at the truncation level K of an infinite buffer, at any output
 *                           time; more means K is too small for the requested accuracy and the integration throws
 * @param maxEvaluations     drift evaluations allowed per solve before it fails loudly
 * @param maxStep            largest integration step (time units); the grid is sampled by dense output between
 *                           step ends, whose error grows with the step (a decaying coordinate sampled between
 *                           10-unit steps undershot 0 by 10⁻⁹); 1 keeps it at the tolerance level. When only the
 *                           end state matters (long runs to a fixed point), a larger step is cheaper.
 */
public record FluidOptions(double absoluteTolerance, double relativeTolerance, double truncationTolerance,
                           int maxEvaluations, double maxStep) {

    public FluidOptions {
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

    /** abs 1e-12, rel 1e-10, truncation mass 1e-7, 5·10⁶ evaluations, max step 1. */
    public static FluidOptions defaults() {
        return new FluidOptions(1e-12, 1e-10, 1e-7, 5_000_000, 1.0);
    }

    /** The same settings with another maximal step. */
    public FluidOptions withMaxStep(double step) {
        return new FluidOptions(absoluteTolerance, relativeTolerance, truncationTolerance, maxEvaluations, step);
    }

    /** The same settings with another absolute and relative tolerance. */
    public FluidOptions withTolerances(double absolute, double relative) {
        return new FluidOptions(absolute, relative, truncationTolerance, maxEvaluations, maxStep);
    }

    /** The same settings with another truncation tolerance. */
    public FluidOptions withTruncationTolerance(double tolerance) {
        return new FluidOptions(absoluteTolerance, relativeTolerance, tolerance, maxEvaluations, maxStep);
    }

    private static void requirePositive(String name, double value) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 < " + name + " < 1");
        }
    }
}
