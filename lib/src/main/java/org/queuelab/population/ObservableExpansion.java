package org.queuelab.population;

import org.queuelab.guard.Require;

/**
 * The size expansion of one stationary observable of a population model (docs/population.md §3, §6):
 * E[φ(X^N)] = meanField + correction1/N + correction2/N² + o(1/N²).
 *
 * @param name        what is expanded (an observable, a coordinate, a tail probability, …)
 * @param order       the highest power of 1/N held: 1 (correction2 is NaN) or 2
 * @param meanField   φ(π), the order-0 value
 * @param correction1 the 1/N coefficient
 * @param correction2 the 1/N² coefficient (NaN when order = 1)
 */
public record ObservableExpansion(String name, int order, double meanField, double correction1, double correction2) {

    /**
     * Validates the order.
     *
     * @param name        what is expanded
     * @param order       1 or 2
     * @param meanField   φ(π)
     * @param correction1 the 1/N coefficient
     * @param correction2 the 1/N² coefficient (NaN when order = 1)
     * @throws IllegalArgumentException if order is not 1 or 2
     */
    public ObservableExpansion {
        if (order < 1 || order > 2) {
            throw new IllegalArgumentException("order = " + order + "; allowed: 1 or 2");
        }
    }

    /**
     * The mean-field value, the same for every N.
     *
     * @param n the number of servers N, ≥ 1 (checked for symmetry with the other orders)
     * @return meanField
     * @throws IllegalArgumentException if n &lt; 1
     */
    public double refined0(int n) {
        Require.atLeast("N", n, 1);
        return meanField;
    }

    /**
     * meanField + correction1/N, the order-1 estimate.
     *
     * @param n the number of servers N, ≥ 1
     * @return the estimate
     * @throws IllegalArgumentException if n &lt; 1
     */
    public double refined(int n) {
        Require.atLeast("N", n, 1);
        return meanField + correction1 / n;
    }

    /**
     * meanField + correction1/N + correction2/N², the order-2 estimate.
     *
     * @param n the number of servers N, ≥ 1
     * @return the estimate
     * @throws IllegalArgumentException if n &lt; 1
     * @throws IllegalStateException if this expansion holds order 1 only
     */
    public double refined2(int n) {
        Require.atLeast("N", n, 1);
        if (order < 2) {
            throw new IllegalStateException(name + " is expanded to order " + order + " only; refined2 needs order 2");
        }
        return meanField + correction1 / n + correction2 / ((double) n * n);
    }

    /**
     * The value at N truncated after 1/N^k.
     *
     * @param k the order, 0, 1 or 2 (at most {@link #order()})
     * @param n the number of servers N, ≥ 1
     * @return the truncated series
     * @throws IllegalArgumentException if k is not 0, 1 or 2, or n &lt; 1
     * @throws IllegalStateException if k = 2 and this expansion holds order 1 only
     */
    public double atOrder(int k, int n) {
        return switch (k) {
            case 0 -> refined0(n);
            case 1 -> refined(n);
            case 2 -> refined2(n);
            default -> throw new IllegalArgumentException("order = " + k + "; allowed: 0, 1 or 2");
        };
    }

    /**
     * c + s·E[φ], expanded term by term (e.g. throughput = λ − loss).
     *
     * @param newName what the result is
     * @param c       the constant added to the mean-field value
     * @param s       the factor of every term
     * @return the expansion of c + s·E[φ], same order
     */
    public ObservableExpansion affine(String newName, double c, double s) {
        return new ObservableExpansion(newName, order, c + s * meanField, s * correction1, s * correction2);
    }

    /**
     * The expansion of a ratio of expectations E[φ]/E[ψ] (not of E[φ/ψ]): the series of the quotient,
     * (a₀ + a₁/N + a₂/N²)/(b₀ + b₁/N + b₂/N²) = a₀/b₀ + (a₁ − r₀b₁)/b₀ /N + (a₂ − r₁b₁ − r₀b₂)/b₀ /N², with r_k
     * the quotient's own coefficients. Little's law uses it: mean response time = E[jobs]/E[throughput].
     *
     * @param name        what the ratio is
     * @param numerator   the expansion of E[φ]
     * @param denominator the expansion of E[ψ], with a finite non-zero mean-field value
     * @return the expansion of E[φ]/E[ψ], of the lower of the two orders
     * @throws IllegalArgumentException if the denominator's mean-field value is 0 or not finite
     */
    public static ObservableExpansion ratio(String name, ObservableExpansion numerator, ObservableExpansion denominator) {
        double b0 = denominator.meanField;
        if (b0 == 0 || !Double.isFinite(b0)) {
            throw new IllegalArgumentException("mean-field value of " + denominator.name + " = " + b0
                    + "; allowed: finite and non-zero (the denominator of a ratio)");
        }
        int order = Math.min(numerator.order, denominator.order);
        double r0 = numerator.meanField / b0;
        double r1 = (numerator.correction1 - r0 * denominator.correction1) / b0;
        double r2 = order < 2 ? Double.NaN
                : (numerator.correction2 - r1 * denominator.correction1 - r0 * denominator.correction2) / b0;
        return new ObservableExpansion(name, order, r0, r1, r2);
    }
}
