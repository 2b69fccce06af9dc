package org.queuelab.meanfield;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.queuelab.guard.Memory;
import org.queuelab.guard.Sizes;
import org.queuelab.meanfield.ode.Boundary;
import org.queuelab.meanfield.ode.FluidProblem;
import org.queuelab.meanfield.ode.FluidSolver;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.policy.Scaling;
import org.queuelab.policy.ScalingRule;
import org.queuelab.policy.ScalingState;

/**
 * The ALBA fluid drift (docs/alba.md §3, in its almost-everywhere form) as a {@link FluidProblem} for the one
 * {@link FluidSolver}: the drift in the current boundary modes, its two sliding boundaries and their projections,
 * and the stiff region of small JBT-d pools. SQ(d), JIQ/JBT-d without scaling and fluid TABS (docs/tabs.md §4)
 * are special cases and reuse it; each model is translated in one factory ({@link #of(AlbaModel, int)},
 * {@link #alwaysWarm}, {@link #tabs}).
 *
 * <p>State layout: {@code x[0] = x_{0,0}} (cold), {@code x[1] = x_{0,1}} (initializing), {@code x[2+i] = x_{i,2}}
 * (warm with i jobs), i = 0..K, where K is the buffer B or the truncation level of an infinite buffer.
 *
 * <p><b>Discontinuities.</b> The drift has two sliding boundaries: the cold pool {x_{0,0} = 0} (while
 * αg ≥ γx_{0,2}, every expiring server is picked up again at once) and, for JBT-d, the pool of servers holding ≤ d
 * jobs {x_{i,2} = 0, i ≤ d} (while S = x_{d+1,2} + (d+1)βx_{0,1} ≤ λ, every new slot is filled at once). Each
 * boundary is a mode: <em>free</em> (the interior formula, continued smoothly past the boundary inside trial
 * stages) or <em>pinned</em> (the exact boundary formula of docs/alba.md §3, whose pool derivatives are exactly zero, so an
 * explicit Runge–Kutta step keeps the pinned coordinates exactly at 0 — the reduced sliding dynamics).
 * Mode changes are located by Hipparchus event detectors (boundary hit: the pool mass reaches 0; departure: the
 * sign condition αg − γx_{0,2} or λ − S turns negative); at each one the integration stops, the state is
 * projected onto the boundary (mass-conserving) and restarted with the new mode. This is exact sliding, without
 * the O(τ, ε) bias and the 1/ε stiffness of the regularization of docs/alba.md §3; conservation holds to round-off because
 * every Runge–Kutta stage has a zero-sum derivative.
 *
 * <p>For JBT-d with d ≥ 1 the free pool drift λx_{i,2}/s is singular as the pool mass s → 0 (internal rates
 * λ/s); the pool is pinned once s ≤ {@link #POOL_ENTRY_MASS} and its residual mass moved to level d + 1
 * (a change of at most (d+1)·10⁻¹⁰ in the number of jobs). Symmetrically, a pool that leaves the empty boundary
 * (S &gt; λ) is formed with mass {@link #POOL_FORMING_MASS} taken from level d + 1, split as the pool's
 * quasi-stationary profile x_{i,2}/s = c_i/S (c_i the slot creation rate into level i): started at s = 0, its split
 * λx_{i,2}/s was round-off, the pool mass dipped below 0 within two steps and its emptiness event, whose function
 * was already negative, could not fire (JBT-1/JBT-2 Blind-0.02 at λ = 0.5 from half cold, half idle-on failed so at
 * t ≈ 31.6, where S − λ exceeded the switch margin by 10⁻¹⁴).
 *
 * <p><b>Stiff JBT-d pools (d ≥ 1).</b> Right after a JBT-d pool (d ≥ 1) leaves the empty boundary its mass grows
 * like s ≈ (S − λ)t, and its internal levels relax at rates λ/s: the stiffness ratio hλ/s ≈ λ/(S − λ) does not
 * shrink with the step, so no explicit step is stable there, and a pool lingering at s ~ 10⁻³ (TABS-1 from the
 * Figure 1 state oscillates so) costs an explicit method ~λ/s evaluations per time unit. With
 * {@link FluidOptions.Integrator#AUTO} such segments (free pool, s &lt; {@link #STIFF_POOL_ENTRY}) run the
 * L-stable Rosenbrock–W method {@code RosenbrockW} (ROS34PW2) with a finite-difference Jacobian whose pool
 * increments scale with s ({@link AlbaDriftProblem#jacobianIncrement}) and whose pool columns, the stiff ones, are
 * refreshed at every step ({@link AlbaDriftProblem#fastColumns}); the segment hands back to Dormand–Prince once
 * s &gt; {@link #STIFF_POOL_EXIT}. The sliding boundaries, their events and projections are the same for both
 * integrators. Why an implicit method rather than a quasi-steady reduction of the pool: the reduction is exact only
 * as s → 0, while the lingering pools of TABS-d have s ~ 10⁻⁴–10⁻², where it would bias the curve by O(s); the
 * Rosenbrock method integrates the full drift to the requested tolerance at any s. With
 * {@link FluidOptions.Integrator#EXPLICIT} those runs cost ~λ/s evaluations per time unit and stop with an
 * {@link IllegalStateException} at the evaluation budget (or the negativity guard) instead of returning a wrong
 * curve.
 */
final class AlbaDrift {

    /** Pool mass below which a shrinking JBT-d pool (d ≥ 1) is declared empty. */
    static final double POOL_ENTRY_MASS = 1e-10;
    /** Mass with which a JBT-d pool (d ≥ 1) leaving the empty boundary is formed (above {@link #POOL_ENTRY_MASS}). */
    static final double POOL_FORMING_MASS = 2 * POOL_ENTRY_MASS;
    /**
     * Hysteresis on the sliding conditions (rates): a boundary is left only when its condition fails by more than
     * this. Near x⋆ both sliding conditions hold with equality in the limit and round-off would otherwise make the
     * modes chatter (a Zeno accumulation of switches); the price is a flow error ≤ 10⁻¹² per unit time.
     */
    static final double SWITCH_MARGIN = 1e-12;
    /** AUTO integrator choice: a free JBT-d pool (d ≥ 1) lighter than this is integrated implicitly … */
    static final double STIFF_POOL_ENTRY = 1e-2;
    /** … until it is heavier than this (hysteresis, so that the hand-over does not chatter). */
    static final double STIFF_POOL_EXIT = 5e-2;
    /**
     * Largest overflow rate one busy server takes, in jobs per unit time. The JBT-d overflow (λ − S)⁺ is spread
     * over the busy servers above d in proportion to their mass (docs/alba.md §3); when that mass y_{d+1} is vanishing (e.g.
     * right after a start with no warm server) each receives (λ − S)/y_{d+1} → ∞ jobs per unit time, a singular,
     * arbitrarily stiff climb of a zero-mass set to "infinite levels". Above this cap the overflow is treated as
     * lost, as docs/alba.md §3 does at y_{d+1} = 0. The cap binds only while y_{d+1} < (λ − S)/10³ ≤ 10⁻³: never at a fixed
     * point or in the reference trajectories.
     */
    static final double OVERFLOW_RATE_CAP = 1e3;
    /** Largest K: the state has K + 3 coordinates and every solve keeps a few dozen vectors of that length. */
    static final int MAX_LEVELS = 50_000_000;

    enum Dispatcher { POWER_OF_D, JBT }

    enum ScaleUp { ASYNCHRONOUS, ON_ARRIVAL, NONE }

    final String label;
    final double lambda;
    final double alpha;
    final double beta;
    final double gamma;
    final int levels;
    final boolean truncated;
    final Dispatcher dispatcher;
    final int d;
    final ScaleUp scaleUp;
    final ScalingRule rule;
    final boolean nonFullOverflow;

    /** The scale-up part of a model: its kind, rate α and rule g. */
    private record ScaleUpSpec(ScaleUp kind, double alpha, ScalingRule rule) {
    }

    private AlbaDrift(String label, double lambda, ScaleUpSpec scaling, double beta, double gamma, int levels,
                      boolean truncated, Dispatch dispatch, boolean nonFullOverflow) {
        requireLevels(levels);
        this.label = label;
        this.lambda = lambda;
        this.alpha = scaling.alpha();
        this.rule = scaling.rule();
        this.scaleUp = scaling.kind();
        this.beta = beta;
        this.gamma = gamma;
        this.levels = levels;
        this.truncated = truncated;
        this.nonFullOverflow = nonFullOverflow;
        if (dispatch instanceof PowerOfD p) {
            this.dispatcher = Dispatcher.POWER_OF_D;
            this.d = p.d();
        } else if (dispatch instanceof RandomDispatch) {
            this.dispatcher = Dispatcher.POWER_OF_D;
            this.d = 1;
        } else if (dispatch instanceof JoinBelowThreshold j) {
            this.dispatcher = Dispatcher.JBT;
            this.d = j.d();
        } else {
            throw new IllegalArgumentException("dispatch = " + dispatch.label()
                    + "; allowed: PowerOfD, RandomDispatch or JoinBelowThreshold (SQ(d,N): MemoryFluid)");
        }
        int minLevels = dispatcher == Dispatcher.JBT ? d + 1 : 1;
        if (levels < minLevels) {
            throw new IllegalArgumentException("levels K = " + levels + "; allowed: K ≥ " + minLevels);
        }
        if (truncated && levels < d + 2) {
            throw new IllegalArgumentException("truncation = " + levels + "; allowed: truncation ≥ d + 2 = "
                    + (d + 2));
        }
    }

    /** The ALBA model with K levels (K = B, or the truncation of an infinite buffer): the one translation. */
    static AlbaDrift of(AlbaModel model, int truncation) {
        requireTruncation(model.buffer(), truncation);
        ScaleUpSpec scaling;
        if (model.scaling() instanceof Scaling.Asynchronous a) {
            scaling = new ScaleUpSpec(ScaleUp.ASYNCHRONOUS, a.alpha(), a.rule());
        } else if (model.scaling() instanceof Scaling.OnArrival) {
            if (!(model.dispatch() instanceof JoinBelowThreshold)) {
                throw new IllegalArgumentException("dispatch = " + model.dispatch().label()
                        + " with on-arrival scaling; allowed: JoinBelowThreshold (TABS-d fluid image, docs/alba.md §4)");
            }
            scaling = new ScaleUpSpec(ScaleUp.ON_ARRIVAL, 0, null);
        } else {
            scaling = new ScaleUpSpec(ScaleUp.NONE, 0, null);
        }
        String label = "ALBA fluid (" + model.dispatch().label() + ", " + model.scaling().label() + ")";
        return new AlbaDrift(label, model.lambda(), scaling, model.beta(), model.gamma(), truncation,
                model.infiniteBuffer(), model.dispatch(), false);
    }

    /** Always-warm servers (SQ(d), Random, JBT-d/JIQ without scaling): the ALBA drift with no cold mass. */
    static AlbaDrift alwaysWarm(double lambda, Dispatch dispatch, int buffer, int truncation) {
        requireTruncation(buffer, truncation);
        return new AlbaDrift(dispatch.label() + " fluid", lambda, new ScaleUpSpec(ScaleUp.NONE, 0, null), 1, 0,
                truncation, Buffers.isInfinite(buffer), dispatch, false);
    }

    /** The TABS fluid (docs/tabs.md §4): the TABS-0 image of ALBA with β = ν_r, γ = µ_r and its overflow rule. */
    static AlbaDrift tabs(TabsModel model, int truncation) {
        requireTruncation(model.buffer(), truncation);
        if (truncation < 2) {
            throw new IllegalArgumentException("levels = " + truncation + "; allowed: ≥ 2");
        }
        return new AlbaDrift("TABS fluid", model.lambda(), new ScaleUpSpec(ScaleUp.ON_ARRIVAL, 0, null),
                model.setupRate(), model.standbyRate(), truncation, Buffers.isInfinite(model.buffer()),
                new JoinBelowThreshold(0), model.overflow() == TabsModel.Overflow.NONFULL_UNIFORM);
    }

    private static void requireTruncation(int buffer, int truncation) {
        if (!Buffers.isInfinite(buffer) && truncation != buffer) {
            throw new IllegalArgumentException("truncation = " + truncation + " with buffer B = " + buffer
                    + "; allowed: truncation = B (truncation applies to infinite buffers)");
        }
    }

    /** Refuses a K whose state vector would overflow an int or not be integrable in memory, before any work. */
    static void requireLevels(int levels) {
        if (levels > MAX_LEVELS) {
            throw new IllegalArgumentException("levels K = " + levels + ": the state would have " + (levels + 3L)
                    + " coordinates; allowed: K ≤ " + MAX_LEVELS + " (a truncation of an infinite buffer needs far"
                    + " fewer: the mass at level K decays geometrically)");
        }
    }

    int dimension() {
        return levels + 3;
    }

    /** A fresh problem (modes, scratch space, counters) for one solve; not thread-safe. */
    AlbaDriftProblem problem(double truncationTolerance) {
        return new AlbaDriftProblem(this, truncationTolerance);
    }

    /**
     * Negative round-off tolerated in a state: integrated states may undershoot 0 by about the integrator's
     * absolute tolerance where g(x) has a kink that no event locates.
     */
    static final double STATE_TOLERANCE = 1e-9;

    /** Checks a state vector: right length, finite, non-negative (to 1e-9), summing to 1 (to 1e-9). */
    void requireState(double[] x) {
        if (x == null || x.length != dimension()) {
            throw new IllegalArgumentException("state length = " + (x == null ? "null" : x.length)
                    + "; allowed: " + dimension() + " (x00, x01, x_{i,2} for i = 0.." + levels + ")");
        }
        double sum = 0;
        for (int i = 0; i < x.length; i++) {
            if (!(x[i] >= -STATE_TOLERANCE && x[i] <= 1 + STATE_TOLERANCE)) {
                throw new IllegalArgumentException("state[" + i + "] = " + x[i] + "; allowed: 0 ≤ x ≤ 1");
            }
            sum += x[i];
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw new IllegalArgumentException("state sums to " + sum + "; allowed: |Σx − 1| ≤ 1e-9");
        }
    }


    static double power(double base, int exponent) {
        double r = 1.0;
        for (int i = 0; i < exponent; i++) {
            r *= base;
        }
        return r;
    }

    /** The solver description put in trajectory tables. */
    static String solverLabel(FluidOptions options) {
        switch (options.integrator()) {
            case EXPLICIT:
                return "DormandPrince853 + sliding events";
            case IMPLICIT:
                return "ROS34PW2 Rosenbrock-W + sliding events";
            default:
                return "DormandPrince853 / ROS34PW2 on stiff JBT-d pools (auto) + sliding events";
        }
    }

    /** Integrates from x0 at t = 0 and samples the state at each grid time, with the one {@link FluidSolver}. */
    FluidSolver.Solution integrate(double[] x0, double[] times, FluidOptions options) {
        requireState(Objects.requireNonNull(x0, "x0"));
        FluidSolver.requireGrid(times);
        // one state per output time, kept twice (solution and the named series), plus the integrator's stages
        Memory.require(label + " with levels K = " + levels + " (buffer B or truncation) on " + times.length
                + " output times", Sizes.multiply("states", 2L * times.length + 16, Memory.doubles(dimension())),
                "fewer output times, or a smaller buffer B or truncation");
        return FluidSolver.solve(problem(options.truncationTolerance()), x0, times, options.settings());
    }

    /**
     * Classical fixed-step RK4 on the drift with the modes of the initial state and no boundary handling: a
     * baseline for benchmarks and a cross-check on trajectories that stay off the sliding boundaries. Its 4 drift
     * evaluations per step are counted against {@code budget} before any work.
     */
    AlbaFluid.FixedStepRun integrateClassicalRk4(double[] x0, double[] times, double h, long budget) {
        requireState(Objects.requireNonNull(x0, "x0"));
        FluidSolver.requireGrid(times);
        if (!(h > 0 && Double.isFinite(h))) {
            throw new IllegalArgumentException("step h = " + h + "; allowed: h > 0");
        }
        long steps = FixedSteps.count(times, h);
        FixedSteps.requireBudget(label + " (classical RK4)", 4.0 * steps, budget, times[times.length - 1], h);
        AlbaDriftProblem problem = problem(Double.POSITIVE_INFINITY);
        double[] x = x0.clone();
        problem.enterSegment(x);
        double[][] out = new double[times.length][];
        Rk4 rk4 = new Rk4(problem);
        double t = 0;
        for (int g = 0; g < times.length; g++) {
            double span = times[g] - t;
            if (span > 0) {
                long n = FixedSteps.steps(span, h);
                for (long s = 0; s < n; s++) {
                    rk4.step(x, span / n);
                }
                t = times[g];
            }
            out[g] = x.clone();
        }
        return new AlbaFluid.FixedStepRun(out, 4 * steps);
    }

    /** One classical RK4 step in place. */
    private static final class Rk4 {
        final AlbaDriftProblem problem;
        final double[][] k;
        final double[] tmp;

        Rk4(AlbaDriftProblem problem) {
            this.problem = problem;
            int n = problem.dimension();
            this.k = new double[4][n];
            this.tmp = new double[n];
        }

        void step(double[] x, double dt) {
            int n = x.length;
            double[] weights = {0.5, 0.5, 1.0};
            problem.derivatives(x, k[0]);
            for (int stage = 1; stage < 4; stage++) {
                for (int i = 0; i < n; i++) {
                    tmp[i] = x[i] + weights[stage - 1] * dt * k[stage - 1][i];
                }
                problem.derivatives(tmp, k[stage]);
            }
            for (int i = 0; i < n; i++) {
                x[i] += dt / 6 * (k[0][i] + 2 * k[1][i] + 2 * k[2][i] + k[3][i]);
            }
        }
    }

    /** The loss rate and the drift at x, with modes set from x. */
    double[] driftAt(double[] x, double[] lossOut) {
        AlbaDriftProblem problem = problem(Double.POSITIVE_INFINITY);
        problem.enterSegment(x);
        double[] dx = new double[dimension()];
        problem.derivatives(x, dx);
        if (lossOut != null) {
            lossOut[0] = problem.lost;
        }
        return dx;
    }
    List<String> coordinateNames() {
        List<String> names = new ArrayList<>(dimension());
        names.add("x00");
        names.add("x01");
        names.add("x02");
        for (int i = 1; i <= levels; i++) {
            names.add("x" + i + "_2");
        }
        return names;
    }
}
