package org.queuelab.invariant;

import org.hipparchus.analysis.integration.gauss.GaussIntegrator;
import org.hipparchus.analysis.integration.gauss.GaussIntegratorFactory;
import org.queuelab.guard.Budget;
import org.queuelab.guard.Memory;
import org.queuelab.guard.Sizes;

/**
 * Mean virtual waiting time W* in the invariant state (docs/invariant-states.md §6; the work's eqs. (4.3)–(4.4)).
 *
 * <p>A virtual arrival joins the shortest of d sampled queues, which has length ≥ ℓ with probability (s*_ℓ)^d; given
 * length exactly ℓ it waits the residual service of the job in service plus ℓ−1 services of mean E[S]:
 * <pre>
 *   W* = Σ_ℓ (ℓ−1)E[S]((s*_ℓ)^d − (s*_{ℓ+1})^d) + Σ_ℓ P_d(s*_ℓ, s*_{ℓ+1}) ∫_0^∞ (Z_ℓ(r) − Z_{ℓ+1}(r)) dr,   (4.3)
 *   Z_ℓ(r) = ∫ Ḡ(x+r) r_ℓ(x) dx,   ∫_0^∞ (Z_ℓ − Z_{ℓ+1}) dr = Σ_k e_{ℓ,k} M(β_k)/β_k,
 * </pre>
 * with r_ℓ − r_{ℓ+1} = Σ_k e_{ℓ,k} e^{−β_k x}. The approximation (4.4) truncates at L0 levels and replaces ∫_0^∞ dr by
 * a Riemann sum with step δ on [0, R0]; Z_ℓ − Z_{ℓ+1} = Σ_k e_{ℓ,k} e^{β_k r} T_k(r), T_k(r) = ∫_r^∞ Ḡ(y)e^{−β_k y}dy,
 * accumulated backwards from one tail quadrature at the end of the grid with 10-point Gauss–Legendre per cell.
 * Little's law gives the identity W* = Σ_ℓ s*_ℓ/λ − E[S], used as a check (it converges slowly for heavy tails).
 * Requires d ≥ 2 (the exponential-sum form; for d = 1, Little's law is the Pollaczek–Khinchine formula).
 */
public final class VirtualWaitingTime {

    /** The work's L0 = 6 levels in (4.4) (FOUND). */
    public static final int PAPER_LEVELS = 6;
    /** The work's R0 = 20 (FOUND). */
    public static final double PAPER_HORIZON = 20;
    /** The work's δ = 0.003 (FOUND). */
    public static final double PAPER_STEP = 0.003;

    private static final int CELL_POINTS = 10;

    private VirtualWaitingTime() {
    }

    /**
     * The (4.4) sums on the grid r_j = jδ, j = 0..J, J = ⌈R0/δ⌉: left Riemann (j &lt; J) and trapezoid;
     * {@code levels} is the number of levels actually summed (fewer than asked when higher levels are unresolved).
     *
     * @param levels      levels summed, ≤ L0
     * @param horizon     R0, in the service law's time unit
     * @param step        δ, in the service law's time unit
     * @param leftRiemann W* by the left Riemann sum
     * @param trapezoid   W* by the trapezoid sum
     */
    public record Approximation(int levels, double horizon, double step, double leftRiemann, double trapezoid) {
    }

    /**
     * Σ_{ℓ=1}^{L} s*_ℓ/λ − E[S] over the computed levels whose estimate exists (Little's law truncated at L). For
     * heavy tails the neglected levels matter: compare with {@link #littleTail(InvariantState)}.
     *
     * @param state a solved invariant state
     * @return W* by truncated Little's law, in the service law's time unit
     * @throws IllegalArgumentException for d = 1 and a service law of infinite variance (W* = ∞)
     */
    public static double little(InvariantState state) {
        InvariantStateProblem problem = state.problem();
        if (problem.d() == 1 && !(problem.service().variance() < Double.POSITIVE_INFINITY)) {
            // Pollaczek–Khinchine: W = λE[S²]/(2(1−ρ)); a truncated sum would return a finite number silently
            throw new IllegalArgumentException("service = " + problem.service().label() + " has E[S²] = ∞ "
                    + "(variance " + problem.service().variance() + "), so the M/G/1 mean wait (d = 1) is infinite; "
                    + "allowed: a service law with finite variance");
        }
        double sum = 0;
        for (int l = 1; l <= lastSolved(state); l++) {
            sum += state.estimate(l);
        }
        return sum / state.problem().lambda() - state.serviceMean();
    }

    /**
     * s*_L/λ at the last solved level L: the size of the last term of {@link #little}, a truncation indicator.
     *
     * @param state a solved invariant state
     * @return s*_L/λ, in the service law's time unit
     */
    public static double littleTail(InvariantState state) {
        return state.estimate(lastSolved(state)) / state.problem().lambda();
    }

    /**
     * Eq. (4.3) with R0 = ∞, summed over levels ℓ = 1..L−1 where L is the last solved level (r_L is needed for the
     * term ℓ = L−1).
     *
     * @param state a solved invariant state
     * @return W* by (4.3), in the service law's time unit
     * @throws IllegalArgumentException if d &lt; 2 (use {@link #little} there)
     */
    public static double integral(InvariantState state) {
        requireExponentialSums(state);
        int last = lastSolved(state);
        double w = 0;
        for (int l = 1; l < last; l++) {
            double[] e = differenceCoefficients(state, l);
            double inner = 0;
            for (int k = 2; k <= l + 1; k++) {
                inner += e[k] * state.mass(k).value() / state.beta(k);
            }
            w += queued(state, l) + routing(state, l) * inner;
        }
        return w;
    }

    /**
     * Eq. (4.4) with the work's parameters L0 = {@value #PAPER_LEVELS}, R0 = 20, δ = 0.003.
     *
     * @param state a solved invariant state with more than {@value #PAPER_LEVELS} levels and d ≥ 2
     * @return the left Riemann and trapezoid sums and the levels used
     * @throws IllegalArgumentException if d &lt; 2 or the state has too few levels
     */
    public static Approximation approximation(InvariantState state) {
        return approximation(state, PAPER_LEVELS, PAPER_HORIZON, PAPER_STEP);
    }

    /**
     * Eq. (4.4) with at most L0 levels (level ℓ needs r_{ℓ+1}; levels above the last solved one, smaller than its
     * s*, are dropped), horizon R0 and step δ.
     *
     * @param state   a solved invariant state with d ≥ 2
     * @param levels  L0, 1 ≤ L0 ≤ state levels − 1
     * @param horizon R0, 0 &lt; R0 &lt; ∞, in the service law's time unit
     * @param step    δ, 0 &lt; δ ≤ R0
     * @return the left Riemann and trapezoid sums and the levels used
     * @throws IllegalArgumentException if d &lt; 2 or a parameter is out of range (the message names it)
     */
    public static Approximation approximation(InvariantState state, int levels, double horizon, double step) {
        requireExponentialSums(state);
        if (levels < 1 || levels >= state.levels()) {
            throw new IllegalArgumentException("levels = " + levels + "; allowed: 1 ≤ levels ≤ "
                    + (state.levels() - 1) + " (one less than the levels of the state)");
        }
        if (!(horizon > 0) || Double.isInfinite(horizon)) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 0 < horizon < ∞");
        }
        if (!(step > 0) || !(step <= horizon)) {
            throw new IllegalArgumentException("step = " + step + "; allowed: 0 < step ≤ horizon = " + horizon);
        }
        // Levels above the last solved one are unresolvably small (< s*_last); their terms are dropped.
        int used = Math.min(levels, lastSolved(state) - 1);
        int terms = used + 1;
        int cells = cells(horizon, step, terms);
        CcdfIntegrals q = state.integrals();
        // t[k][j] = e^{β_k r_j} T_k(r_j), backward accumulation from the tail at r_J.
        double[][] scaledTail = new double[terms + 1][cells + 1];
        CellRule rule = new CellRule(q, step, cells);
        for (int k = 2; k <= terms; k++) {
            double beta = state.beta(k);
            double tail = q.tail(beta, cells * step).value();
            scaledTail[k][cells] = Math.exp(beta * cells * step) * tail;
            for (int j = cells - 1; j >= 0; j--) {
                tail += rule.integrate(j, beta);
                scaledTail[k][j] = Math.exp(beta * j * step) * tail;
            }
        }
        double left = 0;
        double trapezoid = 0;
        for (int l = 1; l <= used; l++) {
            double[] e = differenceCoefficients(state, l);
            double sumLeft = 0;
            double f0 = 0;
            double fJ = 0;
            for (int j = 0; j <= cells; j++) {
                double f = 0;
                for (int k = 2; k <= l + 1; k++) {
                    f += e[k] * scaledTail[k][j];
                }
                if (j < cells) {
                    sumLeft += f;
                }
                if (j == 0) {
                    f0 = f;
                }
                if (j == cells) {
                    fJ = f;
                }
            }
            double queued = queued(state, l);
            double weight = routing(state, l) * step;
            left += queued + weight * sumLeft;
            trapezoid += queued + weight * (sumLeft + 0.5 * (fJ - f0));
        }
        return new Approximation(used, horizon, step, left, trapezoid);
    }

    /** Highest level whose estimate exists. */
    static int lastSolved(InvariantState state) {
        int last = 0;
        while (last < state.levels() && !Double.isNaN(state.estimate(last + 1))) {
            last++;
        }
        return last;
    }

    private static void requireExponentialSums(InvariantState state) {
        if (state.problem().d() < 2) {
            throw new IllegalArgumentException("d = " + state.problem().d() + "; allowed for (4.3)–(4.4): d ≥ 2 "
                    + "(for d = 1 use little(), the Pollaczek–Khinchine value)");
        }
    }

    /** (ℓ−1)E[S]((s_ℓ)^d − (s_{ℓ+1})^d). */
    private static double queued(InvariantState state, int l) {
        int d = state.problem().d();
        return (l - 1) * state.serviceMean()
                * (Math.pow(state.estimate(l), d) - Math.pow(state.estimate(l + 1), d));
    }

    /** P_d(s_ℓ, s_{ℓ+1}). */
    private static double routing(InvariantState state, int l) {
        return FixedPointMap.routing(state.problem().d(), state.estimate(l), state.estimate(l + 1));
    }

    /** e_{ℓ,k} = c_{ℓ,k} − c_{ℓ+1,k}, 2 ≤ k ≤ ℓ+1: r_ℓ − r_{ℓ+1} = Σ_k e_{ℓ,k} e^{−β_k x}. */
    private static double[] differenceCoefficients(InvariantState state, int l) {
        double[] e = new double[l + 2];
        for (int k = 2; k <= l + 1; k++) {
            e[k] = (k <= l ? state.coefficient(l, k) : 0) - state.coefficient(l + 1, k);
        }
        return e;
    }

    /**
     * 10-point Gauss–Legendre on each grid cell [jδ, (j+1)δ], split at the kink of Ḡ (end of its flat part) when
     * it falls inside a cell; Ḡ is evaluated once per node and reused for every β.
     */
    private static final class CellRule {
        private final double[][] nodes;
        private final double[][] weightedCcdf;

        CellRule(CcdfIntegrals q, double step, int cells) {
            GaussIntegrator unit = new GaussIntegratorFactory().legendre(CELL_POINTS);
            double kink = q.flatEnd();
            nodes = new double[cells][];
            weightedCcdf = new double[cells][];
            for (int j = 0; j < cells; j++) {
                double a = j * step;
                double b = (j + 1) * step;
                double[] cuts = kink > a && kink < b ? new double[]{a, kink, b} : new double[]{a, b};
                int n = (cuts.length - 1) * CELL_POINTS;
                nodes[j] = new double[n];
                weightedCcdf[j] = new double[n];
                int i = 0;
                for (int c = 0; c + 1 < cuts.length; c++) {
                    double half = 0.5 * (cuts[c + 1] - cuts[c]);
                    double mid = 0.5 * (cuts[c + 1] + cuts[c]);
                    for (int p = 0; p < CELL_POINTS; p++) {
                        double x = mid + half * unit.getPoint(p);
                        nodes[j][i] = x;
                        weightedCcdf[j][i] = half * unit.getWeight(p) * q.ccdf(x);
                        i++;
                    }
                }
            }
        }

        /** ∫ over cell j of Ḡ(y) e^{−βy} dy. */
        double integrate(int j, double beta) {
            double sum = 0;
            for (int i = 0; i < nodes[j].length; i++) {
                sum += weightedCcdf[j][i] * Math.exp(-beta * nodes[j][i]);
            }
            return sum;
        }
    }

    /**
     * ⌈R0/δ⌉ cells, refused before allocation when the (terms + 1) × (cells + 1) table exceeds an array or the
     * heap, or the terms × cells cell quadratures exceed the step budget ({@link Budget#steps()}).
     */
    private static int cells(double horizon, double step, int terms) {
        double count = Math.ceil(horizon / step - 1e-9);
        String what = "virtual waiting time with horizon/step = " + horizon + "/" + step;
        Budget.steps().require(what + " over " + terms + " terms (cell quadratures)", count * terms);
        int cells = Sizes.arrayLength(what, (long) count, 1) - 1;
        Memory.require(what, Memory.doubles((terms + 1L) * (cells + 1L)), "a larger step or a shorter horizon");
        return cells;
    }
}
