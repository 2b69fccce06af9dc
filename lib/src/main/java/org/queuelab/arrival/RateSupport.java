package org.queuelab.arrival;

import java.util.Locale;

import org.queuelab.guard.Require;

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

    static String fmt(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return Long.toString((long) x);
        }
        return String.format(Locale.ROOT, "%.4g", x);
    }
}
