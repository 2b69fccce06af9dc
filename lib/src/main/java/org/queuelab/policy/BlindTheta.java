package org.queuelab.policy;

import org.queuelab.plot.Labels;

/**
 * Blind-θ (docs/alba.md §4, FOUND): g(x) ≡ θ, ignoring the state.
 *
 * @param theta the scale-up probability θ, in [0, 1]
 */
public record BlindTheta(double theta) implements ScalingRule {

    /**
     * Validates the parameters.
     *
     * @param theta the scale-up probability θ, in [0, 1]
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public BlindTheta {
        if (!(theta >= 0 && theta <= 1)) {
            throw new IllegalArgumentException("theta = " + theta + "; allowed: 0 ≤ theta ≤ 1");
        }
    }

    @Override
    public double probability(ScalingState x) {
        return theta;
    }

    @Override
    public String label() {
        // θ computed from a formula (0.06000000000000001) shown without the noise
        return "Blind-" + Labels.number(theta);
    }
}
