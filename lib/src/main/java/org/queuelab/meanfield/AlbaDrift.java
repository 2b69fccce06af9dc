package org.queuelab.meanfield;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.hipparchus.analysis.solvers.BracketedUnivariateSolver;
import org.hipparchus.analysis.solvers.BracketingNthOrderBrentSolver;
import org.hipparchus.analysis.UnivariateFunction;
import org.hipparchus.exception.MathIllegalArgumentException;
import org.hipparchus.exception.MathIllegalStateException;
import org.hipparchus.ode.ODEState;
import org.hipparchus.ode.ODEStateAndDerivative;
import org.hipparchus.ode.OrdinaryDifferentialEquation;
import org.hipparchus.ode.events.Action;
import org.hipparchus.ode.events.AdaptableInterval;
import org.hipparchus.ode.events.ODEEventDetector;
import org.hipparchus.ode.events.ODEEventHandler;
import org.hipparchus.ode.nonstiff.DormandPrince853Integrator;
import org.hipparchus.ode.sampling.ODEStateInterpolator;
import org.queuelab.policy.ScalingRule;
import org.queuelab.policy.ScalingState;

/**
 * The ALBA fluid drift ({@code alba.md} §3.1, the a.e. form of §3.2) and its sliding-mode integrator. SQ(d),
 * JIQ/JBT-d without scaling and fluid TABS ({@code tabs.md} §4.2) are special cases and reuse it.
 *
 * <p>State layout: {@code x[0] = x_{0,0}} (cold), {@code x[1] = x_{0,1}} (initializing), {@code x[2+i] = x_{i,2}}
 * (warm with i jobs), i = 0..K, where K is the buffer B or the truncation level of an infinite buffer.
 *
 * <p><b>Discontinuities.</b> The drift has two sliding boundaries: the cold pool {x_{0,0} = 0} (while
 * αg ≥ γx_{0,2}, every expiring server is picked up again at once) and, for JBT-d, the pool of servers holding ≤ d
 * jobs {x_{i,2} = 0, i ≤ d} (while S = x_{d+1,2} + (d+1)βx_{0,1} ≤ λ, every new slot is filled at once). Each
 * boundary is a mode: <em>free</em> (the interior formula, continued smoothly past the boundary inside trial
 * stages) or <em>pinned</em> (the exact boundary formula of §3.1, whose pool derivatives are exactly zero, so an
 * explicit Runge–Kutta step keeps the pinned coordinates exactly at 0 — the reduced sliding dynamics).
 * Mode changes are located by Hipparchus event detectors (boundary hit: the pool mass reaches 0; departure: the
 * sign condition αg − γx_{0,2} or λ − S turns negative); at each one the integration stops, the state is
 * projected onto the boundary (mass-conserving) and restarted with the new mode. This is exact sliding, without
 * the O(τ, ε) bias and the 1/ε stiffness of the regularization of §3.3; conservation holds to round-off because
 * every Runge–Kutta stage has a zero-sum derivative.
 *
 * <p>For JBT-d with d ≥ 1 the free pool drift λx_{i,2}/s is singular as the pool mass s → 0 (internal rates
 * λ/s); the pool is pinned once s ≤ {@link #POOL_ENTRY_MASS} and its residual mass moved to level d + 1
 * (a change of at most (d+1)·10⁻¹⁰ in the number of jobs).
 */
final class AlbaDrift {

    /** Pool mass below which a shrinking JBT-d pool (d ≥ 1) is declared empty. */
    static final double POOL_ENTRY_MASS = 1e-10;
    /**
     * Hysteresis on the sliding conditions (rates): a boundary is left only when its condition fails by more than
     * this. Near x⋆ both sliding conditions hold with equality in the limit and round-off would otherwise make the
     * modes chatter (a Zeno accumulation of switches); the price is a flow error ≤ 10⁻¹² per unit time.
     */
    static final double SWITCH_MARGIN = 1e-12;
    private static final int MAX_SEGMENTS = 10_000;
    /**
     * Largest overflow rate one busy server takes, in jobs per unit time. The JBT-d overflow (λ − S)⁺ is spread
     * over the busy servers above d in proportion to their mass (§3.1); when that mass y_{d+1} is vanishing (e.g.
     * right after a start with no warm server) each receives (λ − S)/y_{d+1} → ∞ jobs per unit time, a singular,
     * arbitrarily stiff climb of a zero-mass set to "infinite levels". Above this cap the overflow is treated as
     * lost, as §3.1/§3.3 do at y_{d+1} = 0. The cap binds only while y_{d+1} < (λ − S)/10³ ≤ 10⁻³: never at a fixed
     * point or in the reference trajectories.
     */
    static final double OVERFLOW_RATE_CAP = 1e3;

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

    AlbaDrift(String label, double lambda, double alpha, double beta, double gamma, int levels, boolean truncated,
              Dispatcher dispatcher, int d, ScaleUp scaleUp, ScalingRule rule, boolean nonFullOverflow) {
        this.label = label;
        this.lambda = lambda;
        this.alpha = alpha;
        this.beta = beta;
        this.gamma = gamma;
        this.levels = levels;
        this.truncated = truncated;
        this.dispatcher = dispatcher;
        this.d = d;
        this.scaleUp = scaleUp;
        this.rule = rule;
        this.nonFullOverflow = nonFullOverflow;
        int minLevels = dispatcher == Dispatcher.JBT ? d + 1 : 1;
        if (levels < minLevels) {
            throw new IllegalArgumentException("levels K = " + levels + "; allowed: K ≥ " + minLevels);
        }
    }

    int dimension() {
        return levels + 3;
    }

    Evaluator evaluator() {
        return new Evaluator();
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

    /** Scratch space and modes for one solve; not thread-safe. */
    final class Evaluator {
        final double[] y = new double[levels + 2];
        final double[] h = new double[levels + 1];
        final View view = new View();
        boolean coldPinned;
        boolean poolPinned;
        long evaluations;
        double lost;
        double acceptedByPool;

        /** Σ_{i ≤ d} x_{i,2}, the JBT-d pool mass. */
        double pool(double[] x) {
            double s = 0;
            for (int i = 0; i <= d; i++) {
                s += x[2 + i];
            }
            return s;
        }

        /** S = x_{d+1,2} + (d+1)βx_{0,1}, the rate at which the pool's slots are created when it is empty. */
        double slotCreation(double[] x) {
            return x[3 + d] + (d + 1) * beta * x[1];
        }

        /** The scale-up demand (αg, the TABS-d overflow, or 0) before the cold-pool cap. */
        double demand(double[] x, double y0, boolean poolEmpty) {
            switch (scaleUp) {
                case ASYNCHRONOUS: {
                    view.set(x, y0);
                    double g = rule.probability(view);
                    if (!(g >= 0 && g <= 1)) {
                        throw new IllegalStateException("scaling rule " + rule.label() + " returned g = " + g
                                + "; allowed: 0 ≤ g ≤ 1");
                    }
                    return alpha * g;
                }
                case ON_ARRIVAL:
                    return poolEmpty ? Math.max(0.0, lambda - slotCreation(x)) : 0.0;
                default:
                    return 0.0;
            }
        }

        double warm(double[] x) {
            double s = 0;
            for (int i = 0; i <= levels; i++) {
                s += x[2 + i];
            }
            return s;
        }

        /** Sets the modes from the state (exact zero tests), optionally forcing a boundary free. */
        void resetModes(double[] x, boolean forcePoolFree, boolean forceColdFree) {
            boolean poolEmpty = false;
            if (dispatcher == Dispatcher.JBT) {
                poolEmpty = pool(x) == 0;
                poolPinned = !forcePoolFree && poolEmpty && slotCreation(x) <= lambda + SWITCH_MARGIN;
            } else {
                poolPinned = false;
            }
            if (scaleUp == ScaleUp.NONE || forceColdFree) {
                coldPinned = false;
            } else {
                coldPinned = x[0] == 0 && demand(x, warm(x), poolEmpty) + SWITCH_MARGIN >= gamma * x[2];
            }
        }

        void derivatives(double[] x, double[] dx) {
            evaluations++;
            final int k = levels;
            y[k + 1] = 0;
            for (int i = k; i >= 0; i--) {
                y[i] = y[i + 1] + x[2 + i];
            }
            final double y0 = y[0];
            Arrays.fill(h, 0.0);
            boolean poolEmpty = false;
            if (dispatcher == Dispatcher.POWER_OF_D) {
                if (y0 > 0) {
                    double previous = 1.0;
                    for (int i = 0; i <= k; i++) {
                        double next = i < k ? power(y[i + 1] / y0, d) : 0.0;
                        h[i] = lambda * (previous - next);
                        previous = next;
                    }
                } else {
                    h[0] = Math.min(lambda, beta * x[1]);
                }
            } else {
                double s = pool(x);
                if (!poolPinned && s > 0) {
                    for (int i = 0; i <= d; i++) {
                        h[i] = lambda * x[2 + i] / s;
                    }
                } else if (!poolPinned && s < 0) {
                    h[d] = lambda; // a trial stage past the boundary: continue the interior formula smoothly
                } else {
                    poolEmpty = true;
                    double slots = slotCreation(x);
                    double refill = beta * x[1];
                    if (poolPinned || slots <= lambda) {
                        for (int i = 0; i < d; i++) {
                            h[i] = refill;
                        }
                        h[d] = refill + x[3 + d];
                        spreadExcess(x, Math.max(0.0, lambda - slots));
                    } else {
                        double scale = lambda / slots;
                        for (int i = 0; i < d; i++) {
                            h[i] = refill * scale;
                        }
                        h[d] = (refill + x[3 + d]) * scale;
                    }
                }
            }
            double demand = demand(x, y0, poolEmpty);
            double a = coldPinned ? Math.min(demand, gamma * x[2]) : demand;
            dx[0] = coldPinned ? 0.0 : gamma * x[2] - a;
            dx[1] = a - beta * x[1];
            dx[2] = beta * x[1] + (k >= 1 ? x[3] : 0.0) - gamma * x[2] - h[0];
            double accepted = 0;
            for (int i = 1; i <= k; i++) {
                double in = h[i - 1];
                accepted += in;
                double out = i < k ? h[i] - x[3 + i] : 0.0;
                dx[2 + i] = in - out - x[2 + i];
            }
            if (poolPinned) {
                for (int i = 0; i <= d; i++) {
                    dx[2 + i] = 0.0;
                }
            }
            lost = lambda - accepted;
            acceptedByPool = accepted;
        }

        private void spreadExcess(double[] x, double excess) {
            if (excess <= 0) {
                return;
            }
            int top = nonFullOverflow ? levels - 1 : levels;
            double denominator = y[d + 1] - (nonFullOverflow ? x[2 + levels] : 0.0);
            if (denominator <= 0) {
                return; // no busy server can take it: lost (§3.1, §3.3)
            }
            double perServer = Math.min(excess / denominator, OVERFLOW_RATE_CAP);
            for (int i = d + 1; i <= top; i++) {
                h[i] += perServer * x[2 + i];
            }
        }

        /** g of the event detector for the cold boundary, in the current mode (events act on decrease). */
        double coldSwitch(double[] x) {
            if (!coldPinned) {
                return x[0];
            }
            boolean poolEmpty = dispatcher == Dispatcher.JBT && (poolPinned || pool(x) == 0);
            return demand(x, warm(x), poolEmpty) - gamma * x[2] + SWITCH_MARGIN;
        }

        /** g of the event detector for the JBT-d pool boundary, in the current mode. */
        double poolSwitch(double[] x) {
            if (!poolPinned) {
                return pool(x) - (d == 0 ? 0.0 : POOL_ENTRY_MASS);
            }
            return lambda - slotCreation(x) + SWITCH_MARGIN;
        }
    }

    /** A {@link ScalingState} view over a fluid state, reused across evaluations. */
    final class View implements ScalingState {
        private double[] x;
        private double warm;

        void set(double[] state, double y0) {
            this.x = state;
            this.warm = y0;
        }

        @Override public double lambda() { return lambda; }
        @Override public double alpha() { return alpha; }
        @Override public double beta() { return beta; }
        @Override public double cold() { return x[0]; }
        @Override public double initializing() { return x[1]; }
        @Override public double idleOn() { return x[2]; }
        @Override public double oneJob() { return levels >= 1 ? x[3] : 0.0; }
        @Override public double warm() { return warm; }
    }

    static double power(double base, int exponent) {
        double r = 1.0;
        for (int i = 0; i < exponent; i++) {
            r *= base;
        }
        return r;
    }

    /** Raw output of a solve. */
    record Run(double[] times, double[][] states, long evaluations, int switches, double maxBoundaryMass,
               double minCoordinate, double maxMassError) {
    }

    /** Validates an output grid: finite, strictly increasing, starting at ≥ 0, ending at > 0. */
    static void requireGrid(double[] times) {
        if (times == null || times.length == 0) {
            throw new IllegalArgumentException("times = empty; allowed: a non-empty increasing grid in [0, ∞)");
        }
        for (int i = 0; i < times.length; i++) {
            if (!Double.isFinite(times[i]) || times[i] < 0 || (i > 0 && !(times[i] > times[i - 1]))) {
                throw new IllegalArgumentException("times[" + i + "] = " + times[i]
                        + "; allowed: finite, ≥ 0, strictly increasing");
            }
        }
        if (!(times[times.length - 1] > 0)) {
            throw new IllegalArgumentException("horizon = " + times[times.length - 1] + "; allowed: horizon > 0");
        }
    }

    /** Integrates from x0 at t = 0 and samples the state at each grid time. */
    Run integrate(double[] x0, double[] times, FluidOptions options) {
        requireState(x0);
        requireGrid(times);
        final double horizon = times[times.length - 1];
        final Evaluator ev = evaluator();
        final double[][] out = new double[times.length][];
        final double[] stats = {0.0, Double.POSITIVE_INFINITY, 0.0}; // max boundary mass, min coordinate, max mass error
        double[] x = x0.clone();
        ev.resetModes(x, false, false);
        int[] next = {0};
        while (next[0] < times.length && times[next[0]] == 0) {
            out[next[0]++] = x.clone();
        }
        observe(x, 0.0, options, stats);
        double t = 0;
        int switches = 0;
        int segments = 0;
        OrdinaryDifferentialEquation ode = new OrdinaryDifferentialEquation() {
            @Override
            public int getDimension() {
                return dimension();
            }

            @Override
            public double[] computeDerivatives(double time, double[] state) {
                double[] dx = new double[state.length];
                ev.derivatives(state, dx);
                return dx;
            }
        };
        while (t < horizon) {
            if (++segments > MAX_SEGMENTS) {
                throw new IllegalStateException(label + ": more than " + MAX_SEGMENTS
                        + " boundary switches before t = " + horizon + " (chattering); stopped at t = " + t);
            }
            DormandPrince853Integrator integrator = new DormandPrince853Integrator(
                    1e-20, Math.min(options.maxStep(), horizon), options.absoluteTolerance(),
                    options.relativeTolerance());
            int remaining = (int) Math.max(100, options.maxEvaluations() - ev.evaluations);
            integrator.setMaxEvaluations(remaining);
            Boundary[] fired = {null};
            if (scaleUp != ScaleUp.NONE) {
                integrator.addEventDetector(new Switch(Boundary.COLD, ev, fired));
            }
            if (dispatcher == Dispatcher.JBT) {
                integrator.addEventDetector(new Switch(Boundary.POOL, ev, fired));
            }
            integrator.addStepHandler((ODEStateInterpolator interpolator) -> {
                double tEnd = interpolator.getCurrentState().getTime();
                while (next[0] < times.length && times[next[0]] <= tEnd) {
                    out[next[0]] = interpolator.getInterpolatedState(times[next[0]]).getPrimaryState();
                    next[0]++;
                }
                observe(interpolator.getCurrentState().getPrimaryState(), tEnd, options, stats);
            });
            ODEStateAndDerivative end;
            try {
                end = integrator.integrate(ode, new ODEState(t, x), horizon);
            } catch (MathIllegalStateException | MathIllegalArgumentException e) {
                throw new IllegalStateException(label + ": fluid integration could not meet its tolerance (abs "
                        + options.absoluteTolerance() + ", rel " + options.relativeTolerance() + ", at most "
                        + options.maxEvaluations() + " drift evaluations) after t = " + t + ": " + e.getMessage(), e);
            }
            t = end.getTime();
            x = end.getPrimaryState();
            if (fired[0] != null) {
                switches++;
                switch (fired[0]) {
                    case COLD:
                        if (ev.coldPinned) {
                            ev.resetModes(x, false, true);
                        } else {
                            x[1] += x[0];
                            x[0] = 0.0;
                            ev.resetModes(x, false, false);
                        }
                        break;
                    case POOL:
                        if (ev.poolPinned) {
                            ev.resetModes(x, true, false);
                        } else {
                            double moved = 0;
                            for (int i = 0; i <= d; i++) {
                                moved += x[2 + i];
                                x[2 + i] = 0.0;
                            }
                            x[3 + d] += moved;
                            ev.resetModes(x, false, false);
                        }
                        break;
                    default:
                        throw new AssertionError(fired[0]);
                }
            }
        }
        for (int i = 0; i < out.length; i++) {
            if (out[i] == null) {
                out[i] = x.clone();
            }
        }
        return new Run(times.clone(), out, ev.evaluations, switches, stats[0], stats[1], stats[2]);
    }

    /**
     * Classical fixed-step RK4 on the drift with the modes of the initial state and no boundary handling: a
     * baseline for benchmarks and a cross-check on trajectories that stay off the sliding boundaries.
     */
    Run integrateClassicalRk4(double[] x0, double[] times, double h) {
        requireState(x0);
        requireGrid(times);
        if (!(h > 0 && Double.isFinite(h))) {
            throw new IllegalArgumentException("step h = " + h + "; allowed: h > 0");
        }
        Evaluator ev = evaluator();
        double[] x = x0.clone();
        ev.resetModes(x, false, false);
        int n = x.length;
        double[] k1 = new double[n];
        double[] k2 = new double[n];
        double[] k3 = new double[n];
        double[] k4 = new double[n];
        double[] tmp = new double[n];
        double[][] out = new double[times.length][];
        double t = 0;
        for (int g = 0; g < times.length; g++) {
            double span = times[g] - t;
            if (span > 0) {
                long steps = (long) Math.ceil(span / h - 1e-9);
                double dt = span / steps;
                for (long s = 0; s < steps; s++) {
                    ev.derivatives(x, k1);
                    for (int i = 0; i < n; i++) {
                        tmp[i] = x[i] + 0.5 * dt * k1[i];
                    }
                    ev.derivatives(tmp, k2);
                    for (int i = 0; i < n; i++) {
                        tmp[i] = x[i] + 0.5 * dt * k2[i];
                    }
                    ev.derivatives(tmp, k3);
                    for (int i = 0; i < n; i++) {
                        tmp[i] = x[i] + dt * k3[i];
                    }
                    ev.derivatives(tmp, k4);
                    for (int i = 0; i < n; i++) {
                        x[i] += dt / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
                    }
                }
                t = times[g];
            }
            out[g] = x.clone();
        }
        return new Run(times.clone(), out, ev.evaluations, 0, 0, 0, 0);
    }

    private void observe(double[] x, double t, FluidOptions options, double[] stats) {
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        for (double v : x) {
            sum += v;
            min = Math.min(min, v);
        }
        stats[1] = Math.min(stats[1], min);
        stats[2] = Math.max(stats[2], Math.abs(sum - 1));
        if (Math.abs(sum - 1) > 1e-9) {
            throw new IllegalStateException(label + ": mass " + sum + " at t = " + t + " (conservation lost)");
        }
        if (truncated) {
            double top = x[2 + levels];
            stats[0] = Math.max(stats[0], top);
            if (top > options.truncationTolerance()) {
                throw new TruncationTooSmallException(label, levels, top, options.truncationTolerance(), t);
            }
        }
    }

    enum Boundary { COLD, POOL }

    /** Event detector of one boundary; the integration stops when g decreases through 0. */
    private final class Switch implements ODEEventDetector {
        private final Boundary boundary;
        private final Evaluator ev;
        private final Boundary[] fired;
        private final BracketedUnivariateSolver<UnivariateFunction> solver =
                new BracketingNthOrderBrentSolver(1e-14, 1e-12, 1e-18, 5);

        Switch(Boundary boundary, Evaluator ev, Boundary[] fired) {
            this.boundary = boundary;
            this.ev = ev;
            this.fired = fired;
        }

        @Override
        public AdaptableInterval getMaxCheckInterval() {
            return AdaptableInterval.of(1.0); // step ends are always checked; 1 time unit ≪ every switching time scale
        }

        @Override
        public int getMaxIterationCount() {
            return 200;
        }

        @Override
        public BracketedUnivariateSolver<UnivariateFunction> getSolver() {
            return solver;
        }

        @Override
        public ODEEventHandler getHandler() {
            return (state, detector, increasing) -> {
                if (increasing) {
                    return Action.CONTINUE;
                }
                fired[0] = boundary;
                return Action.STOP;
            };
        }

        @Override
        public double g(ODEStateAndDerivative state) {
            double[] x = state.getPrimaryState();
            return boundary == Boundary.COLD ? ev.coldSwitch(x) : ev.poolSwitch(x);
        }
    }

    /** The loss rate and the drift at x, with modes set from x. */
    double[] driftAt(double[] x, double[] lossOut) {
        Evaluator ev = evaluator();
        ev.resetModes(x, false, false);
        double[] dx = new double[dimension()];
        ev.derivatives(x, dx);
        if (lossOut != null) {
            lossOut[0] = ev.lost;
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
