package org.queuelab.arrival;

import org.queuelab.guard.Cancellation;

import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A Poisson process with rate λ(t), sampled by thinning (Lewis–Shedler; {@code docs/demand.md} §1): on each block
 * [a, b) of {@link RateFunction#blockEnd} with bound M ≥ λ on it, candidates form a Poisson process of rate M and a
 * candidate at t is kept with probability λ(t)/M. A candidate that overshoots the block restarts at its end, which
 * the memoryless property allows. Where λ is constant on a block every candidate is kept without a draw.
 *
 * @param lambda the rate function
 */
public record PoissonArrivals(RateFunction lambda) implements ArrivalProcess {

    /**
     * Validates the components.
     *
     * @param lambda the rate function
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public PoissonArrivals {
        Objects.requireNonNull(lambda, "lambda");
    }

    @Override
    public ArrivalStream stream(RandomGenerator rng) {
        Objects.requireNonNull(rng, "rng");
        return new Thinning(lambda, rng);
    }

    @Override
    public double expectedCount(double from, double to) {
        return lambda.integral(from, to);
    }

    @Override
    public double rate(double t) {
        return lambda.rate(t);
    }

    @Override
    public String label() {
        return "Poisson, " + lambda.label();
    }

    /** One thinned sample path. */
    private static final class Thinning implements ArrivalStream {
        private final RateFunction lambda;
        private final RandomGenerator rng;
        private double t;
        private double end;
        private double bound;
        private boolean exact;

        Thinning(RateFunction lambda, RandomGenerator rng) {
            this.lambda = lambda;
            this.rng = rng;
            block(0);
        }

        /** Candidates and blocks one arrival may cost before the rate function is refused as unsuited. */
        static final long MAX_TRIES_PER_ARRIVAL = 10_000_000;

        private void block(double from) {
            t = from;
            end = lambda.blockEnd(from);
            bound = lambda.maxOn(from, end);
            if (!(bound >= 0 && bound < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("lambda(t) bound = " + bound + " on [" + from + ", " + end
                        + "); allowed: 0 ≤ lambda(t) < ∞");
            }
            exact = lambda.constantOn(from, end);
        }

        @Override
        public double next() {
            long tries = 0;
            while (true) {
                if (++tries > MAX_TRIES_PER_ARRIVAL) {
                    throw new IllegalArgumentException("lambda(t) = " + lambda.label() + ": thinning drew "
                            + MAX_TRIES_PER_ARRIVAL + " candidates and blocks without an arrival (now at t = " + t
                            + ", rate bound " + bound + " on [" + t + ", " + end + ")); allowed: a rate bound "
                            + "within a factor 10⁷ of the rate and blocks not much shorter than the gaps between "
                            + "arrivals (e.g. a period ≫ 1/λ)");
                }
                Cancellation.poll(tries, Cancellation.EVENTS_MASK, () -> "Poisson arrivals (thinning)");
                if (bound == 0) {
                    if (end == Double.POSITIVE_INFINITY) {
                        return Double.POSITIVE_INFINITY;
                    }
                    block(end);
                    continue;
                }
                double candidate = t + rng.nextExponential() / bound;
                if (candidate >= end) {
                    block(end);
                    continue;
                }
                t = candidate;
                if (exact || rng.nextDouble() * bound < lambda.rate(candidate)) {
                    return candidate;
                }
            }
        }
    }
}
