package org.queuelab.analysis;

/**
 * Strict monotonicity of a sampled curve (e.g. E(θ) increasing and R(θ) decreasing along a sweep of θ). A NaN
 * anywhere makes a curve not monotone.
 */
public final class Monotone {

    private Monotone() {
    }

    /** Whether v[i] > v[i−1] for every i. */
    public static boolean increasing(double[] v) {
        for (int i = 1; i < v.length; i++) {
            if (!(v[i] > v[i - 1])) {
                return false;
            }
        }
        return true;
    }

    /** Whether v[i] &lt; v[i−1] for every i. */
    public static boolean decreasing(double[] v) {
        for (int i = 1; i < v.length; i++) {
            if (!(v[i] < v[i - 1])) {
                return false;
            }
        }
        return true;
    }
}
