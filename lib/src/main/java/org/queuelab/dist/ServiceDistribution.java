package org.queuelab.dist;

import java.util.random.RandomGenerator;

/**
 * A probability law on [0, ∞) used for service, set-up and standby times.
 *
 * <p>Implementations are immutable and validate their parameters in the constructor. Every quantity is exact
 * (closed form or a Hipparchus special function), never estimated by sampling. Sampling takes the caller's
 * random stream, so the same stream gives the same sample path.
 */
public interface ServiceDistribution {

    /** {@return mean E[S]; finite for every implementation} */
    double mean();

    /** {@return variance Var[S]; may be {@link Double#POSITIVE_INFINITY} (e.g. Pareto with shape ≤ 2)} */
    double variance();

    /** {@return squared coefficient of variation Var[S] / E[S]²} */
    default double scv() {
        double m = mean();
        return variance() / (m * m);
    }

    /**
     * {@return P(S ≤ x)}
     *
     * @param x a time, any real
     */
    double cdf(double x);

    /**
     * {@return P(S > x); implementations override this where 1 − cdf would lose precision in the tail}
     *
     * @param x a time, any real
     */
    default double ccdf(double x) {
        return 1.0 - cdf(x);
    }

    /**
     * {@return density of S at x (0 outside the support); deterministic laws return 0 or +∞ as appropriate}
     *
     * @param x a time, any real
     */
    double density(double x);

    /**
     * {@return hazard rate density(x) / ccdf(x)}
     *
     * @param x a time, any real
     */
    default double hazard(double x) {
        double tail = ccdf(x);
        return tail > 0 ? density(x) / tail : Double.POSITIVE_INFINITY;
    }

    /**
     * {@return one sample drawn from {@code rng}}
     *
     * @param rng the random source, advanced by the draw
     */
    double sample(RandomGenerator rng);

    /** {@return a short label for tables and legends, e.g. {@code "LogNormal(μ=-0.5, σ=1)"}} */
    String label();
}
