package org.queuelab.policy;

import org.queuelab.guard.Require;

/**
 * Power-of-d, also written SQ(d): the job joins the shortest of {@code d} servers sampled uniformly
 * <em>with replacement</em>, ties broken uniformly (docs/alba.md §2, docs/sqdn.md §9.1).
 *
 * @param d the number of servers sampled per arrival, ≥ 1
 */
public record PowerOfD(int d) implements Dispatch {

    /**
     * Validates the parameters.
     *
     * @param d the number of servers sampled per arrival, ≥ 1
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public PowerOfD {
        Require.atLeast("d", d, 1);
    }

    @Override
    public Kind kind() {
        return Kind.SHORTEST_OF_SAMPLE;
    }

    @Override
    public String label() {
        return "Power-of-" + d;
    }
}
