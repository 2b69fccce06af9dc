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
 * (load balancing) or exponential service (TABS), and ALBA excludes Random and SQ(d,N) dispatching. SQ(d,N) has its own entry,
 * {@link #withMemory}, so that each call returns its concrete fluid type.
 */
public final class Fluid {

    private Fluid() {
    }

    /**
     * The ALBA fluid (docs/alba.md §3).
     *
     * @param model the ALBA model
     * @return the fluid limit
     */
    public static AlbaFluid of(AlbaModel model) {
        return AlbaFluid.of(Objects.requireNonNull(model, "model"));
    }

    /**
     * The load-balancing fluid without memory: SQ(d), JBT-d/JIQ or Random ({@link PowerOfDFluid}).
     *
     * @param model a load-balancing model whose dispatch has no memory
     * @return the fluid limit
     * @throws IllegalArgumentException for SQ(d,N) (use {@link #withMemory}) or a service law that is not
     *                                  exponential with mean 1
     */
    public static PowerOfDFluid of(LoadBalancingModel model) {
        Objects.requireNonNull(model, "model");
        if (model.dispatch().kind() == Dispatch.Kind.SHORTEST_IN_MEMORY) {
            throw new IllegalArgumentException("dispatch = " + model.dispatch().label()
                    + "; allowed here: rules without memory — SQ(d,N) has its own fluid: Fluid.withMemory(model)");
        }
        return PowerOfDFluid.of(model);
    }

    /**
     * The SQ(d,N) memory fluid (docs/sqdn.md §3), {@link MemoryFluid}.
     *
     * @param model a load-balancing model with {@code PowerOfDWithMemory} dispatch
     * @return the fluid limit
     * @throws IllegalArgumentException for dispatch without memory (use {@link #of(LoadBalancingModel)}) or a
     *                                  service law that is not exponential with mean 1
     */
    public static MemoryFluid withMemory(LoadBalancingModel model) {
        return MemoryFluid.of(Objects.requireNonNull(model, "model"));
    }

    /**
     * The TABS fluid with exponential service (docs/tabs.md §4).
     *
     * @param model the TABS model (exponential service)
     * @return the fluid limit
     */
    public static TabsFluid of(TabsModel model) {
        return TabsFluid.of(Objects.requireNonNull(model, "model"));
    }
}
