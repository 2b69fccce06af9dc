package org.queuelab.sim;

import java.util.Arrays;

/**
 * The start of a population-process run ({@code PopulationSimulator}, docs/population.md §4): the fraction of the N
 * servers in each class of the model, i.e. a state x of the model, in the order of its classes. The simulator
 * checks that x is one of the model's states and rounds N·x to whole counts with each group's exact total (largest
 * remainders, deterministically).
 *
 * @param fractions one fraction per class, finite and ≥ 0
 */
public record InitialFractions(double[] fractions) implements InitialState {

    /**
     * Validates the parameters.
     *
     * @param fractions one fraction per class, finite and ≥ 0
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public InitialFractions {
        if (fractions == null || fractions.length == 0) {
            throw new IllegalArgumentException("fractions: none; allowed: one per class of the model");
        }
        fractions = fractions.clone();
        for (int i = 0; i < fractions.length; i++) {
            if (!(fractions[i] >= 0 && Double.isFinite(fractions[i]))) {
                throw new IllegalArgumentException("fractions[" + i + "] = " + fractions[i] + "; allowed: finite and ≥ 0");
            }
        }
    }

    /**
     * {@return the state x, e.g. {@code model.state(Map.of("x0", 1.0))}}
     *
     * @param fractions one fraction per state coordinate, each in [0, 1], summing to 1
     */
    public static InitialFractions of(double... fractions) {
        return new InitialFractions(fractions);
    }

    /** {@return a copy of the fractions} */
    @Override
    public double[] fractions() {
        return fractions.clone();
    }

    @Override
    public String label() {
        return "fractions " + Arrays.toString(fractions);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InitialFractions other && Arrays.equals(fractions, other.fractions);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(fractions);
    }

    @Override
    public String toString() {
        return "InitialFractions" + Arrays.toString(fractions);
    }
}
