package org.queuelab.policy;

/**
 * An asynchronous scaling rule g(x) ∈ [0, 1] (docs/alba.md §4): at each scaling time (a Poisson process of
 * rate αN) one cold server, if any, starts initializing with probability g(x).
 *
 * <p>A researcher can pass any lambda, e.g. {@code x -> x.warm() < x.lambda() ? 1 : 0}; the simulators and
 * the mean-field models check that the returned value lies in [0, 1] (the fluid model also needs it Lipschitz).
 */
@FunctionalInterface
public interface ScalingRule {

    /**
     * {@return g(x), the probability in [0, 1] that a cold server starts initializing}
     *
     * @param x the occupancy state at the scaling time
     */
    double probability(ScalingState x);

    /** {@return a short label for tables and legends; lambdas get a generic one} */
    default String label() {
        return "custom g(x)";
    }
}
