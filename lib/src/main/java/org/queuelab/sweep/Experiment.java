package org.queuelab.sweep;

import java.io.Serializable;
import java.util.Map;

/**
 * One replication of an experiment at one point: from the point's parameters and the replication's seed to named
 * metric values (e.g. {@code "energy" → 0.71}, {@code "response time" → 1.9}). It must be deterministic in
 * (point, seed) and must not depend on shared mutable state: runners call it on any thread, or on another machine
 * (it is {@link Serializable} for Spark, so a lambda that captures only serializable values qualifies).
 */
@FunctionalInterface
public interface Experiment extends Serializable {

    /**
     * The metrics of one replication; every call at every point returns the same metric names.
     *
     * @param point the parameters, read with {@link Point#number}, {@link Point#integer} or {@link Point#text}
     * @param seed  the replication's seed ({@link Sweep#seed(Point, int)}); the only source of randomness
     * @return metric name → value, every value finite (a NaN, ±∞ or null value fails the sweep with a
     *         {@link Sweep.SweepFailedException} naming the point, replication and metric; a sweep
     *         {@link Sweep#carryingNonFinite()} carries NaN and ±∞ as given)
     */
    Map<String, Double> run(Point point, long seed);
}
