package org.queuelab.sim.event;

import org.queuelab.guard.Cancellation;

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
 * <p><b>Layout.</b> An arrival probes d uniformly chosen servers, so at large N every probe risks a cache miss;
 * the state is split by how often it is read. Everything a probe, a purge and a placement read except the ring
 * is in the server's 32-byte hot record {@code hot[4s …]}: the time of its next departure (+∞ when empty), its job
 * count and ring head, the time of its last queue-length change and of its last job's departure (doubles as raw
 * bits). A probe with nothing due reads the record's first 16 bytes. The ring of FCFS departure times
 * ({@code rings[s·capacity …]}, 64 bytes for the initial capacity 8) holds the jobs that wait behind the first, so
 * it is written only when a job joins a busy server and read only when a departure leaves two or more jobs (with
 * one left, its departure is the record's last). Rings of all servers share one flat array with a common capacity (a
 * power of two), doubled when some queue outgrows it. For SQ(2) both candidates are drawn before either is probed
 * (the probes draw nothing, so the stream is unchanged) and their records are loaded before the job's size and
 * the next arrival time are drawn from their own streams, so the two misses overlap each other and that work.
 */
final class LazyFcfsRun extends LoadBalancingRun {

    private static final long EMPTY = Double.doubleToRawLongBits(Double.POSITIVE_INFINITY);
    /** Offsets in a server's hot record; a probe reads the first two, adjacent so that they share a cache line. */
    private static final int NEXT = 0;
    private static final int META = 1;
    private static final int SINCE = 2;
    private static final int LAST = 3;

    /** Ring slots per server, a power of two. */
    private int capacity = 8;
    private final long[] hot;      // hot[4s …]: next departure, jobs | head << 32, last change, last departure
    private double[] rings;        // server s's ring of departure times: rings[s·capacity …]
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
        while (capacity < startJobs) {
            capacity *= 2;
        }
        hot = new long[4 * n];
        rings = new double[n * capacity];
    }

    @Override
    LoadBalancingResult execute(long seed) {
        initialize();
        RandomGenerator arrivalStream = rng.arrivals();
        RandomGenerator choice = rng.dispatch();
        RandomGenerator sizes = rng.service();
        boolean two = policy == POWER && d == 2;
        double t = arrivalStream.nextExponential() / arrivalRate;
        long polls = 0;
        while (t <= horizon) {
            Cancellation.poll(++polls, Cancellation.EVENTS_MASK, () -> "load-balancing simulation");
            while (nextSample < points && grid.time(nextSample) < t) {
                sample(nextSample++);
            }
            double next;
            if (two) {
                // SQ(2): both candidates' records are loaded first; the size and the next arrival time (other
                // streams, each drawn in its own order) are computed while those loads are in flight
                int a = choice.nextInt(n);
                int b = choice.nextInt(n);
                double depA = Double.longBitsToDouble(hot[4 * a + NEXT]);
                double depB = Double.longBitsToDouble(hot[4 * b + NEXT]);
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
            accumulate(4 * s, jobs(s), horizon);
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
                rings[s * capacity + j] = end;
            }
            hot[4 * s + NEXT] = k == 0 ? EMPTY : Double.doubleToRawLongBits(rings[s * capacity]);
            hot[4 * s + LAST] = Double.doubleToRawLongBits(end);
            hot[4 * s + META] = k;
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
        return (int) hot[4 * s + META];
    }

    private void sample(int k) {
        double t = grid.time(k);
        for (int s = 0; s < n; s++) {
            probe(s, t);
        }
        record(k, atLeast);
    }

    /** Adds the time the server whose hot record starts at r spent with q jobs since its last change, clipped
     *  to the window, up to x; x becomes its last change. */
    private void accumulate(int r, int q, double x) {
        double from = Math.max(Double.longBitsToDouble(hot[r + SINCE]), warmup);
        if (x > from) {
            timeAt[q] += x - from;
        }
        hot[r + SINCE] = Double.doubleToRawLongBits(x);
    }

    /** Completes the departures of server s at times ≤ t, in order, the first at {@code dep} (≤ t); returns its
     *  job count after them. */
    private int purge(int s, double t, double dep) {
        int r = 4 * s;
        long meta = hot[r + META];
        int q = (int) meta;
        int h = (int) (meta >>> 32);
        int base = s * capacity;
        int mask = capacity - 1;
        double since = Double.longBitsToDouble(hot[r + SINCE]);
        double last = Double.longBitsToDouble(hot[r + LAST]);
        double next = dep;
        do {
            double from = Math.max(since, warmup);
            if (next > from) {
                timeAt[q] += next - from;
            }
            since = next;
            atLeast[q]--;
            q--;
            totalJobs--;
            departures++;
            h = (h + 1) & mask;
            next = q == 0 ? Double.POSITIVE_INFINITY : q == 1 ? last : rings[base + h]; // one left: the last job
        } while (next <= t);
        hot[r + NEXT] = Double.doubleToRawLongBits(next);
        hot[r + SINCE] = Double.doubleToRawLongBits(since);
        hot[r + META] = q | (long) h << 32;
        return q;
    }

    @Override
    int probe(int s, double t) {
        double dep = Double.longBitsToDouble(hot[4 * s + NEXT]);
        return dep <= t ? purge(s, t, dep) : jobs(s);
    }

    /**
     * SQ(2) at time t between candidates a and b (drawn in that order, with replacement), whose next departure
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
        int r = 4 * s;
        long meta = hot[r + META];
        int q = (int) meta;
        if (q == capacity) {
            widen();
            meta = hot[r + META];
        }
        int h = (int) (meta >>> 32);
        double last = q == 0 ? t : Double.longBitsToDouble(hot[r + LAST]);
        double end = last + size;
        hot[r + LAST] = Double.doubleToRawLongBits(end);
        if (q == 0) {
            hot[r + NEXT] = Double.doubleToRawLongBits(end); // first in line: never read back from its ring slot
        } else {
            rings[s * capacity + ((h + q) & (capacity - 1))] = end;
        }
        accumulate(r, q, t);
        q++;
        hot[r + META] = q | (long) h << 32;
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
            int size = org.queuelab.guard.Sizes.arrayLength("event simulation: counts by queue length",
                    Math.max(level + 1L, 2L * atLeast.length));
            String what = "event simulation: a queue of " + level + " jobs (the system is overloaded or the horizon"
                    + " long): counts for " + size + " queue lengths";
            long bytes = org.queuelab.guard.Memory.sum(org.queuelab.guard.Memory.ints(size),
                    org.queuelab.guard.Memory.doubles(size));
            atLeast = org.queuelab.guard.Memory.allocate(what, bytes, "a shorter horizon, a smaller buffer B or a"
                    + " lower lambda", () -> Arrays.copyOf(atLeast, size));
            timeAt = org.queuelab.guard.Memory.allocate(what, bytes, "a shorter horizon, a smaller buffer B or a"
                    + " lower lambda", () -> Arrays.copyOf(timeAt, size));
        }
    }

    /** Doubles every ring's capacity, keeping each server's departures in order from slot 0. */
    private void widen() {
        int wider = capacity * 2;
        // an overloaded queue grows without bound: stop with the size reached instead of running out of heap
        double[] grown = org.queuelab.guard.Memory.growQueue("event simulation: the departure rings of N = " + n
                + " servers (one server's queue at " + capacity + " jobs)", (long) n * capacity,
                "a shorter horizon, a smaller buffer B or a lower lambda");
        int mask = capacity - 1;
        for (int s = 0; s < n; s++) {
            long meta = hot[4 * s + META];
            int q = (int) meta;
            int h = (int) (meta >>> 32);
            for (int i = 0; i < q; i++) {
                grown[s * wider + i] = rings[s * capacity + ((h + i) & mask)];
            }
            hot[4 * s + META] = q;
        }
        rings = grown;
        capacity = wider;
    }
}
