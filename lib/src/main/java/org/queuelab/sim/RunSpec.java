package org.queuelab.sim;

import java.util.Objects;

import org.queuelab.result.TimeGrid;

/**
 * What to simulate in one run of an occupancy-count chain: the starting counts, when to stop (a time horizon,
 * a number of events, or whichever comes first), the sampling grid of the trajectory, and the burn-in after which
 * stationary time averages are taken (over [burnIn, end of run]).
 *
 * <p>A run stopped by its event budget ends at its last event; trajectory points after that are NaN and
 * stationary averages cover [burnIn, last event time] (NaN if the run ended before the burn-in).
 *
 * @param initial   the starting counts
 * @param horizon   end time, &gt; 0 (may be +∞ when {@code maxEvents} is finite)
 * @param maxEvents event budget ≥ 1 (Long.MAX_VALUE for none); null scaling events count
 * @param grid      trajectory sampling times
 * @param burnIn    start of the stationary averaging window, 0 ≤ burnIn &lt; horizon
 */
public record RunSpec(InitialOccupancy initial, double horizon, long maxEvents, TimeGrid grid, double burnIn) {

    public RunSpec {
        Objects.requireNonNull(initial, "initial");
        Objects.requireNonNull(grid, "grid");
        if (!(horizon > 0) || Double.isNaN(horizon)) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: horizon > 0");
        }
        if (maxEvents < 1) {
            throw new IllegalArgumentException("maxEvents = " + maxEvents + "; allowed: maxEvents ≥ 1");
        }
        if (Double.isInfinite(horizon) && maxEvents == Long.MAX_VALUE) {
            throw new IllegalArgumentException("horizon = ∞ and no event budget; allowed: a finite horizon or"
                    + " a finite maxEvents");
        }
        if (!(burnIn >= 0 && burnIn < horizon)) {
            throw new IllegalArgumentException("burnIn = " + burnIn + "; allowed: 0 ≤ burnIn < horizon = " + horizon);
        }
    }

    /** Run until time {@code horizon}. */
    public static RunSpec untilTime(InitialOccupancy initial, double horizon, TimeGrid grid, double burnIn) {
        return new RunSpec(initial, horizon, Long.MAX_VALUE, grid, burnIn);
    }

    /** Run for {@code events} events (the ALBA paper's run length). */
    public static RunSpec forEvents(InitialOccupancy initial, long events, TimeGrid grid, double burnIn) {
        return new RunSpec(initial, Double.POSITIVE_INFINITY, events, grid, burnIn);
    }
}
