package org.queuelab.bench;

import java.util.random.RandomGenerator;

import org.queuelab.sim.RandomDraws;

/**
 * The straightforward baseline for {@link CtmcBench}: ALBA with Power-of-d and Blind-θ (docs/alba.md §2)
 * simulated server by server. Per-server arrays hold each server's phase and queue length; index sets (array +
 * position map) give O(1) uniform picks of a cold, initializing, idle-on, busy or warm server. Gillespie's direct
 * method with the same rates as the occupancy chain, so both simulate the same law; only the state differs
 * (N servers instead of counts), which is what the speed-up measures. Like the chain it keeps the time integrals
 * needed for the stationary metrics (servers per phase, jobs), lazily, and nothing else (no trajectory).
 */
final class CtmcPerServerBaseline {

    private static final int COLD = 0;
    private static final int INIT = 1;
    private static final int IDLE = 2;
    private static final int BUSY = 3;

    private final int n;
    private final double lambda;
    private final double alpha;
    private final double theta;
    private final double beta;
    private final double gamma;
    private final int buffer;
    private final int d;

    private final int[] queue;
    private final int[][] members = new int[4][];
    private final int[] size = new int[4];
    private final int[] phase;
    private final int[] position;
    private final int[] warmMembers;  // idle-on and busy servers, for uniform warm picks
    private final int[] warmPosition;
    private int warmSize;
    private long jobs;
    private final double[] phaseArea = new double[4];
    private final double[] phaseSince = new double[4];
    private double jobsArea;
    private double jobsSince;
    private double now;

    CtmcPerServerBaseline(int n, double lambda, double alpha, double theta, double beta, double gamma, int buffer,
                          int d, double coldFraction) {
        this.n = n;
        this.lambda = lambda;
        this.alpha = alpha;
        this.theta = theta;
        this.beta = beta;
        this.gamma = gamma;
        this.buffer = buffer;
        this.d = d;
        queue = new int[n];
        phase = new int[n];
        position = new int[n];
        warmMembers = new int[n];
        warmPosition = new int[n];
        for (int s = 0; s < 4; s++) {
            members[s] = new int[n];
        }
        int cold = (int) Math.round(coldFraction * n);
        for (int k = 0; k < n; k++) {
            int p = k < cold ? COLD : IDLE;
            phase[k] = p;
            add(k, p);
            if (p == IDLE) {
                warmPosition[k] = warmSize;
                warmMembers[warmSize++] = k;
            }
        }
    }

    private void add(int k, int p) {
        position[k] = size[p];
        members[p][size[p]++] = k;
        phase[k] = p;
    }

    private void remove(int k) {
        int p = phase[k];
        int last = members[p][--size[p]];
        members[p][position[k]] = last;
        position[last] = position[k];
    }

    private void setPhase(int k, int p) {
        integrate(phase[k]);
        integrate(p);
        remove(k);
        add(k, p);
    }

    private void integrate(int p) {
        phaseArea[p] += size[p] * (now - phaseSince[p]);
        phaseSince[p] = now;
    }

    private void integrateJobs() {
        jobsArea += jobs * (now - jobsSince);
        jobsSince = now;
    }

    /** Runs {@code events} events; returns the final time (checksum against dead-code elimination). */
    double run(long events, RandomGenerator rng) {
        double lamN = lambda * n;
        double alphaN = alpha * n;
        double t = 0;
        for (long e = 0; e < events; e++) {
            int busy = size[BUSY];
            double rate = lamN + busy + alphaN + beta * size[INIT] + gamma * size[IDLE];
            t += rng.nextExponential() / rate;
            now = t;
            double u = rng.nextDouble() * rate;
            if (u < lamN) {
                if (warmSize > 0) {
                    int best = warmMembers[RandomDraws.uniformInt(rng, warmSize)];
                    for (int j = 1; j < d; j++) {
                        int other = warmMembers[RandomDraws.uniformInt(rng, warmSize)];
                        if (queue[other] < queue[best]) {
                            best = other;
                        }
                    }
                    if (queue[best] < buffer) {
                        if (queue[best]++ == 0) {
                            setPhase(best, BUSY);
                        }
                        integrateJobs();
                        jobs++;
                    }
                }
            } else if ((u -= lamN) < busy) {
                int k = members[BUSY][RandomDraws.uniformInt(rng, busy)];
                integrateJobs();
                jobs--;
                if (--queue[k] == 0) {
                    setPhase(k, IDLE);
                }
            } else if ((u -= busy) < alphaN) {
                if (size[COLD] > 0 && rng.nextDouble() < theta) {
                    setPhase(members[COLD][RandomDraws.uniformInt(rng, size[COLD])], INIT);
                }
            } else if (u - alphaN < beta * size[INIT]) {
                int k = members[INIT][RandomDraws.uniformInt(rng, size[INIT])];
                setPhase(k, IDLE);
                warmPosition[k] = warmSize;
                warmMembers[warmSize++] = k;
            } else if (size[IDLE] > 0) {
                int k = members[IDLE][RandomDraws.uniformInt(rng, size[IDLE])];
                setPhase(k, COLD);
                int last = warmMembers[--warmSize];
                warmMembers[warmPosition[k]] = last;
                warmPosition[last] = warmPosition[k];
            }
        }
        integrateJobs();
        return t + jobs + jobsArea + phaseArea[COLD];
    }
}
