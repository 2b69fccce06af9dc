package org.queuelab.population;

import java.util.List;

/**
 * The checks a {@link PopulationModel}'s rates must pass (docs/population.md): at a state, every rate is finite
 * and non-negative, and zero wherever its jump would take a class below 0 (a transition that leaves the state
 * space); a model is checked at every vertex of its state space and at its centre when it is built. Messages
 * name the transition, the state and the value.
 */
final class RateCheck {

    private RateCheck() {
    }

    /**
     * Checks the model's rates at x.
     *
     * @throws IllegalArgumentException naming the transition, the state and the offending rate
     */
    static void atState(PopulationModel model, double[] x) {
        double[] r = model.rates(x);
        int[][] jumps = model.jumpsUnsafe();
        List<String> coordinates = model.coordinateNames();
        for (int t = 0; t < r.length; t++) {
            // the message is written only when it is thrown: describing the state for every transition at every
            // vertex cost O(n³) characters, seconds for a model of dimension 1000
            if (!Double.isFinite(r[t])) {
                throw new IllegalArgumentException(where(model, t, x) + ": rate = " + r[t] + "; allowed: finite");
            }
            if (r[t] < 0) {
                throw new IllegalArgumentException(where(model, t, x) + ": rate = " + r[t] + "; allowed: ≥ 0");
            }
            if (r[t] > 0) {
                int[] l = jumps[t];
                for (int i = 0; i < l.length; i++) {
                    if (l[i] < 0 && x[i] <= 0) {
                        throw new IllegalArgumentException(where(model, t, x) + ": rate = " + r[t]
                                + " > 0 but the jump takes "
                                + coordinates.get(i) + " = " + x[i] + " below 0 (leaves the state space); allowed:"
                                + " a rate that vanishes when " + coordinates.get(i) + " = 0");
                    }
                }
            }
        }
    }

    private static String where(PopulationModel model, int t, double[] x) {
        return "transition '" + model.transitionNames().get(t) + "' at " + describe(model.coordinateNames(), x);
    }

    /** "{x0 = 1, x1 = 0, …}" with the non-zero coordinates only when the state is long. */
    static String describe(List<String> coordinates, double[] x) {
        StringBuilder s = new StringBuilder("{");
        boolean longState = x.length > 8;
        boolean first = true;
        for (int i = 0; i < x.length; i++) {
            if (longState && x[i] == 0) {
                continue;
            }
            s.append(first ? "" : ", ").append(coordinates.get(i)).append(" = ").append((float) x[i]);
            first = false;
        }
        return s.append(longState ? ", others 0}" : "}").toString();
    }

    /** Rates at the vertices of the state space (each group concentrated in one class) and at its centre. */
    static void atSamples(PopulationModel model) {
        int n = model.dimension();
        int[] groupOf = model.groupOf();
        double[] groupTotals = model.groupTotals();
        int[] sizes = new int[groupTotals.length];
        for (int i = 0; i < n; i++) {
            sizes[groupOf[i]]++;
        }
        double[] centre = new double[n];
        for (int i = 0; i < n; i++) {
            centre[i] = groupTotals[groupOf[i]] / sizes[groupOf[i]];
        }
        atState(model, centre);
        for (int j = 0; j < n; j++) {
            double[] vertex = centre.clone();
            for (int i = 0; i < n; i++) {
                if (groupOf[i] == groupOf[j]) {
                    vertex[i] = i == j ? groupTotals[groupOf[j]] : 0;
                }
            }
            atState(model, vertex);
        }
    }
}
