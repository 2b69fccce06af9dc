package org.queuelab.meanfield;

import java.util.random.RandomGenerator;

import org.queuelab.dist.ServiceDistribution;

/** Exp(1) for the fluid tests (the dist package's own laws live on another branch). */
final class UnitExponential implements ServiceDistribution {
    static final UnitExponential INSTANCE = new UnitExponential();

    @Override public double mean() { return 1; }
    @Override public double variance() { return 1; }
    @Override public double cdf(double x) { return x <= 0 ? 0 : -Math.expm1(-x); }
    @Override public double ccdf(double x) { return x <= 0 ? 1 : Math.exp(-x); }
    @Override public double density(double x) { return x < 0 ? 0 : Math.exp(-x); }
    @Override public double sample(RandomGenerator rng) { return rng.nextExponential(); }
    @Override public String label() { return "Exp(1)"; }
}
