package org.queuelab.analysis;

/**
 * How a {@link Comparison} reads a side between and at its samples: linear interpolation without extrapolation, an
 * exact sample where one sits at the time, and a reference's own cell on its grid (docs/comparison.md).
 */
final class Interpolation {

    /** Time tolerance for matching sample times (relative to the horizon, at least 1e−9). */
    static final double TIME_TOLERANCE = 1e-9;

    private Interpolation() {
    }

    /** Whether t lies in [first, last] up to the slack of matching sample times; false for a NaN t or range. */
    static boolean covers(double first, double last, double t) {
        double slack = TIME_TOLERANCE * Math.max(1, Math.abs(last));
        return t >= first - slack && t <= last + slack;
    }

    /** As {@link Comparison#interpolate}: linear between sorted samples, the end value within the slack, else refused. */
    static double linear(double[] times, double[] values, double t) {
        int n = times.length;
        if (n == 0) {
            throw new IllegalArgumentException("no sample times");
        }
        for (int i = 1; i < n; i++) {
            if (!(times[i] >= times[i - 1])) {
                throw new IllegalArgumentException("times are not non-decreasing at index " + i
                        + "; allowed: sorted sample times where values are interpolated");
            }
        }
        double first = times[0];
        double last = times[n - 1];
        if (!covers(first, last, t)) {
            throw new IllegalArgumentException("t = " + t + "; allowed: " + first + " ≤ t ≤ " + last
                    + " (the side does not cover this time)");
        }
        int lo = 0;
        int hi = n - 1;
        while (hi - lo > 1) {       // binary search for times[lo] ≤ t ≤ times[hi]
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= t) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        if (t <= times[lo] || times[hi] == times[lo]) {
            return values[lo];
        }
        if (t >= times[hi]) {
            return values[hi];
        }
        return values[lo] + (values[hi] - values[lo]) * (t - times[lo]) / (times[hi] - times[lo]);
    }

    /** The value at a sample time equal to t (keys need not be sorted), else by linear interpolation. */
    static double read(double[] times, double[] values, double t) {
        for (int k = 0; k < times.length; k++) {
            if (times[k] == t) {
                return values[k];
            }
        }
        return linear(times, values, t);
    }

    /** The value at the sample nearest to t (exact; an empty cell stays NaN rather than being interpolated). */
    static double onGrid(double[] times, double[] values, double t) {
        return values[nearest(times, t)];
    }

    /** The index of the sample nearest to t (the first of equally near ones). */
    static int nearest(double[] times, double t) {
        int best = 0;
        for (int k = 1; k < times.length; k++) {
            if (Math.abs(times[k] - t) < Math.abs(times[best] - t)) {
                best = k;
            }
        }
        return best;
    }
}
