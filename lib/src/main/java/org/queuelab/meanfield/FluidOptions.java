package org.queuelab.meanfield;

/**
 * Accuracy settings of a fluid integration.
 *
 * @param absoluteTolerance  absolute local-error tolerance of the adaptive Runge–Kutta integrator (per coordinate)
 * @param relativeTolerance  relative local-error tolerance
 * @param truncationTolerance largest mass allowed at the truncation level K of an infinite buffer, at any output
 *                           time; more means K is too small for the requested accuracy and the integration throws
 * @param maxEvaluations     drift evaluations allowed per solve before it fails loudly
 */
public record FluidOptions(double absoluteTolerance, double relativeTolerance, double truncationTolerance,
                           int maxEvaluations) {

    public FluidOptions {
        requirePositive("absoluteTolerance", absoluteTolerance);
        requirePositive("relativeTolerance", relativeTolerance);
        requirePositive("truncationTolerance", truncationTolerance);
        if (maxEvaluations < 100) {
            throw new IllegalArgumentException("maxEvaluations = " + maxEvaluations + "; allowed: ≥ 100");
        }
    }

    /** abs 1e-10, rel 1e-9, truncation mass 1e-7, 5·10⁶ evaluations. */
    public static FluidOptions defaults() {
        return new FluidOptions(1e-10, 1e-9, 1e-7, 5_000_000);
    }

    /** The same settings with another absolute and relative tolerance. */
    public FluidOptions withTolerances(double absolute, double relative) {
        return new FluidOptions(absolute, relative, truncationTolerance, maxEvaluations);
    }

    /** The same settings with another truncation tolerance. */
    public FluidOptions withTruncationTolerance(double tolerance) {
        return new FluidOptions(absoluteTolerance, relativeTolerance, tolerance, maxEvaluations);
    }

    private static void requirePositive(String name, double value) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 < " + name + " < 1");
        }
    }
}
