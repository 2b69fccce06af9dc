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
 * and trajectories for the same seed (tested). Rings of all servers share one flat array with a common capacity
 * (a power of two), doubled when some queue outgrows it.
 */
final class LazyFcfsRun extends LoadBalancingRun {

    private int capacity = 8;
    private double[] departureTimes; // server s's ring: departureTimes[s·capacity …]
    private final int[] head;
    private final int[] jobs;      // jobs held as of the server's last update
    private final double[] since;  // time of the server's last queue-length change
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
        departureTimes = new double[n * capacity];
        head = new int[n];
        jobs = new int[n];
        since = new double[n];
    }

    @Override
    LoadBalancingResult execute(long seed) {
        initialize();
        RandomGenerator arrivalStream = rng.arrivals();
        RandomGenerator choice = rng.dispatch();
        RandomGenerator sizes = rng.service();
        double t = arrivalStream.nextExponential() / arrivalRate;
        while (t <= horizon) {
            while (nextSample < points && grid.time(nextSample) < t) {
                sample(nextSample++);
            }
            arrival(t, sizes, choice);
            t += arrivalStream.nextExponential() / arrivalRate;
        }
        while (nextSample < points) {
            sample(nextSample++);
        }
        for (int s = 0; s < n; s++) {
            purge(s, horizon);
            accumulate(s, jobs[s], horizon);
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
                departureTimes[s * capacity + j] = end;
            }
            jobs[s] = k;
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

    private void sample(int k) {
        double t = grid.time(k);
        for (int s = 0; s < n; s++) {
            purge(s, t);
        }
        record(k, atLeast);
    }

    /** Adds the time server s spent with q jobs since its last change, clipped to the window, up to x. */
    private void accumulate(int s, int q, double x) {
        double from = Math.max(since[s], warmup);
        if (x > from) {
            timeAt[q] += x - from;
        }
        since[s] = x;
    }

    /** Completes the departures of server s at times ≤ t, in order. */
    private void purge(int s, double t) {
        int q = jobs[s];
        if (q == 0) {
            return;
        }
        int base = s * capacity;
        int mask = capacity - 1;
        int h = head[s];
        double dep = departureTimes[base + h];
        if (dep > t) {
            return;
        }
        do {
            accumulate(s, q, dep);
            atLeast[q]--;
            q--;
            totalJobs--;
            departures++;
            h = (h + 1) & mask;
            if (q == 0) {
                break;
            }
            dep = departureTimes[base + h];
        } while (dep <= t);
        jobs[s] = q;
        head[s] = h;
    }

    @Override
    int probe(int s, double t) {
        purge(s, t);
        return jobs[s];
    }

    @Override
    int chooseFromSets(RandomGenerator r, double t) {
        int s = r.nextInt(n); // only Random with an infinite buffer gets here
        purge(s, t);
        return s;
    }

    private void arrival(double t, RandomGenerator sizes, RandomGenerator choice) {
        boolean inWindow = countArrival(t);
        double size = service.sample(sizes); // before the choice, as in the heap engine
        int s = choose(choice, t);
        if (s < 0) {
            countLoss(inWindow);
            return;
        }
        int q = jobs[s]; // up to date: choose() probed s at time t
        if (q == capacity) {
            widen();
        }
        int base = s * capacity;
        int mask = capacity - 1;
        double last = q == 0 ? t : departureTimes[base + ((head[s] + q - 1) & mask)];
        departureTimes[base + ((head[s] + q) & mask)] = last + size;
        accumulate(s, q, t);
        q++;
        jobs[s] = q;
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

    /** Doubles every ring's capacity, keeping each server's departures in order from index 0. */
    private void widen() {
        int wider = capacity * 2;
        double[] grown = new double[n * wider];
        int mask = capacity - 1;
        for (int s = 0; s < n; s++) {
            for (int i = 0; i < jobs[s]; i++) {
                grown[s * wider + i] = departureTimes[s * capacity + ((head[s] + i) & mask)];
            }
            head[s] = 0;
        }
        departureTimes = grown;
        capacity = wider;
    }
}
