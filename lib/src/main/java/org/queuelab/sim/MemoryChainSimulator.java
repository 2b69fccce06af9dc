package org.queuelab.sim;

import org.queuelab.guard.Cancellation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;
import org.queuelab.guard.RunGuards;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.result.Metric;
import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Trajectory;

/**
 * SQ(d,N), power-of-d with memory (docs/sqdn.md §1), with exponential service, two exact simulators of the
 * same law:
 * <ul>
 *   <li>{@link Engine#AGGREGATED}: the chain X^N of docs/sqdn.md §2 on the counts n_{i,j} of servers holding i jobs whose
 *       slot reads j (0 ≤ i ≤ j ≤ I), Gillespie's direct method at rate λN + µ·#busy. An arrival refreshes d
 *       uniformly drawn servers (with replacement) to (i, i), then picks a server uniformly among those with the
 *       lowest slot m, moves it (i, m) → (i+1, min(m+1, I)), or rejects the job if i = I. Cost per event is
 *       independent of N (at most O(I²), in practice the few occupied classes).</li>
 *   <li>{@link Engine#PER_SERVER}: the agent simulator of docs/sqdn.md §2, per-server queue Q_k and slot M_k, one bucket of
 *       server ids per slot value; uniformized at rate (λ + µ)N (a potential departure at an idle server is a
 *       null event). The cross-check of docs/sqdn.md §9.8 (agreement in law).</li>
 * </ul>
 * The memory cap of docs/sqdn.md §1 applies: slots never exceed I.
 *
 * <p>Trajectory series: {@code x<i><j>} for the chosen pairs (default (0,0), (0,1), (1,1); see
 * {@code pairName}), {@code LS} (mean jobs per server), {@code LM} (mean slot value), {@code idle}
 * (x_{0,·}) and {@code maxQueue}. Stationary metrics: {@code LS, LM, loss, throughput, R} (Little),
 * {@code idleJoinFraction} (accepted jobs that joined an idle server), {@code maxQueueEver} (largest queue
 * over the whole run), {@code q<i>} (fraction of servers with i
 * jobs, i = 0..I) and every {@code x<i><j>}. The run's {@link OccupancyRun#levelFractions()} is the queue-length
 * marginal.
 */
public final class MemoryChainSimulator implements OneStreamSimulator {

    /** Which exact simulator runs the chain. */
    public enum Engine {
        /** Counts of servers by (queue, slot): cost per event independent of N. */
        AGGREGATED,
        /** One queue and one slot per server: the reference the aggregated chain is tested against. */
        PER_SERVER
    }

    private final int n;
    private final double lambda;
    private final double mu;
    private final int d;
    private final int buffer;
    private final int[][] pairs;
    private final Engine engine;
    private final Provenance parameters;

    private MemoryChainSimulator(int n, double lambda, double mu, int d, int buffer, int[][] pairs, Engine engine,
                                 Provenance parameters) {
        this.n = n;
        this.lambda = lambda;
        this.mu = mu;
        this.d = d;
        this.buffer = buffer;
        this.pairs = pairs;
        this.engine = engine;
        this.parameters = parameters;
    }

    /**
     * The aggregated simulator of {@code model} (dispatch {@link PowerOfDWithMemory}, exponential service,
     * finite buffer I ≥ 2) on N servers.
     *
     * @param model the model (validated by its constructor)
     * @param n     N, the number of servers, ≥ 1
     * @return the simulator
     */
    public static MemoryChainSimulator of(LoadBalancingModel model, int n) {
        Objects.requireNonNull(model, "model");
        Require.atLeast("N", n, 1);
        Dispatch memory = model.dispatch();
        if (memory.kind() != Dispatch.Kind.SHORTEST_IN_MEMORY) {
            throw new IllegalArgumentException("dispatch = " + model.dispatch().label()
                    + "; allowed: PowerOfDWithMemory (other rules: OccupancySimulator.loadBalancing)");
        }
        if (memory.d() > n) {
            throw new IllegalArgumentException("d = " + memory.d() + " > N = " + n + "; allowed: 1 ≤ d ≤ N");
        }
        if (Buffers.isInfinite(model.buffer()) || model.buffer() < 2) {
            throw new IllegalArgumentException("buffer I = " + Buffers.label(model.buffer())
                    + "; allowed: 2 ≤ I < ∞ (docs/sqdn.md §1; I ≥ j*+2 makes it irrelevant)");
        }
        OccupancySimulator.requireExponential(model.service());
        Provenance p = Provenance.of("CTMC", model).with("N", n);
        return new MemoryChainSimulator(n, model.lambda(), 1.0 / model.service().mean(), memory.d(), model.buffer(),
                new int[][] {{0, 0}, {0, 1}, {1, 1}}, Engine.AGGREGATED, p.with("chain", "aggregated"));
    }

    /**
     * {@return the same model run by the given engine}
     *
     * @param newEngine the engine, AGGREGATED or PER_SERVER
     */
    public MemoryChainSimulator using(Engine newEngine) {
        Objects.requireNonNull(newEngine, "engine");
        return new MemoryChainSimulator(n, lambda, mu, d, buffer, pairs, newEngine,
                parameters.with("chain", newEngine == Engine.AGGREGATED ? "aggregated" : "per-server"));
    }

    /**
     * {@return the same simulator recording x_{i,j} for these (i, j) pairs (each {i, j} with 0 ≤ i ≤ j ≤ I)}
     *
     * @param chosen pairs {i, j} with 0 ≤ i ≤ j ≤ I
     */
    public MemoryChainSimulator withPairs(int[]... chosen) {
        int[][] copy = new int[chosen.length][];
        for (int k = 0; k < chosen.length; k++) {
            int[] p = chosen[k];
            if (p.length != 2 || p[0] < 0 || p[1] < p[0] || p[1] > buffer) {
                throw new IllegalArgumentException("pair = " + Arrays.toString(p)
                        + "; allowed: {i, j} with 0 ≤ i ≤ j ≤ I = " + buffer);
            }
            copy[k] = p.clone();
        }
        return new MemoryChainSimulator(n, lambda, mu, d, buffer, copy, engine, parameters);
    }

    /** {@return names of the trajectory series} */
    public List<String> seriesNames() {
        List<String> names = new ArrayList<>();
        for (int[] p : pairs) {
            names.add(Metric.pair(p[0], p[1]).name());
        }
        names.addAll(List.of(Metric.names(Metric.MEAN_JOBS, Metric.MEAN_MEMORY, Metric.IDLE, Metric.MAX_QUEUE)));
        return names;
    }

    @Override
    public Provenance provenance() {
        return parameters;
    }

    /**
     * One run drawing from {@code rng}; {@code seed} is recorded. The window must stop at a finite horizon (no
     * event budget); its initial state is an {@link InitialMemory} or {@link JobsPerServer} (every slot then
     * reads the true queue length).
     */
    @Override
    public OccupancyRun run(RunWindow window, RandomGenerator rng, long seed) {
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(rng, "rng");
        window.requireHorizonOnly("the SQ(d,N) chain");
        InitialMemory initial = initialMemory(window.initial());
        RunGuards.requireEvents("SQ(d,N) run with N = " + n + ", lambda = " + lambda, lambda * n * window.horizon());
        RunGuards.requireMemory("SQ(d,N) run with I = " + buffer, seriesNames().size(), window.grid().size(),
                (buffer + 1L) * (buffer + 1L) + (engine == Engine.PER_SERVER ? n : 0), 24,
                engine == Engine.PER_SERVER ? "(level, memory) pairs and servers" : "(level, memory) pairs");
        // the aggregated engine holds counts per (level, memory) pair only: nothing per server (N = 10⁹ runs)
        State s = engine == Engine.AGGREGATED ? new Aggregated(this, initial, window, rng)
                : new PerServer(this, initial, window, rng);
        return s.simulate(seed);
    }

    /** The starting (jobs, slot) counts from the kinds this chain accepts. */
    private static InitialMemory initialMemory(InitialState initial) {
        if (initial instanceof InitialMemory memory) {
            return memory;
        }
        if (initial instanceof JobsPerServer each) {
            return InitialMemory.allAt(each.jobs(), each.jobs());
        }
        throw InitialState.unsupported(initial, "the SQ(d,N) chain", "InitialMemory or JobsPerServer");
    }

    /** The counts n_{i,j} and everything derived from them; subclasses supply the events. */
    private abstract static class State {
        static final int JOBS = 0;
        static final int MEMORY = 1;
        static final int ROW0 = 2;

        final MemoryChainSimulator sim;
        final RandomGenerator rng;
        final int top;                 // I
        final int[] count;             // flat k(i,j) = j(j+1)/2 + i
        final int[] column;            // n_{·,j}
        final int[] row;               // n_{i,·}
        final int pairBase;            // accumulator index of flat 0
        final TimeWeightedAccumulator acc;
        final RunWindow window;
        final TimeGrid grid;
        final double warmup;
        final double[][] series;
        long jobs;
        long memory;
        int maxQueue;
        int maxQueueEver;
        double time;
        long events;
        long arrivals;
        long losses;
        long departures;
        long idleJoins;
        long initialJobs;
        long arrivalsAtWarmup;
        long lossesAtWarmup;
        long idleJoinsAtWarmup;
        boolean warmupPassed;

        State(MemoryChainSimulator sim, InitialMemory initial, RunWindow window, RandomGenerator rng) {
            this.sim = sim;
            this.rng = rng;
            this.top = sim.buffer;
            this.window = window;
            this.grid = window.grid();
            this.warmup = window.warmup();
            int[][] start = initial.resolve(sim.n, top);
            count = new int[(top + 1) * (top + 2) / 2];
            column = new int[top + 1];
            row = new int[top + 2];
            pairBase = ROW0 + top + 1;
            acc = new TimeWeightedAccumulator(pairBase + count.length, warmup);
            for (int i = 0; i <= top; i++) {
                for (int j = i; j <= top; j++) {
                    int c = start[i][j];
                    count[flat(i, j)] = c;
                    column[j] += c;
                    row[i] += c;
                    jobs += (long) i * c;
                    memory += (long) j * c;
                    if (c > 0) {
                        maxQueue = Math.max(maxQueue, i);
                    }
                    acc.set(pairBase + flat(i, j), 0, c);
                }
                acc.set(ROW0 + i, 0, row[i]);
            }
            acc.set(JOBS, 0, jobs);
            acc.set(MEMORY, 0, memory);
            initialJobs = jobs;
            maxQueueEver = maxQueue;
            series = new double[sim.seriesNames().size()][grid.size()];
            for (double[] s : series) {
                Arrays.fill(s, Double.NaN);
            }
        }

        static int flat(int i, int j) {
            return j * (j + 1) / 2 + i;
        }

        /** Moves one server from (i, j) to (i2, j2), keeping every count and accumulator in step. */
        final void move(int i, int j, int i2, int j2) {
            if (i2 > j2 || j2 > top) {   // Q ≤ M ≤ I (docs/sqdn.md §1): a violation would corrupt the flat index
                throw new IllegalStateException("invariant broken: (" + i2 + "," + j2 + ") with I = " + top);
            }
            count[flat(i, j)]--;
            count[flat(i2, j2)]++;
            acc.add(pairBase + flat(i, j), time, -1);
            acc.add(pairBase + flat(i2, j2), time, 1);
            if (j != j2) {
                column[j]--;
                column[j2]++;
                memory += j2 - j;
                acc.add(MEMORY, time, j2 - j);
            }
            if (i != i2) {
                row[i]--;
                row[i2]++;
                acc.add(ROW0 + i, time, -1);
                acc.add(ROW0 + i2, time, 1);
                jobs += i2 - i;
                acc.add(JOBS, time, i2 - i);
                if (i2 > maxQueue) {
                    maxQueue = i2;
                    maxQueueEver = Math.max(maxQueueEver, i2);
                }
                while (maxQueue > 0 && row[maxQueue] == 0) {
                    maxQueue--;
                }
            }
        }

        /** Lowest slot value held by some server. */
        final int lowestSlot() {
            int m = 0;
            while (column[m] == 0) {
                m++;
            }
            return m;
        }

        /** Queue length of the server of rank r among those with slot m (ordered by queue length). */
        final int queueInColumn(int m, int r) {
            int base = flat(0, m);
            int i = 0;
            int cumulative = count[base];
            while (r >= cumulative) {
                i++;
                cumulative += count[base + i];
            }
            return i;
        }

        abstract double totalRate();

        abstract void step(double rate);

        OccupancyRun simulate(long seed) {
            double horizon = window.horizon();
            int k = 0;
            int gridSize = grid.size();
            double nextSample = 0;
            long polls = 0;
            while (true) {
                Cancellation.poll(++polls, Cancellation.EVENTS_MASK, () -> "SQ(d,N) simulation");
                double rate = totalRate();
                double next = time + rng.nextExponential() / rate;
                while (k < gridSize && nextSample < next && nextSample <= horizon) {
                    record(k);
                    k++;
                    nextSample = grid.time(k);
                }
                if (next > horizon) {
                    time = horizon;
                    break;
                }
                time = next;
                if (!warmupPassed && next > warmup) {
                    warmupPassed = true;
                    arrivalsAtWarmup = arrivals;
                    lossesAtWarmup = losses;
                    idleJoinsAtWarmup = idleJoins;
                }
                events++;
                step(rate);
            }
            return finish(seed);
        }

        private void record(int k) {
            double inv = 1.0 / sim.n;
            int s = 0;
            for (int[] p : sim.pairs) {
                series[s++][k] = count[flat(p[0], p[1])] * inv;
            }
            series[s++][k] = jobs * inv;
            series[s++][k] = memory * inv;
            series[s++][k] = row[0] * inv;
            series[s][k] = maxQueue;
        }

        private OccupancyRun finish(long seed) {
            double inv = 1.0 / sim.n;
            double ls = acc.mean(JOBS, time) * inv;
            long windowArrivals = arrivals - arrivalsAtWarmup;
            long windowLosses = losses - lossesAtWarmup;
            long windowAccepted = windowArrivals - windowLosses;
            double loss = windowArrivals > 0 ? (double) windowLosses / windowArrivals : Double.NaN;
            Metrics.Builder m = Metrics.builder().put(Metric.MEAN_JOBS, ls)
                    .put(Metric.MEAN_MEMORY, acc.mean(MEMORY, time) * inv)
                    .put(Metric.LOSS, loss).put(Metric.THROUGHPUT, windowAccepted / ((time - warmup) * sim.n))
                    .put(Metric.RESPONSE, ls / (sim.lambda * (1 - loss)))
                    .put(Metric.IDLE_JOIN_FRACTION, windowAccepted > 0
                            ? (double) (idleJoins - idleJoinsAtWarmup) / windowAccepted : Double.NaN)
                    .put(Metric.MAX_QUEUE_EVER, maxQueueEver);
            String inWindow = " in the averaging window [" + warmup + ", " + time + "]";
            if (windowArrivals == 0) {   // loss = 0/0, and Little's law divides by the accepted rate λ(1 − loss)
                String because = "no arrival" + inWindow + "; use a longer horizon";
                m.undefined(Metric.LOSS, because).undefined(Metric.RESPONSE, because);
            }
            if (windowAccepted == 0) {
                m.undefined(Metric.IDLE_JOIN_FRACTION, "no job accepted" + inWindow);
            }
            double[] queue = new double[top + 1];
            for (int i = 0; i <= top; i++) {
                queue[i] = acc.mean(ROW0 + i, time) * inv;
                m.put(i == 0 ? Metric.IDLE : Metric.level(i), queue[i]);
            }
            for (int j = 0; j <= top; j++) {
                for (int i = 0; i <= j; i++) {
                    m.put(Metric.pair(i, j), acc.mean(pairBase + flat(i, j), time) * inv);
                }
            }
            OccupancyCounters counters = new OccupancyCounters(events, arrivals, losses, departures, 0, 0, 0, 0,
                    initialJobs, jobs);
            Provenance p = window.describe(sim.parameters.withSeed(seed));
            Trajectory trajectory = new Trajectory(grid, sim.seriesNames(), series, p);
            return new OccupancyRun(trajectory, m.build(), queue, counters, time,
                    OccupancyRun.littleRefusal(ls, sim.lambda * (1 - loss), Double.NaN, 0));
        }
    }

    /** The aggregated chain of docs/sqdn.md §2: Gillespie on the counts. */
    private static final class Aggregated extends State {
        private final double lamN;

        Aggregated(MemoryChainSimulator sim, InitialMemory initial, RunWindow window, RandomGenerator rng) {
            super(sim, initial, window, rng);
            lamN = sim.lambda * sim.n;
        }

        @Override
        double totalRate() {
            return lamN + sim.mu * (sim.n - row[0]);
        }

        @Override
        void step(double rate) {
            if (rng.nextDouble() * rate < lamN) {
                arrivals++;
                for (int p = 0; p < sim.d; p++) {
                    sample(RandomDraws.uniformInt(rng, sim.n));
                }
                dispatchToLowest();
            } else {
                departures++;
                depart(RandomDraws.uniformInt(rng, sim.n - row[0]));
            }
        }

        /** Refreshes the slot of the server of rank r (classes in flat order): (i, j) → (i, i). */
        private void sample(int r) {
            int j = 0;
            while (r >= column[j]) {
                r -= column[j];
                j++;
            }
            int i = queueInColumn(j, r);
            if (i != j) {
                move(i, j, i, i);
            }
        }

        /** Lowest slot m, a uniform server among those with slot m (by its class), join or reject. */
        private void dispatchToLowest() {
            int m = lowestSlot();
            int i = queueInColumn(m, RandomDraws.uniformInt(rng, column[m]));
            if (i == top) {
                losses++;   // every server at (I, I): the slot stays I (memory cap)
            } else {
                if (i == 0) {
                    idleJoins++;
                }
                move(i, m, i + 1, Math.min(m + 1, top));
            }
        }

        /** A departure at the busy server of rank r (classes with i ≥ 1, flat order): (i, j) → (i − 1, j). */
        private void depart(int r) {
            for (int j = 1; ; j++) {
                int busyInColumn = column[j] - count[flat(0, j)];
                if (r < busyInColumn) {
                    int base = flat(0, j);
                    int i = 1;
                    int cumulative = count[base + 1];
                    while (r >= cumulative) {
                        i++;
                        cumulative += count[base + i];
                    }
                    move(i, j, i - 1, j);
                    return;
                }
                r -= busyInColumn;
            }
        }
    }

    /** The per-server agent simulator of docs/sqdn.md §2, uniformized at rate (λ + µ)N. */
    private static final class PerServer extends State {
        private final int[] queue;       // Q_k
        private final int[] slot;        // M_k
        private final int[][] bucket;    // bucket[m]: ids of servers whose slot reads m
        private final int[] bucketSize;
        private final int[] position;    // position of server k in its bucket
        private final double arrivalShare;
        private final double uniformRate;

        PerServer(MemoryChainSimulator sim, InitialMemory initial, RunWindow window, RandomGenerator rng) {
            super(sim, initial, window, rng);
            int n = sim.n;
            queue = new int[n];
            slot = new int[n];
            position = new int[n];
            bucket = new int[top + 1][];
            bucketSize = new int[top + 1];
            for (int m = 0; m <= top; m++) {
                bucket[m] = new int[Math.max(4, column[m])];
            }
            int k = 0;
            for (int j = 0; j <= top; j++) {
                for (int i = 0; i <= j; i++) {
                    for (int c = 0; c < count[flat(i, j)]; c++) {
                        queue[k] = i;
                        slot[k] = j;
                        addToBucket(k, j);
                        k++;
                    }
                }
            }
            arrivalShare = sim.lambda / (sim.lambda + sim.mu);
            uniformRate = (sim.lambda + sim.mu) * n;
        }

        private void addToBucket(int k, int m) {
            if (bucketSize[m] == bucket[m].length) {
                bucket[m] = Arrays.copyOf(bucket[m], Math.min(sim.n, 2 * bucket[m].length));
            }
            position[k] = bucketSize[m];
            bucket[m][bucketSize[m]++] = k;
        }

        private void removeFromBucket(int k, int m) {
            int last = bucket[m][--bucketSize[m]];
            bucket[m][position[k]] = last;
            position[last] = position[k];
        }

        private void setSlot(int k, int m) {
            if (slot[k] != m) {
                removeFromBucket(k, slot[k]);
                addToBucket(k, m);
                slot[k] = m;
            }
        }

        @Override
        double totalRate() {
            return uniformRate;
        }

        @Override
        void step(double rate) {
            if (rng.nextDouble() < arrivalShare) {
                arrivals++;
                for (int p = 0; p < sim.d; p++) {
                    int k = RandomDraws.uniformInt(rng, sim.n);
                    if (slot[k] != queue[k]) {
                        move(queue[k], slot[k], queue[k], queue[k]);
                        setSlot(k, queue[k]);
                    }
                }
                dispatchToLowest();
            } else {
                int k = RandomDraws.uniformInt(rng, sim.n);
                if (queue[k] > 0) {
                    departures++;
                    move(queue[k], slot[k], queue[k] - 1, slot[k]);
                    queue[k]--;
                }
            }
        }

        /** Algorithm 1, lines 4-7: lowest slot among all N, uniform server in that bucket, join or reject. */
        private void dispatchToLowest() {
            int m = 0;
            while (bucketSize[m] == 0) {
                m++;
            }
            int k = bucket[m][RandomDraws.uniformInt(rng, bucketSize[m])];
            int i = queue[k];
            if (i == top) {
                losses++;   // Q = M = I: rejected, the slot stays I (memory cap)
                return;
            }
            if (i == 0) {
                idleJoins++;
            }
            int m2 = Math.min(m + 1, top);
            move(i, m, i + 1, m2);
            queue[k] = i + 1;
            setSlot(k, m2);
        }
    }
}
