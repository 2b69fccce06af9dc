package org.queuelab.meanfield;

import java.util.Arrays;
import java.util.Objects;

import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.Scaling;

/**
 * The fixed-point technique, one entry point per model, each returning a typed fixed point with named
 * accessors: {@code FixedPoint.of(albaModel)} is an {@link Alba}, {@code FixedPoint.of(loadBalancingModel)} an
 * {@link Occupancy}, {@code FixedPoint.withMemory(model)} a {@link Memory}, and the TABS fixed point of
 * {@link TabsFluid#fixedPoint()} a {@link Tabs}. Every one gives {@link State#state()}, the fixed point in the
 * layout of its fluid limit ({@link Fluid}), for integrating from it or comparing with a trajectory.
 *
 * <p>Fractions are per server (in [0, 1], summing to 1); job counts are per server. Where the works give no
 * closed form the call says so and names the numerical route ({@link FixedPointSolver#solve} on the fluid from a
 * guess, e.g. the end of a long integration).
 *
 * <pre>{@code
 * LoadBalancingModel sqd = new LoadBalancingModel(0.9, new PowerOfD(2), Buffers.INFINITE, Exponential.unitMean());
 * FixedPoint.Occupancy x = FixedPoint.of(sqd);
 * double meanJobs = x.meanJobs();   // Σ_i y_i
 * double busy = x.tail(1);          // y_1 = λ = 0.9
 * }</pre>
 */
public final class FixedPoint {

    private FixedPoint() {
    }

    /**
     * ALBA with Blind-θ scaling: the unique fixed point of Theorem 2 (docs/alba.md §5), with K = B or
     * {@link AlbaFluid#DEFAULT_TRUNCATION} levels.
     *
     * @param model an ALBA model with asynchronous Blind-θ scaling and an infinite buffer
     * @return the fixed point
     * @throws IllegalArgumentException for other scaling rules (no closed form)
     */
    public static Alba of(AlbaModel model) {
        Objects.requireNonNull(model, "model");
        if (model.scaling() instanceof Scaling.Asynchronous a && a.rule() instanceof BlindTheta) {
            return AlbaFixedPoint.blindTheta(model, Fluid.of(model).levels());
        }
        throw new IllegalArgumentException("scaling = " + model.scaling().label()
                + "; allowed: Blind-θ (closed form); otherwise FixedPointSolver.solve(Fluid.of(model), guess)");
    }

    /**
     * Load balancing without memory: SQ(d), JBT-d/JIQ from the closed forms (infinite buffer, exponential service
     * of mean 1), on the truncation of {@link Fluid#of(LoadBalancingModel)}.
     *
     * @param model a load-balancing model with an infinite buffer and a dispatch rule without memory
     * @return the fixed point x_0..x_K
     * @throws IllegalArgumentException for SQ(d,N) (use {@link #withMemory}), a finite buffer (no closed form),
     *                                  or a law that is not exponential with mean 1
     */
    public static Occupancy of(LoadBalancingModel model) {
        Objects.requireNonNull(model, "model");
        if (model.dispatch().kind() == Dispatch.Kind.SHORTEST_IN_MEMORY) {
            throw new IllegalArgumentException("dispatch = " + model.dispatch().label()
                    + "; allowed here: rules without memory — SQ(d,N): FixedPoint.withMemory(model)");
        }
        if (!Buffers.isInfinite(model.buffer())) {
            throw new IllegalArgumentException("buffer = " + model.buffer() + " for " + model.dispatch().label()
                    + "; allowed: Buffers.INFINITE (closed form); otherwise FixedPointSolver.solve(Fluid.of(model),"
                    + " guess)");
        }
        return PowerOfDFluid.of(model).fixedPoint();
    }

    /**
     * SQ(d,N), power-of-d with memory: the fixed point of docs/sqdn.md §5 with I = the buffer (or the default
     * truncation of {@link MemoryFluid#of}).
     *
     * @param model a load-balancing model with {@code PowerOfDWithMemory} dispatch
     * @return the fixed point x_{i,j}, 0 ≤ i ≤ j ≤ I
     * @throws IllegalArgumentException for dispatch without memory (use {@link #of(LoadBalancingModel)})
     */
    public static Memory withMemory(LoadBalancingModel model) {
        Objects.requireNonNull(model, "model");
        MemoryFluid fluid = Fluid.withMemory(model);
        return MemoryFixedPoint.fixedPoint(model.lambda(), model.dispatch().d(), fluid.capacity());
    }

    /**
     * TABS: the fixed point of the exponential-service fluid (docs/tabs.md §4), {@link TabsFluid#fixedPoint()}.
     *
     * @param model a TABS model with exponential service and λ &lt; 1
     * @return the fixed point
     * @throws IllegalArgumentException if the law is not exponential or λ ≥ 1
     */
    public static Tabs of(TabsModel model) {
        return Fluid.of(Objects.requireNonNull(model, "model")).fixedPoint();
    }

    /**
     * What every typed fixed point gives: its state in the fluid's layout, its mean jobs per server, and value
     * equality (two fixed points of one kind are equal when their states are).
     */
    public abstract static sealed class State permits WithSetUp, Occupancy, Memory {
        /** The state in the layout of the fluid limit; never exposed, only copied. */
        final double[] x;

        State(double[] x) {
            this.x = x;
        }

        /** {@return the fixed point in the layout of its fluid limit (a fresh copy)} */
        public final double[] state() {
            return x.clone();
        }

        /** {@return mean number of jobs per server (≥ 0): Σ i × (fraction of servers with i jobs)} */
        public abstract double meanJobs();

        @Override
        public final boolean equals(Object o) {
            return o != null && o.getClass() == getClass() && Arrays.equals(x, ((State) o).x);
        }

        @Override
        public final int hashCode() {
            return 31 * getClass().hashCode() + Arrays.hashCode(x);
        }

        @Override
        public String toString() {
            return getClass().getSimpleName() + Arrays.toString(x);
        }
    }

    /**
     * A fixed point of a model whose servers are switched off and set up again (ALBA, TABS): both fluids put the
     * fraction off at index 0 and the fraction in set-up at index 1 (docs/alba.md, docs/tabs.md).
     */
    public abstract static sealed class WithSetUp extends State permits Alba, Tabs {

        WithSetUp(double[] x) {
            super(x);
        }

        /** @return the fraction of servers off (cold): x_{0,0} in ALBA, δ₀ in TABS */
        public final double off() {
            return x[0];
        }

        /** @return the fraction of servers in set-up (initializing): x_{0,1} in ALBA, δ₁ in TABS */
        public final double setup() {
            return x[1];
        }
    }

    /** An ALBA fixed point (layout of {@link AlbaFluid}: x_{0,0}, x_{0,1}, x_{0,2}, …, x_{K,2}). */
    public static final class Alba extends WithSetUp {

        /**
         * @param off   x_{0,0}, the fraction of servers off (cold), in [0, 1]
         * @param setup x_{0,1}, the fraction initializing, in [0, 1]
         * @param warm  x_{i,2} for i = 0..K, the fractions of warm servers with i jobs, at least one level (copied)
         */
        public Alba(double off, double setup, double[] warm) {
            super(concat(new double[] {off, setup}, requireLength(warm, 1)));
        }

        /**
         * The fixed point read from a state in the layout of {@link AlbaFluid}.
         *
         * @param state (x_{0,0}, x_{0,1}, x_{0,2}, …, x_{K,2}), length ≥ 3
         * @return the typed fixed point
         */
        public static Alba fromState(double[] state) {
            requireLength(state, 3);
            return new Alba(state[0], state[1], Arrays.copyOfRange(state, 2, state.length));
        }

        /** @return x_{i,2} for i = 0..K (a copy) */
        public double[] warm() {
            return Arrays.copyOfRange(x, 2, x.length);
        }

        /**
         * {@return x_{i,2}, the fraction of warm servers with i jobs, 0 ≤ i ≤ K}
         *
         * @param i a number of jobs, in [0, K]
         */
        public double warm(int i) {
            return x[2 + checkIndex("i", i, levels())];
        }

        /** @return x_{0,2}, the fraction of idle-on servers */
        public double idle() {
            return x[2];
        }

        /** @return y_0 = Σ_i x_{i,2}, the fraction of warm servers */
        public double warmFraction() {
            return tail(0);
        }

        /**
         * {@return y_i = Σ_{k ≥ i} x_{k,2}, the fraction of servers with at least i jobs, 0 ≤ i ≤ K}
         *
         * @param i a number of jobs, in [0, K]
         */
        public double tail(int i) {
            return Arrays.stream(x, 2 + checkIndex("i", i, levels()), x.length).sum();
        }

        /** @return K, the truncation level */
        public int levels() {
            return x.length - 3;
        }

        @Override
        public double meanJobs() {
            return FluidMetrics.meanLevel(warm());
        }

        /** @return 1 − x_{0,0}, the fraction of charged servers (ALBA energy) */
        public double energy() {
            return 1 - x[0];
        }
    }

    /**
     * A load-balancing fixed point without memory (layout of {@link PowerOfDFluid}: x_0, …, x_K, the last level
     * holding the mass at or above K).
     */
    public static final class Occupancy extends State {

        /** @param levels x_i, the fraction of servers with i jobs, i = 0..K, at least one level (copied) */
        public Occupancy(double[] levels) {
            super(requireLength(levels, 1).clone());
        }

        /**
         * The fixed point from the tails y_0..y_K (x_i = y_i − y_{i+1}, x_K = y_K).
         *
         * @param tails y_i, the fraction of servers with at least i jobs, non-increasing
         * @return the typed fixed point
         */
        public static Occupancy fromTails(double[] tails) {
            requireLength(tails, 1);
            int k = tails.length - 1;
            double[] levels = new double[k + 1];
            for (int i = 0; i < k; i++) {
                levels[i] = tails[i] - tails[i + 1];
            }
            levels[k] = tails[k];
            return new Occupancy(levels);
        }

        /** @return x_0..x_K (a copy) */
        public double[] levels() {
            return x.clone();
        }

        /**
         * {@return x_i, the fraction of servers with exactly i jobs, 0 ≤ i ≤ K}
         *
         * @param i a number of jobs, in [0, K]
         */
        public double level(int i) {
            return x[checkIndex("i", i, maxLevel())];
        }

        /**
         * {@return y_i = Σ_{k ≥ i} x_k, the fraction of servers with at least i jobs, 0 ≤ i ≤ K}
         *
         * @param i a number of jobs, in [0, K]
         */
        public double tail(int i) {
            return Arrays.stream(x, checkIndex("i", i, maxLevel()), x.length).sum();
        }

        /** @return the tails y_0..y_K */
        public double[] tails() {
            double[] y = new double[x.length];
            double s = 0;
            for (int i = x.length - 1; i >= 0; i--) {
                s += x[i];
                y[i] = s;
            }
            return y;
        }

        /** @return x_0, the fraction of idle servers */
        public double idle() {
            return x[0];
        }

        /** @return K, the truncation level */
        public int maxLevel() {
            return x.length - 1;
        }

        @Override
        public double meanJobs() {
            return FluidMetrics.meanLevel(x);
        }
    }

    /** An SQ(d,N) fixed point (layout of {@link MemoryFluid}: x_{i,j} at {@link MemoryFluid#index(int, int)}). */
    public static final class Memory extends State {
        private final int capacity;

        /**
         * @param capacity I ≥ 0, the largest queue length and memory slot
         * @param pairs    the flat vector x_{i,j}, 0 ≤ i ≤ j ≤ I, length (I + 1)(I + 2)/2 (copied)
         */
        public Memory(int capacity, double[] pairs) {
            super(Objects.requireNonNull(pairs, "pairs").clone());
            long expected = (capacity + 1L) * (capacity + 2L) / 2;
            if (capacity < 0 || pairs.length != expected) {
                throw new IllegalArgumentException("pairs length = " + pairs.length + " with capacity = " + capacity
                        + "; allowed: (I + 1)(I + 2)/2 = " + expected + ", I ≥ 0");
            }
            this.capacity = capacity;
        }

        /** @return I, the largest queue length and memory slot */
        public int capacity() {
            return capacity;
        }

        /**
         * {@return x_{i,j}, the fraction of servers with i jobs whose memory slot says j, 0 ≤ i ≤ j ≤ I}
         *
         * @param i a number of jobs, in [0, j]
         * @param j a slot value, in [i, I]
         */
        public double pair(int i, int j) {
            checkIndex("j", j, capacity);
            return x[MemoryFluid.index(checkIndex("i", i, j), j)];
        }

        /** @return L_S = Σ i x_{i,j}, jobs per server */
        @Override
        public double meanJobs() {
            return FluidMetrics.meanLevel(marginal(true));
        }

        /** @return L_M = Σ j x_{i,j}, the jobs per server the dispatcher believes */
        public double meanMemory() {
            return FluidMetrics.meanLevel(marginal(false));
        }

        /** @return x_{0,·}, the fraction of idle servers */
        public double idle() {
            return marginal(true)[0];
        }

        private double[] marginal(boolean overQueue) {
            double[] m = new double[capacity + 1];
            for (int j = 0; j <= capacity; j++) {
                for (int i = 0; i <= j; i++) {
                    m[overQueue ? i : j] += x[MemoryFluid.index(i, j)];
                }
            }
            return m;
        }
    }

    /** A TABS fixed point (layout of {@link TabsFluid}: δ₀, δ₁, u, q_1, …, q_K). */
    public static final class Tabs extends WithSetUp {

        /**
         * @param off   δ₀, the fraction of servers off
         * @param setup δ₁, the fraction in set-up
         * @param idle  u, the fraction idle-on
         * @param busy  q_i for i = 1..K, the fractions of servers with i jobs (copied)
         */
        public Tabs(double off, double setup, double idle, double[] busy) {
            super(concat(new double[] {off, setup, idle}, Objects.requireNonNull(busy, "busy")));
        }

        /**
         * The fixed point read from a state in the layout of {@link TabsFluid}.
         *
         * @param state (δ₀, δ₁, u, q_1, …), length ≥ 3
         * @return the typed fixed point
         */
        public static Tabs fromState(double[] state) {
            requireLength(state, 3);
            return new Tabs(state[0], state[1], state[2], Arrays.copyOfRange(state, 3, state.length));
        }

        /** @return u, the fraction of idle-on servers */
        public double idle() {
            return x[2];
        }

        /** @return q_1..q_K (a copy) */
        public double[] busy() {
            return Arrays.copyOfRange(x, 3, x.length);
        }

        /**
         * {@return q_i, the fraction of servers with i jobs, 1 ≤ i ≤ K}
         *
         * @param i a number of jobs, in [1, K]
         */
        public double busy(int i) {
            if (i < 1 || i > x.length - 3) {
                throw new IllegalArgumentException("i = " + i + "; allowed: 1 ≤ i ≤ K = " + (x.length - 3));
            }
            return x[2 + i];
        }

        /** @return Σ_i q_i, the fraction of busy servers */
        public double busyFraction() {
            return Arrays.stream(x, 3, x.length).sum();
        }

        @Override
        public double meanJobs() {
            double s = 0;
            for (int i = 3; i < x.length; i++) {
                s += (i - 2) * x[i];
            }
            return s;
        }
    }

    private static double[] concat(double[] head, double[] tail) {
        double[] out = Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, out, head.length, tail.length);
        return out;
    }

    private static double[] requireLength(double[] x, int minimum) {
        Objects.requireNonNull(x, "state");
        if (x.length < minimum) {
            throw new IllegalArgumentException("state length = " + x.length + "; allowed: ≥ " + minimum);
        }
        return x;
    }

    private static int checkIndex(String name, int i, int max) {
        if (i < 0 || i > max) {
            throw new IllegalArgumentException(name + " = " + i + "; allowed: 0 ≤ " + name + " ≤ " + max);
        }
        return i;
    }
}
