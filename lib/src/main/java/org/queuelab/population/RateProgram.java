package org.queuelab.population;

/**
 * What the simulator needs from a {@link PopulationModel}'s rate program after each event (docs/population.md §4),
 * worked out once per model: for each transition, the nodes it makes stale among those the run reads (the rates
 * and the observables that are not affine in the state), compiled to bytecode by {@link RateCompiler} when short
 * enough; the rates and the non-affine observables those nodes include; its jump as (class, change) pairs.
 * Affine observables (e.g. the mean number of jobs, Σ_i i x_i) are never evaluated per event: their time average
 * is their value at the time-averaged state.
 */
final class RateProgram {

    final Tape tape;
    final int[] rateNodes;
    final int[] observableNodes;
    /** Per observable: affine in the state (averaged through the averaged state). */
    final boolean[] affineObservable;
    /** Per transition: the stale nodes to recompute, in tape order. */
    final int[][] stale;
    /** Per transition: whether {@link #stale} runs as compiled code. */
    final boolean[] compiled;
    /** Per transition: the transitions whose rate node is stale. */
    final int[][] staleRates;
    /** Per transition: the non-affine observables whose node is stale. */
    final int[][] staleObservables;
    final int[][] jumpIndex;
    final int[][] jumpDelta;
    private final RateCompiler.Updater[] updaters;

    RateProgram(PopulationModel model, boolean compile) {
        tape = model.tape();
        rateNodes = model.rateNodes();
        observableNodes = model.observableNodes();
        int transitions = rateNodes.length;
        int[] kind = tape.dependenceOnState();
        affineObservable = new boolean[observableNodes.length];
        int nonAffine = 0;
        for (int o = 0; o < observableNodes.length; o++) {
            affineObservable[o] = kind[observableNodes[o]] != Tape.NONLINEAR_IN_X;
            nonAffine += affineObservable[o] ? 0 : 1;
        }
        int[] roots = new int[transitions + nonAffine];
        System.arraycopy(rateNodes, 0, roots, 0, transitions);
        for (int o = 0, r = transitions; o < observableNodes.length; o++) {
            if (!affineObservable[o]) {
                roots[r++] = observableNodes[o];
            }
        }
        boolean[] read = tape.reachable(roots);
        int[][] jumps = model.jumpsUnsafe();
        jumpIndex = new int[transitions][];
        jumpDelta = new int[transitions][];
        stale = new int[transitions][];
        compiled = new boolean[transitions];
        staleRates = new int[transitions][];
        staleObservables = new int[transitions][];
        for (int t = 0; t < transitions; t++) {
            splitJump(t, jumps[t]);
            stale[t] = java.util.stream.IntStream.of(tape.dependents(jumpIndex[t])).filter(node -> read[node])
                    .toArray();
            boolean[] isStale = new boolean[tape.size()];
            for (int node : stale[t]) {
                isStale[node] = true;
            }
            compiled[t] = compile && RateCompiler.compiles(stale[t].length);
            staleRates[t] = staleOf(rateNodes, isStale, null);
            staleObservables[t] = staleOf(observableNodes, isStale, affineObservable);
        }
        updaters = compile ? RateCompiler.compile(tape, stale, staleRates, rateNodes) : null;
    }

    private void splitJump(int t, int[] jump) {
        int nonZero = 0;
        for (int v : jump) {
            nonZero += v != 0 ? 1 : 0;
        }
        jumpIndex[t] = new int[nonZero];
        jumpDelta[t] = new int[nonZero];
        for (int i = 0, k = 0; i < jump.length; i++) {
            if (jump[i] != 0) {
                jumpIndex[t][k] = i;
                jumpDelta[t][k++] = jump[i];
            }
        }
    }

    /** Indices j with nodes[j] stale (skipping those marked in {@code skip}). */
    private static int[] staleOf(int[] nodes, boolean[] isStale, boolean[] skip) {
        return java.util.stream.IntStream.range(0, nodes.length)
                .filter(j -> isStale[nodes[j]] && (skip == null || !skip[j])).toArray();
    }

    /**
     * Recomputes the nodes that transition t made stale ({@code x} holds the coordinates after its jump) and moves
     * the rates among them: rates[ℓ] takes the new value, sums[0] (the total) its change.
     *
     * @return the least new rate (+∞ if none changed): negative or NaN flags a bad rate
     */
    double update(int t, double[] x, double[] params, double[] values, double[] rates, double[] sums) {
        if (compiled[t]) {
            return updaters[t / RateCompiler.CHUNK].update(t, x, values, rates, sums);
        }
        tape.evaluate(stale[t], x, params, values);
        double least = Double.POSITIVE_INFINITY;
        for (int l : staleRates[t]) {
            double r = values[rateNodes[l]];
            double change = r - rates[l];
            rates[l] = r;
            sums[0] += change;
            least = Math.min(least, r);
        }
        return least;
    }
}
