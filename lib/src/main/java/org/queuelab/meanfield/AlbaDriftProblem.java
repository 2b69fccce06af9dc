package org.queuelab.meanfield;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * The ALBA drift of {@link AlbaDrift} prepared for one solve: its boundary modes (cold pool, JBT-d pool), the
 * boundaries the solver locates, the projections onto them and the scratch space of the derivative; not
 * thread-safe.
 */
final class AlbaDriftProblem implements FluidProblem {
    final AlbaDrift drift;
    final double[] y;
    final double[] h;
    final View view;
    final double truncationTolerance;
    final Boundary cold = Boundary.of("cold pool", this::coldSwitch);
    final Boundary pool;
    boolean coldPinned;
    boolean poolPinned;
    double lost;

    AlbaDriftProblem(AlbaDrift drift, double truncationTolerance) {
        this.drift = drift;
        this.y = new double[drift.levels + 2];
        this.h = new double[drift.levels + 1];
        this.view = new View(drift);
        this.pool = Boundary.of("JBT-" + drift.d + " pool", this::poolSwitch);
        this.truncationTolerance = truncationTolerance;
    }

    @Override
    public String label() {
        return drift.label;
    }

    @Override
    public int dimension() {
        return drift.dimension();
    }

    @Override
    public List<String> coordinateNames() {
        return drift.coordinateNames();
    }

    @Override
    public void enterSegment(double[] x) {
        resetModes(x, false, false);
    }

    @Override
    public List<Boundary> boundaries() {
        List<Boundary> watched = new ArrayList<>(2);
        if (drift.scaleUp != AlbaDrift.ScaleUp.NONE) {
            watched.add(cold);
        }
        if (drift.dispatcher == AlbaDrift.Dispatcher.JBT) {
            watched.add(pool);
        }
        return watched;
    }

    @Override
    public void project(Boundary boundary, double[] x) {
        if (boundary == cold) {
            if (coldPinned) {
                resetModes(x, false, true);
            } else {
                x[1] += x[0];
                x[0] = 0.0;
                resetModes(x, false, false);
            }
        } else if (boundary == pool) {
            if (poolPinned) {
                resetModes(x, true, false);
            } else {
                double moved = 0;
                for (int i = 0; i <= drift.d; i++) {
                    moved += x[2 + i];
                    x[2 + i] = 0.0;
                }
                x[3 + drift.d] += moved;
                resetModes(x, false, false);
            }
            if (!poolPinned && drift.d >= 1 && pool(x) < AlbaDrift.POOL_FORMING_MASS) {
                formPool(x);
            }
        } else {
            throw new IllegalArgumentException("boundary = " + boundary + "; allowed: " + boundaries());
        }
    }

    /**
     * Forms a free JBT-d pool (d ≥ 1) of mass {@link #AlbaDrift.POOL_FORMING_MASS} in its quasi-stationary profile
     * x_{i,2}/s = c_i/S (c_i = βx_{0,1} for i &lt; d, βx_{0,1} + x_{d+1,2} for i = d; S = Σc_i), taken from
     * level d + 1 (from the initializing servers for what level d + 1 lacks).
     */
    private void formPool(double[] x) {
        double existing = pool(x);
        double add = AlbaDrift.POOL_FORMING_MASS - existing;
        double refill = drift.beta * x[1];
        double top = refill + x[3 + drift.d];
        double slots = slotCreation(x);
        if (!(slots > 0) || x[3 + drift.d] + x[1] < add) {
            return;
        }
        double fromAbove = Math.min(add, x[3 + drift.d]);
        x[3 + drift.d] -= fromAbove;
        x[1] -= add - fromAbove;
        for (int i = 0; i <= drift.d; i++) {
            x[2 + i] += add * (i < drift.d ? refill : top) / slots;
        }
        renormalizePool(x, existing + add);
        resetModes(x, true, false);
    }

    /** Round-off guard: makes the pool coordinates sum to exactly {@code target} (on the largest). */
    private void renormalizePool(double[] x, double target) {
        int largest = 2;
        for (int i = 0; i <= drift.d; i++) {
            if (x[2 + i] > x[largest]) {
                largest = 2 + i;
            }
        }
        x[largest] += target - pool(x);
    }

    @Override
    public StiffRegion stiffRegion() {
        if (drift.dispatcher != AlbaDrift.Dispatcher.JBT || drift.d == 0 || poolPinned) {
            return null;
        }
        return stiffPools;
    }

    private final StiffRegion stiffPools = new StiffRegion() {
        private final Boundary entry = Boundary.of("JBT pool below " + AlbaDrift.STIFF_POOL_ENTRY,
                x -> pool(x) - AlbaDrift.STIFF_POOL_ENTRY);
        private final Boundary exit = Boundary.of("JBT pool above " + AlbaDrift.STIFF_POOL_EXIT,
                x -> AlbaDrift.STIFF_POOL_EXIT - pool(x));

        @Override
        public boolean contains(double[] x) {
            return !poolPinned && pool(x) < AlbaDrift.STIFF_POOL_ENTRY;
        }

        @Override
        public Boundary entry() {
            return entry;
        }

        @Override
        public Boundary exit() {
            return exit;
        }
    };

    @Override
    public double check(double t, double[] x) {
        if (!drift.truncated) {
            return 0.0;
        }
        double top = x[2 + drift.levels];
        if (top > truncationTolerance) {
            throw new TruncationTooSmallException(drift.label, drift.levels, top, truncationTolerance, t);
        }
        return top;
    }

    /** Σ_{i ≤ d} x_{i,2}, the JBT-d pool mass. */
    double pool(double[] x) {
        double s = 0;
        for (int i = 0; i <= drift.d; i++) {
            s += x[2 + i];
        }
        return s;
    }

    /** S = x_{d+1,2} + (d+1)βx_{0,1}, the rate at which the pool's slots are created when it is empty. */
    double slotCreation(double[] x) {
        return x[3 + drift.d] + (drift.d + 1) * drift.beta * x[1];
    }

    /** The scale-up demand (αg, the TABS-d overflow, or 0) before the cold-pool cap. */
    double demand(double[] x, double y0, boolean poolEmpty) {
        switch (drift.scaleUp) {
            case ASYNCHRONOUS: {
                view.set(x, y0);
                double g = drift.rule.probability(view);
                if (!(g >= 0 && g <= 1)) {
                    // the same refusal as the CTMC's: the rule is part of the model the caller passed
                    throw new IllegalArgumentException("g(x) = " + g + " from scaling rule " + drift.rule.label()
                            + "; allowed: 0 ≤ g(x) ≤ 1");
                }
                return drift.alpha * g;
            }
            case ON_ARRIVAL:
                return poolEmpty ? Math.max(0.0, drift.lambda - slotCreation(x)) : 0.0;
            default:
                return 0.0;
        }
    }

    double warm(double[] x) {
        double s = 0;
        for (int i = 0; i <= drift.levels; i++) {
            s += x[2 + i];
        }
        return s;
    }

    /** Sets the modes from the state (exact zero tests), optionally forcing a boundary free. */
    void resetModes(double[] x, boolean forcePoolFree, boolean forceColdFree) {
        boolean poolEmpty = false;
        if (drift.dispatcher == AlbaDrift.Dispatcher.JBT) {
            poolEmpty = pool(x) == 0;
            poolPinned = !forcePoolFree && poolEmpty && slotCreation(x) <= drift.lambda + AlbaDrift.SWITCH_MARGIN;
        } else {
            poolPinned = false;
        }
        if (drift.scaleUp == AlbaDrift.ScaleUp.NONE || forceColdFree) {
            coldPinned = false;
        } else {
            coldPinned = x[0] == 0 && demand(x, warm(x), poolEmpty) + AlbaDrift.SWITCH_MARGIN >= drift.gamma * x[2];
        }
    }

    @Override
    public void derivatives(double[] x, double[] dx) {
        final int k = drift.levels;
        y[k + 1] = 0;
        for (int i = k; i >= 0; i--) {
            y[i] = y[i + 1] + x[2 + i];
        }
        final double y0 = y[0];
        Arrays.fill(h, 0.0);
        boolean poolEmpty = false;
        if (drift.dispatcher == AlbaDrift.Dispatcher.POWER_OF_D) {
            powerOfDRates(x, y0);
        } else {
            poolEmpty = jbtRates(x);
        }
        double demand = demand(x, y0, poolEmpty);
        double a = coldPinned ? Math.min(demand, drift.gamma * x[2]) : demand;
        dx[0] = coldPinned ? 0.0 : drift.gamma * x[2] - a;
        dx[1] = a - drift.beta * x[1];
        dx[2] = drift.beta * x[1] + (k >= 1 ? x[3] : 0.0) - drift.gamma * x[2] - h[0];
        double accepted = 0;
        for (int i = 1; i <= k; i++) {
            double in = h[i - 1];
            accepted += in;
            double out = i < k ? h[i] - x[3 + i] : 0.0;
            dx[2 + i] = in - out - x[2 + i];
        }
        if (poolPinned) {
            for (int i = 0; i <= drift.d; i++) {
                dx[2 + i] = 0.0;
            }
        }
        lost = drift.lambda - accepted;
    }

    /** h_i, the rate at which arrivals join servers with i jobs, under Power-of-d (docs/alba.md §3). */
    private void powerOfDRates(double[] x, double y0) {
        final int k = drift.levels;
        if (y0 > 0) {
            double previous = 1.0;
            for (int i = 0; i <= k; i++) {
                double next = i < k ? AlbaDrift.power(y[i + 1] / y0, drift.d) : 0.0;
                h[i] = drift.lambda * (previous - next);
                previous = next;
            }
        } else {
            h[0] = Math.min(drift.lambda, drift.beta * x[1]);
        }
    }

    /** h_i under JBT-d in the current pool mode (docs/alba.md §3); returns whether the pool is (treated as) empty. */
    private boolean jbtRates(double[] x) {
        double s = pool(x);
        if (!poolPinned && s > 0) {
            for (int i = 0; i <= drift.d; i++) {
                h[i] = drift.lambda * x[2 + i] / s;
            }
            return false;
        }
        if (!poolPinned && s < 0) {
            h[drift.d] = drift.lambda; // a trial stage past the boundary: continue the interior formula smoothly
            return false;
        }
        double slots = slotCreation(x);
        double refill = drift.beta * x[1];
        double scale = poolPinned || slots <= drift.lambda ? 1.0 : drift.lambda / slots;
        for (int i = 0; i < drift.d; i++) {
            h[i] = refill * scale;
        }
        h[drift.d] = (refill + x[3 + drift.d]) * scale;
        if (scale == 1.0) {
            spreadExcess(x, Math.max(0.0, drift.lambda - slots));
        }
        return true;
    }

    private void spreadExcess(double[] x, double excess) {
        if (excess <= 0) {
            return;
        }
        int top = drift.nonFullOverflow ? drift.levels - 1 : drift.levels;
        double denominator = y[drift.d + 1] - (drift.nonFullOverflow ? x[2 + drift.levels] : 0.0);
        if (denominator <= 0) {
            return; // no busy server can take it: lost (docs/alba.md §3)
        }
        double perServer = Math.min(excess / denominator, AlbaDrift.OVERFLOW_RATE_CAP);
        for (int i = drift.d + 1; i <= top; i++) {
            h[i] += perServer * x[2 + i];
        }
    }

    /**
     * Finite-difference increment of coordinate j for the implicit integrator's Jacobian. The free JBT-d pool
     * drift λx_{i,2}/s varies on the scale of the pool mass s, which may be 10⁻¹⁰: the pool coordinates get
     * √ε·max(|x_j|, s) (forward, so s never crosses 0); the rest, smooth on an O(1) scale, √ε·max(|x_j|, 10⁻⁶).
     */
    @Override
    public double jacobianIncrement(double[] x, int j) {
        final double root = 1.5e-8;
        if (drift.dispatcher == AlbaDrift.Dispatcher.JBT && j >= 2 && j <= 2 + drift.d) {
            double s = pool(x);
            double scale = Math.max(Math.abs(x[j]), s > 0 ? s : 1e-6);
            return root * Math.max(scale, 1e-300);
        }
        return root * Math.max(Math.abs(x[j]), 1e-6);
    }

    /**
     * The stiff columns of the Jacobian: with a free JBT-d pool
     * (d ≥ 1) the drift is linear in the other coordinates except through the scaling rule g (piecewise
     * smooth in its few arguments), while the pool rates λx_{i,2}/s vary as fast as s; null otherwise.
     */
    @Override
    public int[] fastColumns(double[] x) {
        if (drift.dispatcher != AlbaDrift.Dispatcher.JBT || drift.d == 0 || poolPinned) {
            return null;
        }
        int[] columns = new int[drift.d + 1];
        for (int i = 0; i <= drift.d; i++) {
            columns[i] = 2 + i;
        }
        return columns;
    }

    /** g of the event detector for the cold boundary, in the current mode (events act on decrease). */
    double coldSwitch(double[] x) {
        if (!coldPinned) {
            return x[0];
        }
        boolean poolEmpty = drift.dispatcher == AlbaDrift.Dispatcher.JBT && (poolPinned || pool(x) == 0);
        return demand(x, warm(x), poolEmpty) - drift.gamma * x[2] + AlbaDrift.SWITCH_MARGIN;
    }

    /** g of the event detector for the JBT-d pool boundary, in the current mode. */
    double poolSwitch(double[] x) {
        if (!poolPinned) {
            return pool(x) - (drift.d == 0 ? 0.0 : AlbaDrift.POOL_ENTRY_MASS);
        }
        return drift.lambda - slotCreation(x) + AlbaDrift.SWITCH_MARGIN;
    }

    /** A {@link ScalingState} view over a fluid state, reused across evaluations. */
    static final class View implements ScalingState {
        private final AlbaDrift drift;
        private double[] x;
        private double warm;

        View(AlbaDrift drift) {
            this.drift = drift;
        }

        void set(double[] state, double y0) {
            this.x = state;
            this.warm = y0;
        }

        @Override public double lambda() { return drift.lambda; }
        @Override public double alpha() { return drift.alpha; }
        @Override public double beta() { return drift.beta; }
        @Override public double cold() { return x[0]; }
        @Override public double initializing() { return x[1]; }
        @Override public double idleOn() { return x[2]; }
        @Override public double oneJob() { return drift.levels >= 1 ? x[3] : 0.0; }
        @Override public double warm() { return warm; }
    }
}
