package org.queuelab.guard;

import java.util.function.LongToDoubleFunction;

/**
 * Sums of infinite series that stop only when a rigorous bound on the remaining tail says the requested accuracy
 * is reached, and refuse otherwise; never a partial sum returned as if it were the whole.
 * See {@code docs/robustness.md}.
 */
public final class Series {

    /**
     * A summed series.
     *
     * @param value      the partial sum
     * @param tailBound  an upper bound on the terms not summed
     * @param terms      the number of terms summed
     */
    public record Sum(double value, double tailBound, long terms) {
    }

    private Series() {
    }

    /**
     * Σ_{i ≥ first} t_i for non-negative terms whose ratios t_{i+1}/t_i do not increase (log-concave terms: geometric,
     * Poisson-like or doubly-exponential tails). After term n, with r = t_n/t_{n−1} &lt; 1, the rest is at most
     * t_n·r/(1 − r); summing stops when that bound is ≤ relTol·sum.
     *
     * @param what     the quantity and its parameters, for messages
     * @param term     i ↦ t_i
     * @param first    index of the first term
     * @param relTol   relative accuracy, 0 &lt; relTol &lt; 1
     * @param maxTerms budget of terms, ≥ 2
     * @return the partial sum, the tail bound reached and the number of terms summed
     * @throws IllegalArgumentException if a term is negative or not finite, or the tail bound is not met within
     *                                  {@code maxTerms} terms (the message gives the bound reached)
     */
    public static Sum logConcave(String what, LongToDoubleFunction term, long first, double relTol, long maxTerms) {
        if (!(relTol > 0 && relTol < 1)) {
            throw new IllegalArgumentException("relTol = " + relTol + "; allowed: 0 < relTol < 1");
        }
        Require.atLeast("maxTerms", maxTerms, 2);
        double sum = 0;
        double previous = Double.NaN;
        double bound = Double.POSITIVE_INFINITY;
        for (long n = 0; n < maxTerms; n++) {
            double t = term.applyAsDouble(first + n);
            if (!(t >= 0 && t < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException(what + ": term " + (first + n) + " = " + t
                        + "; allowed: finite and ≥ 0");
            }
            sum += t;
            if (t == 0) {
                return new Sum(sum, 0, n + 1);
            }
            if (n > 0) {
                double r = t / previous;
                bound = r < 1 ? t * r / (1 - r) : Double.POSITIVE_INFINITY;
                if (bound <= relTol * sum) {
                    return new Sum(sum, bound, n + 1);
                }
            }
            previous = t;
        }
        throw new IllegalArgumentException(what + ": the series has not converged after " + maxTerms
                + " terms (partial sum " + sum + ", tail bound " + bound + " > " + relTol
                + " × sum); allowed: a series that reaches its accuracy within the term budget. Use a closed form"
                + " or raise the term budget");
    }
}
