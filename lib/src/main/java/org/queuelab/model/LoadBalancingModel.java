package org.queuelab.model;

import java.util.Objects;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.policy.Dispatch;

/**
 * N always-on servers with FCFS queues behind one dispatcher: Poisson arrivals of rate λN, service times i.i.d.
 * with the given law, each server holding at most {@code buffer} jobs (a job sent to a full server is lost).
 * This is the model of SQ(d) (docs/sqdn.md §9.1, docs/invariant-states.md §1), SQ(d,N)
 * (docs/sqdn.md §1) and JIQ/JBT-d without auto-scaling. N is a parameter of the simulator, not of the
 * model, so the same model serves the finite-N simulators and the N → ∞ limits.
 *
 * @param lambda   arrival rate per server λ (0 &lt; λ, and λ &lt; 1 when the buffer is infinite)
 * @param dispatch the dispatching rule
 * @param buffer   jobs per server, counting the one in service ({@link Buffers#INFINITE} allowed)
 * @param service  the service-time law
 */
public record LoadBalancingModel(double lambda, Dispatch dispatch, int buffer, ServiceDistribution service) {

    /**
     * Validates the parameters.
     *
     * @param lambda arrival rate per server λ (0 &lt; λ, and λ &lt; 1 when the buffer is infinite)
     * @param dispatch the dispatching rule
     * @param buffer jobs per server, counting the one in service ({@link Buffers#INFINITE} allowed)
     * @param service the service-time law
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public LoadBalancingModel {
        Objects.requireNonNull(dispatch, "dispatch");
        Objects.requireNonNull(service, "service");
        Buffers.requireBuffer(buffer, 1);
        double load = lambda * service.mean();
        if (!(service.mean() > 0 && Double.isFinite(service.mean()))) {
            throw new IllegalArgumentException("service mean = " + service.mean() + "; allowed: 0 < mean < ∞");
        }
        if (!(lambda > 0 && Double.isFinite(lambda))) {
            throw new IllegalArgumentException("lambda = " + lambda + "; allowed: finite lambda > 0");
        }
        if (Buffers.isInfinite(buffer) && !(load < 1)) {
            throw new IllegalArgumentException("lambda·E[S] = " + load
                    + " with an infinite buffer; allowed: lambda·E[S] < 1 (stability)");
        }
        if (buffer < dispatch.minimumBuffer()) {
            throw new IllegalArgumentException("buffer = " + buffer + " for " + dispatch.label()
                    + "; allowed: buffer ≥ " + dispatch.minimumBuffer());
        }
    }

    /** {@return load per server ρ = λ·E[S]} */
    public double load() {
        return lambda * service.mean();
    }
}
