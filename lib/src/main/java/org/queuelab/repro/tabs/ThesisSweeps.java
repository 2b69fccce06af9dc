package org.queuelab.repro.tabs;

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

    private ThesisSweeps() {
    }

    /**
     * The reconstruction's stationary sweep sizes (docs/tabs.md §7): full mode T = 20 000 s, warm-up 3 000 s and the
     * thesis' 10 replications; quick mode T = 5 000 s, warm-up 2 000 s, 3 replications.
     */
    public static TabsSweepPlan stationaryPlan(RunMode mode, int servers, long seed) {
        return new TabsSweepPlan(servers, mode.pick(5_000.0, 20_000.0), mode.pick(2_000.0, 3_000.0),
                mode.pick(3, 10), seed);
    }

    /**
     * Whether a claimed-positive paired difference is positive: in full mode its 95% interval must exclude 0; in
     * quick mode (3 replications, intervals too wide for differences below about 0.01) the point estimate decides,
     * so a quick-mode verdict is indicative only.
     */
    public static boolean positive(Estimate difference, RunMode mode) {
        return mode.isFull() ? difference.lower() > 0 : difference.mean() > 0;
    }
}
