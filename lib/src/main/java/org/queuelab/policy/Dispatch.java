package org.queuelab.policy;

/**
 * How the dispatcher chooses a server for an arriving job.
 *
 * <p>The records only name the rule and its parameter; each simulator and mean-field model implements the rule on
 * its own state (per-server queues, occupancy counts or fluid fractions). Definitions: {@code alba.md} §2.2 and
 * {@code sqdn.md} §1.2, §1.6.
 */
public sealed interface Dispatch permits RandomDispatch, PowerOfD, JoinBelowThreshold, PowerOfDWithMemory {

    /** Number of servers probed per job (0 for rules that use no probes). */
    int probes();

    /** A short label for tables and legends, e.g. {@code "Power-of-2"}. */
    String label();
}
