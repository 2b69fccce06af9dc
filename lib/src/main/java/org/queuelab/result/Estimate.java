package org.queuelab.result;

import java.util.Objects;

import org.hipparchus.distribution.continuous.TDistribution;
import org.queuelab.guard.Require;

/**
 * A stationary quantity estimated from independent replications: the sample mean and the half-width of its
 * two-sided 95% confidence interval, mean ± t_{0.975, n−1}·s/√n (Student t with n − 1 degrees of freedom).
 * With n = 1 the half-width is NaN (no interval can be given).
 *
 * @param mean      sample mean over the replications
 * @param halfWidth half-width of the 95% confidence interval (NaN when n = 1)
 * @param n         number of replications
 */
public record Estimate(double mean, double halfWidth, int n) {

    /**
     * Validates the parameters.
     *
     * @param mean sample mean over the replications
     * @param halfWidth half-width of the 95% confidence interval (NaN when n = 1)
     * @param n number of replications
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public Estimate {
        Require.atLeast("n", n, 1);
        Require.finite("mean", mean);
        if (n == 1 ? !Double.isNaN(halfWidth) && !(halfWidth >= 0 && halfWidth < Double.POSITIVE_INFINITY)
                : !(halfWidth >= 0 && halfWidth < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("halfWidth = " + halfWidth + " with n = " + n
                    + "; allowed: 0 ≤ halfWidth < ∞ (NaN only when n = 1, where no interval can be given)");
        }
    }

    /**
     * {@return the estimate from one value per replication}
     *
     * @param values one value per replication, at least one; NaN-free; not null
     * @throws NullPointerException if {@code values} is null
     */
    public static Estimate of(double... values) {
        int n = Objects.requireNonNull(values, "values").length;
        if (n == 0) {
            throw new IllegalArgumentException("values: none; allowed: at least one value");
        }
        double mean = 0;
        for (double v : values) {
            mean += v;
        }
        mean /= n;
        if (n == 1) {
            return new Estimate(mean, Double.NaN, 1);
        }
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(ss / (n - 1));
        return new Estimate(mean, tQuantile975(n - 1) * sd / Math.sqrt(n), n);
    }

    /**
     * {@return the 0.975 quantile of Student's t with {@code df} degrees of freedom}
     *
     * @param df degrees of freedom, ≥ 1
     */
    public static double tQuantile975(int df) {
        Require.atLeast("df", df, 1);
        return new TDistribution(df).inverseCumulativeProbability(0.975);
    }

    /** {@return lower end of the 95% interval} */
    public double lower() {
        return mean - halfWidth;
    }

    /** {@return upper end of the 95% interval} */
    public double upper() {
        return mean + halfWidth;
    }

    /**
     * {@return whether {@code x} lies inside the 95% interval (false when the interval is undefined)}
     *
     * @param x any real
     */
    public boolean contains(double x) {
        return x >= lower() && x <= upper();
    }

    /**
     * Which of two predictions lies closer to the estimated quantity, decided by the 95% interval. The quantity is
     * closer to {@code a} than to {@code b} exactly when it lies on a's side of their midpoint, so the question is
     * decided when the whole interval lies on one side of it; otherwise (or when a = b, or n = 1) it is undecided.
     * An ordering of two models by their distance to a simulation is read this way rather than from the point
     * estimate (docs/claims.md §3, the {@code order} kind).
     *
     * @param a one prediction, finite
     * @param b the other prediction, finite
     * @return −1 when a is closer for every value in the interval, +1 when b is, 0 when undecided
     * @throws IllegalArgumentException when a or b is not finite
     */
    public int closerOf(double a, double b) {
        Require.finite("a", a);
        Require.finite("b", b);
        double midpoint = 0.5 * (a + b);
        if (a == b || Double.isNaN(halfWidth) || (lower() <= midpoint && midpoint <= upper())) {
            return 0;
        }
        boolean aboveMidpoint = lower() > midpoint;
        return aboveMidpoint == (a > b) ? -1 : 1;
    }

    /**
     * How much more data would decide {@link #closerOf(double, double)}, if the mean stayed where it is: the factor
     * (halfWidth / |mean − midpoint|)² by which the replications (or the length of each) must grow for the
     * interval to clear the midpoint of a and b. At most 1 when already decided.
     *
     * @param a one prediction, finite
     * @param b the other prediction, finite, ≠ a
     * @return the growth factor; +∞ when the mean sits on the midpoint, NaN when n = 1
     * @throws IllegalArgumentException when a or b is not finite, or a = b
     */
    public double growthToSeparate(double a, double b) {
        Require.finite("a", a);
        Require.finite("b", b);
        if (a == b) {
            throw new IllegalArgumentException("a = b = " + a + "; allowed: two different predictions");
        }
        double distance = Math.abs(mean - 0.5 * (a + b));
        return distance == 0 ? Double.POSITIVE_INFINITY : (halfWidth / distance) * (halfWidth / distance);
    }

    @Override
    public String toString() {
        return String.format("%.6g ± %.2g (n=%d)", mean, halfWidth, n);
    }
}
