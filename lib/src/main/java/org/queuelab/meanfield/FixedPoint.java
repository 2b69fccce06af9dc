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

    /** What every typed fixed point gives: its state in the fluid's layout and its mean jobs per server. */
    public sealed interface State permits Alba, Occupancy, Memory, Tabs {

        /**
         * The fixed point in the layout of its fluid limit (a fresh copy).
         *
         * @return the state vector
         */
        double[] state();

        /**
         * Mean number of jobs per server (≥ 0).
         *
         * @return Σ i × (fraction of servers with i jobs)
         */
        double meanJobs();
    }

    /**
     * An ALBA fixed point (layout of {@link AlbaFluid}: x_{0,0}, x_{0,1}, x_{0,2}, …, x_{K,2}).
     *
     * @param off   x_{0,0}, the fraction of servers off (cold), in [0, 1]
     * @param setup x_{0,1}, the fraction initializing, in [0, 1]
     * @param warm  x_{i,2} for i = 0..K, the fractions of warm servers with i jobs (copied)
     */
    public record Alba(double off, double setup, double[] warm) implements State {

        /**
         * Checks the fractions and copies the array.
         *
         * @param off   x_{0,0}
         * @param setup x_{0,1}
         * @param warm  x_{0..K,2}, at least one level
         */
        public Alba {
            Objects.requireNonNull(warm, "warm");
            if (warm.length < 1) {
                throw new IllegalArgumentException("warm levels = 0; allowed: ≥ 1");
            }
            warm = warm.clone();
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

        @Override
        public double[] warm() {
            return warm.clone();
        }

        /**
         * x_{i,2}, the fraction of warm servers with i jobs.
         *
         * @param i the number of jobs, 0 ≤ i ≤ K
         * @return the fraction
         */
        public double warm(int i) {
            return warm[checkIndex("i", i, warm.length - 1)];
        }

        /** @return x_{0,2}, the fraction of idle-on servers */
        public double idle() {
            return warm[0];
        }

        /** @return y_0 = Σ_i x_{i,2}, the fraction of warm servers */
        public double warmFraction() {
            return Arrays.stream(warm).sum();
        }

        /**
         * y_i = Σ_{k ≥ i} x_{k,2}, the fraction of servers with at least i jobs.
         *
         * @param i the level, 0 ≤ i ≤ K
         * @return the tail fraction
         */
        public double tail(int i) {
            checkIndex("i", i, warm.length - 1);
            return Arrays.stream(warm, i, warm.length).sum();
        }

        /** @return K, the truncation level */
        public int levels() {
            return warm.length - 1;
        }

        @Override
        public double meanJobs() {
            return FluidMetrics.meanLevel(warm);
        }

        /** @return 1 − x_{0,0}, the fraction of charged servers (ALBA energy) */
        public double energy() {
            return 1 - off;
        }

        @Override
        public double[] state() {
            double[] x = new double[warm.length + 2];
            x[0] = off;
            x[1] = setup;
            System.arraycopy(warm, 0, x, 2, warm.length);
            return x;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Alba a && Arrays.equals(state(), a.state());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(state());
        }

        @Override
        public String toString() {
            return "Alba[off=" + off + ", setup=" + setup + ", warm=" + Arrays.toString(warm) + "]";
        }
    }

    /**
     * A load-balancing fixed point without memory (layout of {@link PowerOfDFluid}: x_0, …, x_K, the last level
     * holding the mass at or above K).
     *
     * @param levels x_i, the fraction of servers with i jobs, i = 0..K (copied)
     */
    public record Occupancy(double[] levels) implements State {

        /**
         * Copies the array.
         *
         * @param levels x_0..x_K, at least one level
         */
        public Occupancy {
            requireLength(levels, 1);
            levels = levels.clone();
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
            double[] x = new double[k + 1];
            for (int i = 0; i < k; i++) {
                x[i] = tails[i] - tails[i + 1];
            }
            x[k] = tails[k];
            return new Occupancy(x);
        }

        @Override
        public double[] levels() {
            return levels.clone();
        }

        /**
         * x_i, the fraction of servers with exactly i jobs.
         *
         * @param i the number of jobs, 0 ≤ i ≤ K
         * @return the fraction
         */
        public double level(int i) {
            return levels[checkIndex("i", i, levels.length - 1)];
        }

        /**
         * y_i = Σ_{k ≥ i} x_k, the fraction of servers with at least i jobs.
         *
         * @param i the level, 0 ≤ i ≤ K
         * @return the tail fraction
         */
        public double tail(int i) {
            checkIndex("i", i, levels.length - 1);
            return Arrays.stream(levels, i, levels.length).sum();
        }

        /** @return the tails y_0..y_K */
        public double[] tails() {
            double[] y = new double[levels.length];
            double s = 0;
            for (int i = levels.length - 1; i >= 0; i--) {
                s += levels[i];
                y[i] = s;
            }
            return y;
        }

        /** @return x_0, the fraction of idle servers */
        public double idle() {
            return levels[0];
        }

        /** @return K, the truncation level */
        public int maxLevel() {
            return levels.length - 1;
        }

        @Override
        public double meanJobs() {
            return FluidMetrics.meanLevel(levels);
        }

        @Override
        public double[] state() {
            return levels.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Occupancy p && Arrays.equals(levels, p.levels);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(levels);
        }

        @Override
        public String toString() {
            return "Occupancy" + Arrays.toString(levels);
        }
    }

    /**
     * An SQ(d,N) fixed point (layout of {@link MemoryFluid}: x_{i,j} at {@link MemoryFluid#index(int, int)}).
     *
     * @param capacity I, the largest queue length and memory slot
     * @param pairs    the flat vector x_{i,j}, 0 ≤ i ≤ j ≤ I, length (I + 1)(I + 2)/2 (copied)
     */
    public record Memory(int capacity, double[] pairs) implements State {

        /**
         * Checks the length and copies the array.
         *
         * @param capacity I ≥ 0
         * @param pairs    x_{i,j} in the layout of {@link MemoryFluid}
         */
        public Memory {
            Objects.requireNonNull(pairs, "pairs");
            long expected = (capacity + 1L) * (capacity + 2L) / 2;
            if (capacity < 0 || pairs.length != expected) {
                throw new IllegalArgumentException("pairs length = " + pairs.length + " with capacity = " + capacity
                        + "; allowed: (I + 1)(I + 2)/2 = " + expected + ", I ≥ 0");
            }
            pairs = pairs.clone();
        }

        @Override
        public double[] pairs() {
            return pairs.clone();
        }

        /**
         * x_{i,j}, the fraction of servers with i jobs whose memory slot says j.
         *
         * @param i jobs, 0 ≤ i ≤ j
         * @param j memory slot, i ≤ j ≤ I
         * @return the fraction
         */
        public double pair(int i, int j) {
            checkIndex("j", j, capacity);
            checkIndex("i", i, j);
            return pairs[MemoryFluid.index(i, j)];
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
                    m[overQueue ? i : j] += pairs[MemoryFluid.index(i, j)];
                }
            }
            return m;
        }

        @Override
        public double[] state() {
            return pairs.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Memory m && m.capacity == capacity && Arrays.equals(pairs, m.pairs);
        }

        @Override
        public int hashCode() {
            return 31 * capacity + Arrays.hashCode(pairs);
        }

        @Override
        public String toString() {
            return "Memory[I=" + capacity + ", pairs=" + Arrays.toString(pairs) + "]";
        }
    }

    /**
     * A TABS fixed point (layout of {@link TabsFluid}: δ₀, δ₁, u, q_1, …, q_K).
     *
     * @param off   δ₀, the fraction of servers off
     * @param setup δ₁, the fraction in set-up
     * @param idle  u, the fraction idle-on
     * @param busy  q_i for i = 1..K, the fractions of servers with i jobs (copied)
     */
    public record Tabs(double off, double setup, double idle, double[] busy) implements State {

        /**
         * Copies the array.
         *
         * @param off   δ₀
         * @param setup δ₁
         * @param idle  u
         * @param busy  q_1..q_K
         */
        public Tabs {
            busy = Objects.requireNonNull(busy, "busy").clone();
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

        @Override
        public double[] busy() {
            return busy.clone();
        }

        /**
         * q_i, the fraction of servers with i ≥ 1 jobs.
         *
         * @param i jobs, 1 ≤ i ≤ K
         * @return the fraction
         */
        public double busy(int i) {
            if (i < 1 || i > busy.length) {
                throw new IllegalArgumentException("i = " + i + "; allowed: 1 ≤ i ≤ K = " + busy.length);
            }
            return busy[i - 1];
        }

        /** @return Σ_i q_i, the fraction of busy servers */
        public double busyFraction() {
            return Arrays.stream(busy).sum();
        }

        @Override
        public double meanJobs() {
            double s = 0;
            for (int i = 0; i < busy.length; i++) {
                s += (i + 1) * busy[i];
            }
            return s;
        }

        @Override
        public double[] state() {
            double[] x = new double[busy.length + 3];
            x[0] = off;
            x[1] = setup;
            x[2] = idle;
            System.arraycopy(busy, 0, x, 3, busy.length);
            return x;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tabs t && Arrays.equals(state(), t.state());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(state());
        }

        @Override
        public String toString() {
            return "Tabs[off=" + off + ", setup=" + setup + ", idle=" + idle + ", busy=" + Arrays.toString(busy)
                    + "]";
        }
    }

    private static void requireLength(double[] x, int minimum) {
        Objects.requireNonNull(x, "state");
        if (x.length < minimum) {
            throw new IllegalArgumentException("state length = " + x.length + "; allowed: ≥ " + minimum);
        }
    }

    private static int checkIndex(String name, int i, int max) {
        if (i < 0 || i > max) {
            throw new IllegalArgumentException(name + " = " + i + "; allowed: 0 ≤ " + name + " ≤ " + max);
        }
        return i;
    }
}
