package org.queuelab.population;

import java.util.function.IntFunction;

/**
 * The switching surfaces of a {@link PopulationModel}'s rates (docs/population.md §6): where a min, max or ifPositive
 * of a rate expression changes branch, the drift is not differentiable and the refined expansions do not exist.
 * Each test replays the model's {@link Tape} at x and looks, transition by transition, only at the nodes that
 * transition's rate depends on.
 */
final class SwitchingSurfaces {

    private SwitchingSurfaces() {
    }

    /** Every tape node's value at x. */
    static double[] values(PopulationModel model, double[] x) {
        double[] values = new double[model.tape().size()];
        model.tape().evaluate(x, model.parameterValuesUnsafe(), values);
        return values;
    }

    /** The first transition with a rate on its switching surface at x, named; null if every rate is smooth. */
    static String kinkAt(PopulationModel model, double[] x) {
        double[] values = values(model, x);
        return firstTransition(model, t -> model.tape().kinkAt(model.transitionMask(t), values));
    }

    /** The first transition whose rate takes another branch at x than in {@code branches}, named; null if none. */
    static String branchChangeAt(PopulationModel model, boolean[] branches, double[] x) {
        double[] values = values(model, x);
        return firstTransition(model, t -> model.tape().branchChange(model.transitionMask(t), branches, values));
    }

    private static String firstTransition(PopulationModel model, IntFunction<String> finding) {
        for (int t = 0; t < model.rateNodes().length; t++) {
            String found = finding.apply(t);
            if (found != null) {
                return "transition '" + model.transitionNames().get(t) + "': " + found;
            }
        }
        return null;
    }
}
