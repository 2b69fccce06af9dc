package org.queuelab.guard;

/**
 * The guards a simulation run calls where it validates its input: its expected number of events against the
 * event {@link Budget}, and the memory of its trajectory and of its per-server or per-level arrays against the
 * heap ({@link Memory}), both before anything is allocated or simulated.
 */
public final class RunGuards {

    private RunGuards() {
    }

    /**
     * Refuses a run expected to take more events than {@link Budget#events()} allows.
     *
     * @param run            the run and its sizes, for messages
     * @param expectedEvents a lower estimate of its events, e.g. arrival rate × servers × horizon
     */
    public static void requireEvents(String run, double expectedEvents) {
        Budget.events().require(run + " (arrival rate × servers × horizon)", expectedEvents);
    }

    /**
     * Refuses a run whose trajectory ({@code series} × {@code gridPoints} doubles) and fixed arrays ({@code units}
     * of {@code bytesPerUnit} bytes: servers, levels) exceed the available heap or a Java array.
     *
     * @param unitName what the units are, e.g. "servers" or "levels"
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
