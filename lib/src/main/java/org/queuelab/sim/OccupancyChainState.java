package org.queuelab.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.guard.Require;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.policy.Scaling;
import org.queuelab.policy.ScalingRule;
import org.queuelab.policy.ScalingState;
import org.queuelab.result.Metric;
import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Trajectory;

/**
 * The mutable state of one run of {@link OccupancySimulator}: counts, time integrals, counters and the events
 * that change them; the loops that drive them are in {@link OccupancyChain}.
 *
 * <p>The warm servers are kept as tail counts T[i] = #{warm servers holding ≥ i jobs} (T[0] = #warm): an
 * arrival at a server with i jobs only raises T[i+1], a departure from a server with i jobs only lowers T[i],
 * so one count and one time integral change per event. A uniformly chosen server of a set is drawn by its
 * rank s counted from the most loaded server down; its level is #{i ≥ 1 : s &lt; T[i]}, evaluated for
 * i = 1..8 without branches and by a loop above (rarely reached); the always-warm loop counts i = 1..4 only
 * while at most N/8 servers hold five jobs or more.
 */
abstract class OccupancyChainState implements ScalingState {
    /** Ticks whose random numbers are drawn ahead at once. */
    static final int BLOCK = 256;

    final OccupancySimulator sim;
    final RunWindow spec;
    final RandomGenerator rng;
    final long seed;
    final int bufferTop;         // B, or Integer.MAX_VALUE
    final double invD;
    final boolean powerOfD;
    final int d;
    final int threshold;
    final boolean onArrival;
    final boolean nonFull;

    int[] tail;                  // tail[i] = warm servers holding ≥ i jobs; zeros above maxLevel
    int cold;
    int initializing;
    long jobs;
    int maxLevel;
    int maxLevelEver;
    double time;

    long events;
    long arrivals;
    long losses;
    long departures;
    long scaleUps;
    long nullScalings;
    long initializations;
    long expirations;
    long initialJobs;
    long arrivalsAtBurnIn;
    long lossesAtBurnIn;
    boolean burnInPassed;

    // lazy time integrals (areas) since the burn-in: area += count·(time − since) just before a count changes
    double[] tailArea;
    double[] tailSince;
    double coldArea;
    double coldSince;
    double initArea;
    double initSince;
    final double[][] series;
    final int[] seriesLevels;

    // random numbers drawn ahead for a block of ticks of the always-warm Power-of-d loop
    double[] blockExponential;
    double[] blockUniform;
    int[] blockRank;
    double pendingTime;          // time of the tick that stopped the loop at a checkpoint

    OccupancyChainState(OccupancySimulator sim, RunWindow spec, RandomGenerator rng, long seed) {
        this.sim = sim;
        this.spec = spec;
        this.rng = rng;
        this.seed = seed;
        this.bufferTop = sim.buffer;
        this.invD = sim.d > 0 ? 1.0 / sim.d : 0;
        this.powerOfD = sim.powerOfD;
        this.d = sim.d;
        this.threshold = sim.threshold;
        this.onArrival = sim.onArrival;
        this.nonFull = sim.overflow == OccupancySimulator.Overflow.NONFULL;
        org.queuelab.guard.RunGuards.requireEvents("occupancy run with N = " + sim.n + ", lambda = " + sim.lambda, spec.maxEvents() < Long.MAX_VALUE ? 0 : sim.lambda * sim.n * spec.horizon());
        org.queuelab.guard.RunGuards.requireMemory("occupancy run with B = " + Buffers.label(sim.buffer), sim.seriesNames().size(), spec.grid().size(), Buffers.isInfinite(sim.buffer) ? 16 : sim.buffer + 2L, 20, "levels");
        int[] counts = sim.initialCounts(spec.initial());
        cold = counts[0];
        initializing = counts[1];
        int top = counts.length - 3;
        while (top > 0 && counts[top + 2] == 0) {
            top--;
        }
        if (!Buffers.isInfinite(bufferTop) && top > bufferTop) {
            throw new IllegalArgumentException("initial level " + top + "; allowed: at most B = " + bufferTop);
        }
        if (sim.alwaysWarm && (cold > 0 || initializing > 0)) {
            throw new IllegalArgumentException("initial cold = " + cold + ", initializing = " + initializing
                    + " without auto-scaling; allowed: 0 (all servers warm)");
        }
        // room for levels 0..B+1 (B+1 stays 0), at least 0..9 for the unrolled level counts
        int capacity = Buffers.isInfinite(bufferTop) ? Math.max(16, 2 * (top + 2)) : Math.max(10, bufferTop + 2);
        capacity = Math.max(capacity, threshold + 6);
        tail = new int[capacity];
        for (int i = top; i >= 0; i--) {
            tail[i] = tail[i + 1] + counts[i + 2];
            jobs += (long) i * counts[i + 2];
        }
        for (int i = top; i > 0 && tail[i] == 0; i--) {
            top--;
        }
        maxLevel = top;
        maxLevelEver = top;
        initialJobs = jobs;
        tailArea = new double[capacity];
        tailSince = new double[capacity];
        List<String> names = sim.seriesNames();
        spec.grid().requireStorage("occupancy run", names.size());
        series = new double[names.size()][spec.grid().size()];
        for (double[] s : series) {
            Arrays.fill(s, Double.NaN);
        }
        int fixed = sim.flavour == OccupancySimulator.Flavour.TABS ? 8 : 9;
        seriesLevels = new int[names.size() - fixed];
        int k = 0;
        for (int l : sim.levels) {
            String name = sim.levelSeriesName(l);
            if (names.indexOf(name) >= fixed) {
                seriesLevels[k++] = l;
            }
        }
    }

    /**
     * Level of the warm server of descending rank s, #{i ≥ 1 : s &lt; T[i]}, counted without branches over
     * i = 1..8 (the tails array has at least 10 entries, zeros above the top level) and by a loop above.
     */
    static int levelOfRank8(int[] t, int s) {
        int level = ((s - t[1]) >>> 31) + ((s - t[2]) >>> 31) + ((s - t[3]) >>> 31) + ((s - t[4]) >>> 31)
                + ((s - t[5]) >>> 31) + ((s - t[6]) >>> 31) + ((s - t[7]) >>> 31) + ((s - t[8]) >>> 31);
        if (level == 8) {
            int i = 9;
            while (s < t[i]) {
                i++;
            }
            level = i - 1;
        }
        return level;
    }

    /** The earliest time at which the loop must leave its fast path: next grid sample, burn-in or horizon. */
    double checkpoint(int k) {
        double c = spec.horizon();
        if (k < spec.grid().size()) {
            c = Math.min(c, k == 0 ? 0 : spec.grid().time(k));
        }
        if (!burnInPassed) {
            c = Math.min(c, spec.warmup());
        }
        return c;
    }

    /** Records the grid samples before {@code next} and passes the burn-in if {@code next} is beyond it. */
    int crossCheckpoints(int k, double next) {
        int gridSize = spec.grid().size();
        double horizon = spec.horizon();
        double nextSample = k == 0 ? 0 : spec.grid().time(k);
        while (k < gridSize && nextSample < next && nextSample <= horizon) {
            record(k);
            k++;
            nextSample = spec.grid().time(k);
        }
        if (next <= horizon && !burnInPassed && next > spec.warmup()) {
            passBurnIn(spec.warmup());
        }
        return k;
    }

    /** Starts the averaging window: the state is constant from the last event to the burn-in time. */
    void passBurnIn(double burnIn) {
        burnInPassed = true;
        arrivalsAtBurnIn = arrivals;
        lossesAtBurnIn = losses;
        Arrays.fill(tailArea, 0);
        Arrays.fill(tailSince, burnIn);
        coldArea = 0;
        coldSince = burnIn;
        initArea = 0;
        initSince = burnIn;
    }

    void changeTail(int i, int delta) {
        tailArea[i] += tail[i] * (time - tailSince[i]);
        tailSince[i] = time;
        tail[i] += delta;
    }

    void changeCold(int delta) {
        coldArea += cold * (time - coldSince);
        coldSince = time;
        cold += delta;
    }

    void changeInit(int delta) {
        initArea += initializing * (time - initSince);
        initSince = time;
        initializing += delta;
    }

    /** Level of the warm server of descending rank s (0 = a most loaded one): #{i ≥ 1 : s &lt; T[i]}. */
    int levelOfDescendingRank(int s) {
        return levelOfRank8(tail, s);
    }

    void arrive() {
        arrivals++;
        int warm = tail[0];
        int below = warm - tail[threshold + 1];   // warm servers holding ≤ threshold jobs
        int from;
        if (powerOfD) {
            if (warm == 0) {
                from = -1;
            } else {
                from = levelOfDescendingRank(maxDescendingRank(warm));
                if (from == bufferTop) {
                    from = -1;
                }
            }
        } else if (below > 0) {
            from = levelOfDescendingRank(warm - 1 - RandomDraws.uniformInt(rng, below));
        } else if (!nonFull) {
            if (warm == 0) {
                from = -1;
            } else {
                from = levelOfDescendingRank(RandomDraws.uniformInt(rng, warm));
                if (from == bufferTop) {
                    from = -1;
                }
            }
        } else {
            int full = Buffers.isInfinite(bufferTop) ? 0 : tail[bufferTop];
            int room = warm - full;
            from = room == 0 ? -1 : levelOfDescendingRank(full + RandomDraws.uniformInt(rng, room));
        }
        if (from < 0) {
            losses++;
        } else {
            int to = from + 1;
            if (to + 1 >= tail.length) {
                grow();
            }
            changeTail(to, 1);
            jobs++;
            if (to > maxLevel) {
                maxLevel = to;
                maxLevelEver = Math.max(maxLevelEver, to);
            }
        }
        if (onArrival && below == 0 && cold > 0) {
            changeCold(-1);
            changeInit(1);
            scaleUps++;
        }
    }

    /**
     * The descending rank of the least loaded of d warm servers drawn uniformly with replacement: the maximum
     * of d uniform descending ranks, so that P(level ≥ i) = (T[i]/T[0])^d exactly.
     */
    int maxDescendingRank(int w) {
        if (d <= 4) {
            int s = RandomDraws.uniformInt(rng, w);
            for (int j = 1; j < d; j++) {
                s = Math.max(s, RandomDraws.uniformInt(rng, w));
            }
            return s;
        }
        // max of d uniform ranks on {0..w−1}: P(rank < k) = (k/w)^d, inverted exactly
        int s = (int) (w * Math.pow(rng.nextDouble(), invD));
        return Math.min(s, w - 1);
    }

    void depart(int busy) {
        departures++;
        int from = levelOfDescendingRank(RandomDraws.uniformInt(rng, busy));
        changeTail(from, -1);
        jobs--;
        if (from == maxLevel && tail[from] == 0) {
            maxLevel--;
        }
    }

    void scale() {
        if (cold == 0) {
            nullScalings++;
            return;
        }
        double g = sim.rule.probability(this);
        if (!(g >= 0 && g <= 1)) {
            throw new IllegalArgumentException("g(x) = " + g + " from scaling rule " + sim.rule.label()
                    + " at t = " + time + "; allowed: 0 ≤ g(x) ≤ 1");
        }
        if (rng.nextDouble() < g) {
            changeCold(-1);
            changeInit(1);
            scaleUps++;
        } else {
            nullScalings++;
        }
    }

    void initializeOne() {
        initializations++;
        changeInit(-1);
        changeTail(0, 1);
    }

    void expire() {
        expirations++;
        changeTail(0, -1);
        changeCold(1);
    }

    void grow() {
        int old = tail.length;
        tail = Arrays.copyOf(tail, 2 * old);
        tailArea = Arrays.copyOf(tailArea, 2 * old);
        tailSince = Arrays.copyOf(tailSince, 2 * old);
        Arrays.fill(tailSince, old, 2 * old, time);   // new levels are empty: no area to carry
    }

    void record(int k) {
        double inv = 1.0 / sim.n;
        int warm = tail[0];
        int busy = tail[1];
        int idle = warm - busy;
        double[] v;
        if (sim.flavour == OccupancySimulator.Flavour.TABS) {
            double b = busy * inv;
            double i = idle * inv;
            double setup = initializing * inv;
            double off = cold * inv;
            v = new double[] {b, i, setup, off, jobs * inv, (jobs - busy) * inv,
                    sim.power.energy(b, setup, i, off), maxLevel};
        } else {
            v = new double[] {cold * inv, initializing * inv, idle * inv, busy * inv, warm * inv,
                    warm > 0 ? (double) jobs / warm : 0.0, jobs * inv, 1 - cold * inv, maxLevel};
        }
        int s = 0;
        for (; s < v.length; s++) {
            series[s][k] = v[s];
        }
        for (int l : seriesLevels) {
            series[s++][k] = l + 1 < tail.length ? (tail[l] - tail[l + 1]) * inv : 0.0;
        }
    }

    OccupancyRun finish(boolean byHorizon) {
        org.queuelab.guard.Stationarity.requireWindowReached(time, spec.warmup());
        double end = time;
        double inv = 1.0 / sim.n;
        double window = end - spec.warmup();
        double scale = window > 0 ? inv / window : Double.NaN;   // count integral → time-averaged fraction
        int top = tail.length - 1;
        double[] y = new double[top + 2];                          // time-averaged tails y_i
        for (int i = 0; i <= top; i++) {
            y[i] = (tailArea[i] + tail[i] * (end - tailSince[i])) * scale;
        }
        double[] fractions = new double[top + 1];
        double meanJobs = 0;
        for (int i = 0; i <= top; i++) {
            fractions[i] = y[i] - y[i + 1];
            if (i >= 1) {
                meanJobs += y[i];                                  // Σ_i i·x_i = Σ_{i≥1} y_i
            }
        }
        int last = fractions.length;
        while (last > 1 && !(y[last - 1] > 0)) {
            last--;
        }
        fractions = Arrays.copyOf(fractions, last);
        double busy = y[1];
        double atLeastTwo = y[2];
        double off = (coldArea + cold * (end - coldSince)) * scale;
        double setup = (initArea + initializing * (end - initSince)) * scale;
        double idle = y[0] - y[1];
        long windowArrivals = arrivals - arrivalsAtBurnIn;
        long windowLosses = losses - lossesAtBurnIn;
        double loss = windowArrivals > 0 ? (double) windowLosses / windowArrivals : Double.NaN;
        double lambda = sim.lambda;
        double serviceMean = 1.0 / sim.mu;
        Metrics.Builder m = Metrics.builder();
        double accepted = lambda * (1 - loss);                     // accepted jobs per server per unit time
        long acceptedJobs = windowArrivals - windowLosses;
        IllegalStateException littleRefusal = OccupancyRun.littleRefusal(meanJobs, accepted,
                sim.flavour == OccupancySimulator.Flavour.TABS ? Double.NaN : serviceMean, acceptedJobs);
        if (sim.flavour == OccupancySimulator.Flavour.TABS) {
            double waiting = meanJobs - busy;
            m.put(Metric.BUSY, busy).put(Metric.IDLE, idle).put(Metric.SETUP, setup).put(Metric.OFF, off)
                    .put(Metric.MEAN_JOBS, meanJobs).put(Metric.MEAN_WAITING_JOBS, waiting)
                    .put(Metric.MEAN_Q2, atLeastTwo).put(Metric.LOSS, loss)
                    .put(Metric.WAIT, waiting / (lambda * (1 - loss)))
                    .put(Metric.WAIT_Q2_PROXY, atLeastTwo / lambda)
                    .put(Metric.RESPONSE, meanJobs / (lambda * (1 - loss)))
                    .put(Metric.ENERGY, sim.power.energy(busy, setup, idle, off));
        } else {
            double warmMean = y[0];
            double r = meanJobs / (lambda * (1 - loss));
            double wastage = setup + idle;
            m.put(Metric.OFF, off).put(Metric.SETUP, setup).put(Metric.IDLE, idle).put(Metric.BUSY, busy)
                    .put(Metric.WARM, warmMean).put(Metric.MEAN_JOBS, meanJobs)
                    .put(Metric.JOBS_PER_WARM, warmMean > 0 ? meanJobs / warmMean : 0.0).put(Metric.LOSS, loss)
                    .put(Metric.THROUGHPUT, window > 0 ? acceptedJobs / (window * sim.n)
                            : Double.NaN)
                    .put(Metric.RESPONSE, r).put(Metric.WAIT, r - serviceMean).put(Metric.ENERGY, 1 - off)
                    .put(Metric.WASTAGE, wastage).put(Metric.RELATIVE_WASTAGE, wastage / lambda)
                    .put(Metric.RELATIVE_WASTAGE_POWERED, wastage / (1 - off));
        }
        m.put(Metric.MAX_QUEUE_EVER, maxLevelEver);
        if (sim.flavour != OccupancySimulator.Flavour.TABS && !(off < 1)) {   // wastage / (1 − off) = 0/0
            m.undefined(Metric.RELATIVE_WASTAGE_POWERED, "no server was powered on in the averaging window ["
                    + spec.warmup() + ", " + end + "]");
        }
        if (windowArrivals == 0) {   // loss = 0/0, and Little's law divides by the accepted rate λ(1 − loss)
            String because = "no arrival in the averaging window [" + spec.warmup() + ", " + end + "]; use a longer"
                    + " horizon";
            m.undefined(Metric.LOSS, because).undefined(Metric.WAIT, because).undefined(Metric.RESPONSE, because);
        }
        for (int l : seriesLevels) {
            m.put(sim.levelSeriesName(l), l < fractions.length ? fractions[l] : 0.0);
        }
        OccupancyCounters counters = new OccupancyCounters(events, arrivals, losses, departures, scaleUps,
                nullScalings, initializations, expirations, initialJobs, jobs);
        Provenance p = spec.describe(sim.parameters.withSeed(seed))
                .with("stop", byHorizon ? "horizon " + spec.horizon() : spec.maxEvents() + " events");
        Trajectory trajectory = new Trajectory(spec.grid(), sim.seriesNames(), series, p);
        return new OccupancyRun(trajectory, m.build(), fractions, counters, end, littleRefusal);
    }

    // ScalingState view over the counts (no allocation)
    @Override
    public double lambda() {
        return sim.lambda;
    }

    @Override
    public double alpha() {
        return sim.alpha;
    }

    @Override
    public double beta() {
        return sim.beta;
    }

    @Override
    public double cold() {
        return (double) cold / sim.n;
    }

    @Override
    public double initializing() {
        return (double) initializing / sim.n;
    }

    @Override
    public double idleOn() {
        return (double) (tail[0] - tail[1]) / sim.n;
    }

    @Override
    public double oneJob() {
        return (double) (tail[1] - tail[2]) / sim.n;
    }

    @Override
    public double warm() {
        return (double) tail[0] / sim.n;
    }
}
