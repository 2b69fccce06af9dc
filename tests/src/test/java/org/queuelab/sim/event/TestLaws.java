package org.queuelab.sim.event;

import java.util.random.RandomGenerator;

import org.hipparchus.special.Erf;
import org.queuelab.dist.ServiceDistribution;

/**
 * Small service laws for these tests only, independent of the {@code dist} package (developed concurrently), each
 * with its exact mean and second moment for the Pollaczek–Khinchine formula.
 */
final class TestLaws {

    private TestLaws() {
    }

    /** Exponential with the given mean. */
    static ServiceDistribution exponential(double mean) {
        return new Law("Exp(mean=" + mean + ")", mean, mean * mean) {
            @Override
            public double sample(RandomGenerator rng) {
                return mean * rng.nextExponential();
            }
        };
    }

    /** Constant 1. */
    static ServiceDistribution deterministic() {
        return new Law("Det(1)", 1, 0) {
            @Override
            public double sample(RandomGenerator rng) {
                return 1.0;
            }
        };
    }

    /** Erlang-k with mean 1. */
    static ServiceDistribution erlang(int k) {
        return new Law("Erlang-" + k, 1, 1.0 / k) {
            @Override
            public double sample(RandomGenerator rng) {
                double s = 0;
                for (int i = 0; i < k; i++) {
                    s += rng.nextExponential();
                }
                return s / k;
            }
        };
    }

    /** Two-phase hyperexponential: mean m1 w.p. p, else mean m2. */
    static ServiceDistribution hyperexponential(double p, double m1, double m2) {
        double mean = p * m1 + (1 - p) * m2;
        double second = 2 * (p * m1 * m1 + (1 - p) * m2 * m2);
        return new Law("H2(p=" + p + ")", mean, second - mean * mean) {
            @Override
            public double sample(RandomGenerator rng) {
                return (rng.nextDouble() < p ? m1 : m2) * rng.nextExponential();
            }
        };
    }

    /** Lognormal with mean 1: μ = −σ²/2. */
    static ServiceDistribution lognormal(double sigma) {
        double mu = -sigma * sigma / 2;
        return new Law("LogNormal(σ=" + sigma + ")", 1, Math.expm1(sigma * sigma)) {
            @Override
            public double sample(RandomGenerator rng) {
                return Math.exp(mu + sigma * rng.nextGaussian());
            }

            @Override
            public double cdf(double x) {
                return x <= 0 ? 0 : 0.5 * Erf.erfc(-(Math.log(x) - mu) / (sigma * Math.sqrt(2)));
            }
        };
    }

    /** Pollaczek–Khinchine mean wait λE[S²]/(2(1 − λE[S])). */
    static double pollaczekKhinchine(double lambda, ServiceDistribution s) {
        double second = s.variance() + s.mean() * s.mean();
        return lambda * second / (2 * (1 - lambda * s.mean()));
    }

    private abstract static class Law implements ServiceDistribution {
        private final String label;
        private final double mean;
        private final double variance;

        Law(String label, double mean, double variance) {
            this.label = label;
            this.mean = mean;
            this.variance = variance;
        }

        @Override
        public double mean() {
            return mean;
        }

        @Override
        public double variance() {
            return variance;
        }

        @Override
        public double cdf(double x) {
            throw new UnsupportedOperationException("not needed by the simulators");
        }

        @Override
        public double density(double x) {
            throw new UnsupportedOperationException("not needed by the simulators");
        }

        @Override
        public String label() {
            return label;
        }
    }
}
