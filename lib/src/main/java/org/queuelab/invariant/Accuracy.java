package org.queuelab.invariant;

/**
 * How far the level-by-level root search of F_ℓ(s) = s is pushed (docs/invariant-states.md §4).
 */
public enum Accuracy {
    /**
     * As in the work: bisection on [0, s*_{ℓ−1}] until the bracket is narrower than 1e-12 (absolute), quadrature
     * to relative tolerance 1e-12. Values ≤ 1e-12 are below the resolution (the work prints them as 0).
     */
    PAPER(1e-12, 1e-12),
    /**
     * Bracketing root search to relative accuracy 1e-14 (Hipparchus Brent-type solver), quadrature to relative
     * tolerance 1e-13 (just above the Gauss–Kronrod round-off floor 50ε); what remains is limited by cancellation, which the error bounds report.
     */
    HIGH(1e-14, 1e-13);

    private final double rootTolerance;
    private final double quadratureTolerance;

    Accuracy(double rootTolerance, double quadratureTolerance) {
        this.rootTolerance = rootTolerance;
        this.quadratureTolerance = quadratureTolerance;
    }

    /**
     * Tolerance of the root search of each level.
     *
     * @return for PAPER the absolute bracket width of the bisection; for HIGH the relative accuracy of the root
     */
    public double rootTolerance() {
        return rootTolerance;
    }

    /**
     * Relative tolerance of each adaptive quadrature of the service law's ccdf.
     *
     * @return the tolerance, in (0, 1)
     */
    public double quadratureTolerance() {
        return quadratureTolerance;
    }
}
