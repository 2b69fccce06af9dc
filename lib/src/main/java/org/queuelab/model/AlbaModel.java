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

    /**
     * Validates the parameters.
     *
     * @param lambda arrival rate per server λ (0 &lt; λ, and λ &lt; 1 when the buffer is infinite)
     * @param dispatch Power-of-d or JBT-d/JIQ (Random is Power-of-1)
     * @param buffer jobs per server, counting the one in service; B &gt; d for JBT-d, B ≥ d for Power-of-d ({@link
     *              Buffers#INFINITE} allowed)
     * @param scaling asynchronous (Blind-θ, Rate-Idle, custom g), on-arrival (TABS-d) or always warm
     * @param beta initialization rate β &gt; 0
     * @param gamma expiration rate γ &gt; 0 (ignored, and reported as 0, when always warm)
     * @throws IllegalArgumentException naming a parameter out of its range
     */
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

    /**
     * {@return the classical model without auto-scaling: all servers warm}
     *
     * @param lambda   arrival rate per server λ (0 &lt; λ, and λ &lt; 1 when the buffer is infinite)
     * @param dispatch Power-of-d or JBT-d/JIQ
     * @param buffer   jobs per server, counting the one in service, or {@link Buffers#INFINITE}
     */
    public static AlbaModel alwaysWarm(double lambda, Dispatch dispatch, int buffer) {
        return new AlbaModel(lambda, dispatch, buffer, Scaling.alwaysWarm(), 1.0, 0.0);
    }

    /** {@return whether the buffer is infinite} */
    public boolean infiniteBuffer() {
        return Buffers.isInfinite(buffer);
    }

    /**
     * A builder that names the rates (λ, β, γ are three doubles of one type). Defaults: infinite buffer; λ, the
     * dispatch rule, the scaling and β, γ must be set (γ may be left out when the scaling is always warm).
     *
     * <pre>{@code
     * AlbaModel m = AlbaModel.builder().lambda(0.7).dispatch(new PowerOfD(2))
     *         .scaling(Scaling.asynchronous(new BlindTheta(0.1), 1)).initializationRate(0.1).expirationRate(0.1)
     *         .build();
     * }</pre>
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds an {@link AlbaModel} parameter by parameter; {@link #build()} validates as the constructor does. */
    public static final class Builder {
        private double lambda = Double.NaN;
        private Dispatch dispatch;
        private int buffer = Buffers.INFINITE;
        private Scaling scaling;
        private double beta = Double.NaN;
        private double gamma = Double.NaN;

        private Builder() {
        }

        /**
         * Sets arrival rate per server λ, 0 &lt; λ (λ &lt; 1 with an infinite buffer).
         *
         * @param value the value
         * @return this builder
         */
        public Builder lambda(double value) { this.lambda = value; return this; }

        /**
         * Sets Power-of-d or JBT-d/JIQ.
         *
         * @param value the value
         * @return this builder
         */
        public Builder dispatch(Dispatch value) { this.dispatch = value; return this; }

        /**
         * Sets jobs per server counting the one in service, or {@link Buffers#INFINITE} (default).
         *
         * @param value the value
         * @return this builder
         */
        public Builder buffer(int value) { this.buffer = value; return this; }

        /**
         * Sets asynchronous, on-arrival or always warm.
         *
         * @param value the value
         * @return this builder
         */
        public Builder scaling(Scaling value) { this.scaling = value; return this; }

        /**
         * Sets initialization (set-up) rate β &gt; 0, per unit of time.
         *
         * @param value the value
         * @return this builder
         */
        public Builder initializationRate(double value) { this.beta = value; return this; }

        /**
         * Sets expiration rate γ &gt; 0 of an idle-on server, per unit of time.
         *
         * @param value the value
         * @return this builder
         */
        public Builder expirationRate(double value) { this.gamma = value; return this; }

        /**
         * @return the model
         * @throws IllegalArgumentException naming a parameter that was not set or is out of range
         */
        public AlbaModel build() {
            if (Double.isNaN(lambda) || dispatch == null || scaling == null || Double.isNaN(beta)) {
                throw new IllegalArgumentException("lambda = " + lambda + ", dispatch = " + dispatch + ", scaling = "
                        + scaling + ", initializationRate = " + beta + "; allowed: all four set");
            }
            if (Double.isNaN(gamma) && !(scaling instanceof Scaling.AlwaysWarm)) {
                throw new IllegalArgumentException("expirationRate = unset; allowed: γ > 0 (only always-warm"
                        + " scaling may leave it out)");
            }
            return new AlbaModel(lambda, dispatch, buffer, scaling, beta, Double.isNaN(gamma) ? 0 : gamma);
        }
    }
}
