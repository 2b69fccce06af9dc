package org.queuelab.invariant;

import java.util.Objects;

import org.queuelab.dist.ServiceDistribution;

/**
 * The invariant-state problem of the SQ(d) hydrodynamic limit (spec §1, §3): Poisson arrivals at rate λ per
 * server, each job joins the shortest of d queues sampled with replacement, FCFS service with law G; the levels
 * s*_1..s*_levels are wanted.
 *
 * @param service  the service law; only its complementary cdf enters the recursion, its mean only the checks
 * @param lambda   arrival rate per server, with 0 < λ·E[S] < 1
 * @param d        number of sampled queues, 1 ≤ d ≤ 16 (d = 1 is the M/G/1 queue)
 * @param levels   number of levels computed, 1 ≤ levels ≤ 40
 * @param accuracy root-search and quadrature accuracy
 */
public record InvariantStateProblem(ServiceDistribution service, double lambda, int d, int levels,
                                    Accuracy accuracy) {

    /** Most levels: beyond ~20 the exponential-sum coefficients of heavy tails outgrow double precision (§10). */
    public static final int MAX_LEVELS = 40;
    /** Most sampled queues. */
    public static final int MAX_D = 16;

    public InvariantStateProblem {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(accuracy, "accuracy");
        double mean = service.mean();
        if (!(mean > 0) || Double.isInfinite(mean)) {
            throw new IllegalArgumentException("service mean = " + mean + " (" + service.label()
                    + "); allowed: 0 < mean < ∞");
        }
        if (!(lambda > 0) || !(lambda * mean < 1)) {
            throw new IllegalArgumentException("lambda = " + lambda + " with service mean " + mean
                    + "; allowed: 0 < lambda·mean < 1");
        }
        if (d < 1 || d > MAX_D) {
            throw new IllegalArgumentException("d = " + d + "; allowed: 1 ≤ d ≤ " + MAX_D);
        }
        if (levels < 1 || levels > MAX_LEVELS) {
            throw new IllegalArgumentException("levels = " + levels + "; allowed: 1 ≤ levels ≤ " + MAX_LEVELS);
        }
    }

    /** The work's set-up: λ = 0.5, d = 2, levels 1..8, PAPER accuracy. */
    public static InvariantStateProblem paper(ServiceDistribution service) {
        return new InvariantStateProblem(service, 0.5, 2, 8, Accuracy.PAPER);
    }

    /** The same problem at another accuracy. */
    public InvariantStateProblem withAccuracy(Accuracy other) {
        return new InvariantStateProblem(service, lambda, d, levels, other);
    }

    /** The same problem with another number of levels. */
    public InvariantStateProblem withLevels(int other) {
        return new InvariantStateProblem(service, lambda, d, other, accuracy);
    }
}
