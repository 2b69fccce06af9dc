package org.queuelab.repro.tabs;

import java.util.Objects;

import org.queuelab.report.RunMode;
import org.queuelab.result.Estimate;
import org.queuelab.sim.event.TabsSweep;
import org.queuelab.sim.event.TabsSweepPlan;

/**
 * The thesis' µ grid and sweep sizes for its metric-against-µ figures (docs/tabs.md §7), run by
 * {@link TabsSweep}.
 */
public final class ThesisSweeps {

    /** The µ grid of the thesis' sweeps, seconds (docs/tabs.md §7). */
    public static final double[] STANDBY_MEANS = {1, 2, 5, 10, 20, 30, 50, 70, 100, 150, 200};

    /**
     * The small standby mean at which Figures 5–8's claims that compare a small µ with a large one ("W falls with µ",
     * "GP waits least") are judged, seconds: the smallest µ of both modes' grids ({@link #standbyMeans}), so a
     * verdict is made at the same point in quick and full mode (docs/claims.md §3). W is largest there, so an
     * ordering of the laws' waits is easiest to see.
     */
    public static final double JUDGED_SMALL_STANDBY_MEAN = 5;

    /** The large standby mean of those comparisons, seconds: the largest µ of both modes' grids. */
    public static final double JUDGED_LARGE_STANDBY_MEAN = 200;

    private static final double[] QUICK_STANDBY_MEANS = {5, 20, 50, 100, 200};

    private ThesisSweeps() {
    }

    /**
     * {@return the µ grid of Figures 5–8, seconds: 5, 20, 50, 100, 200 in quick mode, the thesis' 11 values
     * ({@link #STANDBY_MEANS}) in full; both contain {@link #JUDGED_SMALL_STANDBY_MEAN} and
     * {@link #JUDGED_LARGE_STANDBY_MEAN}}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static double[] standbyMeans(RunMode mode) {
        return mode.pick(QUICK_STANDBY_MEANS, STANDBY_MEANS).clone();
    }

    /**
     * {@return the µ at which Figures 5–8's claims "at every µ" are judged, seconds: the points both modes' grids
     * hold (5, 20, 50, 100, 200), so that such a claim has the same verdict in quick and full mode; full mode shows
     * its other points beside them (docs/claims.md §3)}
     */
    public static double[] judgedStandbyMeans() {
        return QUICK_STANDBY_MEANS.clone();
    }

    /**
     * The reconstruction's stationary sweep sizes (docs/tabs.md §7): full mode T = 20 000 s, warm-up 3 000 s and the
     * thesis' 10 replications; quick mode T = 3 000 s, warm-up 1 500 s (7.5 of the longest set-up or standby means
     * swept, 200 s) and 8 replications: a Student interval with 7 degrees of freedom (t = 2.36, against 4.30 with
     * the 3 replications quick mode once had), so quick-mode orderings are decided by intervals too.
     *
     * @param mode quick or full run mode: picks the sizes
     * @param servers number of servers N, ≥ 1
     * @param seed seed of the random runs (the same seed gives the same result)
     * @return the plan
     */
    public static TabsSweepPlan stationaryPlan(RunMode mode, int servers, long seed) {
        return new TabsSweepPlan(servers, mode.pick(3_000.0, 20_000.0), mode.pick(1_500.0, 3_000.0),
                mode.pick(8, 10), seed);
    }

    /**
     * Whether a claimed-positive paired difference is positive: its 95% interval must exclude 0, in both modes (a
     * point estimate never decides an ordering).
     *
     * <p>The rule is the same in quick and full mode (only the sizes of {@link #stationaryPlan} differ), so it takes
     * no run mode.
     *
     * @param difference the paired difference with its 95% interval, not null
     * @return whether the interval lies above 0 (an interval touching 0 is not positive)
     */
    public static boolean positive(Estimate difference) {
        return Objects.requireNonNull(difference, "difference").lower() > 0;
    }
}
