package org.queuelab.analysis;

/**
 * Strict monotonicity of a sampled curve (e.g. E(θ) increasing and R(θ) decreasing along a sweep of θ). A NaN
 * anywhere makes a curve not monotone.
 */
public final class Monotone {

    private Monotone() {
    }

    /**
     * Whether the curve is strictly increasing.
     *
     * @param v the sampled values, in order of the swept parameter
     * @return {@code true} when v[i] &gt; v[i−1] for every i (also for fewer than two values); {@code false} if any
     *         value is NaN among two or more
     */
    public static boolean increasing(double[] v) {
        for (int i = 1; i < v.length; i++) {
            if (!(v[i] > v[i - 1])) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the curve is strictly decreasing.
     *
     * @param v the sampled values, in order of the swept parameter
     * @return {@code true} when v[i] &lt; v[i−1] for every i (also for fewer than two values); {@code false} if any
     *         value is NaN among two or more
     */
    public static boolean decreasing(double[] v) {
        for (int i = 1; i < v.length; i++) {
            if (!(v[i] < v[i - 1])) {
                return false;
            }
        }
        return true;
    }
}
