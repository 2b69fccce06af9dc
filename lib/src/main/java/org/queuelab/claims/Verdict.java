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
    /** The register gives a reason why no computation can judge the claim. */
    NOT_TESTABLE("not testable");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** A lower-case label for summaries ("not reproduced"). */
    public String label() {
        return label;
    }

    /**
     * The verdict on {@code claim} given its evidence.
     *
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
        long strong = evidence.stream().filter(e -> e.grade().canReproduce()).count();
        long strongHolding = evidence.stream().filter(e -> e.grade().canReproduce() && e.holds()).count();
        boolean allHold = evidence.stream().allMatch(Evidence::holds);
        if (strong == 0) {
            return allHold ? PARTLY : NOT_REPRODUCED;
        }
        if (strongHolding == 0) {
            return NOT_REPRODUCED;
        }
        return allHold ? REPRODUCED : PARTLY;
    }
}
