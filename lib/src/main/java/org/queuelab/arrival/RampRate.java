package org.queuelab.arrival;

import org.queuelab.guard.Require;

/**
 * λ(t) = from before {@code start}, rising (or falling) linearly to {@code to} at {@code end}, then {@code to}
 * ({@code docs/demand.md} §1). Thinning uses 32 blocks over the ramp, bounded by their larger end value.
 *
 * @param from  rate before the ramp, ≥ 0
 * @param to    rate after the ramp, ≥ 0
 * @param start start of the ramp, ≥ 0
 * @param end   end of the ramp, &gt; start
 */
public record RampRate(double from, double to, double start, double end) implements RateFunction {

    private static final int BLOCKS = 32;

    public RampRate {
        Require.nonNegative("from", from);
        Require.nonNegative("to", to);
        Require.nonNegative("start", start);
        if (!(end > start && Double.isFinite(end))) {
            throw new IllegalArgumentException("end = " + end + "; allowed: start = " + start + " < end < ∞");
        }
    }

    @Override
    public double rate(double t) {
        if (t <= start) {
            return from;
        }
        if (t >= end) {
            return to;
        }
        return from + (to - from) * (t - start) / (end - start);
    }

    @Override
    public double maxOn(double a, double b) {
        return Math.max(rate(a), rate(b));
    }

    @Override
    public double blockEnd(double t) {
        if (t < start) {
            return start;
        }
        if (t >= end) {
            return Double.POSITIVE_INFINITY;
        }
        double h = (end - start) / BLOCKS;
        double next = start + (Math.floor((t - start) / h) + 1) * h;
        return Math.min(Math.max(next, Math.nextUp(t)), end);
    }

    @Override
    public boolean constantOn(double a, double b) {
        return b <= start || a >= end;
    }

    @Override
    public double integral(double a, double b) {
        RateSupport.interval(a, b);
        return primitive(b) - primitive(a);
    }

    /** ∫_0^t λ. */
    private double primitive(double t) {
        double before = from * Math.min(t, start);
        if (t <= start) {
            return before;
        }
        double u = Math.min(t, end);
        double ramp = (u - start) * (from + rate(u)) / 2;
        return before + ramp + (t > end ? to * (t - end) : 0);
    }

    @Override
    public String label() {
        return "ramp λ " + RateSupport.fmt(from) + "→" + RateSupport.fmt(to) + " over [" + RateSupport.fmt(start)
                + ", " + RateSupport.fmt(end) + "]";
    }
}
