package org.queuelab.model;

import java.util.Objects;

import org.queuelab.dist.ServiceDistribution;

/**
 * TABS, token-based auto-scaling, as in the Chandak thesis (docs/tabs.md §1–§2): Poisson arrivals of rate λN;
 * a job goes to an idle-on server if any (uniformly), else to a busy server with room (uniformly) and is lost if
 * there is none; every arrival that finds no idle-on server starts the set-up of one off server, if any.
 * An idle-on server switches off after an exponential standby time of mean {@code standbyMean} (∞ = never);
 * set-up takes an exponential time of mean {@code setupMean}. Times are in units of the mean service time.
 * N belongs to the simulator.
 *
 * @param lambda       arrival rate per server λ &gt; 0 (λ·E[S] &lt; 1 when the buffer is infinite)
 * @param buffer       jobs per server, counting the one in service ({@link Buffers#INFINITE} allowed)
 * @param service      the service-time law
 * @param standbyMean  mean standby time µ (seconds in the thesis), in (0, ∞]
 * @param setupMean    mean set-up time ν, in (0, ∞)
 * @param overflow     where a job goes when no server is idle-on
 * @param allowOverload whether λ·E[S] ≥ 1 with an infinite buffer is accepted: such a system has no stationary
 *                     regime (queues grow without bound, thesis Figure 1a) and only finite-horizon trajectories
 *                     make sense; simulators refuse stationary metrics for it ({@link #stable()} is false)
 */
public record TabsModel(double lambda, int buffer, ServiceDistribution service, double standbyMean,
                        double setupMean, Overflow overflow, boolean allowOverload) {

    /** Where a job goes when there is no idle-on server (docs/tabs.md §2). */
    public enum Overflow {
        /** Uniformly among busy servers that are not full; lost if none (the thesis' rule, default). */
        NONFULL_UNIFORM,
        /** Uniformly among busy servers, lost if the chosen one is full (an alternative reading of MDBL17). */
        ANY_BUSY_UNIFORM_LOSE_IF_FULL
    }

    /**
     * Validates the parameters.
     *
     * @param lambda arrival rate per server λ &gt; 0 (λ·E[S] &lt; 1 when the buffer is infinite)
     * @param buffer jobs per server, counting the one in service ({@link Buffers#INFINITE} allowed)
     * @param service the service-time law
     * @param standbyMean mean standby time µ (seconds in the thesis), in (0, ∞]
     * @param setupMean mean set-up time ν, in (0, ∞)
     * @param overflow where a job goes when no server is idle-on
     * @param allowOverload whether λ·E[S] ≥ 1 with an infinite buffer is accepted: such a system has no stationary
     *                     regime (queues grow without bound, thesis Figure 1a) and only finite-horizon trajectories
     *                     make sense; simulators refuse stationary metrics for it ({@link #stable()} is false)
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public TabsModel {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(overflow, "overflow");
        Buffers.requireBuffer(buffer, 1);
        if (!(service.mean() > 0 && Double.isFinite(service.mean()))) {
            throw new IllegalArgumentException("service mean = " + service.mean() + "; allowed: 0 < mean < ∞");
        }
        if (!(lambda > 0 && Double.isFinite(lambda))) {
            throw new IllegalArgumentException("lambda = " + lambda + "; allowed: finite lambda > 0");
        }
        if (!allowOverload && Buffers.isInfinite(buffer) && !(lambda * service.mean() < 1)) {
            throw new IllegalArgumentException("lambda·E[S] = " + lambda * service.mean()
                    + " with an infinite buffer; allowed: lambda·E[S] < 1 (stability)");
        }
        if (!(standbyMean > 0)) {
            throw new IllegalArgumentException("standbyMean = " + standbyMean + "; allowed: 0 < standbyMean ≤ ∞");
        }
        Buffers.requireRate("setupMean", setupMean);
    }

    /**
     * A model that must be stable when the buffer is infinite (λ·E[S] &lt; 1).
     *
     * @param lambda      arrival rate per server λ &gt; 0 (λ·E[S] &lt; 1 when the buffer is infinite)
     * @param buffer      jobs per server, counting the one in service ({@link Buffers#INFINITE} allowed)
     * @param service     the service-time law
     * @param standbyMean mean standby time µ, in (0, ∞]
     * @param setupMean   mean set-up time ν, in (0, ∞)
     * @param overflow    where a job goes when no server is idle-on
     */
    public TabsModel(double lambda, int buffer, ServiceDistribution service, double standbyMean, double setupMean,
                     Overflow overflow) {
        this(lambda, buffer, service, standbyMean, setupMean, overflow, false);
    }

    /**
     * The thesis' defaults (infinite buffer, non-full uniform overflow) with λ·E[S] ≥ 1 allowed, for transient
     * studies of an overloaded system such as the thesis' Figure 1a (λ = 1.11, N = 5) on a finite horizon.
     *
     * @param lambda      arrival rate per server λ, in (0, ∞)
     * @param service     the service-time law
     * @param standbyMean mean standby time µ, in (0, ∞]
     * @param setupMean   mean set-up time ν, in (0, ∞)
     * @return the model, whose {@link #stable()} is false when λ·E[S] ≥ 1
     */
    public static TabsModel transientOverload(double lambda, ServiceDistribution service, double standbyMean,
                                              double setupMean) {
        return new TabsModel(lambda, Buffers.INFINITE, service, standbyMean, setupMean, Overflow.NONFULL_UNIFORM,
                true);
    }

    /** {@return whether a stationary regime exists: a finite buffer, or λ·E[S] &lt; 1} */
    public boolean stable() {
        return !Buffers.isInfinite(buffer) || lambda * service.mean() < 1;
    }

    /**
     * The thesis' defaults: infinite buffer, non-full uniform overflow. The two means are adjacent doubles:
     * {@link #builder()} names them.
     *
     * @param lambda      arrival rate per server λ, 0 &lt; λ·E[S] &lt; 1
     * @param service     the service-time law
     * @param standbyMean mean standby time µ, in (0, ∞]
     * @param setupMean   mean set-up time ν, in (0, ∞)
     * @return the model
     */
    public static TabsModel of(double lambda, ServiceDistribution service, double standbyMean, double setupMean) {
        return new TabsModel(lambda, Buffers.INFINITE, service, standbyMean, setupMean, Overflow.NONFULL_UNIFORM);
    }

    /** {@return standby rate 1/µ (0 when µ = ∞)} */
    public double standbyRate() {
        return 1.0 / standbyMean;
    }

    /** {@return set-up rate 1/ν} */
    public double setupRate() {
        return 1.0 / setupMean;
    }

    /**
     * A builder that names every parameter, so that the two adjacent means (standby µ, set-up ν) cannot be
     * swapped. Defaults: infinite buffer, {@link Overflow#NONFULL_UNIFORM}, overload refused; λ, the service law,
     * µ and ν must be set.
     *
     * <pre>{@code
     * TabsModel m = TabsModel.builder().lambda(0.5).service(Exponential.unitMean())
     *         .standbyMean(2).setupMean(1).build();
     * }</pre>
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link TabsModel} parameter by parameter; {@link #build()} validates as the constructor does. */
    public static final class Builder {
        private double lambda = Double.NaN;
        private int buffer = Buffers.INFINITE;
        private ServiceDistribution service;
        private double standbyMean = Double.NaN;
        private double setupMean = Double.NaN;
        private Overflow overflow = Overflow.NONFULL_UNIFORM;
        private boolean allowOverload;

        private Builder() {
        }

        /**
         * Sets arrival rate per server λ &gt; 0 (jobs per unit of time per server).
         *
         * @param value the value
         * @return this builder
         */
        public Builder lambda(double value) { this.lambda = value; return this; }

        /**
         * Sets jobs per server, counting the one in service, ≥ 1, or {@link Buffers#INFINITE} (default).
         *
         * @param value the value
         * @return this builder
         */
        public Builder buffer(int value) { this.buffer = value; return this; }

        /**
         * Sets the service-time law (mean in (0, ∞)).
         *
         * @param value the value
         * @return this builder
         */
        public Builder service(ServiceDistribution value) { this.service = value; return this; }

        /**
         * Sets mean standby time µ of an idle-on server before it switches off, in (0, ∞] (∞ = never).
         *
         * @param value the value
         * @return this builder
         */
        public Builder standbyMean(double value) { this.standbyMean = value; return this; }

        /**
         * Sets mean set-up time ν of an off server, in (0, ∞).
         *
         * @param value the value
         * @return this builder
         */
        public Builder setupMean(double value) { this.setupMean = value; return this; }

        /**
         * Sets where a job goes when no server is idle-on (default {@link Overflow#NONFULL_UNIFORM}).
         *
         * @param value the value
         * @return this builder
         */
        public Builder overflow(Overflow value) { this.overflow = value; return this; }

        /**
         * Accept λ·E[S] ≥ 1 with an infinite buffer (finite-horizon studies only; see {@link TabsModel}).
         *
         * @return this builder
         */
        public Builder allowOverload() { this.allowOverload = true; return this; }

        /**
         * @return the model
         * @throws IllegalArgumentException naming a parameter that was not set or is out of range
         */
        public TabsModel build() {
            BuilderArguments.requireSet("lambda", lambda);
            BuilderArguments.requireSet("standbyMean", standbyMean);
            BuilderArguments.requireSet("setupMean", setupMean);
            if (service == null) {
                throw new IllegalArgumentException("service = unset; allowed: a ServiceDistribution");
            }
            return new TabsModel(lambda, buffer, service, standbyMean, setupMean, overflow, allowOverload);
        }
    }
}
