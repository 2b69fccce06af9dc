package org.queuelab.analysis;

import java.util.function.ToDoubleBiFunction;

import org.queuelab.result.Estimate;

/**
 * What is known about the uncertainty of a simulated reference number (the reconstruction's simulated reference values): the 95% half-width
 * its source states, the averaging window and number of runs behind it (so its noise can also be estimated from
 * our replications, {@link ReferenceTolerance#againstRuns}), and the half unit of its last printed digit.
 * The tolerance of a comparison is 2·√(h_ours² + h_ref²) + r, with h_ref the larger of the stated and the
 * estimated half-widths (a source may understate its noise; neither is allowed to shrink the tolerance) and r
 * the rounding of the printed value.
 *
 * @param stated          stated 95% half-width per (column, reference value); 0 when none is stated
 * @param window          averaging window of each reference run in seconds, NaN when unknown
 * @param runs            runs averaged in each reference value (ignored when the window is unknown)
 * @param printedHalfUnit half unit of the last printed digit per (column, reference value)
 */
public record ReferenceNoise(ToDoubleBiFunction<String, Double> stated, double window, int runs,
                             ToDoubleBiFunction<String, Double> printedHalfUnit) {

    public ReferenceNoise {
        if (stated == null || printedHalfUnit == null) {
            throw new IllegalArgumentException("stated / printedHalfUnit = null; allowed: functions (0 when unknown)");
        }
        if (!Double.isNaN(window) && !(window > 0 && runs >= 1)) {
            throw new IllegalArgumentException("window = " + window + ", runs = " + runs
                    + "; allowed: window > 0 and runs ≥ 1, or window = NaN (unknown)");
        }
    }

    /** A reference from {@code runs} runs of {@code window} seconds each, printed to the given half unit. */
    public static ReferenceNoise fromRuns(double window, int runs, double printedHalfUnit) {
        return new ReferenceNoise((c, v) -> 0.0, window, runs, (c, v) -> printedHalfUnit);
    }

    /** A reference whose source states its noise (window unknown), printed to the given half unit. */
    public static ReferenceNoise stated(ToDoubleBiFunction<String, Double> stated,
                                        ToDoubleBiFunction<String, Double> printedHalfUnit) {
        return new ReferenceNoise(stated, Double.NaN, 1, printedHalfUnit);
    }

    /** The same, with the reference's runs known too (the larger noise estimate is used). */
    public ReferenceNoise withRuns(double runWindow, int runCount) {
        return new ReferenceNoise(stated, runWindow, runCount, printedHalfUnit);
    }

    /** The tolerance for comparing our estimate (averaged over {@code ourWindow}) with the reference value. */
    public double tolerance(String column, double referenceValue, Estimate ours, double ourWindow) {
        double statedHalfWidth = stated.applyAsDouble(column, referenceValue);
        double withStated = ReferenceTolerance.of(ours, statedHalfWidth);
        double tolerance = Double.isNaN(window) ? withStated
                : Math.max(withStated, ReferenceTolerance.againstRuns(ours, ourWindow, window, runs));
        return tolerance + printedHalfUnit.applyAsDouble(column, referenceValue);
    }
}
