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

    /**
     * Validates the description.
     *
     * @param stated          stated 95% half-width per (column, reference value), not null
     * @param window          averaging window of each reference run in seconds, &gt; 0, or NaN when unknown
     * @param runs            runs averaged in each reference value, ≥ 1 when the window is known
     * @param printedHalfUnit half unit of the last printed digit per (column, reference value), not null
     * @throws IllegalArgumentException if a function is null, or the window is known and not &gt; 0 or
     *                                  {@code runs} &lt; 1
     */
    public ReferenceNoise {
        if (stated == null || printedHalfUnit == null) {
            throw new IllegalArgumentException("stated / printedHalfUnit = null; allowed: functions (0 when unknown)");
        }
        if (!Double.isNaN(window) && !(window > 0 && runs >= 1)) {
            throw new IllegalArgumentException("window = " + window + ", runs = " + runs
                    + "; allowed: window > 0 and runs ≥ 1, or window = NaN (unknown)");
        }
    }

    /**
     * A reference from {@code runs} runs of {@code window} seconds each, printed to the given half unit; no
     * half-width is stated.
     *
     * @param window          averaging window of each reference run in seconds, &gt; 0
     * @param runs            runs averaged in each reference value, ≥ 1
     * @param printedHalfUnit half unit of the last printed digit, in the values' units (e.g. 0.005 for two decimals)
     * @return the description
     * @throws IllegalArgumentException if {@code window} is not &gt; 0 or {@code runs} &lt; 1
     */
    public static ReferenceNoise fromRuns(double window, int runs, double printedHalfUnit) {
        return new ReferenceNoise((c, v) -> 0.0, window, runs, (c, v) -> printedHalfUnit);
    }

    /**
     * A reference whose source states its noise (window unknown), printed to the given half unit.
     *
     * @param stated          stated 95% half-width per (column, reference value), 0 where none is stated; not null
     * @param printedHalfUnit half unit of the last printed digit per (column, reference value); not null
     * @return the description
     * @throws IllegalArgumentException if a function is null
     */
    public static ReferenceNoise stated(ToDoubleBiFunction<String, Double> stated,
                                        ToDoubleBiFunction<String, Double> printedHalfUnit) {
        return new ReferenceNoise(stated, Double.NaN, 1, printedHalfUnit);
    }

    /**
     * The same, with the reference's runs known too (the larger noise estimate is used).
     *
     * @param runWindow averaging window of each reference run in seconds, &gt; 0 (NaN: unknown again)
     * @param runCount  runs averaged in each reference value, ≥ 1
     * @return a new description
     * @throws IllegalArgumentException if the window is known and not &gt; 0 or {@code runCount} &lt; 1
     */
    public ReferenceNoise withRuns(double runWindow, int runCount) {
        return new ReferenceNoise(stated, runWindow, runCount, printedHalfUnit);
    }

    /**
     * The tolerance for comparing our estimate (averaged over {@code ourWindow}) with the reference value:
     * 2·√(h_ours² + h_ref²) + r as the class comment says.
     *
     * @param column         the reference column (passed to the functions)
     * @param referenceValue the reference value (passed to the functions)
     * @param ours           our estimate, from at least 2 replications
     * @param ourWindow      the averaging window of each of our runs in seconds, &gt; 0 (used when the reference's
     *                       window is known)
     * @return the tolerance, in the values' units
     * @throws IllegalArgumentException if {@code ours} has fewer than 2 replications, the stated half-width is
     *                                  negative or NaN, or {@code ourWindow} is not &gt; 0 when it is used
     */
    public double tolerance(String column, double referenceValue, Estimate ours, double ourWindow) {
        double statedHalfWidth = stated.applyAsDouble(column, referenceValue);
        double withStated = ReferenceTolerance.of(ours, statedHalfWidth);
        double tolerance = Double.isNaN(window) ? withStated
                : Math.max(withStated, ReferenceTolerance.againstRuns(ours, ourWindow, window, runs));
        return tolerance + printedHalfUnit.applyAsDouble(column, referenceValue);
    }
}
