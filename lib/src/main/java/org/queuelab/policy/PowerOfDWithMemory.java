package org.queuelab.policy;

import org.queuelab.guard.Require;

/**
 * SQ(d,N), Power-of-d with memory (docs/sqdn.md §1): the dispatcher keeps one observation per server,
 * refreshes {@code d} of them per arrival (sampled with replacement), sends the job to a server with the lowest
 * observation (ties uniform) and adds one to that observation.
 *
 * @param d the number of observations refreshed per arrival, ≥ 1
 */
public record PowerOfDWithMemory(int d) implements Dispatch {

    /**
     * Validates the parameters.
     *
     * @param d the number of observations refreshed per arrival, ≥ 1
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public PowerOfDWithMemory {
        Require.atLeast("d", d, 1);
    }

    @Override
    public Kind kind() {
        return Kind.SHORTEST_IN_MEMORY;
    }

    @Override
    public String label() {
        return "SQ(" + d + ",N)";
    }
}
