package org.queuelab.model;

import java.util.Objects;

import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;

/**
 * ALBA, asynchronous load balancing and auto-scaling (docs/alba.md §1–§2): N servers, each cold,
 * initializing or warm; Poisson arrivals of rate λN dispatched among warm servers only; exponential service of
 * mean 1; initialization rate β; an idle-on server expires (goes cold) at rate γ unless it receives a job;
 * servers are switched on by the {@link Scaling} rule. N belongs to the simulator, not to the model.
 *
 * @param lambda   arrival rate per server λ (0 &lt; λ, and λ &lt; 1 when the buffer is infinite)
 * @param dispatch Power-of-d or JBT-d/JIQ (Random is Power-of-1)
 * @param buffer   jobs per server, counting the one in service; B &gt; d for JBT-d, B ≥ d for Power-of-d
 *                 ({@link Buffers#INFINITE} allowed)
 * @param scaling  asynchronous (Blind-θ, Rate-Idle, custom g), on-arrival (TABS-d) or always warm
 * @param beta     initialization rate β &gt; 0
 * @param gamma    expiration rate γ &gt; 0 (ignored, and reported as 0, when always warm)
 */
public record AlbaModel(double lambda, Dispatch dispatch, int buffer, Scaling scaling, double beta, double gamma) {

    public AlbaModel {
        Objects.requireNonNull(dispatch, "dispatch");
        Objects.requireNonNull(scaling, "scaling");
        Buffers.requireLambda(lambda, buffer);
        if (dispatch.kind() != Dispatch.Kind.SHORTEST_OF_SAMPLE && dispatch.kind() != Dispatch.Kind.BELOW_THRESHOLD) {
            throw new IllegalArgumentException("dispatch = " + dispatch.label()
                    + "; allowed: PowerOfD or JoinBelowThreshold (JIQ)");
        }
        Buffers.requireBuffer(buffer, dispatch.minimumBuffer());
        if (dispatch.kind() == Dispatch.Kind.SHORTEST_OF_SAMPLE && buffer < dispatch.d()) {
            throw new IllegalArgumentException("buffer = " + buffer + " for " + dispatch.label()
                    + "; allowed: buffer ≥ d = " + dispatch.d());
        }
        if (scaling instanceof Scaling.AlwaysWarm) {
            gamma = 0.0;
            beta = Double.isFinite(beta) && beta > 0 ? beta : 1.0;
        } else {
            Buffers.requireRate("beta", beta);
            Buffers.requireRate("gamma", gamma);
        }
    }

    /** The classical model without auto-scaling: all servers warm. */
    public static AlbaModel alwaysWarm(double lambda, Dispatch dispatch, int buffer) {
        return new AlbaModel(lambda, dispatch, buffer, Scaling.alwaysWarm(), 1.0, 0.0);
    }

    /** Whether the buffer is infinite. */
    public boolean infiniteBuffer() {
        return Buffers.isInfinite(buffer);
    }
}
