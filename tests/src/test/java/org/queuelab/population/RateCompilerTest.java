package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.queuelab.result.Metric;

/**
 * The compiled rate program against the tape interpreter: after every event of a random walk over the states of
 * N = 40 servers, the compiled update and the interpreted one leave bit-for-bit the same node values, rates and
 * total rate, and every node the simulator reads equals a full evaluation at that state (exact sums from their
 * counts), whose rates agree with a floating-point evaluation of the model to rounding.
 */
class RateCompilerTest {

    /** Every operation of the tape, in rates that vanish where their class is empty. */
    static PopulationModel everyOperation() {
        return PopulationModel.builder("every operation").classes("a", "b", "c").parameter("k", 0.7)
                .move("a to b", "a", "b", v -> v.x("a").times(v.x("b").exp()).times(v.x("a").plus(1).sqrt()))
                .move("b to c", "b", "c", v -> v.x("b").times(Value.max(v.x("c"), v.constant(0.2))
                        .plus(v.x("a").plus(1).log())))
                .move("c to a", "c", "a", v -> Value.ifPositive(v.x("c").minus(0.3), v.x("c").pow(3),
                        v.x("c").div(2)).plus(v.x("c").pow(1.5).times(v.param("k"))))
                .move("b to a", "b", "a", v -> Value.min(v.x("b"), v.x("a").negate().plus(1)).times(v.x("b"))
                        .div(v.x("b").plus(1)).times(v.x("b").pow(0).plus(v.x("b").pow(1))))
                .observable("curved", v -> v.x("a").times(v.x("b")).minus(v.x("c").pow(2)))
                .observable("flat", v -> v.x("a").times(2).minus(v.x("c").div(4)).plus(v.param("k")))
                .build();
    }

    @Test
    void compiledUpdatesEqualTheInterpreterBitForBit() {
        for (PopulationModel model : new PopulationModel[] {PopulationModels.powerOfD(0.9, 2, 20),
                PopulationModels.joinBelowThreshold(0.9, 1, 6), everyOperation()}) {
            walk(model, 40, 3000, 7);
        }
    }

    private static void walk(PopulationModel model, int n, int events, long seed) {
        RateProgram compiled = new RateProgram(model, true);
        RateProgram interpreted = new RateProgram(model, false);
        assertTrue(compiled.compiled[0], model.name() + ": transition 0 compiled");
        int dim = model.dimension();
        double[] params = model.parameterValuesUnsafe();
        int[] counts = PopulationSimulator.of(model, n).counts(centre(model));
        double invN = 1.0 / n;
        double[] x = new double[dim];
        for (int i = 0; i < dim; i++) {
            x[i] = counts[i] * invN;
        }
        Tape tape = model.tape();
        double[] v1 = new double[tape.size()];
        long[] e1 = new long[tape.size()];
        compiled.evaluate(counts, invN, x, params, e1, v1);
        double[] v2 = v1.clone();
        long[] e2 = e1.clone();
        int transitions = model.transitionNames().size();
        int[] rateNodes = model.rateNodes();
        double[] r1 = new double[transitions];
        for (int l = 0; l < transitions; l++) {
            r1[l] = v1[rateNodes[l]];
        }
        double[] r2 = r1.clone();
        double[] s1 = new double[1];
        double[] s2 = new double[1];
        SplittableRandom rng = new SplittableRandom(seed);
        boolean[] read = tape.reachable(rateNodes);
        int[] counts2 = counts.clone();
        double[] x2 = x.clone();
        double[] c1 = new double[dim];
        double[] c2 = new double[dim];
        for (int e = 0; e < events; e++) {
            int t = rng.nextInt(transitions);
            if (!(r1[t] > 0)) {
                continue;
            }
            double since = rng.nextDouble();
            int flag1 = compiled.step(t, counts, x, params, e1, v1, r1, s1, c1, since, invN);
            int flag2 = interpreted.step(t, counts2, x2, params, e2, v2, r2, s2, c2, since, invN);
            assertEquals(flag2, flag1);
            assertTrue(flag1 >= 0, model.name() + ": event " + e + " flagged " + flag1);
            assertTrue(Arrays.equals(v1, v2) && Arrays.equals(r1, r2) && Arrays.equals(s1, s2)
                            && Arrays.equals(counts, counts2) && Arrays.equals(x, x2) && Arrays.equals(e1, e2)
                            && Arrays.equals(c1, c2),
                    model.name() + ": event " + e + " (" + model.transitionNames().get(t) + ")");
            for (int i = 0; i < dim; i++) {
                assertEquals(counts[i] * invN, x[i], 0.0);
            }
            double[] full = new double[tape.size()];
            compiled.evaluate(counts, invN, x, params, new long[tape.size()], full);
            for (int node = 0; node < full.length; node++) {
                if (read[node] && !compiled.exact[node]) {   // exact sums only read by others are not kept as values
                    assertEquals(Double.doubleToLongBits(full[node]), Double.doubleToLongBits(v1[node]),
                            model.name() + ": node " + node + " after event " + e);
                }
            }
            double[] fresh = model.rates(x);
            for (int l = 0; l < transitions; l++) {
                assertEquals(full[rateNodes[l]], r1[l], 0.0, model.name() + ": rate " + l + " after event " + e);
                // the exact sums differ from a floating-point evaluation of the same rates by rounding only
                assertEquals(fresh[l], r1[l], 1e-13 * (1 + Math.abs(fresh[l])), model.name() + ": rate " + l);
            }
        }
    }

    private static double[] centre(PopulationModel model) {
        double[] x = new double[model.dimension()];
        Arrays.fill(x, 1.0 / x.length);
        return x;
    }

    @Test
    void affineObservablesAreRecognisedAndNonAffineOnesEvaluated() {
        RateProgram program = new RateProgram(everyOperation(), true);
        assertEquals(false, program.affineObservable[0], "a·b − c² is not affine");
        assertEquals(true, program.affineObservable[1], "2a − c/4 + k is affine");
        RateProgram sq2 = new RateProgram(PopulationModels.powerOfD(0.9, 2, 20), true);
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 20);
        int meanJobs = model.observableIndex(Metric.MEAN_JOBS.name());
        int loss = model.observableIndex(Metric.LOSS.name());
        assertTrue(sq2.affineObservable[meanJobs] && !sq2.affineObservable[loss]);
    }

    @Test
    void longStaleSetsAreLeftToTheInterpreter() {
        // a chain c_k = x_k (1 + c_{k+1}) over 200 classes: a move at the top makes ≈ 2 nodes per level stale
        PopulationModel.Builder builder = PopulationModel.builder("chain").classes("x", 0, 199);
        for (int i = 0; i < 199; i++) {
            int k = i;
            builder.move("up at " + k, "x" + k, "x" + (k + 1), v -> {
                Value chain = v.x("x", 199);
                for (int j = 198; j >= k; j--) {
                    chain = v.x("x", j).times(chain.plus(1));
                }
                return chain;
            });
        }
        PopulationModel model = builder.build();
        RateProgram program = new RateProgram(model, true);
        int last = model.transitionNames().indexOf("up at 198");
        assertTrue(program.stale[last].length > RateCompiler.MAX_NODES && !program.compiled[last]);
        assertTrue(program.compiled[0]);
        walk(model, 400, 2000, 3);
    }

    @Test
    void exactSumsKeepAnEventsWorkIndependentOfItsLevel() {
        // SQ(2), B = 200: a server moving from level k to k + 1 changes one tail sum, s_{k+1}, whatever k (a
        // floating-point tail would make all of s_0 … s_{k+1} stale, ≈ 4 nodes per level)
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 200);
        RateProgram program = new RateProgram(model, true);
        for (String name : new String[] {"arrival at 5", "arrival at 100", "arrival at 199"}) {
            int t = model.transitionNames().indexOf(name);
            assertTrue(program.exactNodes[t].length <= 3 && program.stale[t].length <= 6 && program.compiled[t],
                    name + ": " + program.exactNodes[t].length + " exact sums, " + program.stale[t].length + " nodes");
        }
        walk(model, 400, 2000, 3);
    }
}
