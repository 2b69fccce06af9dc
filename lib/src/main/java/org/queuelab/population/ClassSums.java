package org.queuelab.population;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Expansions of weighted sums of a model's classes, E[Σ weight_i X_i^N], which are exact from the expansion of
 * E[X^N] (docs/population.md §6): one class, the tail P(Q ≥ level) and the mean level of occupancy classes named
 * family0, family1, … Implemented by the stationary ({@link SecondOrderExpansion.Steady}) and the transient
 * ({@link SecondOrderExpansion.Transient}) expansions.
 *
 * @param <E> what an expansion is: {@link ObservableExpansion} in steady state,
 *            {@link SecondOrderExpansion.TransientObservable} along a path
 */
public interface ClassSums<E> {

    /**
     * The model whose classes are summed.
     *
     * @return the model
     */
    PopulationModel model();

    /**
     * The expansion of E[Σ weight_i X_i].
     *
     * @param name    what the sum is, for the result
     * @param weights class name → finite weight
     * @return its expansion
     * @throws IllegalArgumentException if a class is unknown or a weight not finite
     */
    E linear(String name, Map<String, Double> weights);

    /**
     * The expansion of E[X_i] for a named class.
     *
     * @param coordinate a class of the model
     * @return its expansion
     * @throws IllegalArgumentException if the class is unknown
     */
    default E coordinate(String coordinate) {
        return linear(coordinate, Map.of(coordinate, 1.0));
    }

    /**
     * P(Q ≥ level) = E[Σ_{k ≥ level} X_{family k}] for classes named family0, family1, …
     *
     * @param family the classes' common prefix
     * @param level  the level; a level above every class gives an expansion of 0
     * @return the expansion of the tail probability
     * @throws IllegalArgumentException if no class is named family + integer
     */
    default E tail(String family, int level) {
        Map<String, Double> weights = new LinkedHashMap<>();
        levels(model(), family).forEach((name, k) -> {
            if (k >= level) {
                weights.put(name, 1.0);
            }
        });
        return linear("P(" + family + " ≥ " + level + ")", weights);
    }

    /**
     * The mean level Σ_k k X_{family k} (the mean queue length per server for occupancy classes).
     *
     * @param family the classes' common prefix (classes family0, family1, …)
     * @return the expansion of the mean level
     * @throws IllegalArgumentException if no class is named family + integer
     */
    default E meanLevel(String family) {
        Map<String, Double> weights = new LinkedHashMap<>();
        levels(model(), family).forEach((name, k) -> weights.put(name, (double) k));
        return linear("mean " + family + " level", weights);
    }

    /** Class name → k over the classes named family + integer k, in the model's order. */
    private static Map<String, Integer> levels(PopulationModel model, String family) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String c : model.coordinateNames()) {
            if (c.startsWith(family) && c.length() > family.length() && c.substring(family.length()).matches("\\d+")) {
                out.put(c, Integer.parseInt(c.substring(family.length())));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("family = " + family + "; allowed: a prefix of classes named"
                    + " family0, family1, … among " + model.coordinateNames());
        }
        return out;
    }
}
