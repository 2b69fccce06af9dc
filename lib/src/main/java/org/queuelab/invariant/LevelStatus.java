package org.queuelab.invariant;

/** Whether a computed s*_ℓ can be shown (docs/invariant-states.md §4, §5: the work prints NaN where precision is lost). */
public enum LevelStatus {
    /** The error bound is at most 10% of the value (at least one correct digit): the value is shown. */
    OK,
    /** PAPER accuracy only: s*_ℓ ≤ 1e-12, the bisection resolution; the work prints 0 (and NaN for H). */
    BELOW_RESOLUTION,
    /** The error bound exceeds 10% of the value (cancellation, quadrature error or inherited error). */
    PRECISION_LOST,
    /** F_ℓ(s) − s has a resolved sign contradicting Proposition 4.2 on [0, s*_{ℓ−1}], or the root search failed. */
    NOT_BRACKETED;

    /** Relative error bound above which a value is reported as {@link #PRECISION_LOST}. */
    public static final double MAX_RELATIVE_ERROR = 0.1;
}
