package org.queuelab.guard;

import java.util.function.LongBinaryOperator;

/**
 * Sizes computed in {@code long} and refused before they overflow {@code int} or exceed the longest Java array.
 * See {@code docs/robustness.md} ("Budgets before work").
 */
public final class Sizes {

    /** The longest array every JVM allocates (a few header words below {@link Integer#MAX_VALUE}). */
    public static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

    private Sizes() {
    }

    /**
     * {@code length} as an array length.
     *
     * @param what   names the array and the parameters it comes from, e.g. "state of K = 2147483647 levels"
     * @param length the length wanted, 0 ≤ length ≤ {@link #MAX_ARRAY_LENGTH}
     * @return {@code length} as an {@code int}
     * @throws IllegalArgumentException if length &lt; 0 or &gt; {@link #MAX_ARRAY_LENGTH}
     */
    public static int arrayLength(String what, long length) {
        if (length < 0 || length > MAX_ARRAY_LENGTH) {
            throw new IllegalArgumentException(what + " needs " + length + " elements; allowed: at most "
                    + MAX_ARRAY_LENGTH + " (the largest Java array); use a smaller size");
        }
        return (int) length;
    }

    /**
     * a + b as an array length (each a size, e.g. levels + 1), computed without overflow.
     *
     * @param what names the array and the parameters it comes from, for the message
     * @param a    first term
     * @param b    second term
     * @return a + b as an {@code int}
     * @throws IllegalArgumentException if a + b overflows {@code long}, is negative or exceeds
     *                                  {@link #MAX_ARRAY_LENGTH}
     */
    public static int arrayLength(String what, long a, long b) {
        return arrayLength(what, add(what, a, b));
    }

    /**
     * a·b, exactly.
     *
     * @param what the size computed and its parameters, for the message
     * @param a    first factor
     * @param b    second factor
     * @return the product
     * @throws IllegalArgumentException if the product overflows {@code long}
     */
    public static long multiply(String what, long a, long b) {
        return exact(what, a, "×", b, "product", Math::multiplyExact);
    }

    /**
     * a + b, exactly.
     *
     * @param what the size computed and its parameters, for the message
     * @param a    first term
     * @param b    second term
     * @return the sum
     * @throws IllegalArgumentException if the sum overflows {@code long}
     */
    public static long add(String what, long a, long b) {
        return exact(what, a, "+", b, "sum", Math::addExact);
    }

    /** {@code a operator b} by an exact {@code long} operation, its overflow refused naming {@code what}. */
    private static long exact(String what, long a, String operator, long b, String result, LongBinaryOperator exact) {
        try {
            return exact.applyAsLong(a, b);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(what + ": " + a + " " + operator + " " + b + " overflows a 64-bit size;"
                    + " allowed: a " + result + " ≤ " + Long.MAX_VALUE + "; use smaller sizes", e);
        }
    }

    /**
     * n(n + 1)/2, the size of a triangular layout (e.g. the pairs i ≤ j of n coordinates), exactly.
     *
     * @param what the layout and its parameters, for the message
     * @param n    the side, ≥ 0
     * @return n(n + 1)/2
     * @throws IllegalArgumentException if n &lt; 0 or the result overflows {@code long}
     */
    public static long triangular(String what, long n) {
        if (n < 0) {
            throw new IllegalArgumentException(what + ": n = " + n + "; allowed: n ≥ 0");
        }
        return n % 2 == 0 ? multiply(what, n / 2, n + 1) : multiply(what, n, (n + 1) / 2);
    }

    /**
     * {@code value} as an {@code int}.
     *
     * @param what  the quantity, for the message
     * @param value the value, {@link Integer#MIN_VALUE} ≤ value ≤ {@link Integer#MAX_VALUE}
     * @return {@code value} as an {@code int}
     * @throws IllegalArgumentException if it does not fit in 32 bits
     */
    public static int toInt(String what, long value) {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + " = " + value + "; allowed: |" + what + "| ≤ "
                    + Integer.MAX_VALUE + " (a 32-bit size)");
        }
        return (int) value;
    }
}
