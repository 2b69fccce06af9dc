package org.queuelab.repro.tabs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.queuelab.dist.FoldedNormal;
import org.queuelab.report.RunMode;
import org.queuelab.sim.event.TabsSweep;
import org.queuelab.sim.event.TabsSweepPlan;
import org.queuelab.sim.event.TabsSweepPoint;
import org.queuelab.sim.event.TabsSweepResult;

/**
 * Figure 13 of the TABS thesis on a µ grid that contains the printed merge points (µ ≈ 70 for λ = 0.15, 0.2 and
 * µ ≈ 100 for λ = 0.4): the thesis's folded normal |N(1, σ²)| at several σ², N = 100, ν = 150 s
 * (docs/tabs.md §7), one curve per σ² named {@link #series}. Judge it with {@link PairedSweepDifferences}.
 */
public final class Figure13Merge {

    /** The µ grid, seconds: around and including 70 and 100. */
    public static final double[] STANDBY_MEANS = {20, 30, 50, 70, 100, 150, 200};

    /** The µ grid of quick mode, seconds: a subset of {@link #STANDBY_MEANS} that keeps 70 and 100. */
    private static final double[] QUICK_STANDBY_MEANS = {30, 70, 100, 150};

    /**
     * The σ² whose W curves the merge claims compare, in both modes: the smallest and the largest of the thesis
     * (0.5 and 2), and 1.5, the largest without σ² = 2, which the thesis excepts at λ = 0.4.
     */
    public static final double[] VARIANCES = {0.5, 1.5, 2};

    /**
     * The smallest µ of both modes' grids, seconds: where "W grows with σ²" is judged (below every merge point).
     */
    public static final double JUDGED_SMALL_STANDBY_MEAN = 30;

    /**
     * The largest µ of both modes' grids, seconds: where "σ² = 2 stays higher at λ = 0.4" is judged.
     */
    public static final double JUDGED_LARGE_STANDBY_MEAN = 150;

    /** The setup mean of Figures 12–13, seconds. */
    public static final double SETUP_MEAN = 150;

    private Figure13Merge() {
    }

    /**
     * {@return the µ grid, seconds: 30, 70, 100, 150 in quick mode, {@link #STANDBY_MEANS} in full; both contain the
     * merge points 70 and 100, {@link #JUDGED_SMALL_STANDBY_MEAN} and {@link #JUDGED_LARGE_STANDBY_MEAN}}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static double[] standbyMeans(RunMode mode) {
        return mode.pick(QUICK_STANDBY_MEANS, STANDBY_MEANS).clone();
    }

    /**
     * {@return the curve name for one variance, e.g. "σ² = 2.0"}
     *
     * @param variance σ² of the folded normal |N(1, σ²)|, &gt; 0
     */
    public static String series(double variance) {
        return String.format(Locale.ROOT, "σ² = %s", variance);
    }

    /**
     * {@return the sweep at arrival rate λ: one curve per variance over {@code standbyMeans}}
     *
     * @param plan sizes and root seed of every run
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param variances the σ² values, each &gt; 0
     * @param standbyMeans the µ grid, in seconds, each &gt; 0
     */
    public static TabsSweepResult run(TabsSweepPlan plan, double lambda, double[] variances, double... standbyMeans) {
        if (variances.length < 2) {
            throw new IllegalArgumentException("variances: " + variances.length + "; allowed: at least 2");
        }
        List<TabsSweepPoint> points = new ArrayList<>();
        for (double v : variances) {
            points.addAll(TabsSweep.overStandbyMeans(series(v), lambda, SETUP_MEAN, FoldedNormal.thesis(v),
                    standbyMeans));
        }
        return TabsSweep.run(plan, points);
    }
}
