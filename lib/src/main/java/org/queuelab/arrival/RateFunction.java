package org.queuelab.arrival;

import java.util.function.DoubleUnaryOperator;

import org.queuelab.guard.Require;

/**
 * A deterministic arrival rate λ(t) ≥ 0 on t ≥ 0 ({@code docs/demand.md} §1), in arrivals per unit time for the
 * whole system. Besides its value, a rate tells the thinning sampler of {@link PoissonArrivals} how to bound it:
 * {@link #blockEnd(double)} cuts time into blocks and {@link #maxOn(double, double)} bounds λ on each block, so
 * that the candidate rate stays close to λ(t) and few candidates are rejected.
 *
 * <p>Implementations: {@link PiecewiseConstantRate} (and {@link #step}), {@link RampRate},
 * {@link SinusoidalRate} (a day cycle), {@link FunctionRate} (any function with a known bound).
 */
public interface RateFunction {

    /** λ(t) ≥ 0. */
    double rate(double t);

    /** An upper bound of λ on [from, to). */
    double maxOn(double from, double to);

    /** The end of the thinning block that starts at t (&gt; t; +∞ for a single block). */
    double blockEnd(double t);

    /** Whether λ is constant on [from, to), so that thinning accepts every candidate there. */
    default boolean constantOn(double from, double to) {
        return false;
    }

    /** ∫_from^to λ(s) ds, the expected number of arrivals in [from, to]. */
    double integral(double from, double to);

    /** A short label for tables and legends. */
    String label();

    /** c·λ(t), e.g. to scale a normalised day profile to N servers. */
    default RateFunction scaled(double factor) {
        if (!(factor >= 0 && Double.isFinite(factor))) {
            throw new IllegalArgumentException("factor = " + factor + "; allowed: 0 ≤ factor < ∞");
        }
        RateFunction base = this;
        return new RateFunction() {
            @Override
            public double rate(double t) {
                return factor * base.rate(t);
            }

            @Override
            public double maxOn(double from, double to) {
                return factor * base.maxOn(from, to);
            }

            @Override
            public double blockEnd(double t) {
                return base.blockEnd(t);
            }

            @Override
            public boolean constantOn(double from, double to) {
                return base.constantOn(from, to);
            }

            @Override
            public double integral(double from, double to) {
                return factor * base.integral(from, to);
            }

            @Override
            public String label() {
                return RateSupport.fmt(factor) + "·" + base.label();
            }
        };
    }

    /** λ(t) ≡ rate. */
    static RateFunction constant(double rate) {
        return new PiecewiseConstantRate(new double[] {0}, new double[] {rate});
    }

    /** λ = before on [0, at), after from then on. */
    static RateFunction step(double before, double after, double at) {
        Require.positive("at", at);
        return new PiecewiseConstantRate(new double[] {0, at}, new double[] {before, after});
    }

    /** λ rises (or falls) linearly from {@code from} at time start to {@code to} at time end. */
    static RateFunction ramp(double from, double to, double start, double end) {
        return new RampRate(from, to, start, end);
    }

    /** A day cycle λ(t) = mean·(1 + amplitude·cos(2π(t − peak)/period)), peaking at t = peak. */
    static RateFunction dayCycle(double mean, double amplitude, double period, double peak) {
        return new SinusoidalRate(mean, amplitude, period, peak);
    }

    /** Any λ(t) with 0 ≤ λ(t) ≤ bound (checked at every evaluation). */
    static RateFunction of(DoubleUnaryOperator lambda, double bound, String label) {
        return new FunctionRate(lambda, bound, label);
    }
}
