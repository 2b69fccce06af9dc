package org.queuelab.dist;

import java.util.Locale;

import org.queuelab.guard.Require;

/** Parameter validation and label formatting shared by the distributions of this package. */
final class Arguments {

    /** Largest mean accepted: 2^−64·MAX_VALUE, so that a sample exceeds MAX_VALUE with negligible probability. */
    static final double MAX_MEAN = Math.scalb(Double.MAX_VALUE, -64);

    private Arguments() {
    }

    /**
     * Requires parameters whose mean and variance are normal doubles: mean in [MIN_NORMAL, {@link #MAX_MEAN}];
     * variance in [MIN_NORMAL, MAX_VALUE], or +∞ only where the law's variance is infinite. Parameters at the edges
     * of the double range (a subnormal rate, a scale of 1e300) otherwise give an infinite mean, a zero mean or NaN
     * densities; the bound on the mean keeps samples below MAX_VALUE except with negligible probability.
     *
     * @param parameters the parameters, e.g. "rate = 4.9E-324"
     */
    static void requireMoments(String parameters, double mean, double variance, boolean infiniteVariance) {
        boolean meanOk = mean >= Double.MIN_NORMAL && mean <= MAX_MEAN;
        boolean varianceOk = (variance >= Double.MIN_NORMAL && variance <= Double.MAX_VALUE)
                || (infiniteVariance && variance == Double.POSITIVE_INFINITY);
        if (!meanOk || !varianceOk) {
            throw new IllegalArgumentException(parameters + " give mean = " + mean + ", variance = " + variance
                    + "; allowed: parameters whose mean lies in " + Double.MIN_NORMAL + " … " + MAX_MEAN
                    + " and whose variance is a normal double (samples and densities stay finite)");
        }
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
