package org.queuelab.autoscale;

import java.util.Objects;
import java.util.random.RandomGenerator;

import org.queuelab.plot.Labels;
import org.queuelab.policy.ScalingRule;
import org.queuelab.policy.ScalingState;

/**
 * ALBA's asynchronous scaling ({@code docs/alba.md} §4, {@code docs/demand.md} §4.1) on the cluster: scaling times
 * form a Poisson process of rate α·N, independent of arrivals; at each, one off instance (if any) starts its set-up
 * with probability g(x), where x are the fractions of the N instances per state; an idle instance switches off after
 * an Exp(rate γ) standby time unless a request takes it. Dispatch is join-idle-queue.
 *
 * <p>The rule reads x through {@link ScalingState}: λ = arrival rate / N ({@link ClusterView#arrivalRate()}, i.e.
 * λ(t) itself when known), α, β = 1/(mean set-up), x_{0,0} = off/N, x_{0,1} = setting up/N, x_{0,2} = idle/N,
 * y_0 = ready/N and, for x_{1,2} ("busy with one job", about to become free), the busy instances whose completion
 * will free them: (busy − queued)⁺/N. Rates are in units of the mean service time, as in the work.
 *
 * @param rule  g(x), e.g. {@link org.queuelab.policy.BlindTheta} or {@link org.queuelab.policy.RateIdleScaling}
 * @param alpha scaling-time rate per instance α &gt; 0
 * @param gamma standby expiry rate γ &gt; 0
 */
public record AsynchronousScaling(ScalingRule rule, double alpha, double gamma) implements Autoscaler {

    /**
     * Validates the components.
     *
     * @param rule  g(x), e.g. {@link org.queuelab.policy.BlindTheta} or {@link org.queuelab.policy.RateIdleScaling}
     * @param alpha scaling-time rate per instance α &gt; 0
     * @param gamma standby expiry rate γ &gt; 0
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public AsynchronousScaling {
        Objects.requireNonNull(rule, "rule");
        if (!(alpha > 0 && Double.isFinite(alpha))) {
            throw new IllegalArgumentException("alpha = " + alpha + "; allowed: 0 < alpha < ∞");
        }
        if (!(gamma > 0 && Double.isFinite(gamma))) {
            throw new IllegalArgumentException("gamma = " + gamma + "; allowed: 0 < gamma < ∞");
        }
    }

    @Override
    public String label() {
        return rule.label() + " (α = " + Labels.number(alpha) + ", γ = " + Labels.number(gamma) + ")";
    }

    /**
     * The state x of the cluster as the rule sees it.
     *
     * @param v    the cluster at an evaluation
     * @param beta the set-up rate β = 1 / mean set-up duration, &gt; 0
     * @return the fractions of the cluster per state, as {@link ScalingRule} reads them
     */
    public ScalingState state(ClusterView v, double beta) {
        double n = v.maxInstances();
        return new ScalingState() {
            @Override
            public double lambda() {
                return v.arrivalRate() / n;
            }

            @Override
            public double alpha() {
                return alpha;
            }

            @Override
            public double beta() {
                return beta;
            }

            @Override
            public double cold() {
                return v.off() / n;
            }

            @Override
            public double initializing() {
                return v.settingUp() / n;
            }

            @Override
            public double idleOn() {
                return v.idle() / n;
            }

            @Override
            public double oneJob() {
                return Math.max(0, v.busy() - v.queued()) / n;
            }

            @Override
            public double warm() {
                return v.ready() / n;
            }
        };
    }

    @Override
    public ScalingController controller(ClusterModel model, RandomGenerator scaling) {
        double rate = alpha * model.maxInstances();
        double beta = 1 / model.setup().mean();
        return new ScalingController() {
            @Override
            public double nextEvaluation(double now) {
                return now + scaling.nextExponential() / rate;
            }

            @Override
            public int evaluate(ClusterView view) {
                double g = rule.probability(state(view, beta));
                if (!(g >= 0 && g <= 1)) {
                    throw new IllegalArgumentException("g(x) = " + g + " from " + rule.label() + "; allowed: [0, 1]");
                }
                // draw the coin even when no instance is off, so the scaling stream does not depend on the state
                return scaling.nextDouble() < g && view.off() > 0 ? 1 : 0;
            }

            @Override
            public int onArrivalWithoutIdle(ClusterView view) {
                return 0;
            }

            @Override
            public double idleTimeout(RandomGenerator standby) {
                return standby.nextExponential() / gamma;
            }
        };
    }
}
