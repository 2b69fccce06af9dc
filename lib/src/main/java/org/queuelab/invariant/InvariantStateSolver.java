package org.queuelab.invariant;

import org.queuelab.guard.Cancellation;
import java.util.Arrays;

import org.hipparchus.analysis.solvers.AllowedSolution;
import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;
import org.hipparchus.exception.MathIllegalStateException;
import org.hipparchus.util.CombinatoricsUtils;
import org.queuelab.invariant.GaussKronrod.Estimate;

/**
 * Level-by-level solver of the invariant state of the SQ(d) hydrodynamic limit (docs/invariant-states.md §3–§4; the work's
 * Theorem 3.3, Proposition 4.2 and eq. (4.1)).
 *
 * <p>s*_1 = λE[S]. For ℓ ≥ 2 and d ≥ 2 the density ratio is the exponential sum
 * r_ℓ(x) = λ + Σ_{k=2}^{ℓ} c_{ℓ,k} e^{−β_k x} with β_k = λ P_d(s*_{k−1}, s*_k), and s*_ℓ is the zero on
 * [0, s*_{ℓ−1}] of F_ℓ(s) − s, evaluated in the cancellation-free "stable" form
 * F_ℓ(s) = E[S]·λ s^d − Σ_k c_{ℓ,k}(s) M(β_k), M(β) = ∫Ḡ(x)(1 − e^{−βx})dx, which needs one new quadrature per
 * evaluation (the M(β_k), k &lt; ℓ, are cached). The zero is found by bisection to an absolute bracket of 1e-12
 * ({@link Accuracy#PAPER}, as in the work) or by a bracketing Brent-type solver to relative accuracy
 * ({@link Accuracy#HIGH}).
 *
 * <p>For d = 1 all β_k equal λ, the exponential sum degenerates to polynomial × e^{−λx}, and the fixed point is
 * linear: s_ℓ(1 − λm_0) = λE[S] − λm_0 − Σ_{j=1}^{ℓ−2} λ^{j+1}(1 − s_{ℓ−j}) m_j/j!, m_j = ∫Ḡ(x)x^j e^{−λx}dx
 * (docs/invariant-states.md §9.3): the M/G/1 queue-length law.
 *
 * <p>Every level carries a first-order error bound: root-search resolution, plus the propagated quadrature and
 * rounding error of F_ℓ divided by |(F_ℓ − id)'|, plus the error inherited from level ℓ−1 scaled as if
 * s_ℓ ∝ s_{ℓ−1}^d. Values whose bound exceeds 10% are flagged instead of shown ({@link LevelStatus}).
 */
public final class InvariantStateSolver {

    private static final double EPS = Math.ulp(1.0);
    /** Relative slack between the quadrature estimate of E[S] and the law's own mean. */
    private static final double MEAN_CHECK = 1e-8;

    private InvariantStateSolver() {
    }

    /**
     * Solves the problem level by level; never throws for numerical trouble (that is reported per level as a
     * {@link LevelStatus} with a reason), only for bad input.
     *
     * @param problem the problem, valid by construction
     * @return the state s*_0..s*_L with an error bound and status per level
     * @throws IllegalArgumentException if the quadrature of the law's ccdf disagrees with its declared mean (a law
     *                                  whose ccdf and mean do not match)
     */
    public static InvariantState solve(InvariantStateProblem problem) {
        CcdfIntegrals integrals = new CcdfIntegrals(problem.service(), problem.accuracy().quadratureTolerance());
        Estimate mean = integrals.mean();
        double declared = problem.service().mean();
        if (Math.abs(mean.value() - declared) > MEAN_CHECK * declared + 10 * mean.error()) {
            throw new IllegalArgumentException("service " + problem.service().label() + ": ccdf integrates to "
                    + mean.value() + " but mean() = " + declared + "; allowed: a law whose ccdf integrates to its mean");
        }
        Builder b = new Builder(problem, integrals, mean);
        if (problem.d() == 1) {
            b.solveSingleQueue();
        } else {
            b.solveExponentialSums();
        }
        return b.build();
    }

    /** Mutable working state of one solve; frozen into an {@link InvariantState}. */
    private static final class Builder {
        final InvariantStateProblem p;
        final CcdfIntegrals q;
        final double lambda;
        final int d;
        final int levels;
        final double mean;
        final double meanError;
        final double[] s;
        final double[] error;
        final LevelStatus[] status;
        final String[] reason;
        final double[] beta;
        final double[][] coef; // coef[l][k] = c_{l,k}, 2 ≤ k ≤ l
        final double[] mass;   // M(β_k)
        final double[] massError;

        Builder(InvariantStateProblem p, CcdfIntegrals q, Estimate mean) {
            this.p = p;
            this.q = q;
            this.lambda = p.lambda();
            this.d = p.d();
            this.levels = p.levels();
            this.mean = mean.value();
            this.meanError = mean.error();
            s = new double[levels + 1];
            error = new double[levels + 1];
            status = new LevelStatus[levels + 1];
            reason = new String[levels + 1];
            beta = new double[levels + 1];
            coef = new double[levels + 1][];
            mass = new double[levels + 1];
            massError = new double[levels + 1];
            Arrays.fill(beta, Double.NaN);
            s[0] = 1;
            status[0] = LevelStatus.OK;
            reason[0] = "";
            s[1] = lambda * this.mean;
            error[1] = lambda * meanError + EPS * s[1];
            classify(1);
        }

        InvariantState build() {
            return new InvariantState(p, q, mean, meanError, s, error, status, reason, beta, coef, mass, massError);
        }

        void classify(int l) {
            if (p.accuracy() == Accuracy.PAPER && s[l] <= p.accuracy().rootTolerance()) {
                status[l] = LevelStatus.BELOW_RESOLUTION;
                reason[l] = "s ≤ " + p.accuracy().rootTolerance() + " (bisection resolution; the work prints 0)";
            } else if (!(error[l] <= LevelStatus.MAX_RELATIVE_ERROR * Math.abs(s[l]))) {
                status[l] = LevelStatus.PRECISION_LOST;
                reason[l] = String.format("error bound %.2g exceeds %.0f%% of the value", error[l],
                        100 * LevelStatus.MAX_RELATIVE_ERROR);
            } else {
                status[l] = LevelStatus.OK;
                reason[l] = "";
            }
        }

        /**
         * Marks levels from..L as unsolved with status {@code st} (reason {@code why} at level {@code from}); the
         * levels above it are bounded by s*_{from−1} but cannot be resolved either.
         */
        void unsolved(int from, LevelStatus st, String why) {
            for (int l = from; l <= levels; l++) {
                s[l] = Double.NaN;
                error[l] = Double.NaN;
                status[l] = st;
                reason[l] = l == from ? why : "s*_" + l + " ≤ s*_" + (l - 1) + ", which is not resolved";
            }
        }

        // ---------------------------------------------------------------- d ≥ 2: exponential sums

        void solveExponentialSums() {
            coef[1] = new double[2];
            for (int l = 2; l <= levels; l++) {
                Cancellation.check("invariant-state solver (level " + l + " of " + levels + ")");
                if (Double.isNaN(s[l - 1])) {
                    return; // already marked by unsolved(...)
                }
                double upper = s[l - 1];
                FixedPointMap map = new FixedPointMap(q, lambda, d, l, mean, meanError, upper, beta, coef[l - 1],
                        mass, massError);
                LevelStatus lost = p.accuracy() == Accuracy.PAPER && upper <= p.accuracy().rootTolerance()
                        ? LevelStatus.BELOW_RESOLUTION : LevelStatus.PRECISION_LOST;
                if (!(upper > 0)) {
                    unsolved(l, lost, "s*_" + (l - 1) + " = " + upper + " (underflow): no interval to search");
                    return;
                }
                FixedPointMap.Evaluation atZero = map.evaluate(0);
                FixedPointMap.Evaluation atUpper = map.evaluate(upper);
                String signs = String.format("F−id at 0: %.3g ± %.2g, at s*_%d: %.3g ± %.2g", atZero.g(),
                        atZero.gError(), l - 1, atUpper.g(), atUpper.gError());
                if (atZero.g() < -atZero.gError() || atUpper.g() > atUpper.gError()) {
                    // a resolved sign contradicting Proposition 4.2 (F_ℓ(0) > 0 > F_ℓ(s*_{ℓ−1}) − s*_{ℓ−1})
                    unsolved(l, LevelStatus.NOT_BRACKETED, "no sign change, " + signs);
                    return;
                }
                if (!(atZero.g() > atZero.gError()) || !(atUpper.g() < -atUpper.gError())) {
                    unsolved(l, lost, "sign of F−id not resolved, " + signs);
                    return;
                }
                double root;
                double rootError;
                if (p.accuracy() == Accuracy.PAPER) {
                    double lo = 0;
                    double hi = upper;
                    while (hi - lo >= p.accuracy().rootTolerance()) {
                        Cancellation.check("invariant-state solver (bisection at level " + l + ")");
                        double mid = 0.5 * (lo + hi);
                        if (map.evaluate(mid).g() > 0) {
                            lo = mid;
                        } else {
                            hi = mid;
                        }
                    }
                    root = 0.5 * (lo + hi);
                    rootError = 0.5 * (hi - lo);
                } else {
                    BracketingNthOrderBrentSolver solver = new BracketingNthOrderBrentSolver(
                            p.accuracy().rootTolerance(), Double.MIN_NORMAL, 0, 5);
                    try {
                        root = solver.solve(400, x -> map.evaluate(x).g(), 0, upper, AllowedSolution.ANY_SIDE);
                    } catch (MathIllegalStateException e) {
                        unsolved(l, LevelStatus.NOT_BRACKETED, "root search failed: " + e.getMessage());
                        return;
                    }
                    rootError = 2 * p.accuracy().rootTolerance() * root;
                }
                FixedPointMap.Evaluation at = map.evaluate(root);
                s[l] = root;
                beta[l] = at.betaL();
                coef[l] = at.c();
                mass[l] = at.massL().value();
                massError[l] = at.massL().error();
                double slope = Math.abs(atUpper.g() - atZero.g()) / upper;
                double h = 1e-3 * root;
                if (h > 0 && root + h <= upper) {
                    double local = Math.abs(map.evaluate(root + h).g() - map.evaluate(root - h).g()) / (2 * h);
                    slope = Math.min(slope, local);
                }
                double inherited = d * root / s[l - 1] * error[l - 1];
                error[l] = rootError + at.gError() / slope + inherited;
                classify(l);
            }
        }

        // ---------------------------------------------------------------- d = 1: M/G/1

        void solveSingleQueue() {
            double[] m = new double[Math.max(1, levels - 1)];
            double[] mErr = new double[m.length];
            for (int j = 0; j < m.length; j++) {
                Cancellation.check("invariant-state solver (moment " + j + ")");
                Estimate e = q.moment(j, lambda);
                m[j] = e.value();
                mErr[j] = e.error();
            }
            double denominator = 1 - lambda * m[0];
            for (int l = 2; l <= levels; l++) {
                Cancellation.check("invariant-state solver (M/G/1 level " + l + " of " + levels + ")");
                double rhs = lambda * mean - lambda * m[0];
                double err = lambda * (meanError + mErr[0]);
                double scale = Math.abs(lambda * mean) + Math.abs(lambda * m[0]);
                for (int j = 1; j <= l - 2; j++) {
                    double w = Math.pow(lambda, j + 1) / CombinatoricsUtils.factorialDouble(j);
                    double term = w * (1 - s[l - j]) * m[j];
                    rhs -= term;
                    scale += Math.abs(term);
                    err += w * (mErr[j] * (1 - s[l - j]) + m[j] * error[l - j]);
                }
                s[l] = rhs / denominator;
                error[l] = (err + 4 * l * EPS * scale + Math.abs(s[l]) * lambda * mErr[0]) / denominator;
                classify(l);
            }
        }
    }
}
