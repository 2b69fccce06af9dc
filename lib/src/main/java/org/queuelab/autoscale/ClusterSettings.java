package org.queuelab.autoscale;

import org.queuelab.guard.Require;

/**
 * The options of an {@link AutoscaleSimulator} that are not part of its run window ({@code docs/demand.md} §3): the
 * response-time objective requests are judged by, and which idle instance takes an arriving request. Horizon,
 * warm-up, windows and the initial state are the {@link org.queuelab.sim.RunWindow}'s.
 *
 * @param slo       response-time objective: a request is a violation when its response time exceeds it, &gt; 0
 * @param sloBudget a window violates the SLO when more than this fraction of its requests do, in [0, 1)
 * @param pick      which idle instance an arriving request takes
 */
public record ClusterSettings(double slo, double sloBudget, Pick pick) {

    /** Which idle instance an arriving request takes. */
    public enum Pick {
        /** uniformly at random (join-idle-queue as in the works) */
        RANDOM,
        /** the most recently idled one (packing, which lets surplus instances time out) */
        MOST_RECENT
    }

    /**
     * Validates the components.
     *
     * @param slo       response-time objective: a request is a violation when its response time exceeds it, &gt; 0
     * @param sloBudget a window violates the SLO when more than this fraction of its requests do, in [0, 1)
     * @param pick      which idle instance an arriving request takes
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public ClusterSettings {
        Require.positive("slo", slo);
        if (!(sloBudget >= 0 && sloBudget < 1)) {
            throw new IllegalArgumentException("sloBudget = " + sloBudget + "; allowed: 0 ≤ sloBudget < 1");
        }
        if (pick == null) {
            throw new IllegalArgumentException("pick = null; allowed: RANDOM or MOST_RECENT");
        }
    }

    /** {@return SLO 2 s with a 1% budget per window, random pick} */
    public static ClusterSettings defaults() {
        return new ClusterSettings(2.0, 0.01, Pick.RANDOM);
    }

    /**
     * The same options with another objective and budget.
     *
     * @param newSlo    the response-time objective, &gt; 0 (units of time)
     * @param newBudget the fraction of requests allowed above it per window, in [0, 1)
     * @return the new settings
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public ClusterSettings withSlo(double newSlo, double newBudget) {
        return new ClusterSettings(newSlo, newBudget, pick);
    }

    /**
     * The same options with another pick.
     *
     * @param newPick which idle instance serves an arrival
     * @return the new settings
     */
    public ClusterSettings withPick(Pick newPick) {
        return new ClusterSettings(slo, sloBudget, newPick);
    }
}
