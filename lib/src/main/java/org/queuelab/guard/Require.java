package org.queuelab.guard;

import java.util.List;
import java.util.Map;

/**
 * The argument checks every package shares: each returns the value it accepts, or throws an
 * {@link IllegalArgumentException} naming the parameter, its value and the allowed range.
 * See {@code docs/robustness.md} ("One rule for arguments").
 */
public final class Require {

    private Require() {
    }

    /**
     * Requires a strictly positive finite value (a rate, a horizon, a scale).
     *
     * @param name  the parameter's name, for the message
     * @param value the value to check; allowed 0 &lt; value &lt; ∞ (NaN is refused)
     * @return {@code value}, unchanged
     * @throws IllegalArgumentException naming {@code name}, the value and the range otherwise
     */
    public static double positive(String name, double value) {
        if (!(value > 0 && value < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 < " + name + " < ∞");
        }
        return value;
    }

    /**
     * Requires a non-negative finite value (a warm-up, a delay, a probability mass).
     *
     * @param name  the parameter's name, for the message
     * @param value the value to check; allowed 0 ≤ value &lt; ∞ (NaN is refused)
     * @return {@code value}, unchanged
     * @throws IllegalArgumentException naming {@code name}, the value and the range otherwise
     */
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

    /**
     * Requires a finite value of either sign.
     *
     * @param name  the parameter's name, for the message
     * @param value the value to check; NaN and ±∞ are refused
     * @return {@code value}, unchanged
     * @throws IllegalArgumentException naming {@code name} and the value if it is not finite
     */
    public static double finite(String name, double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: finite");
        }
        return value;
    }

    /**
     * Requires an integer of at least {@code min} (a count, a dimension, an index bound).
     *
     * @param name  the parameter's name, for the message
     * @param value the value to check
     * @param min   the smallest value allowed
     * @return {@code value}, unchanged
     * @throws IllegalArgumentException naming {@code name}, the value and {@code min} if value &lt; min
     */
    public static int atLeast(String name, int value, int min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: " + name + " ≥ " + min);
        }
        return value;
    }

    /**
     * Requires a whole number of at least {@code min} (counts and budgets held in a {@code long}).
     *
     * @param name  the parameter's name, for the message
     * @param value the value to check
     * @param min   the smallest value allowed
     * @return {@code value}, unchanged
     * @throws IllegalArgumentException naming {@code name}, the value and {@code min} if value &lt; min
     */
    public static long atLeast(String name, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: " + name + " ≥ " + min);
        }
        return value;
    }

    /**
     * The value {@code map} holds under {@code key}; throws naming {@code what}, the key and the keys allowed when
     * there is none.
     *
     * @param <V>  the type of the values
     * @param what what the key selects, e.g. "policy", for the message
     * @param map  the allowed keys and their values
     * @param key  the key asked for
     * @return the value held under {@code key}
     * @throws IllegalArgumentException naming {@code what}, the key and the allowed keys if the key is absent
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
     *
     * @param what  what the name selects, e.g. "column", for the message
     * @param names the allowed names, in order
     * @param name  the name asked for
     * @return its position in {@code names}, from 0
     * @throws IllegalArgumentException naming {@code what}, the name and the allowed names if it is absent
     */
    public static int indexIn(String what, List<String> names, String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException(what + " = " + name + "; allowed: one of " + names);
        }
        return i;
    }
}
