package org.queuelab.meanfield;

/**
 * Thrown when the truncation level K of an infinite buffer carries more mass than the requested accuracy allows:
 * the truncated model no longer represents the infinite one, so its answer would be wrong.
 */
public final class TruncationTooSmallException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The mass found at level K. */
    private final double boundaryMass;

    TruncationTooSmallException(String model, int truncation, double boundaryMass, double tolerance, double time) {
        super(model + ": truncation K = " + truncation + " holds mass " + boundaryMass + " at level K (t = " + time
                + "); allowed: ≤ truncationTolerance = " + tolerance + ". Increase the truncation level.");
        this.boundaryMass = boundaryMass;
    }

    /** {@return the mass found at the truncation level} */
    public double boundaryMass() {
        return boundaryMass;
    }
}
