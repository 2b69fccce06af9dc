package org.queuelab.meanfield;

import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;
import org.hipparchus.analysis.solvers.UnivariateSolver;
import org.queuelab.guard.Memory;
import org.queuelab.guard.Require;
import org.queuelab.model.AlbaModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;

/**
 * Fixed points of the ALBA fluid model in closed or semi-closed form (docs/alba.md §5, Theorem 2, conditions
 * (13)–(17)). Results are typed ({@link FixedPoint.Alba}); their
 * {@link FixedPoint.Alba#state()} uses the layout of {@link AlbaFluid}: (x_{0,0}, x_{0,1}, x_{0,2}, x_{1,2}, …, x_{K,2}).
 *
 * <ul>
 *   <li>(13a) βx_{0,1} = γx_{0,2}; (13b) x_{0,0} + x_{0,1} + x_{0,2} = 1 − λ (y_1 = λ);
 *       (13c/d) γx_{0,2} = min{αg(x), γx°_{0,2}}.</li>
 *   <li>(14) Power-of-d busy profile y_i = y_0 (λ/y_0)^{(d^i − 1)/(d − 1)}, y_0 = λ + x_{0,2}.</li>
 *   <li>(15)–(16) JBT-d: x_{i,2} = x_{0,2} r^i (i ≤ d + 1), 0 above, with z_d the root of
 *       λz = x_{0,2} Σ_{i=1}^{d} (λ(1 − z)/x_{0,2})^{i/(d+1)} (Hipparchus Brent solver) and
 *       r = (λ(1 − z_d)/x_{0,2})^{1/(d+1)}.</li>
 *   <li>x° (no cold server), x⋆ (delay and energy optimal), S_subopt (20).</li>
 * </ul>
 *
 * Truncation: profiles are cut at level K; the caller chooses K large enough (the mass dropped is returned by
 * {@link AlbaFluid#boundaryMass(double[])} on the result and checked against 1e-12 here).
 */
public final class AlbaFixedPoint {

    private static final double ROOT_ACCURACY = 1e-15;

    private AlbaFixedPoint() {
    }

    /**
     * {@return θ_c = (1 − λ) / (α(1/β + 1/γ)), the Blind-θ threshold of (17)}
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param alpha  scaling rate α per server, in (0, ∞)
     * @param beta   initialization rate β, in (0, ∞)
     * @param gamma  expiration rate γ, in (0, ∞)
     */
    public static double thetaCritical(double lambda, double alpha, double beta, double gamma) {
        requireOpenUnit("lambda", lambda);
        requireRate("alpha", alpha);
        requireRate("beta", beta);
        requireRate("gamma", gamma);
        return (1 - lambda) / (alpha * (1 / beta + 1 / gamma));
    }

    /**
     * {@return θ_c of an asynchronous model}
     *
     * @param model the model (validated by its constructor)
     */
    public static double thetaCritical(AlbaModel model) {
        return thetaCritical(model.lambda(), asynchronous(model).alpha(), model.beta(), model.gamma());
    }

    /**
     * The unique fixed point of Blind-θ (Theorem 2): top block αθ/β, αθ/γ below θ_c, x° at or above it; busy
     * profile from (14) or (15).
     *
     * @param model  the model (validated by its constructor)
     * @param levels K, the truncation level of the busy profile, ≥ 1
     * @return the fixed point, with busy levels 0..K
     */
    public static FixedPoint.Alba blindTheta(AlbaModel model, int levels) {
        Scaling.Asynchronous a = asynchronous(model);
        if (!(a.rule() instanceof BlindTheta blind)) {
            throw new IllegalArgumentException("scaling rule = " + a.rule().label()
                    + "; allowed: BlindTheta (other rules: FixedPointSolver)");
        }
        requireInfinite(model);
        double theta = blind.theta();
        if (!(theta > 0)) {
            throw new IllegalArgumentException("theta = 0: every point of S_subopt is a fixed point; allowed: θ > 0"
                    + " (use suboptimal(...) for θ = 0)");
        }
        if (theta >= thetaCritical(model)) {
            return xCirc(model, levels);
        }
        double lambda = model.lambda();
        double idle = a.alpha() * theta / model.gamma();
        double init = a.alpha() * theta / model.beta();
        return assemble(1 - lambda - init - idle, init, busyProfile(model.dispatch(), lambda, idle, levels));
    }

    /**
     * {@return x°: no cold server, x°_{0,1} = γ(1−λ)/(β+γ), x°_{0,2} = β(1−λ)/(β+γ), busy profile from (14)/(15)}
     *
     * @param model  the model (validated by its constructor)
     * @param levels K, the truncation level of the busy profile, ≥ 1
     */
    public static FixedPoint.Alba xCirc(AlbaModel model, int levels) {
        requireInfinite(model);
        double lambda = model.lambda();
        double beta = model.beta();
        double gamma = model.gamma();
        if (!(gamma > 0)) {
            throw new IllegalArgumentException("gamma = " + gamma + "; allowed: gamma > 0 (x° needs expirations)");
        }
        double init = gamma * (1 - lambda) / (beta + gamma);
        double idle = beta * (1 - lambda) / (beta + gamma);
        return assemble(0.0, init, busyProfile(model.dispatch(), lambda, idle, levels));
    }

    /**
     * {@return x⋆: x_{0,0} = 1 − λ, x_{1,2} = λ, all else 0}
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param levels K, the truncation level of the busy profile, ≥ 1
     */
    public static FixedPoint.Alba xStar(double lambda, int levels) {
        requireOpenUnit("lambda", lambda);
        requireLevels(levels, 1);
        double[] x = new double[stateLength(levels)];
        x[0] = 1 - lambda;
        x[3] = lambda;
        return FixedPoint.Alba.fromState(x);
    }

    /**
     * A point of S_subopt (20): x_{0,0} = 1 − λ, no initializing or idle-on server, busy profile
     * c(1 − c/λ)^{i−d−1} for i ≥ d + 1, c ∈ (0, λ] (c = λ with d = 0 is x⋆).
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param d      d, ≥ 0 (JBT-d; 0 is JIQ)
     * @param c      c, in (0, λ]
     * @param levels K, the truncation level of the busy profile, ≥ 1
     * @return the point
     */
    public static FixedPoint.Alba suboptimal(double lambda, int d, double c, int levels) {
        requireOpenUnit("lambda", lambda);
        Require.atLeast("d", d, 0);
        if (!(c > 0 && c <= lambda)) {
            throw new IllegalArgumentException("c = " + c + "; allowed: 0 < c ≤ lambda = " + lambda);
        }
        requireLevels(levels, d + 1L);
        double[] busy = new double[stateLength(levels) - 2];
        double ratio = 1 - c / lambda;
        double term = c;
        for (int i = d + 1; i <= levels; i++) {
            busy[i] = term;
            term *= ratio;
        }
        return assemble(1 - lambda, 0.0, busy);
    }

    /**
     * The busy profile x_{0..K,2} determined by x_{0,2} (Assumption 3): (14) for Power-of-d, (15) for JBT-d
     * (x_{0,2} > 0 required).
     *
     * @param dispatch Power-of-d or JBT-d
     * @param lambda   arrival rate per server λ, in (0, 1)
     * @param idleOn   x_{0,2}, the fraction of warm idle servers, in (0, 1]
     * @param levels   K, the truncation level of the busy profile, ≥ 1
     * @return x_{0,2}, …, x_{K,2}
     */
    public static double[] busyProfile(Dispatch dispatch, double lambda, double idleOn, int levels) {
        requireOpenUnit("lambda", lambda);
        if (!(idleOn > 0 && idleOn < 1)) {
            throw new IllegalArgumentException("idleOn = " + idleOn + "; allowed: 0 < x02 < 1");
        }
        requireLevels(levels, 1);
        double[] w = new double[stateLength(levels) - 2];
        if (dispatch instanceof PowerOfD p) {
            requireLevels(levels, 1);
            double y0 = lambda + idleOn;
            // log ρ = −log1p(x02/λ) stays below 0 where ρ itself rounds to 1 (and 1^∞ is NaN)
            double logRho = -Math.log1p(idleOn / lambda);
            int d = p.d();
            // y_i = y0 ρ^{e_i}, e_i = 1 + d + … + d^{i−1}
            double previousTail = y0;
            double exponent = 0;
            double dPower = 1;
            for (int i = 1; i <= levels; i++) {
                exponent += dPower;
                dPower *= d;
                double tail = y0 * Math.exp(exponent * logRho);
                w[i - 1] = previousTail - tail;
                previousTail = tail;
            }
            w[levels] = previousTail;
        } else if (dispatch instanceof JoinBelowThreshold j) {
            int d = j.d();
            requireLevels(levels, d + 1L);
            double r = jbtRatio(lambda, idleOn, d);
            double term = idleOn;
            for (int i = 0; i <= d + 1; i++) {
                w[i] = term;
                term *= r;
            }
        } else {
            throw new IllegalArgumentException("dispatch = " + dispatch.label()
                    + "; allowed: PowerOfD or JoinBelowThreshold");
        }
        return w;
    }

    /**
     * z_d, the fraction of busy servers holding ≤ d jobs at a JBT-d fixed point with idle mass x_{0,2}: the unique
     * root in [0, 1] of λz − x_{0,2} Σ_{i=1}^{d} (λ(1 − z)/x_{0,2})^{i/(d+1)} (0 for JIQ).
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param idleOn x_{0,2}, the fraction of warm idle servers, in (0, 1]
     * @param d      d, ≥ 0 (JBT-d; 0 is JIQ)
     * @return z_d, in [0, 1]
     */
    public static double zd(double lambda, double idleOn, int d) {
        requireOpenUnit("lambda", lambda);
        if (!(idleOn > 0 && idleOn < 1)) {
            throw new IllegalArgumentException("idleOn = " + idleOn + "; allowed: 0 < x02 < 1");
        }
        Require.atLeast("d", d, 0);
        if (d == 0) {
            return 0.0;
        }
        UnivariateSolver solver = new BracketingNthOrderBrentSolver(ROOT_ACCURACY, ROOT_ACCURACY, 1e-300, 5);
        // divided by λ: the equation is homogeneous in (λ, x02), and λ ~ 1e-300 would put values below the solver's
        // function accuracy
        double ratio = idleOn / lambda;
        return solver.solve(200, z -> z - ratio * rootPowerSum((1 - z) / ratio, d), 0.0, 1.0);
    }

    /**
     * Σ_{i=1}^{d} b^{i/(d+1)}: term by term for small d, else the geometric sum g(g^d − 1)/(g − 1), g = b^{1/(d+1)},
     * through expm1 (O(1) for any d).
     */
    private static double rootPowerSum(double base, int d) {
        if (d <= 64) {
            double sum = 0;
            for (int i = 1; i <= d; i++) {
                sum += Math.pow(base, (double) i / (d + 1));
            }
            return sum;
        }
        if (base == 0) {
            return 0;
        }
        double step = Math.log(base) / (d + 1);
        if (step == 0) {
            return d;
        }
        return Math.exp(step) * Math.expm1(d * step) / Math.expm1(step);
    }

    /**
     * {@return r = (λ(1 − z_d)/x_{0,2})^{1/(d+1)}, the geometric ratio of the JBT-d busy profile (15)}
     *
     * @param lambda arrival rate per server λ, in (0, 1)
     * @param idleOn x_{0,2}, the fraction of warm idle servers, in (0, 1]
     * @param d      d, ≥ 0 (JBT-d; 0 is JIQ)
     */
    public static double jbtRatio(double lambda, double idleOn, int d) {
        double z = zd(lambda, idleOn, d);
        return Math.pow(lambda * (1 - z) / idleOn, 1.0 / (d + 1));
    }

    private static FixedPoint.Alba assemble(double cold, double init, double[] busy) {
        int levels = busy.length - 1;
        if (busy[levels] > 1e-12) {
            throw new TruncationTooSmallException("ALBA fixed point", levels, busy[levels], 1e-12, Double.NaN);
        }
        double[] x = new double[stateLength(levels)];
        x[0] = cold;
        x[1] = init;
        System.arraycopy(busy, 0, x, 2, busy.length);
        return FixedPoint.Alba.fromState(x);
    }

    private static Scaling.Asynchronous asynchronous(AlbaModel model) {
        if (!(model.scaling() instanceof Scaling.Asynchronous a)) {
            throw new IllegalArgumentException("scaling = " + model.scaling().label()
                    + "; allowed: asynchronous (Theorem 2)");
        }
        return a;
    }

    private static void requireInfinite(AlbaModel model) {
        if (!model.infiniteBuffer()) {
            throw new IllegalArgumentException("buffer = " + model.buffer()
                    + "; allowed: Buffers.INFINITE (Theorem 2 assumes B = ∞; use FixedPointSolver)");
        }
    }

    static void requireLevels(int levels, long minimum) {
        if (levels < minimum) {
            throw new IllegalArgumentException("levels = " + levels + "; allowed: levels ≥ " + minimum);
        }
    }

    /**
     * K + 3, the length of a state truncated at level K, refused before allocation when it exceeds an array or
     * the heap (a state and the busy profile it is assembled from are both held).
     */
    static int stateLength(int levels) {
        return Memory.requireDoubles("ALBA state truncated at levels = " + levels, levels + 3L, 2, "fewer levels");
    }

    static void requireOpenUnit(String name, double v) {
        if (!(v > 0 && v < 1)) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: 0 < " + name + " < 1");
        }
    }

    static void requireRate(String name, double v) {
        if (!(v > 0 && Double.isFinite(v))) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: 0 < " + name + " < ∞");
        }
    }
}
