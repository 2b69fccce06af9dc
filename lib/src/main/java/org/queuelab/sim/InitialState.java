package org.queuelab.sim;

/**
 * Where a simulation run starts, one of the kinds below; each simulator accepts the kinds it can start from and
 * refuses the others with an {@link IllegalArgumentException} naming {@code initial} and the kinds it allows.
 * <ul>
 *   <li>{@link JobsPerServer}: every server on and holding k jobs, each starting fresh (age 0) — every
 *       simulator (k = 0 is the empty, all idle-on start and the default of {@link RunWindow#until});</li>
 *   <li>{@link InitialOccupancy}: counts or fractions of cold, initializing and warm servers by number of jobs —
 *       the occupancy-count chain ({@code Ctmc.of}, docs/alba.md §2);</li>
 *   <li>{@link InitialMemory}: counts of servers by (jobs, memory slot) — the SQ(d,N) chain
 *       ({@code Ctmc.withMemory}, docs/sqdn.md §2);</li>
 *   <li>{@link TabsInitialCondition}: all idle-on, all off, or explicit busy/idle-on/set-up/off servers — the
 *       event-driven TABS simulator (docs/tabs.md §2).</li>
 *   <li>{@link InitialFractions}: the fraction of servers in each class of a population model — the population
 *       simulator ({@code PopulationSimulator}, docs/population.md §4).</li>
 * </ul>
 */
public sealed interface InitialState permits JobsPerServer, InitialOccupancy, InitialMemory, TabsInitialCondition,
        InitialFractions {

    /** {@return every server on and empty (idle-on)} */
    static InitialState empty() {
        return JobsPerServer.EMPTY;
    }

    /**
     * {@return every server on with {@code jobs} jobs, each job starting fresh}
     *
     * @param jobs jobs per server, ≥ 0
     */
    static InitialState jobsPerServer(int jobs) {
        return new JobsPerServer(jobs);
    }

    /** {@return a short label for result tables} */
    String label();

    /**
     * The refusal of a simulator that cannot start from {@code initial}.
     *
     * @param engine  the simulator, e.g. "the event-driven load-balancing simulator"
     * @param allowed the kinds it accepts, e.g. "JobsPerServer"
     * @param initial the initial state the engine refused
     * @return the exception naming the state, the engine and the kinds it accepts
     */
    static IllegalArgumentException unsupported(InitialState initial, String engine, String allowed) {
        return new IllegalArgumentException("initial = " + initial.label() + " (" + initial.getClass().getSimpleName()
                + "); allowed for " + engine + ": " + allowed);
    }
}
