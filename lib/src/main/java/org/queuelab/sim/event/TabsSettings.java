package org.queuelab.sim.event;

import java.util.Objects;

import org.queuelab.model.PowerModel;
import org.queuelab.result.TimeGrid;

/**
 * How a TABS run is carried out: N, horizon T, warm-up (time averages cover [warmup, T]), sampling interval Δt
 * of the trajectories, initial condition, power model, and whether each server's queue length is recorded on the
 * time grid (for the thesis' Figures 1–3; small N only).
 *
 * @param servers            N ≥ 1
 * @param horizon            T, 0 &lt; T &lt; ∞
 * @param warmup             0 ≤ warmup &lt; T
 * @param sampleInterval     Δt, 0 &lt; Δt ≤ T; the grid is t_k = k·Δt ≤ T ({@link TimeGrid})
 * @param initial            initial condition
 * @param power              power weights for the energy metric
 * @param recordQueueLengths whether to record every server's queue length on the grid
 */
public record TabsSettings(int servers, double horizon, double warmup, double sampleInterval,
                           TabsInitialCondition initial, PowerModel power, boolean recordQueueLengths) {

    /** Upper bound on grid points × recorded series, to keep memory bounded. */
    static final long MAX_RECORDED_VALUES = 50_000_000L;

    public TabsSettings {
        Objects.requireNonNull(initial, "initial");
        Objects.requireNonNull(power, "power");
        requireRunWindow(servers, horizon, warmup, sampleInterval);
        long points = TimeGrid.of(horizon, sampleInterval).size();
        long series = 5 + (recordQueueLengths ? servers : 0);
        if (points * series > MAX_RECORDED_VALUES) {
            throw new IllegalArgumentException("sampleInterval = " + sampleInterval + " gives " + points
                    + " grid points × " + series + " series; allowed: at most " + MAX_RECORDED_VALUES
                    + " recorded values (raise sampleInterval or disable recordQueueLengths)");
        }
    }

    /** Checks N, T, the warm-up and Δt shared by every event-driven run. */
    static void requireRunWindow(int servers, double horizon, double warmup, double sampleInterval) {
        if (servers < 1) {
            throw new IllegalArgumentException("servers = " + servers + "; allowed: N ≥ 1");
        }
        if (!(horizon > 0 && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 0 < horizon < ∞");
        }
        if (!(warmup >= 0 && warmup < horizon)) {
            throw new IllegalArgumentException("warmup = " + warmup + "; allowed: 0 ≤ warmup < horizon = "
                    + horizon);
        }
        if (!(sampleInterval > 0 && sampleInterval <= horizon)) {
            throw new IllegalArgumentException("sampleInterval = " + sampleInterval
                    + "; allowed: 0 < sampleInterval ≤ horizon = " + horizon);
        }
    }

    /** N servers on [0, T]: no warm-up, 1000 grid intervals, all idle-on, standard power, no queue recording. */
    public static TabsSettings of(int servers, double horizon) {
        return new TabsSettings(servers, horizon, 0.0, horizon / 1000.0, TabsInitialCondition.allIdleOn(),
                PowerModel.standard(), false);
    }

    public TabsSettings withWarmup(double warmup) {
        return new TabsSettings(servers, horizon, warmup, sampleInterval, initial, power, recordQueueLengths);
    }

    public TabsSettings withSampleInterval(double dt) {
        return new TabsSettings(servers, horizon, warmup, dt, initial, power, recordQueueLengths);
    }

    public TabsSettings withInitial(TabsInitialCondition init) {
        return new TabsSettings(servers, horizon, warmup, sampleInterval, init, power, recordQueueLengths);
    }

    public TabsSettings withPower(PowerModel powerModel) {
        return new TabsSettings(servers, horizon, warmup, sampleInterval, initial, powerModel, recordQueueLengths);
    }

    public TabsSettings withQueueLengths(boolean record) {
        return new TabsSettings(servers, horizon, warmup, sampleInterval, initial, power, record);
    }

    /** The sampling grid t_k = k·Δt over [0, T]. */
    public TimeGrid grid() {
        return TimeGrid.of(horizon, sampleInterval);
    }
}
