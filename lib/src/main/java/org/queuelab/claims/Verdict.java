package org.queuelab.claims;

import java.util.List;
import java.util.Objects;

/**
 * The verdict on a claim, computed from its evidence (docs/claims.md §3); never typed in.
 */
public enum Verdict {
    /** Every piece of evidence holds, and at least one is a work number or an independent method. */
    REPRODUCED("reproduced"),
    /** Some evidence holds and some fails, or only consistency evidence exists and it holds. */
    PARTLY("partly"),
    /** No work-number or independent evidence holds, or consistency evidence alone fails. */
    NOT_REPRODUCED("not reproduced"),
    /**
     * Some evidence is undecided (its run is too small) and the outcome of the undecided pieces would change the
     * verdict: more runs (full mode) are needed. Never a finding for or against the claim.
     */
    INCONCLUSIVE("inconclusive"),
    /** The register gives a reason why no computation can judge the claim. */
    NOT_TESTABLE("not testable");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /**
     * The verdict as written in summaries and register files.
     *
     * @return a lower-case label, e.g. "not reproduced"
     */
    public String label() {
        return label;
    }

    /**
     * Whether this verdict decides the claim, for or against it.
     *
     * @return {@code true} for REPRODUCED, PARTLY and NOT REPRODUCED; {@code false} for INCONCLUSIVE and NOT TESTABLE
     */
    public boolean decided() {
        return this == REPRODUCED || this == PARTLY || this == NOT_REPRODUCED;
    }

    /**
     * The verdict on {@code claim} given its evidence (docs/claims.md §3). Undecided pieces are resolved both ways:
     * if the verdict is the same whether they all hold or all fail, that is the verdict (the rule is monotone in
     * each piece, so every other resolution gives it too); otherwise it is {@link #INCONCLUSIVE}. So a verdict
     * decided from a small run is one that no outcome of its undecided comparisons could change.
     *
     * @param claim    the claim judged, not null
     * @param evidence every piece of evidence attached to it, not null; may be empty only for a NOT TESTABLE claim
     * @return NOT TESTABLE for a claim the register marks so; otherwise the verdict the evidence decides, or
     *         INCONCLUSIVE when its undecided pieces could change it
     * @throws IllegalArgumentException if {@code evidence} is empty (a claim with no evidence is unjudged, not
     *                                  judged) or if a NOT TESTABLE claim carries evidence stronger than consistency
     */
    public static Verdict of(Claim claim, List<Evidence> evidence) {
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(evidence, "evidence");
        if (claim.notTestable()) {
            for (Evidence e : evidence) {
                if (e.grade().canReproduce()) {
                    throw new IllegalArgumentException(claim.id() + " is NOT TESTABLE (" + claim.notTestableBecause()
                            + "); it can carry consistency evidence only, got " + e.grade() + ": " + e.what());
                }
            }
            return NOT_TESTABLE;
        }
        if (evidence.isEmpty()) {
            throw new IllegalArgumentException(claim.id() + " has no evidence: it is unjudged");
        }
        Verdict optimistic = decide(evidence, true);
        Verdict pessimistic = decide(evidence, false);
        return optimistic == pessimistic ? optimistic : INCONCLUSIVE;
    }

    /** The verdict with every undecided piece taken as holding ({@code undecidedHolds}) or as failing. */
    private static Verdict decide(List<Evidence> evidence, boolean undecidedHolds) {
        long strong = 0;
        long strongHolding = 0;
        boolean allHold = true;
        for (Evidence e : evidence) {
            boolean holds = e.decided() ? e.holds() : undecidedHolds;
            allHold &= holds;
            if (e.grade().canReproduce()) {
                strong++;
                strongHolding += holds ? 1 : 0;
            }
        }
        if (strong == 0) {
            return allHold ? PARTLY : NOT_REPRODUCED;
        }
        if (strongHolding == 0) {
            return NOT_REPRODUCED;
        }
        return allHold ? REPRODUCED : PARTLY;
    }
}
