package org.queuelab.sim;

import org.queuelab.guard.Cancellation;

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
import org.queuelab.result.Trajectory;

/**
 * The loops of one run of {@link OccupancySimulator} over the state of {@link OccupancyChainState}: the general
 * event loop, and the always-warm Power-of-d fast path (blocks of random numbers drawn ahead, uniformized at high
 * load). Both simulate the same chain; which one runs depends only on the model, never on N or the seed.
 */
final class OccupancyChain extends OccupancyChainState {

    OccupancyChain(OccupancySimulator sim, RunWindow spec, RandomGenerator rng, long seed) {
        super(sim, spec, rng, seed);
    }

    OccupancyRun simulate() {
        if (sim.alwaysWarm && powerOfD && d <= 4 && sim.alpha == 0 && sim.gamma == 0 && cold == 0
                && initializing == 0) {
            return simulateWarmPowerOfD();
        }
        return simulateGeneral();
    }

    /**
     * The loop for N always-warm servers under Power-of-d (d ≤ 4; Random is d = 1). At load λ/μ ≥ 0.8 it is
     * uniformized: a Poisson clock of constant rate λN + μN ticks; a tick is an arrival with probability
     * λN/(λN + μN), else a service completion at a uniformly chosen server, void if that server is idle. This
     * is the same CTMC (void ticks only split the exponential holding times), and it frees the clock from the
     * state, so the next tick need not wait for the previous update; below that load the void ticks would cost
     * more than they save, and the clock runs at the state's rate λN + μT[1]. One uniform u on [0, rate)
     * chooses the event and is also the first server rank: given u &lt; λN, u·N/(λN) is uniform on [0, N);
     * given u ≥ λN, (u − λN)/μ is uniform on [0, N) (uniformized) or [0, T[1]) (53-bit resolution: rank
     * probabilities off by less than N/2^53). A tick costs one exponential, one uniform and d − 1 uniform
     * integers; void ticks are not counted as events.
     *
     * <p>The random numbers of {@link #BLOCK} ticks are drawn ahead into arrays ({@link #fillWarmBlock}), so
     * the tick loop ({@link #warmTicks}) makes no call: drawing through the {@link RandomGenerator} interface
     * inside the loop cost about a third of the event rate (measured against the native C++ peer of the same
     * chain, {@code ./benchmark native}). Grid, burn-in and horizon are folded into one checkpoint time, and
     * the event budget into the block's length, so a tick makes one time comparison and no other check.
     */
    private OccupancyRun simulateWarmPowerOfD() {
        final long maxEvents = spec.maxEvents();
        blockExponential = new double[BLOCK];
        blockUniform = new double[BLOCK];
        blockRank = new int[BLOCK];
        int k = 0;
        double checkpoint = checkpoint(k);
        boolean byHorizon = false;
        int i = BLOCK;
        while (events < maxEvents) {
            if (i == BLOCK) {
                Cancellation.check("CTMC simulation");   // once per block of BLOCK events
                fillWarmBlock();
                i = 0;
            }
            long room = maxEvents - events;               // a tick adds at most one event
            int limit = room < BLOCK - i ? i + (int) room : BLOCK;
            i = warmTicks(i, limit, checkpoint);
            if (i < limit) {                              // tick i lies beyond the checkpoint
                k = crossCheckpoints(k, pendingTime);
                if (pendingTime > spec.horizon()) {
                    time = spec.horizon();
                    byHorizon = true;
                    break;
                }
                checkpoint = checkpoint(k);
            }
        }
        departures = events - arrivals;
        if (!burnInPassed) {
            passBurnIn(spec.warmup());
        }
        return finish(byHorizon);
    }

    /**
     * Draws the random numbers of the next {@link #BLOCK} ticks: a unit exponential (Java's ziggurat), a uniform
     * on [0, 1) and the largest of d − 1 uniform ranks on [0, N) (0 for d = 1). For an unbounded buffer it also
     * makes room for the levels the block can reach (one per tick), so the tick loop needs no bounds test.
     */
    private void fillWarmBlock() {
        final RandomGenerator r = rng;
        final double[] exponential = blockExponential;
        final double[] uniform = blockUniform;
        final int[] rank = blockRank;
        final int n = sim.n;
        final int extraRanks = d - 1;
        for (int i = 0; i < BLOCK; i++) {
            exponential[i] = r.nextExponential();
            uniform[i] = r.nextDouble();
            int s = 0;
            for (int j = 0; j < extraRanks; j++) {
                s = Math.max(s, RandomDraws.uniformInt(r, n));
            }
            rank[i] = s;
        }
        if (uniformized()) {
            // the uniformized clock does not depend on the state: the tick times, summed in the same order
            // as the tick loop would, are known ahead (exponential[] then holds absolute times)
            final double total = uniformizedRate();
            double now = time;
            for (int i = 0; i < BLOCK; i++) {
                now += exponential[i] / total;
                exponential[i] = now;
            }
        }
        while (Buffers.isInfinite(bufferTop) && maxLevel + BLOCK + 2 > tail.length) {
            grow();
        }
    }

    /**
     * Runs ticks {@code from} to {@code limit − 1} of the current block; stops early, with the tick's time in
     * {@link #pendingTime}, at the first tick later than {@code checkpoint}. Returns the index of the first tick
     * not run. Arrival and departure share one branch-free update of one tail count and its time integral.
     */
    private int warmTicks(int from, int limit, double checkpoint) {
        if (uniformized()) {
            return uniformizedTicks(from, limit, checkpoint);
        }
        final int n = sim.n;
        final double lamN = sim.lambda * n;
        final double mu = sim.mu;
        final double arrivalRankScale = n / lamN;
        final double invMu = 1.0 / mu;
        final int lastRank = n - 1;
        final int top = bufferTop;
        final double[] exponential = blockExponential;
        final double[] uniform = blockUniform;
        final int[] extraRank = blockRank;
        final int[] t = tail;
        final double[] area = tailArea;
        final double[] since = tailSince;
        final boolean shallow = 8L * t[5] <= n;       // as in uniformizedTicks
        long ev = events;
        long arr = arrivals;
        long lost = losses;
        long jobCount = jobs;
        int maxLev = maxLevel;
        double now = time;
        int i = from;
        for (; i < limit; i++) {
            int busy = t[1];
            double rate = lamN + mu * busy;
            double next = now + exponential[i] / rate;
            if (next > checkpoint) {
                pendingTime = next;
                break;
            }
            now = next;
            double u = uniform[i] * rate;
            // branch-free: arrival and departure share one update; the event kind is the sign of u − λN
            int isArrival = (int) (Double.doubleToRawLongBits(u - lamN) >>> 63);
            int arrivalRank = Math.max(Math.min((int) (u * arrivalRankScale), lastRank), extraRank[i]);
            int departureRank = Math.min((int) ((u - lamN) * invMu), busy - 1);
            int s = departureRank + ((arrivalRank - departureRank) & -isArrival);
            int level = shallow ? levelOfRank4(t, s) : levelOfRank8(t, s);
            int loss = isArrival & ((top - 1 - level) >>> 31);                // an arrival that finds B jobs
            int idleTick = (isArrival ^ 1) & ((level - 1) >>> 31);            // a tick of an idle server
            int to = level + isArrival - loss;
            int delta = 2 * isArrival - 1 - loss + idleTick;
            ev += idleTick ^ 1;
            area[to] += t[to] * (next - since[to]);
            since[to] = next;
            t[to] += delta;
            jobCount += delta;
            arr += isArrival;
            lost += loss;
            maxLev = Math.max(maxLev, to);                                  // highest level held in the block
        }
        events = ev;
        arrivals = arr;
        losses = lost;
        jobs = jobCount;
        time = now;
        syncMaxLevel(maxLev);
        return i;
    }

    /**
     * Whether the always-warm loop runs on the uniformized clock of constant rate λN + μN: when few ticks are
     * void, at load ρ = λ/μ about (1 − ρ)/(1 + ρ) of them, ≤ 11% for ρ ≥ 0.8.
     */
    private boolean uniformized() {
        return sim.lambda >= 0.8 * sim.mu;
    }

    private double uniformizedRate() {
        return sim.lambda * sim.n + sim.mu * sim.n;
    }

    /**
     * {@link #warmTicks} on the uniformized clock, whose tick times {@link #fillWarmBlock} has already summed:
     * the ticks up to the checkpoint are found first (times increase), so the tick loop compares no time and
     * carries no time sum, only the tail counts. Same updates, in the same order, as the state-rate loop; kept
     * as a loop of its own rather than a flag in it: with the four-count level search alone the chain ran at
     * 46.9 M events/CPU-s at N = 10³ and 36.3 at N = 10⁵, with this loop 51.4 and 44.0 (2026-12-02, load 0.8–1.4,
     * 7 runs alternated in one JVM; the C++ peer 46.1 and 43.9).
     */
    private int uniformizedTicks(int from, int limit, double checkpoint) {
        final double[] tickTime = blockExponential;
        int end = limit;
        if (tickTime[limit - 1] > checkpoint) {       // a checkpoint falls inside: stop at the first tick past it
            end = from;
            while (tickTime[end] <= checkpoint) {
                end++;
            }
            pendingTime = tickTime[end];
        }
        final int n = sim.n;
        final double lamN = sim.lambda * n;
        final double arrivalRankScale = n / lamN;
        final double invMu = 1.0 / sim.mu;
        final double total = uniformizedRate();
        final int lastRank = n - 1;
        final int top = bufferTop;
        final double[] uniform = blockUniform;
        final int[] extraRank = blockRank;
        final int[] t = tail;
        final double[] area = tailArea;
        final double[] since = tailSince;
        // few servers above level 4: four branch-free counts and a rarely taken loop beat eight counts (the
        // branch is taken for at most a fraction T[5]/N of the ticks, ≤ 1/8 + the block's 256 ticks)
        final boolean shallow = 8L * t[5] <= n;
        int voidTicks = 0;
        int arrived = 0;
        int lost = 0;
        long jobCount = jobs;
        int maxLev = maxLevel;
        for (int i = from; i < end; i++) {
            double next = tickTime[i];
            double u = uniform[i] * total;
            int isArrival = (int) (Double.doubleToRawLongBits(u - lamN) >>> 63);
            int arrivalRank = Math.max(Math.min((int) (u * arrivalRankScale), lastRank), extraRank[i]);
            int departureRank = Math.min((int) ((u - lamN) * invMu), lastRank);
            int s = departureRank + ((arrivalRank - departureRank) & -isArrival);
            int level = shallow ? levelOfRank4(t, s) : levelOfRank8(t, s);
            int loss = isArrival & ((top - 1 - level) >>> 31);                // an arrival that finds B jobs
            int idleTick = (isArrival ^ 1) & ((level - 1) >>> 31);            // a tick of an idle server
            int to = level + isArrival - loss;
            int delta = 2 * isArrival - 1 - loss + idleTick;
            voidTicks += idleTick;
            area[to] += t[to] * (next - since[to]);
            since[to] = next;
            t[to] += delta;
            jobCount += delta;
            arrived += isArrival;
            lost += loss;
            maxLev = Math.max(maxLev, to);
        }
        if (end > from) {
            time = tickTime[end - 1];
        }
        events += end - from - voidTicks;
        arrivals += arrived;
        losses += lost;
        jobs = jobCount;
        syncMaxLevel(maxLev);
        return end;
    }

    /** Sets the current and record top levels from the highest level held so far (the loop tracks only that). */
    private void syncMaxLevel(int highestEver) {
        maxLevelEver = Math.max(maxLevelEver, highestEver);
        int top = Math.min(highestEver, tail.length - 1);
        while (top > 0 && tail[top] == 0) {
            top--;
        }
        maxLevel = top;
    }

    /**
     * {@link #levelOfRank8} with four branch-free counts and a loop from level 5 on: cheaper when few servers
     * hold more than four jobs (measured against the native peer at λ = 0.9, d = 2: 0.82× → 0.92× of its rate
     * at N = 10³ under load, the same chain and draws).
     */
    private static int levelOfRank4(int[] t, int s) {
        int level = ((s - t[1]) >>> 31) + ((s - t[2]) >>> 31) + ((s - t[3]) >>> 31) + ((s - t[4]) >>> 31);
        if (s < t[5]) {
            int i = 6;
            while (s < t[i]) {
                i++;
            }
            level = i - 1;
        }
        return level;
    }

    private OccupancyRun simulateGeneral() {
        final double lamN = sim.lambda * sim.n;
        final double alphaN = sim.alpha * sim.n;
        final double mu = sim.mu;
        final double beta = sim.beta;
        final double gamma = sim.gamma;
        final double horizon = spec.horizon();
        final long maxEvents = spec.maxEvents();
        final double burnIn = spec.warmup();
        int k = 0;
        boolean byHorizon = false;
        long polls = 0;
        while (true) {
            Cancellation.poll(++polls, Cancellation.EVENTS_MASK, () -> "CTMC simulation");
            int busy = tail[1];
            int idle = tail[0] - busy;
            double busyRate = mu * busy;
            double initRate = beta * initializing;
            double expiryRate = gamma * idle;
            double rate = lamN + busyRate + alphaN + initRate + expiryRate;
            double next = time + rng.nextExponential() / rate;
            k = crossCheckpoints(k, next);       // the samples before next, and the burn-in if next passes it
            if (next > horizon) {
                time = horizon;
                byHorizon = true;
                break;
            }
            time = next;
            events++;
            double u = rng.nextDouble() * rate;
            if (u < lamN) {
                arrive();
            } else if ((u -= lamN) < busyRate) {
                depart(busy);
            } else if ((u -= busyRate) < alphaN) {
                scale();
            } else if (u - alphaN < initRate) {
                initializeOne();
            } else if (idle > 0) {
                expire();
            }
            if (events >= maxEvents) {
                break;
            }
        }
        if (!burnInPassed) {          // no event after the burn-in: the state was constant on [burnIn, end]
            passBurnIn(burnIn);
        }
        return finish(byHorizon);
    }
}
