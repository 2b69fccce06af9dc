package org.queuelab.guard;

/**
 * The guards a simulation run calls where it validates its input: its expected number of events against the
 * event {@link Budget}, and the memory of its trajectory and of its per-server or per-level arrays against the
 * heap ({@link Memory}), both before anything is allocated or simulated.
 * See {@code docs/robustness.md}.
 */
public final class RunGuards {

    private RunGuards() {
    }

    /**
     * Refuses a run expected to take more events than {@link Budget#events()} allows.
     *
     * @param run            the run and its sizes, for messages
     * @param expectedEvents a lower estimate of its events, e.g. arrival rate × servers × horizon
     * @throws IllegalArgumentException if the estimate exceeds the budget (or is NaN)
     */
    public static void requireEvents(String run, double expectedEvents) {
        Budget.events().require(run + " (arrival rate × servers × horizon)", expectedEvents);
    }

    /**
     * Refuses a run whose trajectory ({@code series} × {@code gridPoints} doubles) and fixed arrays ({@code units}
     * of {@code bytesPerUnit} bytes: servers, levels) exceed the available heap or a Java array.
     *
     * @param run          the run and its sizes, for messages
     * @param series       recorded series, ≥ 0
     * @param gridPoints   points of the sampling grid, ≤ {@link Sizes#MAX_ARRAY_LENGTH}
     * @param units        servers or levels the run keeps arrays over, ≤ {@link Sizes#MAX_ARRAY_LENGTH}
     * @param bytesPerUnit bytes kept per unit
     * @param unitName     what the units are, e.g. "servers" or "levels"
     * @throws IllegalArgumentException if an array exceeds the Java limit or the total exceeds the available heap
     */
    public static void requireMemory(String run, long series, long gridPoints, long units, long bytesPerUnit,
                                     String unitName) {
        Sizes.arrayLength(run + ": trajectory of " + gridPoints + " grid points", gridPoints);
        Sizes.arrayLength(run + ": arrays over " + units + " " + unitName, units);
        long values = Sizes.multiply(run + ": trajectory size", series, gridPoints);
        long bytes = Memory.sum(Memory.doubles(values), Memory.objects(units, bytesPerUnit));
        Memory.require(run + " (" + series + " series × " + gridPoints + " grid points, " + units + " " + unitName
                + ")", bytes, "a coarser grid, fewer " + unitName + " or fewer recorded series");
    }
}
