package org.queuelab.sim.event;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.sim.RunWindow;

/**
 * One run of a load-balancing model whose dispatcher never reacts to departures (SQ(d), SQ(d,N), Random with an
 * infinite buffer), by lazy FCFS evaluation ({@code engineering-notes.md} Part C): the only global events are
 * arrivals. A server's FCFS departure times are fixed when its jobs arrive (the size is drawn at arrival), so each
 * server keeps them in a ring buffer and drops those ≤ t only when it is probed at time t, or when the grid is
 * sampled (then every server is brought up to date). Each server's queue-length path is thereby processed in its
 * own time order, which is all the time averages need: the time spent at each length is accumulated per level.
 *
 * <p>Draws exactly the same random numbers in the same order as the heap engine, so both give identical counts
 * and trajectories for the same seed (tested).
 *
 * <p><b>Layout.</b> An arrival probes d uniformly chosen servers, so at large N every probe is a cache miss; the
 * state is split by how often it is read. A probe reads only the server's 16-byte hot record, {@code hot[2s]} the
 * time of its next departure (+∞ when empty) and {@code hot[2s+1]} its job count and ring head, so it costs one
 * cache line, and 16 B per server stay in L2 up to N ≈ 10⁵. Only a probe that finds a departure due, and the
 * server that receives the job, read the server's cold block of {@link #stride} doubles: the time of its last
 * queue-length change, then a ring of {@code stride − 1} FCFS departure times (one 64-byte block for the
 * initial stride 8). All blocks share one flat array; the stride (a power of two) is doubled when some queue
 * outgrows its ring. For SQ(2) both candidates are drawn before either is probed (the probes draw nothing, so the
 * stream is unchanged) and their hot records are loaded together, so the two misses overlap.
 */
final class LazyFcfsRun extends LoadBalancingRun {

    private static final long EMPTY = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);

    /** Doubles per server in {@link #cold}: its last change time, then a ring of stride − 1 departure times. */
    private int stride = 8;
    private final long[] hot;  // hot[2s]: bits of the next departure time; hot[2s+1]: jobs | head << 32
    private double[] cold;     // cold[s·stride]: time of the last queue-length change; then the ring
    private double[] timeAt = new double[16]; // Σ over servers of time in [warmup, T] spent with exactly q jobs
    private int[] atLeast = new int[16];      // servers with ≥ q jobs, exact after a full update

    /** Whether the lazy engine applies: the dispatcher must not need to know about departures as they happen. */
    static boolean applies(LoadBalancingModel model) {
        return switch (model.dispatch().kind()) {
            case SHORTEST_OF_SAMPLE, SHORTEST_IN_MEMORY -> true;
            case UNIFORM -> Buffers.isInfinite(model.buffer());
            case BELOW_THRESHOLD -> false;
        };
    }

    LazyFcfsRun(LoadBalancingSimulator sim, RunWindow window, EventStreams rng) {
        super(sim, window, rng);
        while (stride - 1 < startJobs) {
            stride *= 2;
        }
        hot = new long[2 * n];
        cold = new double[n * stride];
    }

    @Override
    LoadBalancingResult execute(long seed) {
        initialize();
        RandomGenerator arrivalStream = rng.arrivals();
        RandomGenerator choice = rng.dispatch();
        RandomGenerator sizes = rng.service();
        boolean two = policy == POWER && d == 2;
        double t = arrivalStream.nextExponential() / arrivalRate;
        while (t <= horizon) {
            while (nextSample < points && grid.time(nextSample) < t) {
                sample(nextSample++);
            }
            double next;
            if (two) {
                // SQ(2): both candidates' hot records are loaded first; the size and the next arrival time (other
                // streams, so drawn in the same order within each stream) are computed while those loads are in flight
                int a = choice.nextInt(n);
                int b = choice.nextInt(n);
                double depA = Double.longBitsToDouble(hot[2 * a]);
                double depB = Double.longBitsToDouble(hot[2 * b]);
                double size = service.sample(sizes); // before the choice, as in the heap engine
                next = t + arrivalStream.nextExponential() / arrivalRate;
                place(t, size, shorterOfTwo(choice, t, a, b, depA, depB));
            } else {
                double size = service.sample(sizes);
                next = t + arrivalStream.nextExponential() / arrivalRate;
                place(t, size, choose(choice, t));
            }
            t = next;
        }
        while (nextSample < points) {
            sample(nextSample++);
        }
        for (int s = 0; s < n; s++) {
            probe(s, horizon);
            accumulate(s * stride, jobs(s), horizon);
        }
        return finish(seed);
    }

    private void initialize() {
        int k = startJobs;
        RandomGenerator sizes = rng.service();
        for (int s = 0; s < n; s++) {
            double end = 0;
            for (int j = 0; j < k; j++) {
                end += service.sample(sizes);
                cold[s * stride + 1 + j] = end;
            }
            hot[2 * s] = k == 0 ? EMPTY : Double.doubleToRawLongBits(cold[s * stride + 1]);
            hot[2 * s + 1] = k;
        }
        if (k > 0) {
            grow(k);
            atLeast[k] = n;
            for (int q = 1; q < k; q++) {
                atLeast[q] = n;
            }
        }
        initialJobs = (long) k * n;
        totalJobs = initialJobs;
    }

    private int jobs(int s) {
        return (int) hot[2 * s + 1];
    }

    private void sample(int k) {
        double t = grid.time(k);
        for (int s = 0; s < n; s++) {
            probe(s, t);
        }
        record(k, atLeast);
    }

    /** Adds the time the server whose block starts at {@code base} spent with q jobs since its last change, clipped
     *  to the window, up to x; x becomes its last change. */
    private void accumulate(int base, int q, double x) {
        double from = Math.max(cold[base], warmup);
        if (x > from) {
            timeAt[q] += x - from;
        }
        cold[base] = x;
    }

    /** Completes the departures of server s at times ≤ t, in order, the first at {@code dep} (≤ t); returns its
     *  job count after them. */
    private int purge(int s, double t, double dep) {
        long meta = hot[2 * s + 1];
        int q = (int) meta;
        int h = (int) (meta >>> 32);
        int base = s * stride;
        int ring = stride - 1;
        double next = dep;
        do {
            accumulate(base, q, next);
            atLeast[q]--;
            q--;
            totalJobs--;
            departures++;
            if (++h == ring) {
                h = 0;
            }
            next = q == 0 ? Double.POSITIVE_INFINITY : cold[base + 1 + h];
        } while (next <= t);
        hot[2 * s] = Double.doubleToRawLongBits(next);
        hot[2 * s + 1] = q | (long) h << 32;
        return q;
    }

    @Override
    int probe(int s, double t) {
        double dep = Double.longBitsToDouble(hot[2 * s]);
        return dep <= t ? purge(s, t, dep) : jobs(s);
    }

    /**
     * SQ(2) at time t between candidates a and b (drawn in that order, with replacement), whose hot next-departure
     * times were read as depA and depB: the shorter, ties uniform, −1 if it is full; the same draws in the same
     * order as {@link LoadBalancingRun#choose}.
     */
    private int shorterOfTwo(RandomGenerator r, double t, int a, int b, double depA, double depB) {
        int qa = depA <= t ? purge(a, t, depA) : jobs(a);
        int qb = b == a ? qa : depB <= t ? purge(b, t, depB) : jobs(b); // a's purge made depB stale if b = a
        int best = a;
        int bestJobs = qa;
        if (qb < qa) {
            best = b;
            bestJobs = qb;
        } else if (qb == qa && b != a && r.nextInt(2) == 0) {
            best = b;
        }
        return bestJobs < buffer ? best : -1;
    }

    @Override
    int chooseFromSets(RandomGenerator r, double t) {
        int s = r.nextInt(n); // only Random with an infinite buffer gets here
        probe(s, t);
        return s;
    }

    /** Counts an arrival at t with the given size and places it on server s (−1: lost), which was probed at t. */
    private void place(double t, double size, int s) {
        boolean inWindow = countArrival(t);
        if (s < 0) {
            countLoss(inWindow);
            return;
        }
        long meta = hot[2 * s + 1]; // up to date: the choice probed s at time t
        int q = (int) meta;
        int h = (int) (meta >>> 32);
        if (q == stride - 1) {
            widen();
            h = 0;
        }
        int ring = stride - 1;
        int base = s * stride;
        int tail = h + q - 1;
        double last = q == 0 ? t : cold[base + 1 + (tail >= ring ? tail - ring : tail)];
        int slot = h + q;
        double end = last + size;
        cold[base + 1 + (slot >= ring ? slot - ring : slot)] = end;
        if (q == 0) {
            hot[2 * s] = Double.doubleToRawLongBits(end);
        }
        accumulate(base, q, t);
        q++;
        hot[2 * s + 1] = q | (long) h << 32;
        grow(q);
        atLeast[q]++;
        totalJobs++;
        countTimedJob(inWindow, last - t, size);
    }
    private LoadBalancingResult finish(long seed) {
        int maxLevel = timeAt.length - 1;
        while (maxLevel > 0 && timeAt[maxLevel] == 0) {
            maxLevel--;
        }
        double span = horizon - warmup;
        double[] tails = new double[maxLevel + 1];
        double suffix = 0;
        double jobTime = 0;
        for (int q = maxLevel; q >= 1; q--) {
            suffix += timeAt[q];
            tails[q] = suffix / span / n;
            jobTime += q * timeAt[q];
        }
        tails[0] = 1.0;
        return result(seed, jobTime / span / n, tails);
    }

    private void grow(int level) {
        if (level >= atLeast.length) {
            int size = Math.max(level + 1, 2 * atLeast.length);
            atLeast = Arrays.copyOf(atLeast, size);
            timeAt = Arrays.copyOf(timeAt, size);
        }
    }

    /** Doubles the stride, keeping each server's last change time and its departures in order from ring slot 0. */
    private void widen() {
        int wider = stride * 2;
        double[] grown = new double[n * wider];
        int ring = stride - 1;
        for (int s = 0; s < n; s++) {
            long meta = hot[2 * s + 1];
            int q = (int) meta;
            int h = (int) (meta >>> 32);
            grown[s * wider] = cold[s * stride];
            for (int i = 0; i < q; i++) {
                int j = h + i;
                grown[s * wider + 1 + i] = cold[s * stride + 1 + (j >= ring ? j - ring : j)];
            }
            hot[2 * s + 1] = q;
        }
        cold = grown;
        stride = wider;
    }
}
