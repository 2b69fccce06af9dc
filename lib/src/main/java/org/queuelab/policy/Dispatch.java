package org.queuelab.policy;

/**
 * How the dispatcher chooses a server for an arriving job.
 *
 * <p>The records only name the rule and its parameter; each simulator and mean-field model implements the rule on
 * its own state (per-server queues, occupancy counts or fluid fractions). Definitions: docs/alba.md §2 and
 * docs/sqdn.md §1, §9.1.
 */
public sealed interface Dispatch permits RandomDispatch, PowerOfD, JoinBelowThreshold, PowerOfDWithMemory {

    /** The families of rules, as engines implement them. */
    enum Kind {
        /** Join the shortest of d servers sampled with replacement (Power-of-d). */
        SHORTEST_OF_SAMPLE,
        /** Join a server chosen uniformly among those that can take the job (Random; d = 1). */
        UNIFORM,
        /** Join a server holding at most d jobs, else any (JBT-d; JIQ is d = 0). */
        BELOW_THRESHOLD,
        /** Join the lowest remembered queue, refreshing d observations per arrival (SQ(d,N)). */
        SHORTEST_IN_MEMORY
    }

    /** {@return the family of the rule: what an engine switches on, instead of testing the record's type} */
    Kind kind();

    /**
     * {@return the rule's parameter d: servers sampled (Power-of-d, SQ(d,N); 1 for Random) or the threshold (JBT-d)}
     */
    int d();

    /**
     * {@return number of servers probed per job: d for the sampling rules (1 for Random), 0 for JBT-d, which probes
     * none}
     */
    default int probes() {
        return kind() == Kind.BELOW_THRESHOLD ? 0 : d();
    }

    /** {@return whether this is Join-the-Idle-Queue (JBT-0)} */
    default boolean isJiq() {
        return kind() == Kind.BELOW_THRESHOLD && d() == 0;
    }

    /**
     * {@return the smallest buffer the rule makes sense with: d + 1 for JBT-d (a server must be able to exceed d), else
     * 1}
     */
    default int minimumBuffer() {
        return kind() == Kind.BELOW_THRESHOLD ? d() + 1 : 1;
    }

    /** {@return a short label for tables and legends, e.g. {@code "Power-of-2"}} */
    String label();
}
