package org.queuelab.meanfield;

import java.util.Objects;

import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;
import org.hipparchus.analysis.solvers.UnivariateSolver;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.Scaling;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The energy–delay trade-off of Blind-θ at the fluid fixed point (docs/alba.md §7, RECONSTRUCTED, low
 * confidence): E(θ) = λ + αθ(1/β + 1/γ) and R(θ) from Theorem 2, for θ ∈ (0, θ_c]. E increases and R decreases in
 * θ (constant 1 for JIQ), so (P1) min E + wR has an interior optimum where E' + wR' = 0, and (P2) min E subject to
 * R ≤ R_max is the smallest θ with R(θ) = R_max; both are solved with Hipparchus' Brent solver, R' by central
 * differences of the closed form.
 */
public final class AlbaTradeoff {

    /** A point of the trade-off. */
    public record Point(double theta, double energy, double responseTime) {
    }

    private final double lambda;
    private final double alpha;
    private final double beta;
    private final double gamma;
    private final Dispatch dispatch;
    private final int levels;
    private final double thetaCritical;

    /**
     * @param levels truncation level of the busy profiles (enough for the smallest θ used: R → ∞ as θ → 0 for
     *               Power-of-d)
     * @param lambda   arrival rate per server λ, in (0, 1)
     * @param alpha    scaling rate α per server, in (0, ∞)
     * @param beta     initialization rate β, in (0, ∞)
     * @param gamma    expiration rate γ, in (0, ∞)
     * @param dispatch Power-of-d or JBT-d
     */
    public AlbaTradeoff(double lambda, double alpha, double beta, double gamma, Dispatch dispatch, int levels) {
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
        AlbaFixedPoint.requireLevels(levels, dispatch instanceof JoinBelowThreshold j
                ? j.d() + 1L : 1);
        AlbaFixedPoint.stateLength(levels);
        this.thetaCritical = AlbaFixedPoint.thetaCritical(lambda, alpha, beta, gamma);
        this.lambda = lambda;
        this.alpha = alpha;
        this.beta = beta;
        this.gamma = gamma;
        this.levels = levels;
    }

    /** {@return θ_c; the optimization range is (0, min(1, θ_c)]} */
    public double thetaCritical() {
        return thetaCritical;
    }

    private double upper() {
        return Math.min(1.0, thetaCritical);
    }

    /**
     * {@return the fixed point's energy, response time at Blind-θ}
     *
     * @param theta Blind-θ, in [0, 1]
     */
    public Point at(double theta) {
        if (!(theta > 0 && theta <= upper())) {
            throw new IllegalArgumentException("theta = " + theta + "; allowed: 0 < theta ≤ min(1, θ_c) = "
                    + upper());
        }
        AlbaModel model = new AlbaModel(lambda, dispatch, Buffers.INFINITE,
                Scaling.asynchronous(new BlindTheta(theta), alpha), beta, gamma);
        double[] x = AlbaFixedPoint.blindTheta(model, levels).state();
        FluidMetrics m = new AlbaFluid(model, levels).metrics(x);
        return new Point(theta, m.energy(), m.responseTime());
    }

    /**
     * {@return E(θ), R(θ) on the given θ values, as a table with the parameters}
     *
     * @param thetas Blind-θ values, each in [0, 1]
     */
    public Table curve(double... thetas) {
        DoubleColumn t = DoubleColumn.create("theta");
        DoubleColumn e = DoubleColumn.create("E");
        DoubleColumn r = DoubleColumn.create("R");
        for (double theta : thetas) {
            Point p = at(theta);
            t.append(theta);
            e.append(p.energy());
            r.append(p.responseTime());
        }
        Table table = Table.create("ALBA Blind-θ trade-off", t, e, r);
        String[] label = new String[thetas.length];
        java.util.Arrays.fill(label, dispatch.label());
        table.addColumns(StringColumn.create("dispatch", label));
        for (String[] p : new String[][] {{"lambda", "" + lambda}, {"alpha", "" + alpha}, {"beta", "" + beta},
            {"gamma", "" + gamma}}) {
            String[] v = new String[thetas.length];
            java.util.Arrays.fill(v, p[1]);
            table.addColumns(StringColumn.create(p[0], v));
        }
        return table;
    }

    /**
     * {@return (P1): argmin over θ of E(θ) + w·R(θ)}
     *
     * @param weight w, the weight of the response time, in [0, ∞)
     */
    public Point weighted(double weight) {
        if (!(weight > 0 && Double.isFinite(weight))) {
            throw new IllegalArgumentException("weight = " + weight + "; allowed: 0 < w < ∞");
        }
        double lo = 1e-9 * upper();
        double hi = upper();
        double slope = alpha * (1 / beta + 1 / gamma);
        java.util.function.DoubleUnaryOperator derivative = theta -> {
            double h = 1e-6 * theta;
            double rPrime = (at(theta + h).responseTime() - at(theta - h).responseTime()) / (2 * h);
            return slope + weight * rPrime;
        };
        if (derivative.applyAsDouble(hi * (1 - 1e-6)) <= 0) {
            return at(hi);
        }
        if (derivative.applyAsDouble(lo * 2) >= 0) {
            return at(lo * 2);
        }
        UnivariateSolver solver = new BracketingNthOrderBrentSolver(1e-12, 1e-12, 1e-15, 5);
        double theta = solver.solve(500, derivative::applyAsDouble, lo * 2, hi * (1 - 1e-6));
        return at(theta);
    }

    /**
     * (P2): the smallest θ with R(θ) ≤ R_max, the least energy meeting the delay target.
     *
     * @param maxResponseTime R_max, the delay target, in (0, ∞) (units of time)
     * @return the point at the smallest such θ
     * @throws IllegalArgumentException if even θ_c misses the target (R(θ_c) &gt; R_max)
     */
    public Point constrained(double maxResponseTime) {
        if (!(maxResponseTime > 0)) {
            throw new IllegalArgumentException("R_max = " + maxResponseTime + "; allowed: R_max > 0");
        }
        Point best = at(upper());
        if (best.responseTime() > maxResponseTime) {
            throw new IllegalArgumentException("R_max = " + maxResponseTime + " is infeasible: R(θ_c) = "
                    + best.responseTime() + "; allowed: R_max ≥ " + best.responseTime());
        }
        double lo = 1e-9 * upper();
        if (at(lo).responseTime() <= maxResponseTime) {
            return at(lo);
        }
        UnivariateSolver solver = new BracketingNthOrderBrentSolver(1e-14, 1e-14, 1e-15, 5);
        double theta = solver.solve(500, th -> at(th).responseTime() - maxResponseTime, lo, upper());
        return at(theta);
    }
}
