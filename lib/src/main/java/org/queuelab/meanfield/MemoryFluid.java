package org.queuelab.meanfield;

import org.queuelab.guard.Budget;
import org.queuelab.guard.Cancellation;
import org.queuelab.guard.Memory;
import org.queuelab.guard.Sizes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

import org.queuelab.meanfield.ode.FluidSolver;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.result.Metric;
import org.queuelab.result.Provenance;

/**
 * The SQ(d,N) fluid model, power-of-d with memory (docs/sqdn.md §3): x_{i,j} is the fraction of servers holding
 * i jobs whose memory slot (the dispatcher's last observation) is j, 0 ≤ i ≤ j ≤ I. Exponential service of mean 1,
 * arrivals λ per server, d samples per arrival, buffer I (a truncation level when the model's buffer is infinite).
 *
 * <p>{@link #drift(double[])} is the closed-form drift b(x) of docs/sqdn.md §3: departures, sampling at rate λd, and
 * assignments A_{i,j} built from R_j (eq. (9), the rate of arrivals that find no slot ≤ j) and G_j (eq. (10), the
 * flow through an empty slot level). It is discontinuous wherever a slot level carries no mass.
 *
 * <p>Integration: the operator-splitting "water-filling" step of docs/sqdn.md §4 (departures, then sampling, then
 * assignments cascading through the slot levels in increasing order), first order in h. A black-box Runge–Kutta
 * solver on b(x) chatters at the zero-mass slot levels, where b jumps with no sliding structure an event detector
 * could exploit (empty levels act as instantaneous pools); the cascade treats them exactly with no threshold.
 * The fractions moved are the Euler ones, h and λdh — the exponential fractions 1 − e^{−h} break the job balance
 * and drive the scheme to a spurious stationary state (docs/sqdn.md §4 pitfall, tested). The stationary bias is O(h)
 * (ΔL_S ≈ −1.26h at λ = 0.9, d = 2): use h = 10⁻⁴ for figures. Requires h &lt; 1 and λdh &lt; 1.
 */
public final class MemoryFluid implements FluidLimit {

    /** Largest state dimension (I+1)(I+2)/2 accepted: larger states overflow int indices or the heap. */
    static final int MAX_DIMENSION = 50_000_000;

    private static int maxCapacity() {
        int i = (int) Math.floor(Math.sqrt(2.0 * MAX_DIMENSION));
        while ((i + 1L) * (i + 2L) / 2 > MAX_DIMENSION) {
            i--;
        }
        return i;
    }

    /** Truncation level used by {@link #of(LoadBalancingModel)} for an infinite buffer. */
    public static final int DEFAULT_TRUNCATION = 20;

    private final LoadBalancingModel model;
    private final int capacity;
    private final boolean truncated;
    private final int d;
    private final double lambda;

    /**
     * @param model      λ, {@link PowerOfDWithMemory} dispatch, exponential service of mean 1, buffer I
     * @param truncation I when the model's buffer is infinite; must equal the buffer otherwise
     */
    public MemoryFluid(LoadBalancingModel model, int truncation) {
        this.model = Objects.requireNonNull(model, "model");
        if (model.dispatch().kind() != Dispatch.Kind.SHORTEST_IN_MEMORY) {
            throw new IllegalArgumentException("dispatch = " + model.dispatch().label()
                    + "; allowed: PowerOfDWithMemory (SQ(d,N))");
        }
        PowerOfDFluid.requireExponentialUnitMean(model);
        this.truncated = Buffers.isInfinite(model.buffer());
        if (!truncated && truncation != model.buffer()) {
            throw new IllegalArgumentException("truncation = " + truncation + " with buffer I = " + model.buffer()
                    + "; allowed: truncation = I (truncation applies to infinite buffers)");
        }
        if (truncation < 2) {
            throw new IllegalArgumentException("buffer I = " + truncation + "; allowed: I > 1");
        }
        long size = (truncation + 1L) * (truncation + 2L) / 2;
        if (size > MAX_DIMENSION) {
            throw new IllegalArgumentException("buffer I = " + truncation + ": the state would have (I+1)(I+2)/2 = "
                    + size + " coordinates; allowed: ≤ " + MAX_DIMENSION + " (I ≤ " + maxCapacity() + ")");
        }
        this.capacity = truncation;
        this.d = model.dispatch().d();
        this.lambda = model.lambda();
        if (!(lambda < 1)) {
            throw new IllegalArgumentException("lambda = " + lambda + "; allowed: 0 < lambda < 1");
        }
    }

    /**
     * {@return the fluid model with I = the model's buffer, or {@link #DEFAULT_TRUNCATION} when it is infinite}
     *
     * @param model the model (validated by its constructor)
     */
    public static MemoryFluid of(LoadBalancingModel model) {
        return new MemoryFluid(model, Buffers.isInfinite(model.buffer()) ? DEFAULT_TRUNCATION : model.buffer());
    }

    public LoadBalancingModel model() {
        return model;
    }

    /** {@return I, the highest queue length and slot value} */
    public int capacity() {
        return capacity;
    }

    @Override
    public int dimension() {
        return (capacity + 1) * (capacity + 2) / 2; // ≤ MAX_DIMENSION, checked in the constructor
    }

    /**
     * {@return flat index of x_{i,j}: j(j+1)/2 + i}
     *
     * @param i a number of jobs, in [0, j]
     * @param j a slot value, in [i, I]
     */
    public static int index(int i, int j) {
        if (i < 0 || j < 0 || i > j || j > 65_534) {
            throw new IllegalArgumentException("x_{i,j} with i = " + i + ", j = " + j
                    + "; allowed: 0 ≤ i ≤ j ≤ 65534 (a server knows at most as many idle servers as it remembers)");
        }
        return (int) ((long) j * (j + 1) / 2 + i);
    }

    @Override
    public List<String> coordinateNames() {
        List<String> names = new ArrayList<>(dimension());
        for (int j = 0; j <= capacity; j++) {
            for (int i = 0; i <= j; i++) {
                names.add(Metric.pair(i, j).name());
            }
        }
        return names;
    }

    /**
     * {@return the state with all servers at (i, j): i jobs, slot j}
     *
     * @param i a number of jobs, in [0, j]
     * @param j a slot value, in [i, I]
     */
    public double[] allAt(int i, int j) {
        if (!(0 <= i && i <= j && j <= capacity)) {
            throw new IllegalArgumentException("(i, j) = (" + i + ", " + j + "); allowed: 0 ≤ i ≤ j ≤ I = "
                    + capacity);
        }
        double[] x = new double[dimension()];
        x[index(i, j)] = 1.0;
        return x;
    }

    /**
     * {@return x_{i,·}, the queue-length marginal, i = 0..I}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public double[] queueMarginal(double[] x) {
        return marginal(x, true);
    }

    /**
     * {@return x_{·,j}, the slot marginal, j = 0..I}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public double[] slotMarginal(double[] x) {
        return marginal(x, false);
    }

    /** The marginal over the queue length i ({@code overQueue}) or over the slot j, summed slot by slot. */
    private double[] marginal(double[] x, boolean overQueue) {
        requireLength(x);
        double[] m = new double[capacity + 1];
        for (int j = 0; j <= capacity; j++) {
            for (int i = 0; i <= j; i++) {
                m[overQueue ? i : j] += x[index(i, j)];
            }
        }
        return m;
    }

    /**
     * {@return L_S = Σ i x_{i,j}, jobs per server}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public double meanQueueLength(double[] x) {
        return FluidMetrics.meanLevel(queueMarginal(x));
    }

    /**
     * {@return L_M = Σ j x_{i,j}, the jobs per server the dispatcher believes are in the system}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public double believedQueueLength(double[] x) {
        return FluidMetrics.meanLevel(slotMarginal(x));
    }

    /**
     * {@return mass at the truncation level (servers with I jobs or slot I); 0 for a real buffer}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     */
    public double boundaryMass(double[] x) {
        requireLength(x);
        if (!truncated) {
            return 0.0;
        }
        return slotMarginal(x)[capacity];
    }

    /**
     * R_j(x), j = 0..I (eq. (9), RECONSTRUCTED docs/sqdn.md §3): the rate of arrivals that find no slot ≤ j after sampling;
     * 0 if some slot ≤ j carries mass, else λ[1 − d Σ_{q ≤ j}(j + 1 − q) x_{q,·}]⁺.
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     * @return R_0, …, R_I (jobs per unit of time per server)
     */
    public double[] unservedRates(double[] x) {
        requireLength(x);
        return rates(queueMarginal(x), slotMarginal(x));
    }

    private double[] rates(double[] xq, double[] slot) {
        double[] r = new double[capacity + 1];
        double cumulative = 0;
        for (int j = 0; j <= capacity; j++) {
            cumulative += slot[j];
            if (cumulative > 0) {
                r[j] = 0.0;
            } else {
                double absorbed = 0;
                for (int q = 0; q <= j; q++) {
                    absorbed += (j + 1 - q) * xq[q];
                }
                r[j] = lambda * Math.max(0.0, 1 - d * absorbed);
            }
        }
        return r;
    }

    /** b(x), the closed-form drift of docs/sqdn.md §3. */
    @Override
    public double[] drift(double[] x) {
        FixedPointSolver.requireFinite(x, dimension());
        final int top = capacity;
        double[] xq = queueMarginal(x);
        double[] slot = slotMarginal(x);
        double[] r = rates(xq, slot);
        double[] assign = new double[dimension()]; // A_{i,j}
        for (int j = 0; j <= top; j++) {
            double previous = j == 0 ? lambda : r[j - 1];
            if (slot[j] > 0) {
                for (int i = 0; i <= j; i++) {
                    assign[index(i, j)] = previous * x[index(i, j)] / slot[j];
                }
            } else if (j == 0) {
                assign[index(0, 0)] = lambda - r[0];
            } else {
                double beforePrevious = j == 1 ? lambda : r[j - 2];
                assign[index(j, j)] = Math.min(previous, (beforePrevious - previous) + lambda * d * xq[j]);
            }
        }
        double sampling = lambda * d;
        double[] b = new double[dimension()];
        for (int j = 0; j <= top; j++) {
            for (int i = 0; i <= j; i++) {
                int k = index(i, j);
                double v = 0;
                if (i < j) {
                    v += x[index(i + 1, j)];
                }
                if (i >= 1) {
                    v -= x[k];
                }
                if (i == j) {
                    v += sampling * (xq[i] - x[k]);
                } else {
                    v -= sampling * x[k];
                }
                if (i < top) {
                    v -= assign[k];
                }
                if (i >= 1 && j >= 1) {
                    v += assign[index(i - 1, j - 1)];
                }
                if (j == top && i >= 1) {
                    v += assign[index(i - 1, top)];
                }
                b[k] = v;
            }
        }
        return b;
    }

    /**
     * {@return one water-filling step of size h (docs/sqdn.md §4) with the Euler fractions; returns the new state}
     *
     * @param x a state in the model's coordinate layout: fractions in [0, 1] summing to 1
     * @param h the water-filling step, in (0, ∞) (units of time)
     */
    public double[] step(double[] x, double h) {
        requireLength(x);
        requireStep(h);
        double[] y = x.clone();
        step(y, h, false);
        return y;
    }

    private void requireStep(double h) {
        if (!(h > 0 && h < 1 && lambda * d * h < 1)) {
            throw new IllegalArgumentException("step h = " + h + "; allowed: 0 < h < 1 and λdh < 1 (λd = "
                    + lambda * d + ")");
        }
    }

    /** In place. {@code exponentialFractions} is the docs/sqdn.md §4 pitfall, kept only to test that it fails. */
    void step(double[] x, double h, boolean exponentialFractions) {
        final int top = capacity;
        double departed = exponentialFractions ? -Math.expm1(-h) : h;
        double sampled = exponentialFractions ? -Math.expm1(-lambda * d * h) : lambda * d * h;
        for (int j = 1; j <= top; j++) {
            for (int i = 1; i <= j; i++) {
                double m = departed * x[index(i, j)];
                x[index(i, j)] -= m;
                x[index(i - 1, j)] += m;
            }
        }
        for (int j = 1; j <= top; j++) {
            for (int i = 0; i < j; i++) {
                double m = sampled * x[index(i, j)];
                x[index(i, j)] -= m;
                x[index(i, i)] += m;
            }
        }
        double budget = lambda * h;
        double[] moved = new double[top + 1];
        for (int j = 0; j <= top && budget > 0; j++) {
            double available = 0;
            for (int i = 0; i <= j; i++) {
                available += x[index(i, j)];
            }
            if (available <= 0) {
                continue;
            }
            double take = Math.min(budget, available);
            double fraction = take / available;
            for (int i = 0; i <= j; i++) {
                moved[i] = fraction * x[index(i, j)];
            }
            int target = Math.min(j + 1, top);
            for (int i = 0; i <= j; i++) {
                if (i == top) {
                    continue; // rejected: a full server keeps its state
                }
                x[index(i, j)] -= moved[i];
                x[index(i + 1, target)] += moved[i];
            }
            budget -= take;
        }
    }

    /** {@return water-filling step of {@link #integrate(double[], double[])}: 1e-3, capped so that λdh ≤ 1/2} */
    public double defaultStep() {
        return Math.min(1e-3, 0.5 / (lambda * d));
    }

    /** Integrates with water-filling steps of {@link #defaultStep()}. */
    @Override
    public FluidTrajectory integrate(double[] x0, double[] times) {
        return integrate(x0, times, defaultStep());
    }

    /** Integrates with water-filling steps of {@link #defaultStep()} and the options' truncation tolerance. */
    @Override
    public FluidTrajectory integrate(double[] x0, double[] times, FluidOptions options) {
        return integrate(x0, times, defaultStep(), options);
    }

    /**
     * Integrates with water-filling steps of size h from x0 at t = 0, sampling exactly at the grid times.
     *
     * @param x0    the initial state in the model's layout, fractions summing to 1
     * @param times the output times: finite, strictly increasing, from ≥ 0 to &gt; 0
     * @param h     the water-filling step, in (0, ∞) (units of time)
     * @return the states at {@code times}
     */
    public FluidTrajectory integrate(double[] x0, double[] times, double h) {
        return integrate(x0, times, h, false, FluidOptions.defaults());
    }

    /**
     * As {@link #integrate(double[], double[], double)}, with the options' truncation tolerance and budget: the
     * number of water-filling steps (each costs about one drift evaluation) may not exceed
     * {@link FluidOptions#maxEvaluations()}; a longer run is refused before it starts.
     *
     * @param x0      the initial state in the model's layout, fractions summing to 1
     * @param times   the output times: finite, strictly increasing, from ≥ 0 to &gt; 0
     * @param h       the water-filling step, in (0, ∞) (units of time)
     * @param options the accuracy settings
     * @return the states at {@code times}
     * @throws TruncationTooSmallException if the mass at slot I exceeds it (infinite buffer only)
     */
    public FluidTrajectory integrate(double[] x0, double[] times, double h, FluidOptions options) {
        return integrate(x0, times, h, false, options);
    }

    FluidTrajectory integrate(double[] x0, double[] times, double h, boolean exponentialFractions,
                              FluidOptions options) {
        requireState(Objects.requireNonNull(x0, "x0"));
        FluidSolver.requireGrid(times);
        requireStep(h);
        long steps0 = FixedSteps.count(times, h);
        FixedSteps.requireBudget("SQ(" + d + ",N) fluid (water-filling)", steps0,
                options.maxEvaluations(), times[times.length - 1], h);
        // each step updates every coordinate: the work grows as steps × I²/2 (truncation 9000: 4·10⁷ per step)
        Budget.work().require("SQ(" + d + ",N) fluid with truncation I = " + capacity + " (dimension " + dimension()
                + ") over " + steps0 + " steps of h = " + h, (double) steps0 * dimension());
        Memory.require("SQ(" + d + ",N) fluid with truncation I = " + capacity + " on " + times.length
                + " output times", Sizes.multiply("states", times.length + 8L, Memory.doubles(dimension())),
                "fewer output times or a smaller truncation");
        double[] x = x0.clone();
        double t = 0;
        long steps = 0;
        double[][] states = new double[times.length][];
        double maxBoundary = 0;
        double minCoordinate = Double.POSITIVE_INFINITY;
        double maxMassError = 0;
        for (int g = 0; g < times.length; g++) {
            double span = times[g] - t;
            if (span > 0) {
                long n = FixedSteps.steps(span, h); // equal steps ≤ h that land exactly on the grid
                double dt = span / n;
                for (long k = 0; k < n; k++) {
                    Cancellation.check("SQ(d,N) fluid integration");
                    step(x, dt, exponentialFractions);
                }
                steps += n;
                t = times[g];
            }
            double sum = 0;
            for (double v : x) {
                sum += v;
                minCoordinate = Math.min(minCoordinate, v);
            }
            maxMassError = Math.max(maxMassError, Math.abs(sum - 1));
            if (Math.abs(sum - 1) > 1e-9) {
                throw new IllegalStateException("SQ(d,N) fluid: mass " + sum + " at t = " + t);
            }
            double boundary = boundaryMass(x);
            maxBoundary = Math.max(maxBoundary, boundary);
            if (boundary > options.truncationTolerance()) {
                throw new TruncationTooSmallException("SQ(d,N) fluid", capacity, boundary,
                        options.truncationTolerance(), t);
            }
            states[g] = x.clone();
        }
        LinkedHashMap<String, double[]> columns = new LinkedHashMap<>();
        int n = times.length;
        double[] ls = new double[n];
        double[] lm = new double[n];
        double[] idle = new double[n];
        for (int g = 0; g < n; g++) {
            ls[g] = meanQueueLength(states[g]);
            lm[g] = believedQueueLength(states[g]);
            idle[g] = queueMarginal(states[g])[0];
        }
        columns.put(Metric.MEAN_JOBS.name(), ls);
        columns.put(Metric.MEAN_MEMORY.name(), lm);
        columns.put(Metric.IDLE.name(), idle);
        List<String> names = coordinateNames();
        for (int k = 0; k < names.size(); k++) {
            double[] c = new double[n];
            for (int g = 0; g < n; g++) {
                c[g] = states[g][k];
            }
            columns.put(names.get(k), c);
        }
        Provenance p = Provenance.of("fluid", model).with("levels", capacity)
                .with("solver", exponentialFractions ? "water-filling (exponential fractions)" : "water-filling")
                .with("h", h);
        // one step costs about as much as one drift evaluation: report steps as evaluations
        return new FluidTrajectory(times, columns, states, p,
                FluidTrajectory.Diagnostics.explicit(steps, maxBoundary, minCoordinate, maxMassError));
    }

    private void requireLength(double[] x) {
        if (x == null || x.length != dimension()) {
            throw new IllegalArgumentException("state length = " + (x == null ? "null" : x.length)
                    + "; allowed: " + dimension() + " = (I+1)(I+2)/2 with I = " + capacity);
        }
    }

    /** Length, finite, ≥ 0, Σ = 1 (to 1e-9). */
    void requireState(double[] x) {
        requireLength(x);
        double sum = 0;
        for (int k = 0; k < x.length; k++) {
            if (!(x[k] >= 0 && x[k] <= 1)) {
                throw new IllegalArgumentException("state[" + k + "] = " + x[k] + "; allowed: 0 ≤ x ≤ 1");
            }
            sum += x[k];
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw new IllegalArgumentException("state sums to " + sum + "; allowed: |Σx − 1| ≤ 1e-9");
        }
    }
}
