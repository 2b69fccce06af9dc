package org.queuelab.guard;

import java.util.List;
import java.util.Map;

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

    /**
     * Requires 0 &lt; value &lt; 1 (a load per server or a probability strictly inside its range).
     *
     * @param name  the parameter's name, for the message
     * @param value the value to check
     * @return {@code value}
     * @throws IllegalArgumentException naming the parameter and its value when it is not in (0, 1)
     */
    public static double openUnit(String name, double value) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 < " + name + " < 1");
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

    /** Requires an integer value ≥ min. */
    public static int atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: " + name + " ≥ " + min);
        }
        return value;
    }

    /** Requires a whole number ≥ min (counts and budgets held in a long). */
    public static long atLeast(String name, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: " + name + " ≥ " + min);
        }
        return value;
    }

    /**
     * The value {@code map} holds under {@code key}; throws naming {@code what}, the key and the keys allowed when
     * there is none.
     */
    public static <V> V oneOf(String what, Map<String, V> map, String key) {
        V value = map.get(key);
        if (value == null) {
            throw new IllegalArgumentException(what + " = " + key + "; allowed: one of " + map.keySet());
        }
        return value;
    }

    /**
     * The position of {@code name} in {@code names}; throws naming {@code what}, the name and the names allowed when
     * it is not there.
     */
    public static int indexIn(String what, List<String> names, String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException(what + " = " + name + "; allowed: one of " + names);
        }
        return i;
    }
}
