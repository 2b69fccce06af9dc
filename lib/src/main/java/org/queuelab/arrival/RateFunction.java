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

    /**
     * λ(t), the arrival rate at time t.
     *
     * @param t a time, ≥ 0
     * @return λ(t) ≥ 0, in arrivals per unit time
     */
    double rate(double t);

    /**
     * An upper bound of λ on [from, to), used as the thinning sampler's candidate rate there.
     *
     * @param from start of the interval, ≥ 0
     * @param to   end of the interval, &gt; from
     * @return a bound ≥ sup λ on [from, to) (finite)
     */
    double maxOn(double from, double to);

    /**
     * The end of the thinning block that starts at t.
     *
     * @param t the block's start, ≥ 0
     * @return the block's end, &gt; t (+∞ for a single block)
     */
    double blockEnd(double t);

    /**
     * Whether λ is constant on [from, to), so that thinning accepts every candidate there.
     *
     * @param from start of the interval, ≥ 0
     * @param to   end of the interval, &gt; from
     * @return true only when λ is known to be constant there (false is always safe)
     */
    default boolean constantOn(double from, double to) {
        return false;
    }

    /**
     * The expected number of arrivals in [from, to].
     *
     * @param from start of the interval, ≥ 0
     * @param to   end of the interval, ≥ from
     * @return ∫_from^to λ(s) ds
     */
    double integral(double from, double to);

    /** {@return a short label for tables and legends} */
    String label();

    /**
     * c·λ(t), e.g. to scale a normalised day profile to N servers.
     *
     * @param factor the multiplier c, in [0, ∞)
     * @return the scaled rate; its bounds and blocks follow this one's
     * @throws IllegalArgumentException if factor is negative, infinite or NaN
     */
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

            /** The label: a model's description (and a table's provenance) must not show an object's address. */
            @Override
            public String toString() {
                return label();
            }
        };
    }

    /**
     * λ(t) ≡ rate.
     *
     * @param rate the constant rate, ≥ 0
     * @return a one-piece {@link PiecewiseConstantRate}
     */
    static RateFunction constant(double rate) {
        return new PiecewiseConstantRate(new double[] {0}, new double[] {rate});
    }

    /**
     * λ = before on [0, at), after from then on.
     *
     * @param before the rate before the step, ≥ 0
     * @param after  the rate from the step on, ≥ 0
     * @param at     the time of the step, &gt; 0
     * @return a two-piece {@link PiecewiseConstantRate}
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    static RateFunction step(double before, double after, double at) {
        Require.positive("at", at);
        return new PiecewiseConstantRate(new double[] {0, at}, new double[] {before, after});
    }

    /**
     * λ rises (or falls) linearly from {@code from} at time start to {@code to} at time end, constant outside.
     *
     * @param from  the rate up to time start, ≥ 0
     * @param to    the rate from time end on, ≥ 0
     * @param start the ramp's start time, ≥ 0
     * @param end   the ramp's end time, &gt; start
     * @return a {@link RampRate}
     */
    static RateFunction ramp(double from, double to, double start, double end) {
        return new RampRate(from, to, start, end);
    }

    /**
     * A day cycle λ(t) = mean·(1 + amplitude·cos(2π(t − peak)/period)), peaking at t = peak.
     *
     * @param mean      the mean rate, &gt; 0
     * @param amplitude the relative swing, in [0, 1]
     * @param period    the cycle length, &gt; 0 (units of time)
     * @param peak      the time of a maximum
     * @return a {@link SinusoidalRate}
     */
    static RateFunction dayCycle(double mean, double amplitude, double period, double peak) {
        return new SinusoidalRate(mean, amplitude, period, peak);
    }

    /**
     * Any λ(t) with 0 ≤ λ(t) ≤ bound (checked at every evaluation).
     *
     * @param lambda the rate function
     * @param bound  an upper bound of λ, &gt; 0 (one thinning block)
     * @param label  a label for tables
     * @return a {@link FunctionRate}
     */
    static RateFunction of(DoubleUnaryOperator lambda, double bound, String label) {
        return new FunctionRate(lambda, bound, label);
    }
}
