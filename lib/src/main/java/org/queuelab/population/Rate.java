package org.queuelab.population;

/**
 * The rate of a transition (per server, in the N-server system its rate is N times this) or an observable, as
 * an expression of the state: e.g. {@code v -> v.param("lambda").times(v.tail("x", k).pow(2)
 * .minus(v.tail("x", k + 1).pow(2)))}. Called once, when the model is built.
 * See {@code docs/population.md} §1.
 */
@FunctionalInterface
public interface Rate {

    /**
     * Builds the expression (called once, when the transition or observable is added to the builder).
     *
     * @param v the state's coordinates, families, parameters and constants
     * @return the expression, a {@link Value} built from {@code v}; the rate must be finite and ≥ 0 on the state
     *         space, and 0 wherever its jump would take a class below 0
     */
    Value of(Variables v);
}
