package org.queuelab.policy;

import org.queuelab.guard.Require;

/**
 * JBT-d: the job joins a server chosen uniformly among the servers holding at most {@code d} jobs; if there is
 * none, a server chosen uniformly among all servers that can take jobs (docs/alba.md §2). JIQ is JBT-0.
 *
 * @param d the threshold, ≥ 0 jobs
 */
public record JoinBelowThreshold(int d) implements Dispatch {

    /**
     * Validates the parameters.
     *
     * @param d the threshold, ≥ 0 jobs
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public JoinBelowThreshold {
        Require.atLeast("d", d, 0);
    }

    /** {@return join-the-Idle-Queue, JBT-0} */
    public static JoinBelowThreshold jiq() {
        return new JoinBelowThreshold(0);
    }

    @Override
    public Kind kind() {
        return Kind.BELOW_THRESHOLD;
    }

    @Override
    public String label() {
        return d == 0 ? "JIQ" : "JBT-" + d;
    }
}
