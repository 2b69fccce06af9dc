package org.queuelab.repro.alba;

import java.util.Objects;
import java.util.Optional;

import org.hipparchus.analysis.solvers.BrentSolver;

import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;

/**
 * The energy–delay optimization of ALBA's Section VI as reconstructed in {@code alba.md} §6: under Blind-θ the
 * fixed point of Theorem 2 is explicit, so steady-state energy E(θ) and mean response time R(θ) are cheap
 * functions of the one design variable θ ∈ (0, θ_max] (θ_max = min(1, θ_c)).
 *
 * <ul>
 *   <li>(P1) weighted: minimize J(θ) = E(θ) + w·R(θ);</li>
 *   <li>(P2) constrained: minimize E(θ) subject to R(θ) ≤ R_max. E increases and R decreases in θ, so the
 *       answer is the smallest θ with R(θ) ≤ R_max, and the problem is infeasible when R(θ_max) &gt; R_max.</li>
 * </ul>
 *
 * <p>The curve θ ↦ (E, R) is supplied by the caller (in the notebook: the mean-field fixed point for a dispatcher),
 * so this class only optimizes. (P1) uses golden-section search: J is unimodal on the interval when E is linear
 * and R convex, which holds for Power-of-d and JBT-d (checked on the sweep in the notebook); like any search on
 * function values it locates θ_opt to about √(machine ε) relative, far below the spec's printed digits. The Hipparchus
 * optimizers live in hipparchus-optim, which the project does not depend on; root finding for (P2) uses
 * Hipparchus' {@link BrentSolver}.
 */
public final class EnergyDelayTradeoff {

    /** A steady state of the curve: θ, E(θ), R(θ). */
    public record Point(double theta, double energy, double responseTime) {
    }

    /** θ ↦ (E(θ), R(θ)), for instance from a fixed point of the fluid model. */
    @FunctionalInterface
    public interface Curve {
        Point at(double theta);
    }

    /** Relative width of the smallest θ tried, as a fraction of θ_max (R diverges as θ → 0 for Power-of-d). */
    private static final double THETA_FLOOR = 1e-9;
    private static final double THETA_ACCURACY = 1e-12;

    private final Curve curve;
    private final double thetaMax;
    private final double thetaMin;

    /**
     * @param curve    θ ↦ (E, R); must be finite on (0, θ_max]
     * @param thetaMax upper end of the design interval, 0 &lt; θ_max ≤ 1 (usually min(1, θ_c))
     */
    public EnergyDelayTradeoff(Curve curve, double thetaMax) {
        this.curve = Objects.requireNonNull(curve, "curve");
        if (!(thetaMax > 0 && thetaMax <= 1)) {
            throw new IllegalArgumentException("thetaMax = " + thetaMax + "; allowed: 0 < thetaMax ≤ 1");
        }
        this.thetaMax = thetaMax;
        this.thetaMin = THETA_FLOOR * thetaMax;
    }

    /** The upper end θ_max of the design interval. */
    public double thetaMax() {
        return thetaMax;
    }

    /** The curve at θ, with θ checked against the design interval (0, θ_max]. */
    public Point at(double theta) {
        if (!(theta > 0 && theta <= thetaMax)) {
            throw new IllegalArgumentException("theta = " + theta + "; allowed: 0 < theta ≤ " + thetaMax);
        }
        Point p = curve.at(theta);
        if (!(Double.isFinite(p.energy()) && Double.isFinite(p.responseTime()))) {
            throw new IllegalStateException("curve at theta = " + theta + " is not finite: " + p);
        }
        return p;
    }

    /** E and R at each θ, as a table with columns theta, E, R. */
    public Table sweep(double... thetas) {
        DoubleColumn th = DoubleColumn.create("theta");
        DoubleColumn e = DoubleColumn.create("E");
        DoubleColumn r = DoubleColumn.create("R");
        for (double theta : thetas) {
            Point p = at(theta);
            th.append(theta);
            e.append(p.energy());
            r.append(p.responseTime());
        }
        return Table.create("E(θ), R(θ)", th, e, r);
    }

    /** (P1): the θ minimizing E(θ) + w·R(θ) on (0, θ_max], for a weight w &gt; 0. */
    public Point minimizeWeighted(double w) {
        if (!(w > 0 && Double.isFinite(w))) {
            throw new IllegalArgumentException("w = " + w + "; allowed: 0 < w < ∞");
        }
        // Golden-section search for a unimodal objective.
        final double invPhi = (Math.sqrt(5) - 1) / 2;
        double a = thetaMin;
        double b = thetaMax;
        double c = b - invPhi * (b - a);
        double d = a + invPhi * (b - a);
        double fc = objective(c, w);
        double fd = objective(d, w);
        while (b - a > THETA_ACCURACY * thetaMax) {
            if (fc <= fd) {
                b = d;
                d = c;
                fd = fc;
                c = b - invPhi * (b - a);
                fc = objective(c, w);
            } else {
                a = c;
                c = d;
                fc = fd;
                d = a + invPhi * (b - a);
                fd = objective(d, w);
            }
        }
        double best = 0.5 * (a + b);
        // The optimum may sit on an end of the interval.
        double[] candidates = {best, thetaMin, thetaMax};
        double arg = best;
        double min = Double.POSITIVE_INFINITY;
        for (double t : candidates) {
            double f = objective(t, w);
            if (f < min) {
                min = f;
                arg = t;
            }
        }
        return at(arg);
    }

    /**
     * (P2): the smallest θ with R(θ) ≤ R_max, or empty when even θ_max gives R(θ_max) &gt; R_max (infeasible).
     * R must be non-increasing in θ.
     */
    public Optional<Point> smallestThetaWithin(double rMax) {
        if (!(rMax > 0) || Double.isNaN(rMax)) {
            throw new IllegalArgumentException("rMax = " + rMax + "; allowed: rMax > 0");
        }
        if (at(thetaMax).responseTime() > rMax) {
            return Optional.empty();
        }
        if (at(thetaMin).responseTime() <= rMax) {
            return Optional.of(at(thetaMin));
        }
        double theta = new BrentSolver(THETA_ACCURACY * thetaMax)
                .solve(10_000, t -> at(t).responseTime() - rMax, thetaMin, thetaMax);
        return Optional.of(at(theta));
    }

    /** (P1) for each weight: columns w, theta_opt, E, R. */
    public Table weightedOptima(double... weights) {
        DoubleColumn wc = DoubleColumn.create("w");
        DoubleColumn th = DoubleColumn.create("theta_opt");
        DoubleColumn e = DoubleColumn.create("E");
        DoubleColumn r = DoubleColumn.create("R");
        for (double w : weights) {
            Point p = minimizeWeighted(w);
            wc.append(w);
            th.append(p.theta());
            e.append(p.energy());
            r.append(p.responseTime());
        }
        return Table.create("(P1) min E + w·R", wc, th, e, r);
    }

    /** (P2) for each bound: columns R_max, feasible, theta, E, R (NaN when infeasible). */
    public Table constrainedOptima(double... rMaxes) {
        DoubleColumn rm = DoubleColumn.create("R_max");
        BooleanColumn feasible = BooleanColumn.create("feasible");
        DoubleColumn th = DoubleColumn.create("theta");
        DoubleColumn e = DoubleColumn.create("E");
        DoubleColumn r = DoubleColumn.create("R");
        for (double rMax : rMaxes) {
            Optional<Point> p = smallestThetaWithin(rMax);
            rm.append(rMax);
            feasible.append(p.isPresent());
            th.append(p.map(Point::theta).orElse(Double.NaN));
            e.append(p.map(Point::energy).orElse(Double.NaN));
            r.append(p.map(Point::responseTime).orElse(Double.NaN));
        }
        return Table.create("(P2) min E s.t. R ≤ R_max", rm, feasible, th, e, r);
    }

    private double objective(double theta, double w) {
        Point p = at(theta);
        return p.energy() + w * p.responseTime();
    }
}
