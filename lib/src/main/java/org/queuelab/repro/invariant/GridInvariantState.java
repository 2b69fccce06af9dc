package org.queuelab.repro.invariant;

import java.util.Arrays;
import java.util.Objects;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.guard.Require;

/**
 * A second integrator for the invariant state of Theorem 3.3 (docs/invariant-states.md §3): the densities r_ℓ are
 * tabulated on a graded age grid by the convolution (3.3) itself, and F_ℓ(s) = ∫ Ḡ r_ℓ (3.4) by the trapezoid rule,
 * instead of the library's exponential-sum recursion with closed-form or Gauss–Kronrod transforms
 * ({@code org.queuelab.invariant.InvariantStateSolver}). The two share only the equations, not the numerics, so their
 * agreement checks the recursion (4.1) and its quadrature.
 *
 * <p>Grid: x_i = a(e^{ih} − 1), a = 0.01, h = 4·10⁻³ (relative steps of 0.4 % far out, 4·10⁻⁵ near 0), up to the
 * first x with x·Ḡ(x) &lt; 10⁻¹⁸ (heavy tails reach 10³⁶). On each cell r_{ℓ−1} is linear and the exponential kernel
 * is integrated exactly, so every term of (3.3) is positive and no cancellation occurs; s*_ℓ is the root of
 * F_ℓ(s) − s on [0, s*_{ℓ−1}] (one root, Proposition 4.2) by bisection to a relative 10⁻¹¹. Levels below 10⁻¹² are
 * not resolved (NaN), as in the work.
 */
public final class GridInvariantState {

    private static final double SCALE = 0.01;
    private static final double RATIO = 4e-3;
    private static final double TAIL = 1e-18;
    private static final double FLOOR = 1e-12;

    private GridInvariantState() {
    }

    /**
     * s*_1 .. s*_levels (index 0 holds s*_0 = 1; NaN below 10⁻¹²) for a service law of mean 1.
     *
     * @param law the service law, mean 1
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d queues sampled per arrival, ≥ 2
     * @param levels the number of levels computed, ≥ 1
     * @return s*_0 .. s*_levels, s*_ℓ the fraction of servers with at least ℓ jobs
     * @throws IllegalArgumentException on λ ∉ (0, 1), d &lt; 2, levels &lt; 1 or a law whose mean is not 1
     */
    public static double[] solve(ServiceDistribution law, double lambda, int d, int levels) {
        Objects.requireNonNull(law, "law");
        Require.openUnit("lambda", lambda);
        if (d < 2) {
            throw new IllegalArgumentException("d = " + d + "; allowed: d ≥ 2 (d = 1 makes every β_ℓ equal λ)");
        }
        Require.atLeast("levels", levels, 1);
        if (Math.abs(law.mean() - 1) > 1e-9) {
            throw new IllegalArgumentException("law mean = " + law.mean() + "; allowed: 1 (the work's unit mean)");
        }
        double[] x = grid(law);
        double[] ccdf = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            ccdf[i] = law.ccdf(x[i]);
        }
        double[] s = new double[levels + 1];
        Arrays.fill(s, Double.NaN);
        s[0] = 1;
        s[1] = lambda;
        double[] previous = new double[x.length];
        Arrays.fill(previous, lambda);   // r_1 ≡ λ
        double[] current = new double[x.length];
        for (int l = 2; l <= levels && s[l - 1] >= FLOOR; l++) {
            double lo = 0;
            double hi = s[l - 1];
            while (hi - lo > 1e-11 * hi) {
                double mid = 0.5 * (lo + hi);
                double f = map(x, ccdf, previous, lambda, d, s[l - 1], mid, current);
                if (f > mid) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            double root = 0.5 * (lo + hi);
            if (root < FLOOR) {
                break;
            }
            s[l] = root;
            map(x, ccdf, previous, lambda, d, s[l - 1], root, current);
            double[] swap = previous;
            previous = current;
            current = swap;
        }
        return s;
    }

    /** F_ℓ(s) = ∫ Ḡ r_ℓ^{[s]} by the trapezoid rule; fills {@code r} with r_ℓ^{[s]} on the grid. */
    private static double map(double[] x, double[] ccdf, double[] previous, double lambda, int d, double above,
                              double s, double[] r) {
        double beta = 0;
        for (int k = 0; k < d; k++) {
            beta += Math.pow(above, k) * Math.pow(s, d - 1 - k);
        }
        beta *= lambda;
        double boundary = lambda * Math.pow(s, d);
        double conv = 0;   // ∫_0^x e^{−β(x−y)} r_{ℓ−1}(y) dy
        r[0] = boundary;
        double integral = 0;
        for (int i = 1; i < x.length; i++) {
            double delta = x[i] - x[i - 1];
            double z = beta * delta;
            double decay = Math.exp(-z);
            double phi1 = z < 1e-8 ? 1 - z / 2 : -Math.expm1(-z) / z;            // (1 − e^{−z})/z
            double phi2 = z < 1e-3 ? 0.5 - z / 6 + z * z / 24 : (z - 1 + decay) / (z * z);   // (z − 1 + e^{−z})/z²
            double w1 = delta * phi2;
            double w0 = delta * phi1 - w1;
            conv = decay * conv + w0 * previous[i - 1] + w1 * previous[i];
            r[i] = boundary * Math.exp(-beta * x[i]) + beta * conv;
            integral += 0.5 * delta * (ccdf[i - 1] * r[i - 1] + ccdf[i] * r[i]);
        }
        return integral;
    }

    private static double[] grid(ServiceDistribution law) {
        int n = 1;
        while (true) {
            double xi = SCALE * Math.expm1(n * RATIO);
            if (xi * law.ccdf(xi) < TAIL && xi > 1) {
                break;
            }
            n++;
        }
        double[] x = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            x[i] = SCALE * Math.expm1(i * RATIO);
        }
        return x;
    }
}
