package org.queuelab.arrival;

import java.util.Arrays;

import org.queuelab.guard.Require;

/**
 * λ(t) = rates[k] on [times[k], times[k+1]), the last rate holding for ever ({@code docs/demand.md} §1). Thinning
 * is exact here: each piece is one block whose bound equals the rate, so no candidate is rejected.
 *
 * @param times breakpoints, times[0] = 0, strictly increasing
 * @param rates rates ≥ 0, one per breakpoint
 */
public record PiecewiseConstantRate(double[] times, double[] rates) implements RateFunction {

    /**
     * Validates the components and copies the arrays.
     *
     * @param times breakpoints, times[0] = 0, strictly increasing
     * @param rates rates ≥ 0, one per breakpoint
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public PiecewiseConstantRate {
        if (times == null || rates == null || times.length == 0 || times.length != rates.length) {
            throw new IllegalArgumentException("times, rates: " + (times == null ? "null" : times.length) + " and "
                    + (rates == null ? "null" : rates.length) + " entries; allowed: the same number ≥ 1");
        }
        if (times[0] != 0) {
            throw new IllegalArgumentException("times[0] = " + times[0] + "; allowed: 0");
        }
        for (int k = 0; k < rates.length; k++) {
            if (!(rates[k] >= 0 && Double.isFinite(rates[k]))) {
                throw new IllegalArgumentException("lambda(t) = rates[" + k + "] = " + rates[k]
                        + "; allowed: 0 ≤ lambda(t) < ∞");
            }
            if (k > 0 && !(times[k] > times[k - 1] && Double.isFinite(times[k]))) {
                throw new IllegalArgumentException("times[" + k + "] = " + times[k] + "; allowed: finite and > times["
                        + (k - 1) + "] = " + times[k - 1]);
            }
        }
        times = times.clone();
        rates = rates.clone();
    }

    /**
     * The rates of consecutive windows of equal length, e.g. per-minute counts divided by 60 s.
     *
     * @param window the window length, &gt; 0
     * @param rates  the rate of each window, ≥ 0
     * @return the rate function, a piece per window starting at 0
     */
    public static PiecewiseConstantRate ofWindows(double window, double[] rates) {
        Require.positive("window", window);
        double[] times = new double[rates.length];
        for (int k = 0; k < times.length; k++) {
            times[k] = k * window;
        }
        return new PiecewiseConstantRate(times, rates);
    }

    /** {@return the breakpoints (a copy)} */
    @Override
    public double[] times() {
        return times.clone();
    }

    /** {@return the rate of each piece (a copy)} */
    @Override
    public double[] rates() {
        return rates.clone();
    }

    private int piece(double t) {
        int k = Arrays.binarySearch(times, t);
        return k >= 0 ? k : Math.max(0, -k - 2);
    }

    @Override
    public double rate(double t) {
        return rates[piece(t)];
    }

    @Override
    public double maxOn(double from, double to) {
        int k = piece(from);
        double max = rates[k];
        for (k++; k < times.length && times[k] < to; k++) {
            max = Math.max(max, rates[k]);
        }
        return max;
    }

    @Override
    public double blockEnd(double t) {
        int k = piece(t) + 1;
        return k < times.length ? times[k] : Double.POSITIVE_INFINITY;
    }

    @Override
    public boolean constantOn(double from, double to) {
        return to <= blockEnd(from);
    }

    @Override
    public double integral(double from, double to) {
        RateSupport.interval(from, to);
        double sum = 0;
        for (int k = piece(from); k < times.length && times[k] < to; k++) {
            double a = Math.max(from, times[k]);
            double b = k + 1 < times.length ? Math.min(to, times[k + 1]) : to;
            if (b > a) {
                sum += rates[k] * (b - a);
            }
        }
        return sum;
    }

    @Override
    public String label() {
        return rates.length == 1 ? "λ=" + RateSupport.fmt(rates[0])
                : rates.length == 2 ? "step λ " + RateSupport.fmt(rates[0]) + "→" + RateSupport.fmt(rates[1])
                + " at " + RateSupport.fmt(times[1])
                : "piecewise λ (" + rates.length + " pieces)";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PiecewiseConstantRate p && Arrays.equals(times, p.times) && Arrays.equals(rates, p.rates);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(times) + Arrays.hashCode(rates);
    }

    @Override
    public String toString() {
        return label();
    }
}
