package org.queuelab.sim;

import java.util.Objects;

import org.queuelab.guard.Require;
import org.queuelab.guard.Stationarity;
import org.queuelab.result.Provenance;
import org.queuelab.result.TimeGrid;

/**
 * How one simulation run is carried out, the same for every simulator ({@code Ctmc.of}, {@code Ctmc.withMemory},
 * {@code EventSimulation.of}): where it starts, when it stops, the warm-up after which stationary time averages are
 * taken (over [warmup, end of run]) and the grid on which the trajectory is sampled. Engine-specific options (levels
 * recorded, power weights, per-server queue lengths) are options of the simulator, not of the window; N is given to
 * the entry point with the model.
 *
 * <p>A run stops at its horizon or after {@code maxEvents} events, whichever comes first. The grid must lie within
 * the horizon (a grid point after the run would have no value). A run stopped by its event budget (horizon = ∞, only
 * the occupancy-count chain supports it) ends at its last event: its trajectory is NaN at the grid points after that
 * event — documented, and never a stationary metric — and its stationary averages cover [warmup, last event],
 * refused when the run ended before its warm-up ({@link Stationarity#requireWindowReached}).
 *
 * @param initial   the starting state ({@link InitialState}; each simulator accepts the kinds it can start from)
 * @param horizon   end time, &gt; 0; +∞ only with a finite event budget
 * @param warmup    start of the stationary averaging window, 0 ≤ warmup &lt; horizon, finite
 * @param grid      trajectory sampling times, within [0, horizon]
 * @param maxEvents event budget ≥ 1 ({@link Long#MAX_VALUE} for none)
 */
public record RunWindow(InitialState initial, double horizon, double warmup, TimeGrid grid, long maxEvents) {

    /** Grid intervals of {@link #until}: the trajectory is sampled at 1001 points (1000 equal intervals). */
    public static final int DEFAULT_GRID_INTERVALS = 1000;

    /**
     * Validates the parameters.
     *
     * @param initial the starting state ({@link InitialState}; each simulator accepts the kinds it can start from)
     * @param horizon end time, &gt; 0; +∞ only with a finite event budget
     * @param warmup start of the stationary averaging window, 0 ≤ warmup &lt; horizon, finite
     * @param grid trajectory sampling times, within [0, horizon]
     * @param maxEvents event budget ≥ 1 ({@link Long#MAX_VALUE} for none)
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public RunWindow {
        Objects.requireNonNull(initial, "initial");
        Objects.requireNonNull(grid, "grid");
        if (!(horizon > 0)) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: horizon > 0");
        }
        Require.atLeast("maxEvents", maxEvents, 1);
        if (Double.isInfinite(horizon) && maxEvents == Long.MAX_VALUE) {
            throw new IllegalArgumentException("horizon = ∞ and no event budget; allowed: a finite horizon or"
                    + " a finite maxEvents");
        }
        if (!(warmup >= 0 && warmup < horizon && Double.isFinite(warmup))) {
            throw new IllegalArgumentException("warmup = " + warmup + "; allowed: 0 ≤ warmup < horizon = " + horizon);
        }
        Stationarity.requireGridWithinHorizon(grid.horizon(), horizon);
    }

    /**
     * Run until time {@code horizon} from the empty start ({@link InitialState#empty()}), no warm-up, the trajectory
     * sampled on the default grid: {@value #DEFAULT_GRID_INTERVALS} equal intervals, i.e. 1001 points 0, T/1000, …,
     * T (the same as {@link #untilOnDefaultGrid}); no event budget. Choose another grid with {@link #withGrid} or
     * {@link #withSampleInterval}.
     *
     * @param horizon end time T, 0 &lt; T &lt; ∞, in units of the mean service time
     * @return the window
     */
    public static RunWindow until(double horizon) {
        if (!(horizon > 0 && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 0 < horizon < ∞");
        }
        return new RunWindow(InitialState.empty(), horizon, 0.0, TimeGrid.intervals(horizon, DEFAULT_GRID_INTERVALS),
                Long.MAX_VALUE);
    }

    /**
     * The window of {@link #until}, named for what it samples: 1001 grid points (1000 equal intervals) on [0, T].
     *
     * @param horizon end time T, 0 &lt; T &lt; ∞, in units of the mean service time
     * @return the window
     */
    public static RunWindow untilOnDefaultGrid(double horizon) {
        return until(horizon);
    }

    /**
     * Run until time {@code horizon}, the trajectory sampled at {@code points} equally spaced times 0, …, T.
     *
     * @param horizon end time T, 0 &lt; T &lt; ∞
     * @param points  grid points ≥ 2 (1001 in {@link #until})
     * @return the window
     */
    public static RunWindow until(double horizon, int points) {
        Require.atLeast("points", points, 2);
        return until(horizon).withGrid(TimeGrid.intervals(horizon, points - 1));
    }

    /**
     * Run for {@code events} events, however long that takes (the ALBA paper's run length), from the empty start,
     * sampling the trajectory on {@code grid} (NaN at its points after the last event).
     *
     * @param events the event budget, ≥ 1
     * @param grid   the sampling times of the trajectory
     * @return the window
     */
    public static RunWindow forEvents(long events, TimeGrid grid) {
        return new RunWindow(InitialState.empty(), Double.POSITIVE_INFINITY, 0.0, grid, events);
    }

    /**
     * {@return the same window starting from {@code start}}
     *
     * @param start the initial state
     */
    public RunWindow withInitial(InitialState start) {
        return new RunWindow(start, horizon, warmup, grid, maxEvents);
    }

    /**
     * {@return the same window averaging over [{@code newWarmup}, end of run]}
     *
     * @param newWarmup the start of the averaging window, in [0, horizon) (units of time)
     */
    public RunWindow withWarmup(double newWarmup) {
        return new RunWindow(initial, horizon, newWarmup, grid, maxEvents);
    }

    /**
     * {@return the same window sampling the trajectory on {@code newGrid}}
     *
     * @param newGrid the sampling times of the trajectory
     */
    public RunWindow withGrid(TimeGrid newGrid) {
        return new RunWindow(initial, horizon, warmup, newGrid, maxEvents);
    }

    /**
     * {@return the same window sampling the trajectory every {@code step} over [0, horizon] (finite horizons)}
     *
     * @param step the sampling interval, in (0, horizon] (units of time)
     */
    public RunWindow withSampleInterval(double step) {
        if (!Double.isFinite(horizon)) {
            throw new IllegalArgumentException("horizon = ∞; allowed for withSampleInterval: a finite horizon"
                    + " (give the grid with withGrid)");
        }
        return withGrid(TimeGrid.of(horizon, step));
    }

    /**
     * {@return the same window stopping after {@code events} events if the horizon comes later}
     *
     * @param events the event budget, ≥ 1
     */
    public RunWindow withEventBudget(long events) {
        return new RunWindow(initial, horizon, warmup, grid, events);
    }

    /**
     * {@return whether the run stops at a finite horizon with no event budget (what the event-driven simulators need)}
     */
    public boolean byHorizonOnly() {
        return Double.isFinite(horizon) && maxEvents == Long.MAX_VALUE;
    }

    /**
     * Refuses an event budget or an infinite horizon, for simulators that run exactly to their horizon.
     *
     * @param engine the simulator's name, for the message
     */
    public void requireHorizonOnly(String engine) {
        if (!byHorizonOnly()) {
            throw new IllegalArgumentException("window = (horizon " + horizon + ", maxEvents " + maxEvents
                    + "); allowed for " + engine + ": a finite horizon and no event budget");
        }
    }

    /**
     * {@return {@code p} plus this window's {@code initial, horizon, warmup} (and {@code maxEvents} when finite)}
     *
     * @param p the provenance to extend
     */
    public Provenance describe(Provenance p) {
        Provenance out = p.with("initial", initial.label()).with("horizon", horizon).with("warmup", warmup);
        return maxEvents == Long.MAX_VALUE ? out : out.with("maxEvents", maxEvents);
    }
}
