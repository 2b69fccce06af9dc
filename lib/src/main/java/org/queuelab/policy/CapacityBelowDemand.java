package org.queuelab.policy;

import org.queuelab.plot.Labels;

/**
 * The "capacity below demand" rule used for the Proposition on convergence from below
 * (docs/alba.md §4, RECONSTRUCTED): g(x) = min{1, κ·(λ − y_0)⁺}, positive whenever fewer than λ of the
 * servers are warm.
 *
 * @param kappa the gain κ, in (0, ∞)
 */
public record CapacityBelowDemand(double kappa) implements ScalingRule {

    /**
     * Validates the parameters.
     *
     * @param kappa the gain κ, in (0, ∞)
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public CapacityBelowDemand {
        if (!(kappa > 0 && Double.isFinite(kappa))) {
            throw new IllegalArgumentException("kappa = " + kappa + "; allowed: 0 < kappa < ∞");
        }
    }

    @Override
    public double probability(ScalingState x) {
        double excess = x.lambda() - x.warm();
        return excess <= 0 ? 0.0 : Math.min(1.0, kappa * excess);
    }

    @Override
    public String label() {
        return "capacity-below-demand (κ = " + Labels.number(kappa) + ")";
    }
}
