package org.queuelab.sim.event;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.sim.Replications;
import org.queuelab.sim.TimeGrid;
import org.queuelab.sim.TimeWeightedAccumulator;
import org.queuelab.sim.Trajectory;

/**
 * Event-driven simulator of N always-on FCFS servers behind one dispatcher with general service times
 * ({@link LoadBalancingModel}): Poisson arrivals of rate λN; dispatching by
 * <ul>
 * <li>{@link RandomDispatch}: a uniformly chosen server that can take the job (lost if all are full);</li>
 * <li>{@link PowerOfD} SQ(d): the shortest of d servers sampled with replacement, ties uniform; lost if it is full
 *     ({@code sqdn.md} §1.6, {@code invariant-states.md} §1);</li>
 * <li>{@link JoinBelowThreshold} JBT-d / JIQ: a uniformly chosen server with ≤ d jobs, else a uniformly chosen
 *     server that can take the job ({@code alba.md} §2.2);</li>
 * <li>{@link PowerOfDWithMemory} SQ(d,N): Algorithm 1 of {@code sqdn.md} §1.2 (refresh d observations with
 *     replacement, join a uniformly chosen lowest observation, add one to it, capped at B; the memory starts
 *     equal to the initial queue lengths).</li>
 * </ul>
 *
 * <p>Engine: one {@link IndexedMinHeap} slot per server for its next departure; per-server ring buffers of waiting
 * job sizes; {@link IndexSet}s for servers with ≤ d jobs (JBT-d) and servers with room (finite buffers); counts of
 * servers with ≥ ℓ jobs for every ℓ, updated in O(1) per event and time-averaged lazily
 * ({@link TimeWeightedAccumulator}), so that sampling P(queue ≥ ℓ) on the grid costs O(L), not O(N). No allocation
 * per event. Job sizes are drawn at arrival from the service stream ({@link EventStreams}: the k-th arrival gets the
 * k-th size under every policy), so a job's wait and response time are known at arrival by FCFS.
 */
public final class LoadBalancingSimulator {

    private final LoadBalancingModel model;
    private final LoadBalancingSettings settings;

    public LoadBalancingSimulator(LoadBalancingModel model, LoadBalancingSettings settings) {
        this.model = Objects.requireNonNull(model, "model");
        this.settings = Objects.requireNonNull(settings, "settings");
        int n = settings.servers();
        if (model.dispatch() instanceof PowerOfD p && p.d() > n) {
            throw new IllegalArgumentException("d = " + p.d() + "; allowed: 1 ≤ d ≤ N = " + n);
        }
        if (model.dispatch() instanceof PowerOfDWithMemory p && p.d() > n) {
            throw new IllegalArgumentException("d = " + p.d() + "; allowed: 1 ≤ d ≤ N = " + n);
        }
        if (settings.initialJobs() > model.buffer()) {
            throw new IllegalArgumentException("initialJobs = " + settings.initialJobs() + "; allowed: ≤ buffer = "
                    + Buffers.label(model.buffer()));
        }
    }

    public LoadBalancingModel model() {
        return model;
    }

    public LoadBalancingSettings settings() {
        return settings;
    }

    /**
     * One run with the streams split from {@code seed}. Dispatchers that never react to departures (SQ(d),
     * SQ(d,N), Random with an infinite buffer) run on the lazy FCFS engine ({@link LazyFcfsRun}), the others on the
     * indexed heap; both draw the same random numbers and give the same counts and trajectories.
     */
    public LoadBalancingResult run(long seed) {
        if (LazyFcfsRun.applies(model)) {
            return new LazyFcfsRun(model, settings, EventStreams.of(seed)).execute(seed);
        }
        return new Run(EventStreams.of(seed)).execute(seed);
    }

    /** One run on the indexed-heap engine whatever the dispatcher (for cross-checking the lazy engine). */
    LoadBalancingResult runOnHeap(long seed) {
        return new Run(EventStreams.of(seed)).execute(seed);
    }

    /** One run seeded by {@code stream.nextLong()}. */
    public LoadBalancingResult run(RandomGenerator stream) {
        return run(stream.nextLong());
    }

    /** {@code count} replications on all cores; identical whatever the thread count. */
    public LoadBalancingReplications replicate(long seed, int count) {
        return replicate(seed, count, Runtime.getRuntime().availableProcessors());
    }

    /** {@code count} replications on {@code threads} threads. */
    public LoadBalancingReplications replicate(long seed, int count, int threads) {
        List<LoadBalancingResult> runs = Replications.run(seed, count, threads, (r, stream) -> run(stream));
        return new LoadBalancingReplications(seed, runs);
    }

    private final class Run {
        private static final int RANDOM = 0;
        private static final int POWER = 1;
        private static final int THRESHOLD = 2;
        private static final int MEMORY = 3;

        private final EventStreams rng;
        private final int n;
        private final int buffer;
        private final boolean finite;
        private final double arrivalRate;
        private final ServiceDistribution service;
        private final double horizon;
        private final double warmup;
        private final int policy;
        private final int d;

        private final int[] jobs;
        private final double[] workEnd;
        private final double[][] waiting;
        private final int[] head;
        private final IndexedMinHeap heap;
        private final IndexSet below;   // JBT-d: servers with ≤ d jobs
        private final IndexSet room;    // finite buffer: servers with < B jobs
        private final MemoryBuckets memory;

        private int[] atLeast = new int[16]; // atLeast[ℓ] = servers with ≥ ℓ jobs, ℓ ≥ 1
        private long totalJobs;
        private final TimeWeightedAccumulator areas; // component 0: jobs; component ℓ ≥ 1: atLeast[ℓ]

        private long initialJobs;
        private long arrivals;
        private long lost;
        private long departures;
        private long windowArrivals;
        private long windowLost;
        private double responseSum;
        private double waitSum;
        private long timed;

        private final TimeGrid grid;
        private final int points;
        private int nextSample;
        private final double[][] series; // tail_1..tail_L, meanJobs

        Run(EventStreams rng) {
            this.rng = rng;
            n = settings.servers();
            buffer = model.buffer();
            finite = !Buffers.isInfinite(buffer);
            arrivalRate = model.lambda() * n;
            service = model.service();
            horizon = settings.horizon();
            warmup = settings.warmup();
            var dispatch = model.dispatch();
            if (dispatch instanceof PowerOfD p) {
                policy = POWER;
                d = p.d();
            } else if (dispatch instanceof JoinBelowThreshold j) {
                policy = THRESHOLD;
                d = j.d();
            } else if (dispatch instanceof PowerOfDWithMemory m) {
                policy = MEMORY;
                d = m.d();
            } else {
                policy = RANDOM;
                d = 1;
            }
            jobs = new int[n];
            workEnd = new double[n];
            waiting = new double[n][];
            head = new int[n];
            heap = new IndexedMinHeap(n);
            below = policy == THRESHOLD ? new IndexSet(n) : null;
            room = finite ? new IndexSet(n) : null;
            memory = policy == MEMORY ? new MemoryBuckets(n, settings.initialJobs()) : null;
            areas = new TimeWeightedAccumulator(16, warmup);
            grid = settings.grid();
            points = grid.size();
            series = new double[settings.trackedLevels() + 1][points];
        }

        LoadBalancingResult execute(long seed) {
            initialize();
            RandomGenerator arrivalStream = rng.arrivals();
            double nextArrival = arrivalStream.nextExponential() / arrivalRate;
            while (true) {
                double tHeap = heap.minTime();
                if (nextArrival <= tHeap) {
                    if (nextArrival > horizon) {
                        break;
                    }
                    sampleBefore(nextArrival);
                    arrival(nextArrival);
                    nextArrival += arrivalStream.nextExponential() / arrivalRate;
                } else {
                    if (tHeap > horizon) {
                        break;
                    }
                    sampleBefore(tHeap);
                    departure(heap.minSlot(), tHeap);
                }
            }
            sampleBefore(Double.POSITIVE_INFINITY);
            int maxLevel = areas.dimension() - 1;
            while (maxLevel > 0 && areas.integral(maxLevel, horizon) == 0 && atLeast(maxLevel) == 0) {
                maxLevel--;
            }
            double[] tails = new double[maxLevel + 1];
            tails[0] = 1.0;
            for (int l = 1; l <= maxLevel; l++) {
                tails[l] = areas.mean(l, horizon) / n;
            }
            double meanJobs = areas.mean(0, horizon) / n;
            double loss = windowArrivals == 0 ? 0.0 : (double) windowLost / windowArrivals;
            double responsePerJob = timed == 0 ? 0.0 : responseSum / timed;
            double waitPerJob = timed == 0 ? 0.0 : waitSum / timed;
            double responseLittle = meanJobs / (model.lambda() * (1 - loss));
            List<String> names = new ArrayList<>();
            for (int l = 1; l <= settings.trackedLevels(); l++) {
                names.add(LoadBalancingSettings.tailSeries(l));
            }
            names.add("meanJobs");
            Trajectory trajectory = new Trajectory(grid, names, series,
                    LoadBalancingResult.parameters(model, settings, seed));
            return new LoadBalancingResult(model, settings, seed, initialJobs, arrivals, lost, departures, totalJobs,
                    meanJobs, tails, loss, responsePerJob, waitPerJob, responseLittle, trajectory);
        }

        private int atLeast(int level) {
            return level < atLeast.length ? atLeast[level] : 0;
        }

        private void initialize() {
            int k = settings.initialJobs();
            for (int s = 0; s < n; s++) {
                if (finite && k < buffer) {
                    room.add(s);
                }
                if (policy == THRESHOLD && k <= d) {
                    below.add(s);
                }
                for (int j = 0; j < k; j++) {
                    double size = service.sample(rng.service());
                    if (j == 0) {
                        workEnd[s] = size;
                        heap.set(s, size);
                    } else {
                        enqueue(s, size);
                        workEnd[s] += size;
                    }
                    jobs[s]++;
                    raise(s, 0.0);
                }
            }
            initialJobs = (long) k * n;
        }

        private void sampleBefore(double t) {
            while (nextSample < points && grid.time(nextSample) < t) {
                int kk = nextSample++;
                int levels = series.length - 1;
                for (int l = 1; l <= levels; l++) {
                    series[l - 1][kk] = (double) atLeast(l) / n;
                }
                series[levels][kk] = (double) totalJobs / n;
            }
        }

        /** jobs[s] was just incremented to q: one more server has ≥ q jobs. */
        private void raise(int s, double t) {
            int q = jobs[s];
            if (q >= atLeast.length) {
                atLeast = Arrays.copyOf(atLeast, Math.max(q + 1, 2 * atLeast.length));
            }
            areas.ensureDimension(q + 1);
            atLeast[q]++;
            areas.add(q, t, 1);
            totalJobs++;
            areas.add(0, t, 1);
        }

        private int choose(RandomGenerator r) {
            switch (policy) {
                case POWER -> {
                    int best = r.nextInt(n);
                    int bestJobs = jobs[best];
                    int ties = 1;
                    for (int i = 1; i < d; i++) {
                        int c = r.nextInt(n);
                        int q = jobs[c];
                        if (q < bestJobs) {
                            best = c;
                            bestJobs = q;
                            ties = 1;
                        } else if (q == bestJobs && c != best) {
                            ties++;
                            if (r.nextInt(ties) == 0) {
                                best = c;
                            }
                        }
                    }
                    return bestJobs < buffer ? best : -1;
                }
                case THRESHOLD -> {
                    if (!below.isEmpty()) {
                        return below.uniform(r);
                    }
                    return anyWithRoom(r);
                }
                case MEMORY -> {
                    for (int i = 0; i < d; i++) {
                        int c = r.nextInt(n);
                        memory.set(c, jobs[c]);
                    }
                    int k = memory.uniformLowest(r);
                    memory.set(k, Math.min(memory.value(k) + 1, buffer));
                    return jobs[k] < buffer ? k : -1;
                }
                default -> {
                    return anyWithRoom(r);
                }
            }
        }

        private int anyWithRoom(RandomGenerator r) {
            if (!finite) {
                return r.nextInt(n);
            }
            return room.isEmpty() ? -1 : room.uniform(r);
        }

        private void arrival(double t) {
            arrivals++;
            boolean inWindow = t >= warmup;
            if (inWindow) {
                windowArrivals++;
            }
            double size = service.sample(rng.service()); // one size per arrival: common random numbers
            int s = choose(rng.dispatch());
            if (s < 0) {
                lost++;
                if (inWindow) {
                    windowLost++;
                }
                return;
            }
            double wait;
            if (jobs[s] == 0) {
                wait = 0.0;
                workEnd[s] = t + size;
                heap.set(s, t + size);
            } else {
                wait = workEnd[s] - t;
                enqueue(s, size);
                workEnd[s] += size;
            }
            if (inWindow) {
                waitSum += wait;
                responseSum += wait + size;
                timed++;
            }
            jobs[s]++;
            raise(s, t);
            if (finite && jobs[s] == buffer) {
                room.remove(s);
            }
            if (policy == THRESHOLD && jobs[s] == d + 1) {
                below.remove(s);
            }
        }

        private void departure(int s, double t) {
            departures++;
            int q = jobs[s];
            atLeast[q]--;
            areas.add(q, t, -1);
            totalJobs--;
            areas.add(0, t, -1);
            jobs[s] = q - 1;
            if (q > 1) {
                heap.set(s, t + dequeue(s));
            } else {
                heap.remove(s);
            }
            if (finite && q == buffer) {
                room.add(s);
            }
            if (policy == THRESHOLD && q - 1 == d) {
                below.add(s);
            }
        }

        private void enqueue(int s, double size) {
            double[] ring = waiting[s];
            int count = jobs[s] - 1;
            if (ring == null) {
                ring = new double[4];
                waiting[s] = ring;
                head[s] = 0;
            } else if (count == ring.length) {
                double[] grown = new double[ring.length * 2];
                for (int i = 0; i < count; i++) {
                    grown[i] = ring[(head[s] + i) & (ring.length - 1)];
                }
                ring = grown;
                waiting[s] = ring;
                head[s] = 0;
            }
            ring[(head[s] + count) & (ring.length - 1)] = size;
        }

        private double dequeue(int s) {
            double[] ring = waiting[s];
            double size = ring[head[s]];
            head[s] = (head[s] + 1) & (ring.length - 1);
            return size;
        }
    }
}
