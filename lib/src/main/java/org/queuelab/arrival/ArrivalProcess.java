package org.queuelab.arrival;

import java.util.random.RandomGenerator;

import org.queuelab.guard.Require;

/**
 * A point process of arrival epochs on [0, ∞) for the whole system ({@code docs/demand.md} §1): Poisson with a
 * time-varying rate ({@link PoissonArrivals}), Markov-modulated Poisson ({@link MarkovModulatedPoisson}), or
 * replay of a trace ({@link TimestampTrace}, {@link CountTrace}).
 *
 * <p><b>Seeds and common random numbers.</b> A process is an immutable description; {@link #stream} makes one
 * sample path that draws only from the generator it is given. Simulators hand it their own arrivals stream,
 * so runs with the same seed see the same arrival epochs whatever their scaling policy.
 */
public interface ArrivalProcess {

    /**
     * A fresh sample path drawing from {@code rng} only.
     *
     * @param rng the generator of this path (its state advances as the path is read)
     * @return the path's arrival epochs, one per call
     */
    ArrivalStream stream(RandomGenerator rng);

    /**
     * The expected number of arrivals in [from, to] (for a Markov-modulated process: started in its stationary law).
     *
     * @param from start of the interval, ≥ 0
     * @param to   end of the interval, ≥ from
     * @return E[number of arrivals in [from, to]]
     */
    double expectedCount(double from, double to);

    /**
     * The deterministic rate λ(t) when the process has one (Poisson, count traces).
     *
     * @param t a time, ≥ 0
     * @return λ(t), or NaN when the process has no deterministic rate
     */
    default double rate(double t) {
        return Double.NaN;
    }

    /** {@return a short label for tables and legends} */
    String label();

    /**
     * The counts of arrivals in the windows [k·window, (k+1)·window), k = 0..windows−1, of one sample path.
     *
     * @param rng     the generator of the path
     * @param window  window length, &gt; 0
     * @param windows number of windows, ≥ 1
     * @return the count per window
     * @throws IllegalArgumentException naming window or windows when out of range
     */
    default long[] counts(RandomGenerator rng, double window, int windows) {
        Require.positive("window", window);
        Require.atLeast("windows", windows, 1);
        long[] counts = new long[windows];
        ArrivalStream s = stream(rng);
        double end = window * windows;
        for (double t = s.next(); t < end; t = s.next()) {
            counts[Math.min(windows - 1, (int) (t / window))]++;
        }
        return counts;
    }

    /**
     * Poisson arrivals of rate λ(t).
     *
     * @param rate the rate function
     * @return the process
     */
    static PoissonArrivals poisson(RateFunction rate) {
        return new PoissonArrivals(rate);
    }

    /**
     * Poisson arrivals of constant rate.
     *
     * @param rate the rate, ≥ 0
     * @return the process
     */
    static PoissonArrivals poisson(double rate) {
        return new PoissonArrivals(RateFunction.constant(rate));
    }
}
