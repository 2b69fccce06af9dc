package org.queuelab.meanfield;

import java.util.LinkedHashMap;
import java.util.Objects;

import org.queuelab.meanfield.ode.FluidSolver;

/**
 * What the fluid limits built on the ALBA drift share ({@link AlbaFluid}, {@link TabsFluid}, {@link PowerOfDFluid}:
 * docs/alba.md §3–§4, docs/tabs.md §4, docs/sqdn.md §9.1): the model record, its one translation into an
 * {@code AlbaDrift}, the level count K, the default-options overload of {@code integrate}, and the packing of a
 * solver run into a {@link FluidTrajectory} with the fluid provenance.
 *
 * @param <M> the model record
 */
abstract class AlbaDriftFluid<M> implements FluidLimit {

    private final M model;
    final AlbaDrift drift;

    AlbaDriftFluid(M model, AlbaDrift drift) {
        this.model = Objects.requireNonNull(model, "model");
        this.drift = drift;
    }

    @Override
    public M model() {
        return model;
    }

    /** {@return K, the highest level kept (the buffer, or the truncation level of an infinite buffer)} */
    public int levels() {
        return drift.levels;
    }

    /** The full drift state (cold, initializing or off, set-up, idle, levels): K + 3 coordinates. */
    @Override
    public int dimension() {
        return drift.dimension();
    }

    /** F(x) on the full drift state; loss is not reported. */
    @Override
    public double[] drift(double[] x) {
        FixedPointSolver.requireFinite(x, dimension());
        return drift.driftAt(x, null);
    }

    /** Integrates from x0 with {@link FluidOptions#defaults()}. */
    @Override
    public FluidTrajectory integrate(double[] x0, double[] times) {
        return integrate(x0, times, FluidOptions.defaults());
    }

    /** The trajectory of {@code run}: its times, the given series and states, its cost and diagnostics. */
    final FluidTrajectory trajectory(FluidSolver.Solution run, LinkedHashMap<String, double[]> columns,
                                     double[][] states, FluidOptions options) {
        return new FluidTrajectory(run.times(), columns, states,
                FluidTrajectory.provenance(model, drift.levels, options), FluidTrajectory.Diagnostics.of(run));
    }
}
