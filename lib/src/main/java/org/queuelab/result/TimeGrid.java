package org.queuelab.result;


import org.queuelab.guard.Memory;
import org.queuelab.guard.Require;
import org.queuelab.guard.Sizes;
/**
 * Uniform sampling times 0, step, 2·step, …, K·step, where K·step is the largest multiple of the step ≤ the horizon
 * (up to 10⁻⁹ of a step, so {@code of(1, 0.1)} ends at 1): the times at which simulators record a {@link Trajectory}.
 * The horizon itself is the last point only when it is such a multiple; otherwise the grid stops short of it
 * ({@code of(200, 30)} is 0, 30, …, 180) and is never padded with the horizon, so every gap is exactly one step.
 * Use {@link #intervals} for a grid that ends at the horizon. A step larger than the horizon is refused (the grid
 * would hold t = 0 alone).
 *
 * @param horizon last time of interest, &gt; 0 and finite
 * @param step    spacing of the samples, in (0, horizon]
 */
public record TimeGrid(double horizon, double step) {

    /**
     * Validates the parameters.
     *
     * @param horizon last time of interest, &gt; 0 and finite
     * @param step spacing of the samples, in (0, horizon] (up to 10⁻⁹ of a step)
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public TimeGrid {
        if (!(horizon > 0 && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 0 < horizon < ∞");
        }
        if (!(step > 0 && Double.isFinite(step))) {
            throw new IllegalArgumentException("step = " + step + "; allowed: 0 < step < ∞");
        }
        if (horizon / step + 1e-9 < 1) {    // the rounding of size(): a grid of t = 0 alone samples nothing
            throw new IllegalArgumentException("step = " + step + " with horizon = " + horizon
                    + "; allowed: 0 < step ≤ horizon (the grid would hold t = 0 alone)");
        }
        if (horizon / step > Integer.MAX_VALUE - 2) {
            throw new IllegalArgumentException("horizon/step = " + horizon / step
                    + "; allowed: at most " + (Integer.MAX_VALUE - 2) + " grid points");
        }
    }

    /**
     * {@return the grid 0, step, 2·step, …, up to the largest multiple of step ≤ horizon (the horizon itself when it
     * is a multiple of the step)}
     *
     * @param horizon last time of interest, in (0, ∞)
     * @param step    spacing of the samples, in (0, horizon]
     * @throws IllegalArgumentException naming the horizon or the step out of its range
     */
    public static TimeGrid of(double horizon, double step) {
        return new TimeGrid(horizon, step);
    }

    /**
     * {@return a grid of {@code intervals} equal steps over [0, horizon], ending at the horizon}
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
