package org.queuelab.sim.event;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Trajectory;
import org.queuelab.sim.RunWindow;

/**
 * What the two load-balancing engines ({@link HeapRun}, {@link LazyFcfsRun}) share: parameters, counters, the
 * trajectory buffers and the dispatching rules that only probe queue lengths (SQ(d), SQ(d,N)). An engine supplies
 * {@link #probe(int, double)}, the queue length of a server at the current time, and the rules that need its index
 * sets. Both engines consume the random streams identically, so they produce the same path for the same seed.
 */
abstract class LoadBalancingRun {

    static final int RANDOM = 0;
    static final int POWER = 1;
    static final int THRESHOLD = 2;
    static final int MEMORY = 3;

    final LoadBalancingModel model;
    final LoadBalancingSimulator sim;
    final RunWindow window;
    final int startJobs;       // jobs per server at t = 0, each fresh
    final EventStreams rng;
    final int n;
    final int buffer;
    final boolean finite;
    final double arrivalRate;
    final ServiceDistribution service;
    final double horizon;
    final double warmup;
    final int policy;
    final int d;
    final MemoryBuckets memory;

    long initialJobs;
    long arrivals;
    long lost;
    long departures;
    long totalJobs;
    long windowArrivals;
    long windowLost;
    double responseSum;
    double waitSum;
    long timed;

    final TimeGrid grid;
    final int points;
    int nextSample;
    final double[][] series; // s1..sL (Metric.tail), meanJobs

    LoadBalancingRun(LoadBalancingSimulator sim, RunWindow window, EventStreams rng) {
        this.model = sim.model();
        this.sim = sim;
        this.window = window;
        this.startJobs = sim.startJobs(window);
        this.rng = rng;
        n = sim.servers();
        buffer = model.buffer();
        finite = !Buffers.isInfinite(buffer);
        arrivalRate = model.lambda() * n;
        service = model.service();
        horizon = window.horizon();
        warmup = window.warmup();
        var dispatch = model.dispatch();
        policy = switch (dispatch.kind()) {
            case SHORTEST_OF_SAMPLE -> POWER;
            case BELOW_THRESHOLD -> THRESHOLD;
            case SHORTEST_IN_MEMORY -> MEMORY;
            case UNIFORM -> RANDOM;
        };
        d = dispatch.d();
        memory = policy == MEMORY ? new MemoryBuckets(n, startJobs) : null;
        grid = window.grid();
        points = grid.size();
        series = new double[sim.trackedLevels() + 1][points];
    }

    /** Runs [0, T] and returns the result. */
    abstract LoadBalancingResult execute(long seed);

    /** The number of jobs server s holds at time t (the current event time). */
    abstract int probe(int s, double t);

    /** Random and JBT-d at time t: a server chosen from the engine's index sets, or −1 when the job is lost. */
    abstract int chooseFromSets(RandomGenerator r, double t);

    /** The server that receives a job arriving at t, or −1 when the job is lost. */
    final int choose(RandomGenerator r, double t) {
        if (policy == POWER) {
            return shortestOfD(r, t);
        }
        if (policy == MEMORY) {
            for (int i = 0; i < d; i++) { // refresh d observations, sampled with replacement
                int c = r.nextInt(n);
                memory.set(c, probe(c, t));
            }
            int k = memory.uniformLowest(r);
            memory.set(k, Math.min(memory.value(k) + 1, buffer));
            return probe(k, t) < buffer ? k : -1;
        }
        return chooseFromSets(r, t);
    }

    /** SQ(d): the shortest of d servers sampled with replacement, ties uniform; −1 if it is full. */
    private int shortestOfD(RandomGenerator r, double t) {
        int best = r.nextInt(n);
        int bestJobs = probe(best, t);
        int ties = 1;
        for (int i = 1; i < d; i++) {
            int c = r.nextInt(n);
            int q = probe(c, t);
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

    /** Counts one arrival at t; returns whether it falls in the averaging window. */
    final boolean countArrival(double t) {
        arrivals++;
        boolean inWindow = t >= warmup;
        if (inWindow) {
            windowArrivals++;
        }
        return inWindow;
    }

    final void countLoss(boolean inWindow) {
        lost++;
        if (inWindow) {
            windowLost++;
        }
    }

    final void countTimedJob(boolean inWindow, double wait, double size) {
        if (inWindow) {
            waitSum += wait;
            responseSum += wait + size;
            timed++;
        }
    }

    /** Writes grid point k from the counts of servers with ≥ ℓ jobs (atLeast[ℓ], 0 beyond its length). */
    final void record(int k, int[] atLeast) {
        int levels = series.length - 1;
        for (int l = 1; l <= levels; l++) {
            series[l - 1][k] = l < atLeast.length ? (double) atLeast[l] / n : 0.0;
        }
        series[levels][k] = (double) totalJobs / n;
    }

    /** The result, given the time-averaged jobs per server and tails over [warmup, T]. */
    final LoadBalancingResult result(long seed, double meanJobs, double[] tails) {
        // undefined values are NaN here and refused by LoadBalancingResult's accessors and metrics, never returned
        double loss = windowArrivals == 0 ? Double.NaN : (double) windowLost / windowArrivals;
        double responsePerJob = timed == 0 ? Double.NaN : responseSum / timed;
        double waitPerJob = timed == 0 ? Double.NaN : waitSum / timed;
        double responseLittle = meanJobs / (model.lambda() * (1 - loss));
        List<String> names = new ArrayList<>();
        for (int l = 1; l <= sim.trackedLevels(); l++) {
            names.add(Metric.tail(l).name());
        }
        names.add(Metric.MEAN_JOBS.name());
        Trajectory trajectory = new Trajectory(grid, names, series, sim.provenance(window).withSeed(seed));
        return new LoadBalancingResult(model, n, window, sim.trackedLevels(), seed, initialJobs, arrivals, lost,
                departures, totalJobs, meanJobs, tails, loss, responsePerJob, waitPerJob, responseLittle, trajectory);
    }
}
