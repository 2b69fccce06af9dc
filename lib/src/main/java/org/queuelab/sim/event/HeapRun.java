package org.queuelab.sim.event;

import org.queuelab.guard.Cancellation;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.queuelab.model.LoadBalancingModel;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.TimeWeightedAccumulator;

/**
 * The general load-balancing engine: one {@link IndexedMinHeap} slot per server for its next departure, per-server
 * ring buffers of waiting job sizes, {@link IndexSet}s of servers with ≤ d jobs (JBT-d) and of servers with room
 * (finite buffers), and the counts of servers with ≥ ℓ jobs for every ℓ, updated in O(1) per event and averaged
 * lazily ({@link TimeWeightedAccumulator}); sampling P(queue ≥ ℓ) then costs O(L). No allocation per event.
 */
final class HeapRun extends LoadBalancingRun {

    private final int[] jobs;
    private final double[] workEnd;      // departure time of the server's last job
    private final WaitingJobs waiting;   // sizes of the jobs behind the one in service
    private final IndexedMinHeap heap;
    private final IndexSet below;        // JBT-d: servers with ≤ d jobs
    private final IndexSet room;         // finite buffer: servers with < B jobs

    private int[] atLeast = new int[16]; // atLeast[ℓ] = servers with ≥ ℓ jobs, ℓ ≥ 1
    private final TimeWeightedAccumulator areas; // component 0: jobs; component ℓ ≥ 1: atLeast[ℓ]

    HeapRun(LoadBalancingSimulator sim, RunWindow window, EventStreams rng) {
        super(sim, window, rng);
        jobs = new int[n];
        workEnd = new double[n];
        waiting = new WaitingJobs(n, 4);
        heap = new IndexedMinHeap(n);
        below = policy == THRESHOLD ? new IndexSet(n) : null;
        room = finite ? new IndexSet(n) : null;
        areas = new TimeWeightedAccumulator(16, warmup);
    }

    @Override
    LoadBalancingResult execute(long seed) {
        initialize();
        RandomGenerator arrivalStream = rng.arrivals();
        double nextArrival = arrivalStream.nextExponential() / arrivalRate;
        long polls = 0;
        while (true) {
            Cancellation.poll(++polls, Cancellation.EVENTS_MASK, () -> "load-balancing simulation");
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
        while (maxLevel > 0 && areas.integral(maxLevel, horizon) == 0) {
            maxLevel--;
        }
        double[] tails = new double[maxLevel + 1];
        tails[0] = 1.0;
        for (int l = 1; l <= maxLevel; l++) {
            tails[l] = areas.mean(l, horizon) / n;
        }
        return result(seed, areas.mean(0, horizon) / n, tails);
    }

    @Override
    int probe(int s, double t) {
        return jobs[s];
    }

    @Override
    int chooseFromSets(RandomGenerator r, double t) {
        if (policy == THRESHOLD && !below.isEmpty()) {
            return below.uniform(r);
        }
        if (!finite) {
            return r.nextInt(n);
        }
        return room.isEmpty() ? -1 : room.uniform(r);
    }

    private void initialize() {
        int k = startJobs;
        RandomGenerator sizes = rng.service();
        for (int s = 0; s < n; s++) {
            if (finite && k < buffer) {
                room.add(s);
            }
            if (policy == THRESHOLD && k <= d) {
                below.add(s);
            }
            for (int j = 0; j < k; j++) {
                double size = service.sample(sizes);
                if (j == 0) {
                    workEnd[s] = size;
                    heap.set(s, size);
                } else {
                    waiting.enqueue(s, jobs[s] - 1, size);
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
            record(nextSample++, atLeast);
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

    private void arrival(double t) {
        boolean inWindow = countArrival(t);
        double size = service.sample(rng.service()); // one size per arrival: common random numbers
        int s = choose(rng.dispatch(), t);
        if (s < 0) {
            countLoss(inWindow);
            return;
        }
        double wait;
        if (jobs[s] == 0) {
            wait = 0.0;
            workEnd[s] = t + size;
            heap.set(s, t + size);
        } else {
            wait = workEnd[s] - t;
            waiting.enqueue(s, jobs[s] - 1, size);
            workEnd[s] += size;
        }
        countTimedJob(inWindow, wait, size);
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
            heap.set(s, t + waiting.dequeue(s));
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


}
