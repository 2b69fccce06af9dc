package org.queuelab.dist;

import org.hipparchus.special.Erf;

/** Standard normal tail quantities computed without cancellation (used by LogNormal and FoldedNormal). */
final class NormalTail {

    private static final double SQRT2 = Math.sqrt(2.0);
    private static final double INV_SQRT_2PI = 1.0 / Math.sqrt(2.0 * Math.PI);
    /** Beyond this z the Mills-ratio series below is accurate to ~1e-13 relative. */
    private static final double ASYMPTOTIC_Z = 35.0;

    private NormalTail() {
    }

    /** Φ̄(z) = P(Z &gt; z) = ½ erfc(z/√2), accurate to full relative precision in the upper tail. */
    static double upper(double z) {
        return 0.5 * Erf.erfc(z / SQRT2);
    }

    /** Φ(z) = P(Z ≤ z), accurate in the lower tail. */
    static double lower(double z) {
        return upper(-z);
    }

    /** φ(z). */
    static double pdf(double z) {
        return INV_SQRT_2PI * Math.exp(-0.5 * z * z);
    }

    /** φ(z)/Φ̄(z), finite even where both underflow (asymptotic Mills-ratio expansion for z ≥ 35). */
    static double hazard(double z) {
        if (z < ASYMPTOTIC_Z) {
            return pdf(z) / upper(z);
        }
        double w = 1.0 / (z * z);
        // Φ̄(z)/φ(z) = (1/z)(1 − w + 3w² − 15w³ + 105w⁴ − …)
        double millsRatio = (1.0 - w * (1.0 - w * (3.0 - w * (15.0 - 105.0 * w)))) / z;
        return 1.0 / millsRatio;
    }
}
