package org.queuelab.sim.event;

/**
 * A TABS run sampled on the grid t_k = k·Δt: state fractions, the cumulative number of lost jobs and, when
 * requested, every server's queue length (jobs held, including the one in service). The value at t_k is the state
 * after every event at times ≤ t_k. Arrays are owned by this object; accessors return them without copying, so
 * treat them as read-only.
 *
 * @param times        grid times
 * @param busy         fraction of servers busy
 * @param idle         fraction idle-on
 * @param setup        fraction in set-up
 * @param off          fraction off
 * @param lost         cumulative lost jobs in [0, t_k]
 * @param queueLengths queueLengths[server][k], or null when not recorded
 */
public record TabsTrajectory(double[] times, double[] busy, double[] idle, double[] setup, double[] off,
                             long[] lost, int[][] queueLengths) {

    /** Number of grid points. */
    public int size() {
        return times.length;
    }

    /** Whether per-server queue lengths were recorded. */
    public boolean hasQueueLengths() {
        return queueLengths != null;
    }
}
