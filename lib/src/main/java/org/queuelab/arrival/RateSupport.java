package org.queuelab.arrival;

import java.math.BigDecimal;
import java.math.MathContext;

import org.queuelab.guard.Require;
import org.queuelab.plot.Labels;

/** Argument checks and label formatting shared by the arrival processes. */
final class RateSupport {

    private RateSupport() {
    }

    /** Requires from ≤ to, both finite and ≥ 0. */
    static void interval(double from, double to) {
        Require.nonNegative("from", from);
        if (!(to >= from && to < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("to = " + to + "; allowed: from = " + from + " ≤ to < ∞");
        }
    }

    /** A number for a label: four significant digits without trailing zeros (0.5 → "0.5", 1/3 → "0.3333"). */
    static String fmt(double x) {
        if (!Double.isFinite(x)) {
            return Labels.number(x);
        }
        return Labels.number(new BigDecimal(x).round(new MathContext(4)).doubleValue());
    }
}
