package org.queuelab.analysis;

import java.util.Objects;
import java.util.function.IntFunction;

import org.queuelab.analysis.Alignment.Pair;
import org.queuelab.analysis.Comparison.Gap;
import org.queuelab.guard.Require;
import org.queuelab.report.Checks;

/**
 * The judging half of a {@link Comparison}: its gaps recorded as checks, side b as the reference and side a as ours,
 * per series, per compared time, per point, or as one sup norm (docs/comparison.md).
 */
final class GapChecks {

    private GapChecks() {
    }

    /** As {@link Comparison#checkEachSeries}: one absolute check per series, at its worst compared time. */
    static void eachSeries(Alignment alignment, Checks checks, String figure, double tolerance) {
        Objects.requireNonNull(checks, "checks");
        Require.nonNegative("tolerance", tolerance);
        alignment.requireSeries();
        for (Pair p : alignment.series()) {
            Gap w = alignment.worst(p.name());
            checks.absolute(figure, p.name() + ", worst of " + w.compared() + " compared times (t = " + w.time()
                    + ")", w.b(), w.a(), tolerance);
        }
    }

    /** As {@link Comparison#checkEachTime}: one absolute check per compared time, its worst series. */
    static void eachTime(Alignment alignment, Checks checks, String figure, IntFunction<String> label,
                         double tolerance) {
        Require.nonNegative("tolerance", tolerance);
        double[] times = judgedTimes(alignment, checks, label);
        for (int k = 0; k < times.length; k++) {
            Gap worst = alignment.worstAt(times[k]);
            if (worst != null) {
                checks.absolute(figure, label.apply(k) + ": worst of the compared series (" + worst.series() + ")",
                        worst.b(), worst.a(), tolerance);
            }
        }
    }

    /** As {@link Comparison#checkEachPoint(Checks, String, IntFunction, double)}: one check per series and time. */
    static void eachPoint(Alignment alignment, Checks checks, String figure, IntFunction<String> label,
                          double tolerance) {
        Require.nonNegative("tolerance", tolerance);
        double[] times = judgedTimes(alignment, checks, label);
        for (Pair p : alignment.series()) {
            for (int k = 0; k < times.length; k++) {
                Gap g = alignment.gap(p, times[k]);
                if (g != null) {
                    checks.absolute(figure, label.apply(k) + ": " + p.name(), g.b(), g.a(), tolerance);
                }
            }
        }
    }

    /** As {@link Comparison#checkSupNorm}: one check that the largest gap is at most {@code bound}. */
    static void supNorm(Alignment alignment, Checks checks, String figure, String quantity, double bound) {
        Objects.requireNonNull(checks, "checks");
        Require.nonNegative("bound", bound);   // a NaN or negative bound would record a check no gap can pass
        Gap g = alignment.supNorm();
        checks.atMost(figure, quantity + " (largest: " + g.series() + " at t = " + g.time() + ")", bound, g.error());
    }

    /** The compared times, once there is somewhere to record, a label for each time and a series to judge. */
    private static double[] judgedTimes(Alignment alignment, Checks checks, IntFunction<String> label) {
        Objects.requireNonNull(checks, "checks");
        Objects.requireNonNull(label, "label");
        alignment.requireSeries();
        return alignment.times();
    }
}
