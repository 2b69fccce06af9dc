package org.queuelab.repro.alba;

import java.util.Locale;
import java.util.Objects;

import org.queuelab.claims.Evidence;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.claims.Evidence.Outcome;
import org.queuelab.result.Estimate;

/**
 * ALBA's rule for "better" ({@code docs/alba.md} §11, {@code docs/claims.md} §3): a claimed-positive difference
 * (e.g. R_TABS − R_Rate-Idle) with its 95% interval, judged one-sided against a resolution r fixed in the register
 * before the runs: HOLDS when the interval lies above r, FAILS when it lies below r (an advantage, if any, smaller
 * than anything the work could show — whatever the sign of a 10⁻⁴ effect), else UNDECIDED. As runs grow the interval
 * shrinks onto the true difference, so a smaller run can be undecided where a larger one decides, but two decided
 * runs agree (up to the 5% of intervals that miss): quick mode does not decide on a knife edge that full mode
 * reverses.
 *
 * <p>Notebooks 01 and 06 judge every ALBA Section V statement (delay, mechanism) with this one rule.
 */
public final class AlbaEvidence {

    private AlbaEvidence() {
    }

    /**
     * The claimed-positive {@code difference} against {@code resolution} (&gt; 0, from the register's margin).
     *
     * @param grade      how strong the evidence is
     * @param what       what was compared, in one line
     * @param difference the claimed-positive difference with its 95% interval (no interval: UNDECIDED)
     * @param resolution the smallest advantage that counts, r, in the difference's units; 0 &lt; r &lt; ∞
     * @return the evidence: reference r, ours the difference's mean, the outcome, and when UNDECIDED the runs that
     *         would likely decide (half-width ∝ 1/√n)
     * @throws NullPointerException if {@code difference} is null
     * @throws IllegalArgumentException if the resolution is not positive and finite
     */
    public static Evidence betterBy(Grade grade, String what, Estimate difference, double resolution) {
        return judge(grade, what, difference, resolution, 1);
    }

    /**
     * The same rule for a difference claimed negative (e.g. Rate-Idle − TABS in response time): HOLDS when the
     * interval lies below −r, FAILS when it lies above −r. Ours and the power are stated in the difference's own sign.
     *
     * @param grade      how strong the evidence is
     * @param what       what was compared, in one line
     * @param difference the claimed-negative difference with its 95% interval (no interval: UNDECIDED)
     * @param resolution the smallest advantage that counts, r &gt; 0 (finite); the claim is "below −r"
     * @return the evidence: reference −r, ours the difference's mean, the outcome
     * @throws IllegalArgumentException if the resolution is not positive and finite
     * @throws NullPointerException if {@code difference} is null
     */
    public static Evidence lowerBy(Grade grade, String what, Estimate difference, double resolution) {
        return judge(grade, what, difference, resolution, -1);
    }

    /** {@code sign} = +1: claimed above r; −1: claimed below −r. */
    private static Evidence judge(Grade grade, String what, Estimate difference, double resolution, int sign) {
        Objects.requireNonNull(difference, "difference");
        if (!(resolution > 0 && Double.isFinite(resolution))) {
            throw new IllegalArgumentException("resolution = " + resolution + "; allowed: 0 < resolution < ∞");
        }
        // judged on sign × difference, so that the claim always reads "above r"
        double lo = sign > 0 ? difference.lower() : -difference.upper();
        double hi = sign > 0 ? difference.upper() : -difference.lower();
        boolean noInterval = !Double.isFinite(difference.halfWidth());
        Outcome outcome;
        String note;
        if (noInterval) {
            outcome = Outcome.UNDECIDED;
            note = "no interval (fewer than 2 runs)";
        } else if (lo > resolution) {
            outcome = Outcome.HOLDS;
            note = sign > 0 ? "the 95% interval lies above the resolution" : "the 95% interval lies below −resolution";
        } else if (hi < resolution) {
            outcome = Outcome.FAILS;
            note = hi < 0 ? "the 95% interval excludes 0 on the contrary side"
                    : "the 95% interval falls short of the resolution: no advantage the work could show";
        } else {
            outcome = Outcome.UNDECIDED;
            note = "the 95% interval contains " + (sign > 0 ? "" : "−") + "the resolution";
        }
        int runs = 0;
        String power = String.format(Locale.ROOT, "difference %.3g ± %.2g (n = %d), resolution %s%.3g",
                difference.mean(), difference.halfWidth(), difference.n(), sign > 0 ? "" : "−", resolution);
        if (outcome == Outcome.UNDECIDED && !noInterval && difference.n() > 1) {
            // runs for the half-width to fall below |mean − resolution| (half-width ∝ 1/√n)
            double ratio = difference.halfWidth()
                    / Math.max(Math.abs(sign * difference.mean() - resolution), 1e-3 * resolution);
            runs = (int) Math.ceil(difference.n() * ratio * ratio);
            power += ", needs ≈ " + runs + " runs";
        }
        return new Evidence(grade, what, sign * resolution, difference.mean(), outcome, note, power, runs);
    }
}
