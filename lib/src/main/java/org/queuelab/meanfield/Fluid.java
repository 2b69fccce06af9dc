package org.queuelab.meanfield;

import java.util.Objects;

import org.queuelab.model.AlbaModel;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.Dispatch;

/**
 * The fluid (mean-field) technique, one entry point for every model: {@code Fluid.of(model)} returns the N → ∞
 * limit, which integrates into a {@link FluidTrajectory}. Infinite buffers are truncated at the engines' default
 * level (the integration throws {@link TruncationTooSmallException} if mass reaches it); use the engines'
 * constructors to choose another.
 *
 * <p>Where the technique does not apply the call says why: the fluid limits assume exponential service of mean 1
 * (load balancing) or exponential service (TABS), and ALBA excludes Random and SQ(d,N) dispatching.
 */
public final class Fluid {

    private Fluid() {
    }

    /** The ALBA fluid (docs/alba.md §3). */
    public static AlbaFluid of(AlbaModel model) {
        return AlbaFluid.of(Objects.requireNonNull(model, "model"));
    }

    /**
     * The load-balancing fluid: SQ(d), JBT-d/JIQ or Random ({@link PowerOfDFluid}), or SQ(d,N) with memory
     * ({@link MemoryFluid}).
     *
     * @throws IllegalArgumentException if the service law is not exponential with mean 1
     */
    public static FluidLimit of(LoadBalancingModel model) {
        Objects.requireNonNull(model, "model");
        return model.dispatch().kind() == Dispatch.Kind.SHORTEST_IN_MEMORY ? MemoryFluid.of(model)
                : PowerOfDFluid.of(model);
    }

    /** The TABS fluid with exponential service (docs/tabs.md §4). */
    public static TabsFluid of(TabsModel model) {
        return TabsFluid.of(Objects.requireNonNull(model, "model"));
    }
}
