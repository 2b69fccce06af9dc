package org.queuelab.analysis;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.UnaryOperator;

import org.hipparchus.complex.Complex;
import org.hipparchus.linear.EigenDecompositionNonSymmetric;
import org.hipparchus.linear.MatrixUtils;
import org.hipparchus.linear.RealMatrix;

/**
 * Tools for Theorem 3 of SQ(d,N) (docs/sqdn.md §6): every fluid solution converges exponentially fast to the
 * fixed point x* when λ &lt; 1 − 1/d, with asymptotic rate min(1, λd) (RECONSTRUCTED from the spectrum
 * {−1, −λd, −(1+λd)} of the drift's Jacobian on the sum-zero subspace, in the regime x_{0,0} &gt; 0).
 *
 * <ul>
 *   <li>{@link #distances}: the sup-norm distance |x(t) − x*|_∞ along a trajectory;</li>
 *   <li>{@link #fitRate}: the least-squares slope of log |x(t) − x*| on a time window (the observed rate);</li>
 *   <li>{@link #decayRates}: the decay rates −Re(μ) of the Jacobian of a drift on the simplex's tangent space
 *       (the predicted rates), by differences along the directions e_k − e_base, which stay in the simplex as long
 *       as the base coordinate carries mass.</li>
 * </ul>
 */
public final class ExponentialConvergence {

    private ExponentialConvergence() {
    }

    /**
     * A fitted exponential decay distance ≈ exp(intercept − rate·t) on [from, to].
     *
     * @param rate      the fitted decay rate (minus the slope of log distance)
     * @param intercept log distance at t = 0 of the fitted line
     * @param from      start of the window
     * @param to        end of the window
     * @param points    number of points used
     */
    public record RateFit(double rate, double intercept, double from, double to, int points) {
    }

    /**
     * The sup-norm distance of each state to a target (e.g. the fixed point x*).
     *
     * @param states the states along a trajectory, each of the target's dimension
     * @param target the target state
     * @return |states[k] − target|_∞ for every k (NaN when a coordinate of the state or the target is NaN)
     * @throws IllegalArgumentException if a state's dimension differs from the target's
     */
    public static double[] distances(double[][] states, double[] target) {
        Objects.requireNonNull(states, "states");
        Objects.requireNonNull(target, "target");
        double[] out = new double[states.length];
        for (int k = 0; k < states.length; k++) {
            if (states[k].length != target.length) {
                throw new IllegalArgumentException("states[" + k + "] has " + states[k].length
                        + " coordinates, target has " + target.length + "; allowed: the same dimension");
            }
            double max = 0;
            for (int c = 0; c < target.length; c++) {
                max = Math.max(max, Math.abs(states[k][c] - target[c]));
            }
            out[k] = max;
        }
        return out;
    }

    /**
     * Least-squares fit of log(distance) = intercept − rate·t over the points with from ≤ t ≤ to.
     *
     * @param times    the sample times, in the trajectory's time unit
     * @param distance the distances at {@code times} (e.g. from {@link #distances}), as many
     * @param from     start of the fit window, finite
     * @param to       end of the fit window, finite, &gt; {@code from}
     * @return the fit; {@code rate} in inverse time units (positive for a decay)
     * @throws IllegalArgumentException if the lengths differ, the window is not finite or empty, the window holds
     *                                  fewer than 3 points or times that are all equal, or a distance there is not
     *                                  finite and &gt; 0
     */
    public static RateFit fitRate(double[] times, double[] distance, double from, double to) {
        Objects.requireNonNull(times, "times");
        Objects.requireNonNull(distance, "distance");
        if (times.length != distance.length) {
            throw new IllegalArgumentException("times has " + times.length + " values, distance has "
                    + distance.length + "; allowed: the same length");
        }
        if (!(from < to) || !Double.isFinite(from) || !Double.isFinite(to)) {
            throw new IllegalArgumentException("window = [" + from + ", " + to + "]; allowed: finite, from < to");
        }
        double st = 0;
        double sy = 0;
        int n = 0;
        for (int k = 0; k < times.length; k++) {
            if (times[k] >= from && times[k] <= to) {
                if (!(distance[k] > 0) || !Double.isFinite(distance[k])) {
                    throw new IllegalArgumentException("distance at t = " + times[k] + " is " + distance[k]
                            + "; allowed: finite and > 0 inside the fit window");
                }
                st += times[k];
                sy += Math.log(distance[k]);
                n++;
            }
        }
        if (n < 3) {
            throw new IllegalArgumentException("window [" + from + ", " + to + "] holds " + n
                    + " points; allowed: at least 3");
        }
        double tMean = st / n;
        double yMean = sy / n;
        double sxy = 0;
        double sxx = 0;
        for (int k = 0; k < times.length; k++) {
            if (times[k] >= from && times[k] <= to) {
                double dt = times[k] - tMean;
                sxy += dt * (Math.log(distance[k]) - yMean);
                sxx += dt * dt;
            }
        }
        if (sxx == 0) {
            throw new IllegalArgumentException("times in the window [" + from + ", " + to + "] are all " + tMean
                    + "; allowed: at least two different times (a slope needs them)");
        }
        double slope = sxy / sxx;
        return new RateFit(-slope, yMean - slope * tMean, from, to, n);
    }

    /**
     * The decay rates −Re(μ), sorted increasingly, of the eigenvalues μ of the drift's Jacobian at {@code x}
     * restricted to the sum-zero subspace (mass is conserved, so the eigenvalue 0 of the mass direction is left out).
     *
     * <p>The Jacobian is taken by forward differences of size {@code step} along e_k − e_base (k ≠ base), so
     * every evaluated state stays a probability vector when x_base &gt; step. In that basis a sum-zero vector w
     * has coordinates (w_k)_{k≠base}, which gives the restricted matrix directly. The drift must be smooth
     * (here: affine) on that neighbourhood, which for SQ(d,N) holds when x_{0,0} &gt; step (all R_j = 0).
     *
     * <p>Accuracy: an eigenvalue of multiplicity m in one Jordan block is computed only to about ε^{1/m}; keep the
     * state small (e.g. the smallest buffer that holds the fixed point) so that such chains stay short.
     *
     * @param drift the drift b(x) of the fluid ODE dx/dt = b(x), on probability vectors of x's dimension
     * @param x     the state where the Jacobian is taken (usually the fixed point), a probability vector
     * @param base  the coordinate that gives up mass in the differences, 0 ≤ base &lt; x.length, with x[base] &gt; step
     * @param step  the difference step, 0 &lt; step &lt; 1 (e.g. 1e−7)
     * @return the x.length − 1 decay rates, in inverse time units, increasing (a negative rate is a growing mode)
     * @throws IllegalArgumentException if {@code base} or {@code step} is out of range, x_base ≤ step, or the drift
     *                                  does not conserve mass (its values do not sum to 0 within 1e−9 relative)
     */
    public static double[] decayRates(UnaryOperator<double[]> drift, double[] x, int base, double step) {
        Objects.requireNonNull(drift, "drift");
        Objects.requireNonNull(x, "x");
        int n = x.length;
        if (base < 0 || base >= n) {
            throw new IllegalArgumentException("base = " + base + "; allowed: 0 ≤ base < " + n);
        }
        if (!(step > 0 && step < 1)) {
            throw new IllegalArgumentException("step = " + step + "; allowed: 0 < step < 1");
        }
        if (!(x[base] > step)) {
            throw new IllegalArgumentException("x[base] = " + x[base] + "; allowed: x[base] > step = " + step
                    + " (the differences move mass out of the base coordinate)");
        }
        double[] b0 = drift.apply(x.clone());
        requireMassConserving(b0);
        RealMatrix a = MatrixUtils.createRealMatrix(n - 1, n - 1);
        int col = 0;
        for (int l = 0; l < n; l++) {
            if (l == base) {
                continue;
            }
            double[] xs = x.clone();
            xs[l] += step;
            xs[base] -= step;
            double[] b = drift.apply(xs);
            requireMassConserving(b);
            int row = 0;
            for (int k = 0; k < n; k++) {
                if (k == base) {
                    continue;
                }
                a.setEntry(row++, col, (b[k] - b0[k]) / step);
            }
            col++;
        }
        Complex[] mu = new EigenDecompositionNonSymmetric(a).getEigenvalues();
        double[] rates = new double[mu.length];
        for (int k = 0; k < mu.length; k++) {
            rates[k] = -mu[k].getReal();
        }
        Arrays.sort(rates);
        return rates;
    }

    /**
     * The smallest of {@link #decayRates}: the predicted asymptotic rate of convergence (Theorem 3: min(1, λd)).
     *
     * @param drift the drift b(x) of the fluid ODE
     * @param x     the state where the Jacobian is taken, a probability vector
     * @param base  the coordinate that gives up mass, 0 ≤ base &lt; x.length, with x[base] &gt; step
     * @param step  the difference step, 0 &lt; step &lt; 1
     * @return the slowest decay rate, in inverse time units
     * @throws IllegalArgumentException as {@link #decayRates}
     */
    public static double slowestRate(UnaryOperator<double[]> drift, double[] x, int base, double step) {
        return decayRates(drift, x, base, step)[0];
    }

    private static void requireMassConserving(double[] b) {
        double sum = 0;
        double scale = 0;
        for (double v : b) {
            sum += v;
            scale += Math.abs(v);
        }
        if (!(Math.abs(sum) <= 1e-9 * Math.max(1, scale))) {
            throw new IllegalArgumentException("drift sums to " + sum + "; allowed: 0 (a mass-conserving drift)");
        }
    }
}
