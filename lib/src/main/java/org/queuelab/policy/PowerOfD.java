package org.queuelab.policy;

import org.queuelab.guard.Require;

/**
 * Power-of-d, also written SQ(d): the job joins the shortest of {@code d} servers sampled uniformly
 * <em>with replacement</em>, ties broken uniformly (docs/alba.md §2, docs/sqdn.md §9.1).
 */
public record PowerOfD(int d) implements Dispatch {

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
