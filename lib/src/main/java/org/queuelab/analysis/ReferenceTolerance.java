package org.queuelab.analysis;

import org.queuelab.result.Estimate;

/**
 * Tolerances for checking a replicated simulation estimate against a reference number that is itself a
 * simulation estimate (the reconstruction's simulated reference values, docs/tabs.md §6–§7). The tolerance is twice the combined 95%
 * half-width, 2·√(h_ours² + h_ref²) — about four standard errors of the difference — so a correct reproduction
 * fails a given check with probability well below 10⁻³, while a real discrepancy of that size is flagged.
 */
public final class ReferenceTolerance {

    private ReferenceTolerance() {
    }

    /**
     * The tolerance for a reference with a known 95% half-width.
     *
     * @param ours               our estimate, from at least 2 replications
     * @param referenceHalfWidth the reference's 95% half-width, ≥ 0 (0 for an exact value)
     * @return 2·√(h_ours² + h_ref²), in the values' units
     * @throws IllegalArgumentException if {@code ours} has fewer than 2 replications or {@code referenceHalfWidth} is
     *                                  negative or NaN
     */
    public static double of(Estimate ours, double referenceHalfWidth) {
        if (ours.n() < 2) {
            throw new IllegalArgumentException("replications = " + ours.n() + "; allowed: ≥ 2 (an interval is needed)");
        }
        if (!(referenceHalfWidth >= 0)) {
            throw new IllegalArgumentException("referenceHalfWidth = " + referenceHalfWidth + "; allowed: ≥ 0");
        }
        return 2 * Math.hypot(ours.halfWidth(), referenceHalfWidth);
    }

    /**
     * As {@link #of} for a reference obtained from {@code referenceRuns} runs of the same model and estimator, each
     * averaging over a window of {@code referenceWindow} seconds. Its half-width is not published; it is estimated
     * from our between-replication standard deviation s (window {@code ourWindow}): time averages have variance
     * ∝ 1/window, so h_ref = t·s·√(ourWindow / (referenceWindow·referenceRuns)), with Student's t quantile for the
     * n − 1 degrees of freedom of s (as few as two), not 1.96, so that an s that is small by chance does not
     * shrink the tolerance.
     *
     * @param ours            our estimate, from at least 2 replications
     * @param ourWindow       the averaging window of each of our runs in seconds, &gt; 0
     * @param referenceWindow the averaging window of each reference run in seconds, &gt; 0
     * @param referenceRuns   runs averaged in the reference value, ≥ 1
     * @return 2·√(h_ours² + h_ref²) with h_ref estimated as above, in the values' units
     * @throws IllegalArgumentException if a window is not &gt; 0, {@code referenceRuns} &lt; 1 or {@code ours} has
     *                                  fewer than 2 replications
     */
    public static double againstRuns(Estimate ours, double ourWindow, double referenceWindow, int referenceRuns) {
        if (!(ourWindow > 0 && referenceWindow > 0) || referenceRuns < 1) {
            throw new IllegalArgumentException("ourWindow = " + ourWindow + ", referenceWindow = " + referenceWindow
                    + ", referenceRuns = " + referenceRuns + "; allowed: positive windows, ≥ 1 run");
        }
        if (ours.n() < 2) {
            throw new IllegalArgumentException("replications = " + ours.n() + "; allowed: ≥ 2 (an interval is needed)");
        }
        // h_ours = t·s/√n, hence t·s = h_ours·√n
        double referenceHalfWidth = ours.halfWidth() * Math.sqrt(ours.n())
                * Math.sqrt(ourWindow / (referenceWindow * referenceRuns));
        return of(ours, referenceHalfWidth);
    }
}
