package org.queuelab.dist;

import java.util.Locale;

/** Parameter validation and label formatting shared by the distributions of this package. */
final class Arguments {

    private Arguments() {
    }

    /** Requires 0 &lt; value &lt; ∞. */
    static double positive(String name, double value) {
        if (!(value > 0 && value < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 < " + name + " < ∞");
        }
        return value;
    }

    /** Requires 0 ≤ value &lt; ∞. */
    static double nonNegative(String name, double value) {
        if (!(value >= 0 && value < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 ≤ " + name + " < ∞");
        }
        return value;
    }

    /** Requires a finite value. */
    static double finite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: finite");
        }
        return value;
    }

    /** Throws with the given allowed-range text unless {@code ok}. */
    static void require(boolean ok, String name, double value, String allowed) {
        if (!ok) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: " + allowed);
        }
    }

    /** Up to six significant digits, no trailing zeros: 1 → "1", 0.5625 → "0.5625", 1/3 → "0.333333". */
    static String fmt(double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return Long.toString((long) x);
        }
        String s = String.format(Locale.ROOT, "%.6g", x);
        if (s.contains("e")) {
            return s;
        }
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
}
