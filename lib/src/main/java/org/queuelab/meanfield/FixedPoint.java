package org.queuelab.meanfield;

import java.util.Objects;

import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.Scaling;

/**
 * The fixed-point technique, one entry point for every model: {@code FixedPoint.of(model)} returns the fixed point
 * of the model's fluid limit ({@link Fluid#of}) in that limit's state layout, from the closed forms where the
 * works give one. Where none is known the call says so and names the numerical route
 * ({@link FixedPointSolver#solve} on {@code Fluid.of(model)} from a guess, e.g. the end of a long integration).
 */
public final class FixedPoint {

    private FixedPoint() {
    }

    /**
     * ALBA with Blind-θ scaling: the unique fixed point of Theorem 2 (docs/alba.md §5), with K = B or
     * {@link AlbaFluid#DEFAULT_TRUNCATION} levels.
     *
     * @throws IllegalArgumentException for other scaling rules (no closed form)
     */
    public static double[] of(AlbaModel model) {
        Objects.requireNonNull(model, "model");
        if (model.scaling() instanceof Scaling.Asynchronous a && a.rule() instanceof BlindTheta) {
            return AlbaFixedPoint.blindTheta(model, Fluid.of(model).levels());
        }
        throw new IllegalArgumentException("scaling = " + model.scaling().label()
                + "; allowed: Blind-θ (closed form); otherwise FixedPointSolver.solve(Fluid.of(model), guess)");
    }

    /**
     * Load balancing: SQ(d) tails or JBT-d from the closed forms (infinite buffer), or the SQ(d,N) fixed point
     * (docs/sqdn.md §5) with I = the buffer.
     *
     * @throws IllegalArgumentException for a finite buffer without memory (no closed form), or a law that is not
     *                                  exponential with mean 1
     */
    public static double[] of(LoadBalancingModel model) {
        Objects.requireNonNull(model, "model");
        if (model.dispatch().kind() == Dispatch.Kind.SHORTEST_IN_MEMORY) {
            MemoryFluid fluid = MemoryFluid.of(model);
            return MemoryFixedPoint.fixedPoint(model.lambda(), model.dispatch().d(), fluid.capacity());
        }
        if (!Buffers.isInfinite(model.buffer())) {
            throw new IllegalArgumentException("buffer = " + model.buffer() + " for " + model.dispatch().label()
                    + "; allowed: Buffers.INFINITE (closed form); otherwise FixedPointSolver.solve(Fluid.of(model),"
                    + " guess)");
        }
        return PowerOfDFluid.of(model).fixedPoint();
    }

    /**
     * TABS: no closed form is used.
     *
     * @throws IllegalArgumentException always, naming the numerical route
     */
    public static double[] of(TabsModel model) {
        Objects.requireNonNull(model, "model");
        throw new IllegalArgumentException("model = TABS; allowed: ALBA (Blind-θ) or load balancing — for TABS use"
                + " FixedPointSolver.solve(Fluid.of(model), guess)");
    }
}
