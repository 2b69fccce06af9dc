package org.queuelab.population;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.RealMatrix;

/**
 * The exact finite-N chain of a small population model (test oracle): the states reachable from a start in
 * counts, transitions of rate N β_ℓ(k/N), and the stationary law by a dense LU solve of πQ = 0, Σπ = 1. Independent
 * of the expansions: it uses only the model's rates.
 */
final class ExactPopulationChain {

    private final PopulationModel model;
    private final int n;
    private final List<int[]> states = new ArrayList<>();
    private final double[] stationary;

    ExactPopulationChain(PopulationModel model, int servers, int[] start) {
        this.model = model;
        this.n = servers;
        Map<List<Integer>, Integer> index = new HashMap<>();
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        index.put(key(start), 0);
        states.add(start);
        queue.add(start);
        List<double[]> edges = new ArrayList<>();
        while (!queue.isEmpty()) {
            int[] k = queue.poll();
            int from = index.get(key(k));
            double[] rates = model.rates(fractions(k));
            for (int t = 0; t < rates.length; t++) {
                if (rates[t] <= 0) {
                    continue;
                }
                int[] next = k.clone();
                int[] jump = model.jump(t);
                for (int i = 0; i < next.length; i++) {
                    next[i] += jump[i];
                }
                Integer to = index.get(key(next));
                if (to == null) {
                    to = states.size();
                    index.put(key(next), to);
                    states.add(next);
                    queue.add(next);
                }
                edges.add(new double[] {from, to, servers * rates[t]});
            }
        }
        int s = states.size();
        RealMatrix q = new Array2DRowRealMatrix(s, s);
        for (double[] e : edges) {
            q.addToEntry((int) e[1], (int) e[0], e[2]);
            q.addToEntry((int) e[0], (int) e[0], -e[2]);
        }
        double[] rhs = new double[s];
        for (int j = 0; j < s; j++) {
            q.setEntry(s - 1, j, 1);
        }
        rhs[s - 1] = 1;
        stationary = new LUDecomposition(q).getSolver().solve(new ArrayRealVector(rhs, false)).toArray();
    }

    private double[] fractions(int[] k) {
        double[] x = new double[k.length];
        for (int i = 0; i < k.length; i++) {
            x[i] = (double) k[i] / n;
        }
        return x;
    }

    private static List<Integer> key(int[] k) {
        return Arrays.stream(k).boxed().toList();
    }

    int size() {
        return states.size();
    }

    /** E[φ(X^N)] for a model observable under the stationary law. */
    double mean(String observable) {
        double s = 0;
        for (int i = 0; i < states.size(); i++) {
            s += stationary[i] * model.observable(observable, fractions(states.get(i)));
        }
        return s;
    }

    /** E[X^N_i] under the stationary law. */
    double meanCoordinate(int coordinate) {
        double s = 0;
        for (int i = 0; i < states.size(); i++) {
            s += stationary[i] * states.get(i)[coordinate] / n;
        }
        return s;
    }
}
