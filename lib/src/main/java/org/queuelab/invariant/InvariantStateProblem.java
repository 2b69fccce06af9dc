package org.queuelab.invariant;

import java.util.Objects;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.PowerOfD;

/**
 * The invariant-state problem of the SQ(d) hydrodynamic limit (docs/invariant-states.md §1, §3): Poisson arrivals at rate λ per
 * server, each job joins the shortest of d queues sampled with replacement, FCFS service with law G; the levels
 * s*_1..s*_levels are wanted.
 *
 * @param service  the service law; only its complementary cdf enters the recursion, its mean only the checks
 * @param lambda   arrival rate per server, with 0 &lt; λ·E[S] &lt; 1
 * @param d        number of sampled queues, 1 ≤ d ≤ 16 (d = 1 is the M/G/1 queue)
 * @param levels   number of levels computed, 1 ≤ levels ≤ 40
 * @param accuracy root-search and quadrature accuracy
 */
public record InvariantStateProblem(ServiceDistribution service, double lambda, int d, int levels,
                                    Accuracy accuracy) {

    /** Most levels: beyond ~20 the exponential-sum coefficients of heavy tails outgrow double precision (docs/invariant-states.md §4). */
    public static final int MAX_LEVELS = 40;
    /** Most sampled queues. */
    public static final int MAX_D = 16;

    /**
     * Validates the problem.
     *
     * @param service  the service law, not null, with 0 &lt; E[S] &lt; ∞
     * @param lambda   arrival rate per server, with 0 &lt; λ·E[S] &lt; 1
     * @param d        number of sampled queues, 1 ≤ d ≤ {@link #MAX_D}
     * @param levels   number of levels computed, 1 ≤ levels ≤ {@link #MAX_LEVELS}
     * @param accuracy root-search and quadrature accuracy, not null
     * @throws IllegalArgumentException naming the parameter, its value and the allowed range otherwise
     */
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

    /**
     * The invariant-state problem of an SQ(d) model (Power-of-d, or Random as d = 1) with an infinite buffer: the
     * model record travels in; λ, d and the service law are read from it here.
     *
     * @param model    an SQ(d) model: {@code PowerOfD} or {@code RandomDispatch}, infinite buffer, λ·E[S] &lt; 1
     * @param levels   number of levels computed, 1 ≤ levels ≤ {@link #MAX_LEVELS}
     * @param accuracy root-search and quadrature accuracy
     * @return the problem
     * @throws IllegalArgumentException for another dispatch rule or a finite buffer, or a parameter out of range
     */
    public static InvariantStateProblem of(LoadBalancingModel model, int levels, Accuracy accuracy) {
        Objects.requireNonNull(model, "model");
        Dispatch.Kind kind = model.dispatch().kind();
        if (kind != Dispatch.Kind.SHORTEST_OF_SAMPLE && kind != Dispatch.Kind.UNIFORM) {
            throw new IllegalArgumentException("dispatch = " + model.dispatch().label()
                    + "; allowed: PowerOfD or RandomDispatch (the SQ(d) hydrodynamic limit)");
        }
        if (!Buffers.isInfinite(model.buffer())) {
            throw new IllegalArgumentException("buffer = " + model.buffer() + "; allowed: Buffers.INFINITE");
        }
        return new InvariantStateProblem(model.service(), model.lambda(), model.dispatch().d(), levels, accuracy);
    }

    /**
     * The SQ(d) model of this problem (infinite buffer), e.g. to simulate it at finite N.
     *
     * @return a {@link LoadBalancingModel} with {@code PowerOfD(d)}, λ and the service law of this problem
     */
    public LoadBalancingModel model() {
        return new LoadBalancingModel(lambda, new PowerOfD(d), Buffers.INFINITE, service);
    }

    /**
     * The work's set-up: λ = 0.5, d = 2, levels 1..8, PAPER accuracy.
     *
     * @param service the service law, with E[S] &lt; 2 (so that λ·E[S] &lt; 1)
     * @return the problem
     * @throws IllegalArgumentException if the load λ·E[S] is not below 1
     */
    public static InvariantStateProblem paper(ServiceDistribution service) {
        return new InvariantStateProblem(service, 0.5, 2, 8, Accuracy.PAPER);
    }

    /**
     * The same problem at another accuracy.
     *
     * @param other the accuracy, not null
     * @return a new problem
     */
    public InvariantStateProblem withAccuracy(Accuracy other) {
        return new InvariantStateProblem(service, lambda, d, levels, other);
    }

    /**
     * The same problem with another number of levels.
     *
     * @param other number of levels, 1 ≤ other ≤ {@link #MAX_LEVELS}
     * @return a new problem
     * @throws IllegalArgumentException if other is out of range
     */
    public InvariantStateProblem withLevels(int other) {
        return new InvariantStateProblem(service, lambda, d, other, accuracy);
    }
}
