package org.queuelab.arrival;

import org.queuelab.guard.Require;

/**
 * A day cycle λ(t) = mean·(1 + amplitude·cos(2π(t − peak)/period)) ({@code docs/demand.md} §1): it peaks at
 * {@code peak} (mod period) at mean·(1 + amplitude) and bottoms half a period later at mean·(1 − amplitude).
 * Thinning uses blocks of period/64, bounded exactly.
 *
 * @param mean      time-average rate, &gt; 0
 * @param amplitude relative amplitude in [0, 1] (above 1 the rate would turn negative)
 * @param period    period, &gt; 0 (86 400 s for a day)
 * @param peak      time of a peak
 */
public record SinusoidalRate(double mean, double amplitude, double period, double peak) implements RateFunction {

    private static final int BLOCKS = 64;

    public SinusoidalRate {
        Require.positive("mean", mean);
        if (!(amplitude >= 0 && amplitude <= 1)) {
            throw new IllegalArgumentException("amplitude = " + amplitude
                    + "; allowed: 0 ≤ amplitude ≤ 1 (lambda(t) would turn negative)");
        }
        Require.positive("period", period);
        if (!Double.isFinite(peak)) {
            throw new IllegalArgumentException("peak = " + peak + "; allowed: finite");
        }
    }

    private double phase(double t) {
        return 2 * Math.PI * (t - peak) / period;
    }

    @Override
    public double rate(double t) {
        return mean * (1 + amplitude * Math.cos(phase(t)));
    }

    @Override
    public double maxOn(double a, double b) {
        // a peak t = peak + k·period inside [a, b] gives the global maximum; otherwise an end does
        double k = Math.ceil((a - peak) / period);
        if (peak + k * period <= b) {
            return mean * (1 + amplitude);
        }
        return Math.max(rate(a), rate(b));
    }

    @Override
    public double blockEnd(double t) {
        double h = period / BLOCKS;
        double next = (Math.floor(t / h) + 1) * h;
        return Math.max(next, Math.nextUp(t));
    }

    @Override
    public double integral(double a, double b) {
        RateSupport.interval(a, b);
        double w = 2 * Math.PI / period;
        return mean * (b - a) + mean * amplitude * (Math.sin(phase(b)) - Math.sin(phase(a))) / w;
    }

    @Override
    public String label() {
        return "day cycle λ̄=" + RateSupport.fmt(mean) + " ±" + RateSupport.fmt(100 * amplitude) + "%";
    }
}
