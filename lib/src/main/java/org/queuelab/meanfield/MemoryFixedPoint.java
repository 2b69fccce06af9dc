package org.queuelab.meanfield;

import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;
import org.hipparchus.analysis.solvers.UnivariateSolver;
import org.queuelab.guard.Memory;
import org.queuelab.guard.Require;
import org.queuelab.guard.Sizes;

/**
 * The unique fixed point of the SQ(d,N) fluid model (docs/sqdn.md §5; Theorem 2, existence and uniqueness
 * FOUND, structure RECONSTRUCTED) in the flat layout of {@link MemoryFluid}.
 *
 * <ul>
 *   <li>j* = ⌊−log(1−λ)/log(1+λd)⌋ (eq. (1)), computed as max{J ≥ 0 : J·log1p(λd) + log1p(−λ) ≤ 10⁻¹²·min(1,
 *       |log1p(−λ)|)} (the slack shrinks with the terms, so that tiny λ does not count ~10²⁸⁷ levels of rounding
 *       noise): at an exact
 *       threshold λ = λ_J the ratio is an integer that rounding can put on either side (λ = 2/3, d = 3 gives
 *       0.9999999999999998), so threshold points are put on the upper side by convention.</li>
 *   <li>Thresholds λ_J: the root in (0, 1) of (1 + λd)^J (1 − λ) = 1 (Hipparchus Brent), λ_1 = 1 − 1/d.</li>
 *   <li>J = 0: x_{0,0} = 1 − λ − 1/d, x_{0,1} = 1/d, x_{1,1} = λ.</li>
 *   <li>J ≥ 1: slots J and J + 1 only; v_i = x_{i,J}, u_i = x_{i,J+1} from the tagged-server balance with the
 *       per-server job rate α on slot J, α the root of (v_0 + u_0) − (1 − λ) (Brent on log α ∈ [−40, 40]).</li>
 * </ul>
 */
public final class MemoryFixedPoint {

    private static final double THRESHOLD_SLACK = 1e-12;

    private MemoryFixedPoint() {
    }

    /**
     * {@return j*(λ, d), with threshold points on the upper side (see the class comment)}
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param d      d, ≥ 1
     */
    public static int jStar(double lambda, int d) {
        check(lambda, d);
        double step = Math.log1p(lambda * d);
        double base = Math.log1p(-lambda);
        int j = 0;
        // j* ≤ −log1p(−λ)/log1p(λd) < 37/log(1 + λd)·… ≤ 54 for every double λ < 1: the loop is short
        double slack = THRESHOLD_SLACK * Math.min(1, -base);
        while ((j + 1) * step + base <= slack) {
            j++;
        }
        return j;
    }

    /**
     * λ_J: j* = J exactly for λ ∈ [λ_J, λ_{J+1}); λ_0 = 0, λ_1 = 1 − 1/d. For J ≥ 2 the root of
     * J·log1p(λd) + log1p(−λ) lies in (λ_1, 1), where that function is positive at λ_1 and concave.
     *
     * @param level J, ≥ 0
     * @param d     d, ≥ 1
     * @return λ_J, in [0, 1)
     * @throws IllegalArgumentException if λ_J is closer to 1 than the largest double below 1 (1 − λ_J ≈ (1+d)^{−J})
     */
    public static double threshold(int level, int d) {
        if (d < 2) {
            throw new IllegalArgumentException("d = " + d + "; allowed: d ≥ 2 (thresholds of eq. (1))");
        }
        Require.atLeast("J", level, 0);
        if (level == 0) {
            return 0.0;
        }
        if (level == 1) {
            return 1.0 - 1.0 / d;
        }
        double lower = 1.0 - 1.0 / d;
        double upper = Math.nextDown(1.0);
        if (level * Math.log1p(upper * d) + Math.log1p(-upper) >= 0) {
            throw new IllegalArgumentException("J = " + level + " with d = " + d + ": 1 − λ_J ≈ (1 + d)^(−J) is"
                    + " below the double spacing 1.1e-16 near 1; allowed: J ≤ " + maxThresholdLevel(d));
        }
        UnivariateSolver solver = new BracketingNthOrderBrentSolver(1e-16, 1e-16, 1e-300, 5);
        return solver.solve(500, l -> level * Math.log1p(l * d) + Math.log1p(-l), lower, upper);
    }

    /** The largest J whose threshold λ_J is a double below 1. */
    static int maxThresholdLevel(int d) {
        double upper = Math.nextDown(1.0);
        return (int) Math.ceil(-Math.log1p(-upper) / Math.log1p(upper * d)) - 1;
    }

    /**
     * {@return the fixed point x* in the layout of {@link MemoryFluid} with buffer I ≥ j* + 1}
     *
     * @param lambda   arrival rate per server λ, in (0, 1)
     * @param d        d, ≥ 1
     * @param capacity I, the buffer, ≥ j* + 1
     */
    public static FixedPoint.Memory fixedPoint(double lambda, int d, int capacity) {
        check(lambda, d);
        int level = jStar(lambda, d);
        if (capacity < level + 1) {
            throw new IllegalArgumentException("capacity I = " + capacity + "; allowed: I ≥ j* + 1 = "
                    + (level + 1));
        }
        int length = Sizes.arrayLength("SQ(d,N) state with capacity I = " + capacity,
                Sizes.triangular("SQ(d,N) state size", capacity + 1L));
        Memory.require("SQ(d,N) fixed point with capacity I = " + capacity, Memory.doubles(length),
                "a smaller capacity");
        double[] x = new double[length];
        if (level == 0) {
            x[MemoryFluid.index(0, 0)] = 1 - lambda - 1.0 / d;
            x[MemoryFluid.index(0, 1)] = 1.0 / d;
            x[MemoryFluid.index(1, 1)] = lambda;
            return new FixedPoint.Memory(capacity, x);
        }
        double alpha = slotRate(lambda, d);
        double[][] vu = profile(lambda, d, level, alpha);
        for (int i = 0; i <= level; i++) {
            x[MemoryFluid.index(i, level)] = vu[0][i];
        }
        for (int i = 0; i <= level + 1; i++) {
            x[MemoryFluid.index(i, level + 1)] = vu[1][i];
        }
        return new FixedPoint.Memory(capacity, x);
    }

    /**
     * {@return α, the per-server job rate on slot level j* at the fixed point (0 when j* = 0, where it is undefined)}
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param d      d, ≥ 1
     */
    public static double slotRate(double lambda, int d) {
        check(lambda, d);
        int level = jStar(lambda, d);
        if (level == 0) {
            return 0.0;
        }
        UnivariateSolver solver = new BracketingNthOrderBrentSolver(1e-15, 1e-15, 1e-300, 5);
        double logAlpha = solver.solve(1000, la -> {
            double[][] vu = profile(lambda, d, level, Math.exp(la));
            return vu[0][0] + vu[1][0] - (1 - lambda);
        }, -40, 40);
        return Math.exp(logAlpha);
    }

    /**
     * {@return the fraction of jobs that join an idle server at the fixed point, x*_{1,·}/λ}
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param d      d, ≥ 1
     */
    public static double idleJoinFraction(double lambda, int d) {
        int level = jStar(lambda, d);
        double[] x = fixedPoint(lambda, d, level + 1).state();
        double oneJob = 0;
        for (int j = 1; j <= level + 1; j++) {
            oneJob += x[MemoryFluid.index(1, j)];
        }
        return oneJob / lambda;
    }

    /** Normalized (v, u) for a given α. */
    private static double[][] profile(double lambda, int d, int level, double alpha) {
        double ld = lambda * d;
        double[] v = new double[level + 1];
        v[0] = 1;
        v[1] = ld + alpha;
        for (int i = 1; i < level; i++) {
            v[i + 1] = (1 + ld + alpha) * v[i];
        }
        // u_i = a_i u_0 + b_i
        double[] a = new double[level + 2];
        double[] b = new double[level + 2];
        a[0] = 1;
        a[1] = ld;
        for (int i = 1; i <= level; i++) {
            a[i + 1] = (1 + ld) * a[i];
            b[i + 1] = (1 + ld) * b[i] - alpha * v[i - 1];
        }
        double u0 = (alpha * v[level] - b[level + 1]) / a[level + 1];
        double[] u = new double[level + 2];
        double total = 0;
        for (int i = 0; i <= level + 1; i++) {
            u[i] = a[i] * u0 + b[i];
            total += u[i];
        }
        for (double e : v) {
            total += e;
        }
        for (int i = 0; i <= level; i++) {
            v[i] /= total;
        }
        for (int i = 0; i <= level + 1; i++) {
            u[i] /= total;
        }
        return new double[][] {v, u};
    }

    private static void check(double lambda, int d) {
        Require.openUnit("lambda", lambda);
        Require.atLeast("d", d, 1);
    }
}
