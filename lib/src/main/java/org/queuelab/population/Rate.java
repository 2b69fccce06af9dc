package org.queuelab.population;

/**
 * The rate of a transition (per server, in the N-server system its rate is N times this) or an observable, as
 * an expression of the state: e.g. {@code v -> v.param("lambda").times(v.tail("x", k).pow(2)
 * .minus(v.tail("x", k + 1).pow(2)))}. Called once, when the model is built.
 */
@FunctionalInterface
public interface Rate {

    Value of(Variables v);
}
