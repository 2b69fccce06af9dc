package org.queuelab.claims;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The rule that a verdict must not change with the mode (docs/claims.md §4): quick mode may be INCONCLUSIVE where
 * full mode decides, but two decided verdicts of one claim must be the same. The quick-mode notebook tests apply it
 * to the full-mode verdicts that {@code ./reproduce --full} records in {@code data/verdicts-full-mode.csv}
 * ({@code scripts/queuelab_claims.py}, which implements the same comparison on those files).
 */
public final class ModeAgreement {

    private ModeAgreement() {
    }

    /**
     * Whether two verdicts of one claim contradict each other: both decided (REPRODUCED, PARTLY, NOT REPRODUCED)
     * and different. INCONCLUSIVE or NOT TESTABLE on either side contradicts nothing.
     *
     * @param quick the claim's verdict in quick mode, not null
     * @param full  its verdict in full mode, not null
     * @return {@code true} when both are decided and they differ
     */
    public static boolean contradicts(Verdict quick, Verdict full) {
        Objects.requireNonNull(quick, "quick");
        Objects.requireNonNull(full, "full");
        return quick.decided() && full.decided() && quick != full;
    }

    /**
     * The claims (ids present in both maps) whose quick and full verdicts contradict each other, as
     * "id: quick X, full Y", in the order of {@code quick}.
     *
     * @param quick verdicts by claim id from a quick-mode run, not null
     * @param full  verdicts by claim id from a full-mode run, not null; ids missing on either side are skipped
     * @return one line per contradiction; empty when the modes agree
     */
    public static List<String> contradictions(Map<String, Verdict> quick, Map<String, Verdict> full) {
        Objects.requireNonNull(quick, "quick");
        Objects.requireNonNull(full, "full");
        List<String> found = new ArrayList<>();
        quick.forEach((id, q) -> {
            Verdict f = full.get(id);
            if (f != null && contradicts(q, f)) {
                found.add(id + ": quick " + q + ", full " + f);
            }
        });
        return found;
    }
}
