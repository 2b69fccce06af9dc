package org.queuelab.meanfield;

/**
 * The mean-field (N → ∞) limit of a model, ready to integrate: what {@link Fluid#of} returns for every model.
 * Results are {@link FluidTrajectory}s, the shared trajectory type, with series named by
 * {@link org.queuelab.result.Metric}.
 */
public interface FluidLimit extends FluidModel {

    /** {@return the model record this limit was built from} */
    Object model();

    /**
     * Integrates from x0 at t = 0 and samples at {@code times}, with {@link FluidOptions#defaults()}.
     *
     * @param x0    the initial state in the model's layout, fractions summing to 1
     * @param times the output times: finite, strictly increasing, from ≥ 0 to &gt; 0
     * @return the states at {@code times}
     */
    FluidTrajectory integrate(double[] x0, double[] times);

    /**
     * Integrates from x0 at t = 0 and samples at {@code times}.
     *
     * @param x0      the initial state in the model's layout, fractions summing to 1
     * @param times   the output times: finite, strictly increasing, from ≥ 0 to &gt; 0
     * @param options the accuracy settings
     * @return the states at {@code times}
     */
    FluidTrajectory integrate(double[] x0, double[] times, FluidOptions options);
}
