package org.queuelab.model;

/** Buffer sizes: the number of jobs a server can hold, counting the one in service. */
public final class Buffers {

    /** An infinite buffer. */
    public static final int INFINITE = Integer.MAX_VALUE;

    private Buffers() {
    }

    /**
     * {@return whether {@code buffer} is {@link #INFINITE}}
     *
     * @param buffer jobs per server, ≥ 1, or {@link #INFINITE}
     */
    public static boolean isInfinite(int buffer) {
        return buffer == INFINITE;
    }

    /**
     * {@return "∞" or the number}
     *
     * @param buffer jobs per server, ≥ 1, or {@link #INFINITE}
     */
    public static String label(int buffer) {
        return isInfinite(buffer) ? "∞" : Integer.toString(buffer);
    }

    static void requireRate(String name, double value) {
        if (!(value > 0 && Double.isFinite(value))) {
            throw new IllegalArgumentException(name + " = " + value + "; allowed: 0 < " + name + " < ∞");
        }
    }

    static void requireLambda(double lambda, int buffer) {
        if (!(lambda > 0 && Double.isFinite(lambda))) {
            throw new IllegalArgumentException("lambda = " + lambda + "; allowed: finite lambda > 0");
        }
        if (isInfinite(buffer) && !(lambda < 1)) {
            throw new IllegalArgumentException("lambda = " + lambda
                    + " with an infinite buffer; allowed: 0 < lambda < 1 (stability)");
        }
    }

    static void requireBuffer(int buffer, int minimum) {
        if (buffer < minimum) {
            throw new IllegalArgumentException("buffer = " + buffer + "; allowed: buffer ≥ " + minimum
                    + " (or Buffers.INFINITE)");
        }
    }
}
