package org.queuelab.repro.demand;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.autoscale.AsynchronousScaling;
import org.queuelab.autoscale.Autoscaler;
import org.queuelab.autoscale.KnativeScaling;
import org.queuelab.autoscale.OnArrivalScaling;
import org.queuelab.autoscale.UtilizationTargetScaling;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.RateIdleScaling;

/**
 * One autoscaler of notebook 06 (docs/demand.md §4), identified by its family and the one parameter the notebook
 * tunes, so that a run can be rebuilt from plain values (a sweep point, say). The ALBA families scale
 * asynchronously with switch-on gain {@value #ALPHA}; Blind-θ with switch-off rate {@value #GAMMA}.
 *
 * @param family    which autoscaler
 * @param parameter its tuned parameter, in the family's unit ({@link Family})
 */
public record DemandPolicy(Family family, double parameter) implements java.io.Serializable {

    private static final long serialVersionUID = 1L;

    /** Switch-on gain α of the asynchronous (ALBA) families. */
    public static final double ALPHA = 0.05;

    /** Switch-off rate γ of Blind-θ (Rate-Idle tunes its own). */
    public static final double GAMMA = 0.1;

    /** The autoscaler families and what their parameter is. */
    public enum Family {
        /** ALBA's Blind-θ, asynchronous; the parameter is θ. */
        BLIND_THETA,
        /** ALBA's Rate-Idle (standard gains), asynchronous; the parameter is the switch-off rate γ. */
        RATE_IDLE,
        /** TABS: on arrival, idle instances switch off after Exp(mean µ); the parameter is µ in seconds. */
        TABS,
        /** Knative's KPA with default windows; the parameter is the target utilisation. */
        KPA,
        /** On arrival with a fixed idle keep-alive; the parameter is the keep-alive in seconds. */
        KEEP_ALIVE,
        /** Kubernetes' utilisation-target HPA with defaults; the parameter is the target utilisation. */
        HPA
    }

    /**
     * Validates the components (the parameter's range is checked by the autoscaler it builds).
     *
     * @param family    which autoscaler
     * @param parameter its tuned parameter
     * @throws IllegalArgumentException for a parameter the family's autoscaler refuses
     */
    public DemandPolicy {
        Objects.requireNonNull(family, "family");
        autoscaler(family, parameter);
    }

    /**
     * {@return the autoscaler this policy names}
     */
    public Autoscaler autoscaler() {
        return autoscaler(family, parameter);
    }

    private static Autoscaler autoscaler(Family family, double parameter) {
        return switch (family) {
            case BLIND_THETA -> new AsynchronousScaling(new BlindTheta(parameter), ALPHA, GAMMA);
            case RATE_IDLE -> new AsynchronousScaling(RateIdleScaling.standard(), ALPHA, parameter);
            case TABS -> OnArrivalScaling.tabs(parameter);
            case KPA -> KnativeScaling.defaults(parameter);
            case KEEP_ALIVE -> OnArrivalScaling.keepAlive(parameter);
            case HPA -> UtilizationTargetScaling.defaults(parameter);
        };
    }

    /**
     * The six policies notebook 06 compares at N = 100 and N = 1000: Blind-θ (θ = 0.1), Rate-Idle (γ = 0.1), TABS
     * (µ = 10 s), KPA (target 0.7), keep-alive 600 s, HPA (target 0.6).
     *
     * @return the policies, in the notebook's order
     */
    public static List<DemandPolicy> compared() {
        return List.of(new DemandPolicy(Family.BLIND_THETA, 0.1), new DemandPolicy(Family.RATE_IDLE, GAMMA),
                new DemandPolicy(Family.TABS, 10), new DemandPolicy(Family.KPA, 0.7),
                new DemandPolicy(Family.KEEP_ALIVE, 600), new DemandPolicy(Family.HPA, 0.6));
    }

    /**
     * Each family's tuning range of the energy / p99 frontier, four values each, keyed by the frontier's label of
     * the family.
     *
     * @return label → policies, in the notebook's order
     */
    public static Map<String, List<DemandPolicy>> tuningRanges() {
        Map<String, List<DemandPolicy>> ranges = new LinkedHashMap<>();
        ranges.put("Blind-θ, θ ∈ {0.05 … 0.5}", range(Family.BLIND_THETA, 0.05, 0.1, 0.2, 0.5));
        ranges.put("Rate-Idle, γ ∈ {0.02 … 0.5}", range(Family.RATE_IDLE, 0.02, 0.05, 0.1, 0.5));
        ranges.put("TABS, µ ∈ {1 … 60} s", range(Family.TABS, 1.0, 5.0, 10.0, 60.0));
        ranges.put("KPA, target ∈ {0.5 … 1}", range(Family.KPA, 0.5, 0.7, 0.85, 1.0));
        ranges.put("keep-alive ∈ {10 … 1200} s", range(Family.KEEP_ALIVE, 10.0, 60.0, 300.0, 1200.0));
        ranges.put("HPA, target ∈ {0.4 … 0.9}", range(Family.HPA, 0.4, 0.6, 0.75, 0.9));
        return ranges;
    }

    /**
     * {@return the autoscalers of {@code policies}, in order}
     *
     * @param policies the policies
     */
    public static List<Autoscaler> autoscalers(List<DemandPolicy> policies) {
        return policies.stream().map(DemandPolicy::autoscaler).toList();
    }

    private static List<DemandPolicy> range(Family family, double... values) {
        return java.util.Arrays.stream(values).mapToObj(v -> new DemandPolicy(family, v)).toList();
    }
}
