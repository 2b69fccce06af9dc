package org.queuelab.repro;

import java.util.Objects;

import org.hipparchus.distribution.continuous.TDistribution;
import org.queuelab.result.Estimate;

/**
 * A 95% interval on the difference E[a] − E[b] of two replicated quantities, for ordering claims: paired
 * (Student t on a_i − b_i) when the replications share their random numbers, else Welch's unpaired interval
 * (Welch–Satterthwaite degrees of freedom). An ordering is significant when the interval excludes 0.
 *
 * @param mean      the estimated difference
 * @param halfWidth half-width of the 95% interval
 * @param df        degrees of freedom of the t quantile
 * @param paired    whether the interval is paired
 */
public record DifferenceInterval(double mean, double halfWidth, double df, boolean paired) {

    /**
     * {@return the paired interval on E[a] − E[b]: Student t with n − 1 degrees of freedom on the differences
     * a_i − b_i}
     *
     * @param a replication-wise values of the first quantity, at least 2
     * @param b replication-wise values of the second, one per replication of {@code a} (b_i shares the random
     *          numbers of a_i)
     * @throws IllegalArgumentException if either sample has fewer than 2 values or their lengths differ
     * @throws NullPointerException if {@code a} or {@code b} is null
     */
    public static DifferenceInterval paired(double[] a, double[] b) {
        requireSamples(a, b);
        Estimate e = org.queuelab.analysis.PairedDifference.of(a, b);
        return new DifferenceInterval(e.mean(), e.halfWidth(), a.length - 1, true);
    }

    /**
     * {@return Welch's unpaired interval on E[a] − E[b], with Welch–Satterthwaite degrees of freedom (n_a + n_b − 2
     * when both samples are constant)}
     *
     * @param a values from independent replications of the first quantity, at least 2
     * @param b values from independent replications of the second, at least 2 (any number)
     * @throws IllegalArgumentException if either sample has fewer than 2 values
     * @throws NullPointerException if {@code a} or {@code b} is null
     */
    public static DifferenceInterval welch(double[] a, double[] b) {
        requireSamples(a, b);
        double va = variance(a) / a.length;
        double vb = variance(b) / b.length;
        double se2 = va + vb;
        double df = se2 == 0 ? a.length + b.length - 2
                : se2 * se2 / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double t = new TDistribution(Math.max(df, 1)).inverseCumulativeProbability(0.975);
        return new DifferenceInterval(mean(a) - mean(b), t * Math.sqrt(se2), df, false);
    }

    /**
     * {@return the Pearson correlation of replication-wise values, in [−1, 1]: how much pairing would gain (the
     * paired variance is the unpaired one times about 1 − ρ); NaN if a sample is constant}
     *
     * @param a replication-wise values of the first quantity, at least 2
     * @param b replication-wise values of the second, as many as {@code a}
     * @throws IllegalArgumentException if a sample has fewer than 2 values or the lengths differ
     */
    public static double correlation(double[] a, double[] b) {
        requireSamples(a, b);
        if (a.length != b.length) {
            throw new IllegalArgumentException("a has " + a.length + " values, b has " + b.length
                    + "; allowed: the same number of replications");
        }
        double ma = mean(a);
        double mb = mean(b);
        double sab = 0;
        double saa = 0;
        double sbb = 0;
        for (int i = 0; i < a.length; i++) {
            sab += (a[i] - ma) * (b[i] - mb);
            saa += (a[i] - ma) * (a[i] - ma);
            sbb += (b[i] - mb) * (b[i] - mb);
        }
        return sab / Math.sqrt(saa * sbb);
    }

    /**
     * This interval as an {@link Estimate} for {@link org.queuelab.claims.Judge} (n = df + 1, rounded, so that the
     * runs an undecided comparison needs scale with the replications behind it).
     *
     * @return an estimate with this interval's mean and half-width
     */
    public Estimate asEstimate() {
        return new Estimate(mean, halfWidth, (int) Math.max(1, Math.round(df) + 1));
    }

    /** {@return the lower end of the 95% interval, mean − halfWidth} */
    public double lower() {
        return mean - halfWidth;
    }

    /** {@return the upper end of the 95% interval, mean + halfWidth} */
    public double upper() {
        return mean + halfWidth;
    }

    /** {@return +1 if the interval lies wholly above 0, −1 if wholly below, 0 if it contains 0 (not significant)} */
    public int sign() {
        return lower() > 0 ? 1 : upper() < 0 ? -1 : 0;
    }

    /** {@return {@link #sign()} in words: "significantly positive", "significantly negative" or "not significant"} */
    public String label() {
        return switch (sign()) {
            case 1 -> "significantly positive";
            case -1 -> "significantly negative";
            default -> "not significant";
        };
    }

    private static void requireSamples(double[] a, double[] b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        if (a.length < 2 || b.length < 2) {
            throw new IllegalArgumentException("samples of " + a.length + " and " + b.length
                    + " values; allowed: at least 2 replications each");
        }
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }

    private static double variance(double[] v) {
        double m = mean(v);
        double s = 0;
        for (double x : v) {
            s += (x - m) * (x - m);
        }
        return s / (v.length - 1);
    }
}
