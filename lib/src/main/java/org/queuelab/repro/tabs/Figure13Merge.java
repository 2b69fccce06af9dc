package org.queuelab.repro.tabs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.queuelab.dist.FoldedNormal;
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

    /** The setup mean of Figures 12–13, seconds. */
    public static final double SETUP_MEAN = 150;

    private Figure13Merge() {
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
