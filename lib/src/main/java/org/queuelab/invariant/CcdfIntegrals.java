package org.queuelab.invariant;

import java.util.function.DoubleUnaryOperator;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.invariant.GaussKronrod.Estimate;

/**
 * Integrals ∫_from^∞ Ḡ(x) w(x) dx of a service law's complementary cdf against a non-negative weight, to a
 * relative tolerance, using nothing of the law but Ḡ (docs/invariant-states.md §4).
 *
 * <p>[from, ∞) is cut at the end of the initial flat part of Ḡ (sup{x : Ḡ(x) = 1}, the kink of a classical
 * Pareto at x_m or of a shifted exponential at c, found by bisection on Ḡ alone) and then into geometric panels
 * [4^k/1024, 4^(k+1)/1024]; each panel is integrated by adaptive Gauss–Kronrod. Panels stop when Ḡ reaches 0
 * or when the geometric tail estimate v·q/(1−q) from the last two panel values (which covers power-law and
 * exponential tails alike) is below the tolerance; that estimate is added to the error.
 */
final class CcdfIntegrals {

    private static final double FIRST_PANEL_END = 1.0 / 1024;
    private static final double PANEL_RATIO = 4;
    private static final int MAX_PANELS = 600;
    private static final int MAX_PIECES_PER_PANEL = 400;
    /** Panels end before this point: beyond it x·Ḡ(x) products and panel widths approach overflow. */
    private static final double LAST_BREAK = 1e300;

    private final ServiceDistribution law;
    private final double flatEnd;
    private final double relTol;

    CcdfIntegrals(ServiceDistribution law, double relTol) {
        this.law = law;
        this.relTol = relTol;
        requireCcdf(law);
        this.flatEnd = flatEnd(law);
    }

    /** A cheap sanity check of Ḡ on a log grid: values in [0, 1], non-increasing. */
    private static void requireCcdf(ServiceDistribution law) {
        double previous = 1;
        for (double x = 1e-6; x <= 1e6; x *= 10) {
            double g = law.ccdf(x);
            if (!(g >= 0 && g <= previous)) {
                throw new IllegalArgumentException("service " + law.label() + ": ccdf(" + x + ") = " + g
                        + " after " + previous + "; allowed: a non-increasing ccdf with values in [0, 1]");
            }
            previous = g;
        }
    }

    /** sup{x ≥ 0 : Ḡ(x) = 1}: 0 for laws with mass near 0; x_m for a classical Pareto; c for a shifted exponential. */
    static double flatEnd(ServiceDistribution law) {
        if (law.ccdf(Double.MIN_NORMAL) < 1) {
            return 0;
        }
        double hi = 1e-3;
        while (law.ccdf(hi) >= 1) {
            hi *= 2;
            if (hi > 1e12) {
                throw new IllegalArgumentException("service law " + law.label() + ": ccdf(x) = 1 for all x ≤ 1e12; "
                        + "allowed: a law with finite mean");
            }
        }
        double lo = 0;
        for (int i = 0; i < 200 && hi - lo > Math.ulp(hi); i++) {
            double mid = 0.5 * (lo + hi);
            if (law.ccdf(mid) >= 1) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    double flatEnd() {
        return flatEnd;
    }

    double relativeTolerance() {
        return relTol;
    }

    double ccdf(double x) {
        return law.ccdf(x);
    }

    /** ∫_0^∞ Ḡ = E[S]. */
    Estimate mean() {
        return integrate(x -> 1.0, 0);
    }

    /** M(β) = ∫_0^∞ Ḡ(x)(1 − e^{−βx}) dx, computed without cancellation (docs/invariant-states.md §4). */
    Estimate mass(double beta) {
        return integrate(x -> -Math.expm1(-beta * x), 0);
    }

    /** T(β, r) = ∫_r^∞ Ḡ(y) e^{−βy} dy (docs/invariant-states.md §6). */
    Estimate tail(double beta, double from) {
        return integrate(x -> Math.exp(-beta * x), from);
    }

    /** m_j = ∫_0^∞ Ḡ(x) x^j e^{−λx} dx (the d = 1 recursion, docs/invariant-states.md §9.3). */
    Estimate moment(int j, double lambda) {
        return integrate(x -> Math.pow(x, j) * Math.exp(-lambda * x), 0);
    }

    /**
     * ∫_from^∞ Ḡ(x) w(x) dx for a non-negative weight w.
     *
     * <p>Heavy tails: for Ḡ(x) ~ c·x^{−a} (a Pareto or Lomax law near the edge of finite mean, a → 1⁺) the panel
     * values shrink by the nearly constant factor q → 4^{1−a}, so v·q/(1−q) is the tail's integral itself rather
     * than a small correction; it is accepted once the extrapolated total total + v·q/(1−q) has settled (changed
     * by ≤ relTol/10 from the previous panel, with q stable), and its change plus the panels' quadrature error
     * amplified by 1/(1 − q) is added to the error. A tail that has not settled by x = {@value #LAST_BREAK} is
     * refused with its apparent power and the accuracy reached.
     */
    Estimate integrate(DoubleUnaryOperator weight, double from) {
        DoubleUnaryOperator f = x -> {
            double g = law.ccdf(x);
            return g == 0 ? 0 : g * weight.applyAsDouble(x);
        };
        double total = 0;
        double error = 0;
        double previous = Double.NaN;
        double previousError = Double.NaN;
        double previousRatio = Double.NaN;
        double previousExtrapolated = Double.NaN;
        double a = from;
        for (int panel = 0; panel < MAX_PANELS && a < LAST_BREAK; panel++) {
            double b = nextBreak(a);
            Estimate piece;
            try {
                piece = GaussKronrod.integrate(f, a, b, 0.25 * relTol * total, 0.25 * relTol, MAX_PIECES_PER_PANEL);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("service " + law.label() + ": " + e.getMessage()
                        + "; allowed: a ccdf with values in [0, 1]", e);
            }
            total += piece.value();
            error += piece.error();
            if (law.ccdf(b) == 0) {
                return new Estimate(total, error);
            }
            double v = piece.value();
            double ratio = Double.NaN;
            double extrapolated = Double.NaN;
            if (b > flatEnd && previous > 0 && v < previous) {
                ratio = v / previous;
                double tail = v * ratio / (1 - ratio);
                if (tail <= 0.1 * relTol * total) {
                    return new Estimate(total, error + tail);
                }
                extrapolated = total + tail;
                double change = Math.abs(extrapolated - previousExtrapolated);
                if (change <= 0.1 * relTol * extrapolated
                        && Math.abs(ratio - previousRatio) <= 1e-3 * (1 - ratio)) {
                    double ratioError = piece.error() / v + previousError / previous;
                    return new Estimate(extrapolated, error + change + tail * ratioError / (1 - ratio));
                }
            }
            previous = v;
            previousError = piece.error();
            previousRatio = ratio;
            previousExtrapolated = extrapolated;
            a = b;
        }
        throw heavyTail(a, previousRatio, previous, total, previousExtrapolated);
    }

    /** The refusal of a tail whose integral has not settled by x = a. */
    private IllegalArgumentException heavyTail(double a, double ratio, double lastPanel, double total,
                                               double extrapolated) {
        double power = Double.isNaN(ratio) ? Double.NaN : 1 - Math.log(ratio) / Math.log(PANEL_RATIO);
        double reached = Double.isNaN(extrapolated) ? Double.NaN
                : lastPanel * ratio / (1 - ratio) / extrapolated;
        return new IllegalArgumentException("service " + law.label() + ": the integral of its ccdf has not converged"
                + " by x = " + a + " (integral so far " + total + "); its tail decays like x^(−" + power
                + ") there, and the relative accuracy reached is " + reached + " against the " + relTol
                + " required; allowed: laws whose ccdf integral converges to that accuracy by x = " + LAST_BREAK
                + " (a power tail needs a ccdf exponent clearly above 1)");
    }

    private double nextBreak(double a) {
        if (a < flatEnd) {
            return flatEnd;
        }
        double b = FIRST_PANEL_END;
        while (b <= a) {
            b *= PANEL_RATIO;
        }
        return b;
    }
}
