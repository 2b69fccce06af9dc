package org.queuelab.guard;

/**
 * The argument checks every package shares: each returns the value it accepts, or throws an
 * {@link IllegalArgumentException} naming the parameter, its value and the allowed range.
 */
public final class Require {

    private Require() {
    }

    /** Requires 0 &lt; value &lt; ∞. */
    public static double positive(String name, double value) {
        if (!(value > 0 && value < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 < " + name + " < ∞");
        }
        return value;
    }

    /** Requires 0 ≤ value &lt; ∞. */
    public static double nonNegative(String name, double value) {
        if (!(value >= 0 && value < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 ≤ " + name + " < ∞");
        }
        return value;
    }

    /** Requires a finite value. */
    public static double finite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: finite");
        }
        return value;
    }
}
