package org.queuelab.population;

import java.util.SplittableRandom;

/**
 * The population simulator as it was before its rate program was compiled (every rate read after each event,
 * their sum formed afresh, a linear scan to draw the event, the stale nodes interpreted on the tape, the time
 * integrals summed per event): the oracle the compiled simulator is tested against in law.
 */
final class InterpretedGillespie {

    private InterpretedGillespie() {
    }

    /**
     * One run from {@code start} (counts) to {@code horizon}.
     *
     * @return the classes' time averages over [burnIn, horizon], then the observables', then the classes at the
     *         horizon, then the number of events
     */
    static double[] run(PopulationModel model, int n, int[] start, double horizon, double burnIn, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        Tape tape = model.tape();
        double[] params = model.parameterValuesUnsafe();
        int[] rateNodes = model.rateNodes();
        int[] obsNodes = model.observableNodes();
        int dim = model.dimension();
        int transitions = rateNodes.length;
        int[][] jumps = model.jumpsUnsafe();
        int[][] dirty = new int[transitions][];
        for (int t = 0; t < transitions; t++) {
            int[] jump = jumps[t];
            int[] moved = java.util.stream.IntStream.range(0, dim).filter(i -> jump[i] != 0).toArray();
            dirty[t] = tape.dependents(moved);
        }
        int series = dim + obsNodes.length;
        double[] integral = new double[series];
        int[] counts = start.clone();
        double invN = 1.0 / n;   // x = counts · (1/N) as the simulator computes it (12/40 and 12 · (1/40) differ)
        double[] x = new double[dim];
        for (int i = 0; i < dim; i++) {
            x[i] = counts[i] * invN;
        }
        double[] values = new double[tape.size()];
        double[] rates = new double[transitions];
        tape.evaluate(x, params, values);
        double t = 0;
        long events = 0;
        while (true) {
            double total = 0;
            for (int l = 0; l < transitions; l++) {
                rates[l] = values[rateNodes[l]];
                total += rates[l];
            }
            double tNext = total > 0 ? t + rng.nextExponential() / (n * total) : Double.POSITIVE_INFINITY;
            double end = Math.min(tNext, horizon);
            double held = end - Math.max(t, burnIn);
            if (held > 0) {
                for (int i = 0; i < dim; i++) {
                    integral[i] += x[i] * held;
                }
                for (int o = 0; o < obsNodes.length; o++) {
                    integral[dim + o] += values[obsNodes[o]] * held;
                }
            }
            if (tNext >= horizon) {
                break;
            }
            t = tNext;
            double u = rng.nextDouble() * total;
            int chosen = transitions - 1;
            for (int l = 0; l < transitions; l++) {
                u -= rates[l];
                if (u < 0) {
                    chosen = l;
                    break;
                }
            }
            while (rates[chosen] == 0) {
                chosen--;
            }
            for (int i = 0; i < dim; i++) {
                counts[i] += jumps[chosen][i];
                x[i] = counts[i] * invN;
            }
            tape.evaluate(dirty[chosen], x, params, values);
            events++;
        }
        double[] out = new double[series + dim + 1];
        out[series + dim] = events;
        for (int s = 0; s < series; s++) {
            out[s] = integral[s] / (horizon - burnIn);
        }
        System.arraycopy(x, 0, out, series, dim);
        return out;
    }
}
