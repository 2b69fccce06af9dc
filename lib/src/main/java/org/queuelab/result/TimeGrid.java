package org.queuelab.result;


import org.queuelab.guard.Memory;
import org.queuelab.guard.Require;
import org.queuelab.guard.Sizes;
/**
 * Uniform sampling times 0, step, 2·step, …, up to the horizon (included when it is a multiple of the step,
 * up to rounding): the times at which simulators record a {@link Trajectory}.
 *
 * @param horizon last time of interest, &gt; 0 and finite
 * @param step    spacing of the samples, &gt; 0 and finite
 */
public record TimeGrid(double horizon, double step) {

    /**
     * Validates the parameters.
     *
     * @param horizon last time of interest, &gt; 0 and finite
     * @param step spacing of the samples, &gt; 0 and finite
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public TimeGrid {
        if (!(horizon > 0 && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 0 < horizon < ∞");
        }
        if (!(step > 0 && Double.isFinite(step))) {
            throw new IllegalArgumentException("step = " + step + "; allowed: 0 < step < ∞");
        }
        if (horizon / step > Integer.MAX_VALUE - 2) {
            throw new IllegalArgumentException("horizon/step = " + horizon / step
                    + "; allowed: at most " + (Integer.MAX_VALUE - 2) + " grid points");
        }
    }

    /**
     * {@return the grid 0, step, …, horizon}
     *
     * @param horizon last time of interest, in (0, ∞)
     * @param step    spacing of the samples, in (0, ∞)
     */
    public static TimeGrid of(double horizon, double step) {
        return new TimeGrid(horizon, step);
    }

    /**
     * {@return a grid of {@code intervals} equal steps over [0, horizon]}
     *
     * @param horizon   last time of interest, in (0, ∞)
     * @param intervals the number of equal steps, ≥ 1
     */
    public static TimeGrid intervals(double horizon, int intervals) {
        Require.atLeast("intervals", intervals, 1);
        return new TimeGrid(horizon, horizon / intervals);
    }

    /** {@return number of sampling times (t = 0 included)} */
    public int size() {
        return (int) Math.floor(horizon / step + 1e-9) + 1;
    }

    /**
     * {@return the k-th sampling time, k·step}
     *
     * @param k the index of a sampling time, in [0, size)
     */
    public double time(int k) {
        return k * step;
    }

    /**
     * Refuses {@code series} series of one value per grid point beyond the available heap, before they are
     * allocated (a grid of 10⁹ points needs 8 GB per series).
     *
     * @param what   the run or engine that keeps the series, for the message
     * @param series how many series the caller keeps on this grid, ≥ 1
     */
    public void requireStorage(String what, int series) {
        Memory.require(what + ": " + series + " series on a time grid of " + size() + " points (horizon " + horizon
                + ", step " + step + ")", Sizes.multiply("time grid", series, Memory.doubles(size())),
                "a coarser grid step or a shorter horizon");
    }

    /** {@return all sampling times} */
    public double[] times() {
        requireStorage("sampling times", 1);
        double[] t = new double[size()];
        for (int k = 0; k < t.length; k++) {
            t[k] = time(k);
        }
        return t;
    }
}
