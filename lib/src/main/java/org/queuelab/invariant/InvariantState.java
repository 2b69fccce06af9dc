package org.queuelab.invariant;

import java.util.Arrays;

import org.queuelab.invariant.GaussKronrod.Estimate;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The computed invariant state s*_1..s*_L of an {@link InvariantStateProblem} (docs/invariant-states.md §3–§5), immutable.
 *
 * <p>Each level has an estimate, an absolute error bound and a {@link LevelStatus}. {@link #s(int)} and
 * {@link #h(int)} return NaN unless the status is OK, so that a table never shows noise; {@link #estimate(int)}
 * gives the raw number for diagnostics (e.g. to compare with a value the work printed below its own precision).
 */
public final class InvariantState {

    private final InvariantStateProblem problem;
    private final CcdfIntegrals integrals;
    private final double mean;
    private final double meanError;
    private final double[] s;
    private final double[] error;
    private final LevelStatus[] status;
    private final String[] reason;
    private final double[] beta;
    private final double[][] coef;
    private final double[] mass;
    private final double[] massError;

    InvariantState(InvariantStateProblem problem, CcdfIntegrals integrals, double mean, double meanError, double[] s,
                   double[] error, LevelStatus[] status, String[] reason, double[] beta, double[][] coef,
                   double[] mass, double[] massError) {
        this.problem = problem;
        this.integrals = integrals;
        this.mean = mean;
        this.meanError = meanError;
        this.s = s.clone();
        this.error = error.clone();
        this.status = status.clone();
        this.reason = reason.clone();
        this.beta = beta.clone();
        this.coef = new double[coef.length][];
        for (int l = 0; l < coef.length; l++) {
            this.coef[l] = coef[l] == null ? null : coef[l].clone();
        }
        this.mass = mass.clone();
        this.massError = massError.clone();
    }

    /**
     * The problem this state solves.
     *
     * @return the problem (law, λ, d, levels, accuracy)
     */
    public InvariantStateProblem problem() {
        return problem;
    }

    /**
     * Number of levels L computed.
     *
     * @return L, as in the problem
     */
    public int levels() {
        return problem.levels();
    }

    /**
     * E[S] as integrated from Ḡ (equals the law's mean to the quadrature tolerance; checked on solve).
     *
     * @return the mean service time, in the law's time unit
     */
    public double serviceMean() {
        return mean;
    }

    /**
     * s*_ℓ, the fraction of queues with at least ℓ jobs, if its status is OK.
     *
     * @param level the level ℓ, 0 ≤ ℓ ≤ {@link #levels()}
     * @return s*_ℓ in [0, 1] (s*_0 = 1), or NaN if the level's status is not {@link LevelStatus#OK}
     * @throws IllegalArgumentException if the level is out of range
     */
    public double s(int level) {
        checkLevel(level);
        return status[level] == LevelStatus.OK ? s[level] : Double.NaN;
    }

    /**
     * The computed s*_ℓ whatever its status; diagnostics, not display.
     *
     * @param level the level ℓ, 0 ≤ ℓ ≤ {@link #levels()}
     * @return the raw estimate, NaN when the level could not be solved
     * @throws IllegalArgumentException if the level is out of range
     */
    public double estimate(int level) {
        checkLevel(level);
        return s[level];
    }

    /**
     * Absolute error bound of {@link #estimate(int)} (first-order; docs/invariant-states.md §4).
     *
     * @param level the level ℓ, 0 ≤ ℓ ≤ {@link #levels()}
     * @return the bound, in the units of s*_ℓ (a fraction); meaningful where {@link #status(int)} is OK
     * @throws IllegalArgumentException if the level is out of range
     */
    public double errorBound(int level) {
        checkLevel(level);
        return error[level];
    }

    /**
     * Whether level ℓ is resolved, and if not why ({@link LevelStatus}).
     *
     * @param level the level ℓ, 0 ≤ ℓ ≤ {@link #levels()}
     * @return the status
     * @throws IllegalArgumentException if the level is out of range
     */
    public LevelStatus status(int level) {
        checkLevel(level);
        return status[level];
    }

    /**
     * Why a level is not OK, in words.
     *
     * @param level the level ℓ, 0 ≤ ℓ ≤ {@link #levels()}
     * @return the reason; empty when the status is OK
     * @throws IllegalArgumentException if the level is out of range
     */
    public String reason(int level) {
        checkLevel(level);
        return reason[level];
    }

    /**
     * H(ℓ) = log₂(ln(1/s*_ℓ))/ℓ, the decay rate of Theorem 3.7 (docs/invariant-states.md §5).
     *
     * @param level the level ℓ, 0 ≤ ℓ ≤ {@link #levels()}
     * @return H(ℓ); NaN for ℓ = 0 and where s*_ℓ is not OK or not in (0, 1), as in the work's Table 2
     * @throws IllegalArgumentException if the level is out of range
     */
    public double h(int level) {
        double v = s(level);
        if (level < 1 || !(v > 0) || !(v < 1)) {
            return Double.NaN;
        }
        return Math.log(Math.log(1 / v)) / Math.log(2) / level;
    }

    /**
     * F_ℓ(s) of eq. (3.4) for this state's levels below ℓ (d ≥ 2, 2 ≤ ℓ ≤ L, 0 ≤ s ≤ s*_{ℓ−1}); s*_ℓ is its fixed
     * point, unique by Proposition 4.2 for d = 2. For checks of uniqueness and monotonicity.
     *
     * @param level the level ℓ, 2 ≤ ℓ ≤ {@link #levels()}, with level ℓ − 1 solved
     * @param s     the argument, 0 ≤ s ≤ s*_{ℓ−1}
     * @return F_ℓ(s)
     * @throws IllegalArgumentException if d &lt; 2, or level or s is out of range
     */
    public double fixedPointMap(int level, double s) {
        if (problem.d() < 2) {
            throw new IllegalArgumentException("d = " + problem.d() + "; allowed for F_ℓ: d ≥ 2");
        }
        if (level < 2 || level > levels() || Double.isNaN(this.s[level - 1])) {
            throw new IllegalArgumentException("level = " + level + "; allowed: 2 ≤ level ≤ " + levels()
                    + " with level − 1 solved");
        }
        double upper = this.s[level - 1];
        if (!(s >= 0 && s <= upper)) {
            throw new IllegalArgumentException("s = " + s + "; allowed: 0 ≤ s ≤ s*_" + (level - 1) + " = " + upper);
        }
        FixedPointMap map = new FixedPointMap(integrals, problem.lambda(), problem.d(), level, mean, meanError,
                upper, beta, coef[level - 1], mass, massError);
        return map.evaluate(s).g() + s;
    }

    /**
     * The estimates s*_0..s*_L, raw (see {@link #estimate(int)}).
     *
     * @return a new array of L + 1 values, index = level
     */
    public double[] estimates() {
        return s.clone();
    }

    /**
     * One row per level: service, lambda, d, accuracy, level, s_star (NaN unless OK), error_bound, digits
     * (correct significant digits implied by the bound), status, reason, H.
     *
     * @return a new table of L rows, levels 1..L
     */
    public Table toTable() {
        Table t = Table.create("invariant state: " + problem.service().label(),
                StringColumn.create("service"), DoubleColumn.create("lambda"), IntColumn.create("d"),
                StringColumn.create("accuracy"), IntColumn.create("level"), DoubleColumn.create("s_star"),
                DoubleColumn.create("error_bound"), IntColumn.create("digits"), StringColumn.create("status"),
                StringColumn.create("reason"), DoubleColumn.create("H"));
        for (int l = 1; l <= levels(); l++) {
            t.stringColumn("service").append(problem.service().label());
            t.doubleColumn("lambda").append(problem.lambda());
            t.intColumn("d").append(problem.d());
            t.stringColumn("accuracy").append(problem.accuracy().name());
            t.intColumn("level").append(l);
            t.doubleColumn("s_star").append(s(l));
            t.doubleColumn("error_bound").append(error[l]);
            t.intColumn("digits").append(digits(l));
            t.stringColumn("status").append(status[l].name());
            t.stringColumn("reason").append(reason[l]);
            t.doubleColumn("H").append(h(l));
        }
        return t;
    }

    /**
     * Correct significant digits implied by the error bound: ⌊−log₁₀(bound/|s*_ℓ|)⌋.
     *
     * @param level the level ℓ, 0 ≤ ℓ ≤ {@link #levels()}
     * @return 0 ≤ digits ≤ 15 (0 when the bound is not below |s*_ℓ|)
     * @throws IllegalArgumentException if the level is out of range
     */
    public int digits(int level) {
        checkLevel(level);
        double rel = error[level] / Math.abs(s[level]);
        if (!(rel < 1)) {
            return 0;
        }
        return (int) Math.min(15, Math.floor(-Math.log10(Math.max(rel, 1e-16))));
    }

    @Override
    public String toString() {
        return "InvariantState[" + problem.service().label() + ", λ=" + problem.lambda() + ", d=" + problem.d()
                + ", " + problem.accuracy() + ", s*=" + Arrays.toString(Arrays.copyOfRange(s, 1, s.length)) + "]";
    }

    private void checkLevel(int level) {
        if (level < 0 || level > levels()) {
            throw new IllegalArgumentException("level = " + level + "; allowed: 0 ≤ level ≤ " + levels());
        }
    }

    // ------------------------------------------------------------ package-private: exponential-sum form

    CcdfIntegrals integrals() {
        return integrals;
    }

    double meanError() {
        return meanError;
    }

    /** β_k = λ P_d(s*_{k−1}, s*_k), 2 ≤ k ≤ L (d ≥ 2). */
    double beta(int k) {
        return beta[k];
    }

    /** c_{ℓ,k}: r_ℓ(x) = λ + Σ_{k=2}^{ℓ} c_{ℓ,k} e^{−β_k x} (d ≥ 2; r_1 ≡ λ has no terms). */
    double coefficient(int level, int k) {
        return level < 2 ? 0 : coef[level][k];
    }

    /** M(β_k) with its quadrature error. */
    Estimate mass(int k) {
        return new Estimate(mass[k], massError[k]);
    }
}
