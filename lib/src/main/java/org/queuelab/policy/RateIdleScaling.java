package org.queuelab.policy;

import org.queuelab.plot.Labels;

/**
 * Rate-Idle (docs/alba.md §4; Definition 2 of the work): scale up while the arrival rate exceeds the rate at
 * which servers are about to become available, g_κ(x) = min{1, κ·(λ − βx_{0,1} − x_{1,2})⁺}.
 *
 * <p>The rule "scale up iff λ > βx_{0,1} + x_{1,2}" is FOUND; the gain κ is RECONSTRUCTED, hence a parameter.
 * The default gain is κ = 1/λ (no clipping needed); κ = 1/α makes the scale-up flux α·g equal to the excess
 * rate. A large gain over-provisions at small N (docs/alba.md §4), which is why it is a knob.
 *
 * @param gain  how κ is chosen
 * @param kappa the gain κ, in (0, ∞), with {@link Gain#FIXED}; ignored (NaN) otherwise
 */
public record RateIdleScaling(Gain gain, double kappa) implements ScalingRule {

    /** How κ is chosen. */
    public enum Gain {
        /** κ = 1/λ (the default). */
        INVERSE_LAMBDA,
        /** κ = 1/α. */
        INVERSE_ALPHA,
        /** κ given explicitly. */
        FIXED
    }

    /**
     * Validates the parameters.
     *
     * @param gain how κ is chosen
     * @param kappa the gain κ, in (0, ∞), with {@link Gain#FIXED}; ignored (NaN) otherwise
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public RateIdleScaling {
        if (gain == null) {
            throw new IllegalArgumentException("gain = null; allowed: INVERSE_LAMBDA, INVERSE_ALPHA or FIXED");
        }
        if (gain == Gain.FIXED && !(kappa > 0 && Double.isFinite(kappa))) {
            throw new IllegalArgumentException("kappa = " + kappa + "; allowed: 0 < kappa < ∞");
        }
    }

    /** {@return the default rule, κ = 1/λ} */
    public static RateIdleScaling standard() {
        return new RateIdleScaling(Gain.INVERSE_LAMBDA, Double.NaN);
    }

    /** {@return κ = 1/α} */
    public static RateIdleScaling inverseAlpha() {
        return new RateIdleScaling(Gain.INVERSE_ALPHA, Double.NaN);
    }

    /**
     * {@return the rule with an explicit gain κ}
     *
     * @param kappa the gain κ, in (0, ∞)
     */
    public static RateIdleScaling withGain(double kappa) {
        return new RateIdleScaling(Gain.FIXED, kappa);
    }

    /**
     * {@return κ for a model with the given λ and α}
     *
     * @param lambda the arrival rate per server λ, &gt; 0
     * @param alpha  the scaling rate per server α, &gt; 0
     */
    public double kappa(double lambda, double alpha) {
        return switch (gain) {
            case INVERSE_LAMBDA -> 1.0 / lambda;
            case INVERSE_ALPHA -> 1.0 / alpha;
            case FIXED -> kappa;
        };
    }

    @Override
    public double probability(ScalingState x) {
        double excess = x.lambda() - x.beta() * x.initializing() - x.oneJob();
        if (excess <= 0) {
            return 0.0;
        }
        return Math.min(1.0, kappa(x.lambda(), x.alpha()) * excess);
    }

    @Override
    public String label() {
        return switch (gain) {
            case INVERSE_LAMBDA -> "Rate-Idle";
            case INVERSE_ALPHA -> "Rate-Idle (κ = 1/α)";
            case FIXED -> "Rate-Idle (κ = " + Labels.number(kappa) + ")";
        };
    }
}
