package org.queuelab.invariant;

import org.queuelab.invariant.GaussKronrod.Estimate;

/**
 * The map s ↦ F_ℓ(s) of eq. (3.4) at one level ℓ ≥ 2 (d ≥ 2), given the levels below it (docs/invariant-states.md §4):
 * with b = λ P_d(s*_{ℓ−1}, s), c_{ℓ,k} = c_{ℓ−1,k}·b/(b − β_k) for k &lt; ℓ and c_{ℓ,ℓ} = λs^d − λ − Σ_{k&lt;ℓ} c_{ℓ,k},
 * F_ℓ(s) = E[S]·λs^d − Σ_{k&lt;ℓ} c_{ℓ,k} M(β_k) − c_{ℓ,ℓ} M(b) (the stable form). Each evaluation costs one
 * quadrature, M(b). The error of an evaluation combines the quadrature errors of the M's (weighted by |c|), of
 * E[S], and rounding (4ℓε times the sum of the magnitudes of the terms).
 */
final class FixedPointMap {

    private static final double EPS = Math.ulp(1.0);

    /** F_ℓ(s) − s with its error, the coefficients c_{ℓ,·}(s) and the new quadrature M(β_ℓ(s)). */
    record Evaluation(double g, double gError, double[] c, double betaL, Estimate massL) {
    }

    private final CcdfIntegrals integrals;
    private final double lambda;
    private final int d;
    private final int level;
    private final double mean;
    private final double meanError;
    private final double previous;
    private final double[] beta;
    private final double[] previousCoef;
    private final double[] mass;
    private final double[] massError;

    /**
     * @param previous     s*_{ℓ−1}
     * @param beta         β_k for 2 ≤ k &lt; ℓ (other entries unused)
     * @param previousCoef c_{ℓ−1,k} for 2 ≤ k &lt; ℓ
     * @param mass         M(β_k) for 2 ≤ k &lt; ℓ, with {@code massError}
     */
    FixedPointMap(CcdfIntegrals integrals, double lambda, int d, int level, double mean, double meanError,
                  double previous, double[] beta, double[] previousCoef, double[] mass, double[] massError) {
        this.integrals = integrals;
        this.lambda = lambda;
        this.d = d;
        this.level = level;
        this.mean = mean;
        this.meanError = meanError;
        this.previous = previous;
        this.beta = beta;
        this.previousCoef = previousCoef;
        this.mass = mass;
        this.massError = massError;
    }

    /** P_d(x, y) = Σ_{m=0}^{d−1} x^m y^{d−1−m}. */
    static double routing(int d, double x, double y) {
        double sum = 0;
        for (int m = 0; m < d; m++) {
            sum += Math.pow(x, m) * Math.pow(y, d - 1 - m);
        }
        return sum;
    }

    Evaluation evaluate(double x) {
        int l = level;
        double sd = Math.pow(x, d);
        double b = lambda * routing(d, previous, x);
        double[] c = new double[l + 1];
        double sumC = 0;
        double sumCM = 0;
        double err = 0;
        double scale = mean * lambda * sd;
        for (int k = 2; k < l; k++) {
            c[k] = previousCoef[k] * b / (b - beta[k]);
            sumC += c[k];
            double term = c[k] * mass[k];
            sumCM += term;
            err += Math.abs(c[k]) * massError[k];
            scale += Math.abs(term);
        }
        c[l] = lambda * sd - lambda - sumC;
        Estimate ml = integrals.mass(b);
        double term = c[l] * ml.value();
        sumCM += term;
        err += Math.abs(c[l]) * ml.error() + lambda * sd * meanError;
        scale += Math.abs(term);
        double f = mean * lambda * sd - sumCM;
        err += 4 * l * EPS * scale;
        return new Evaluation(f - x, err, c, b, ml);
    }
}
