package org.queuelab.sim;


import org.queuelab.guard.Require;
/**
 * Every one of the N servers on (warm) and holding {@code jobs} jobs at t = 0; in the event-driven simulators each
 * job starts fresh (the job in service has age 0, as in the invariant-state Monte Carlo of
 * docs/invariant-states.md §8), in the SQ(d,N) chain every memory slot reads the true queue length. With 0 jobs:
 * every server idle-on, the empty start.
 *
 * @param jobs jobs per server, ≥ 0 (each simulator also checks it against the buffer)
 */
public record JobsPerServer(int jobs) implements InitialState {

    static final JobsPerServer EMPTY = new JobsPerServer(0);

    /**
     * Validates the parameters.
     *
     * @param jobs jobs per server, ≥ 0 (each simulator also checks it against the buffer)
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public JobsPerServer {
        Require.atLeast("jobs", jobs, 0);
    }

    @Override
    public String label() {
        return jobs == 0 ? "empty" : jobs + " fresh jobs per server";
    }
}
