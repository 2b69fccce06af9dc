package org.queuelab.sim;

import java.util.Arrays;

import org.queuelab.guard.Require;

/**
 * Time averages of piecewise-constant quantities over the window [burnIn, end]: component i holds a current
 * value; each change at time t adds value·|[last change, t] ∩ [burnIn, ∞)| to its area. Components are
 * updated lazily, so a simulator pays O(1) per change whatever the number of components (e.g. one component
 * per queue length), and nothing for components that do not change. Times must be non-decreasing.
 */
public final class TimeWeightedAccumulator {

    private final double burnIn;
    private double[] value;
    private double[] since;
    private double[] area;

    /**
     * @param dimension number of components (grows on demand via {@link #ensureDimension})
     * @param burnIn    start of the averaging window, ≥ 0
     */
    public TimeWeightedAccumulator(int dimension, double burnIn) {
        Require.atLeast("dimension", dimension, 0);
        if (!(burnIn >= 0 && Double.isFinite(burnIn))) {
            throw new IllegalArgumentException("burnIn = " + burnIn + "; allowed: 0 ≤ burnIn < ∞");
        }
        this.burnIn = burnIn;
        this.value = new double[dimension];
        this.since = new double[dimension];
        this.area = new double[dimension];
        Arrays.fill(since, burnIn);
    }

    /** {@return the start of the averaging window (units of time)} */
    public double burnIn() {
        return burnIn;
    }

    /** {@return the number of components, ≥ 1} */
    public int dimension() {
        return value.length;
    }

    /**
     * Grows to at least {@code dimension} components (new ones start at value 0).
     *
     * @param dimension the number of components, ≥ 1
     */
    public void ensureDimension(int dimension) {
        int old = value.length;
        if (dimension > old) {
            int size = Math.max(dimension, 2 * old);
            value = Arrays.copyOf(value, size);
            area = Arrays.copyOf(area, size);
            since = Arrays.copyOf(since, size);
            Arrays.fill(since, old, size, burnIn);
        }
    }

    /**
     * Sets component i to {@code newValue} at time t.
     *
     * @param i        a component or server index, in [0, dimension)
     * @param t        the time of the change, ≥ every earlier recorded time
     * @param newValue the component's value from time t on
     */
    public void set(int i, double t, double newValue) {
        if (t > burnIn) {
            area[i] += value[i] * (t - since[i]);
            since[i] = t;
        }
        value[i] = newValue;
    }

    /**
     * Adds {@code delta} to component i at time t.
     *
     * @param i     a component or server index, in [0, dimension)
     * @param t     the time of the change, ≥ every earlier recorded time
     * @param delta the change of the component at time t
     */
    public void add(int i, double t, double delta) {
        set(i, t, value[i] + delta);
    }

    /**
     * {@return the current value of component i}
     *
     * @param i a component or server index, in [0, dimension)
     */
    public double value(int i) {
        return value[i];
    }

    /**
     * {@return the integral of component i over [burnIn, end], end ≥ every recorded time}
     *
     * @param i   a component or server index, in [0, dimension)
     * @param end the end of the averaging window, ≥ every recorded time
     */
    public double integral(int i, double end) {
        return end > burnIn ? area[i] + value[i] * (end - since[i]) : 0.0;
    }

    /**
     * {@return the time average of component i over [burnIn, end]; NaN when end ≤ burnIn}
     *
     * @param i   a component or server index, in [0, dimension)
     * @param end the end of the averaging window, ≥ every recorded time
     */
    public double mean(int i, double end) {
        return end > burnIn ? integral(i, end) / (end - burnIn) : Double.NaN;
    }
}
