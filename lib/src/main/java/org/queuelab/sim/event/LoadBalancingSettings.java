package org.queuelab.sim.event;

import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;

/**
 * How a load-balancing run is carried out: N, horizon T, warm-up (time averages cover [warmup, T]), sampling
 * interval Δt, the number of jobs every server holds at t = 0 (all starting fresh: the job in service has age 0,
 * as in the invariant-state Monte Carlo of docs/invariant-states.md §8), and the number of tail levels ℓ
 * recorded on the grid (series {@code s1 … sL}: fraction of servers holding ≥ ℓ jobs).
 *
 * @param servers        N ≥ 1
 * @param horizon        T, 0 &lt; T &lt; ∞
 * @param warmup         0 ≤ warmup &lt; T
 * @param sampleInterval Δt, 0 &lt; Δt ≤ T
 * @param initialJobs    jobs per server at t = 0, ≥ 0 (≤ buffer)
 * @param trackedLevels  L ≥ 1 tail levels in the trajectory
 */
public record LoadBalancingSettings(int servers, double horizon, double warmup, double sampleInterval,
                                    int initialJobs, int trackedLevels) {

    public LoadBalancingSettings {
        TabsSettings.requireRunWindow(servers, horizon, warmup, sampleInterval);
        if (initialJobs < 0) {
            throw new IllegalArgumentException("initialJobs = " + initialJobs + "; allowed: initialJobs ≥ 0");
        }
        if (trackedLevels < 1 || trackedLevels > 1000) {
            throw new IllegalArgumentException("trackedLevels = " + trackedLevels
                    + "; allowed: 1 ≤ trackedLevels ≤ 1000");
        }
        long values = (long) TimeGrid.of(horizon, sampleInterval).size() * (trackedLevels + 1);
        if (values > TabsSettings.MAX_RECORDED_VALUES) {
            throw new IllegalArgumentException("sampleInterval = " + sampleInterval + " with " + trackedLevels
                    + " levels records " + values + " values; allowed: at most " + TabsSettings.MAX_RECORDED_VALUES);
        }
    }

    /** N empty servers on [0, T]: no warm-up, 1000 grid intervals, levels 1..5. */
    public static LoadBalancingSettings of(int servers, double horizon) {
        return new LoadBalancingSettings(servers, horizon, 0.0, horizon / 1000.0, 0, 5);
    }

    /**
     * The invariant-state Monte Carlo start (docs/invariant-states.md §8): every server with one job of age 0,
     * levels 1..3, no warm-up.
     */
    public static LoadBalancingSettings oneFreshJobEach(int servers, double horizon, double sampleInterval) {
        return new LoadBalancingSettings(servers, horizon, 0.0, sampleInterval, 1, 3);
    }

    public LoadBalancingSettings withWarmup(double w) {
        return new LoadBalancingSettings(servers, horizon, w, sampleInterval, initialJobs, trackedLevels);
    }

    public LoadBalancingSettings withSampleInterval(double dt) {
        return new LoadBalancingSettings(servers, horizon, warmup, dt, initialJobs, trackedLevels);
    }

    public LoadBalancingSettings withInitialJobs(int jobs) {
        return new LoadBalancingSettings(servers, horizon, warmup, sampleInterval, jobs, trackedLevels);
    }

    public LoadBalancingSettings withTrackedLevels(int levels) {
        return new LoadBalancingSettings(servers, horizon, warmup, sampleInterval, initialJobs, levels);
    }

    /** The sampling grid. */
    public TimeGrid grid() {
        return TimeGrid.of(horizon, sampleInterval);
    }

    /** Series name of level ℓ in the trajectory. */
    public static String tailSeries(int level) {
        return Metric.tail(level);
    }
}
