package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.QRDecomposition;
import org.hipparchus.linear.RealMatrix;
import org.junit.jupiter.api.Test;
import org.queuelab.result.Metric;

/** The order-2 expansion against exact finite-N chains extrapolated in 1/N, its order-1 part, and its refusals. */
class SecondOrderExpansionTest {

    /** A model with non-polynomial rates, so that third and fourth derivatives enter the 1/N² term. */
    static PopulationModel cycle() {
        return PopulationModel.builder("three-state cycle").classes("a", "b", "c").parameter("k", 0.8)
                .move("a to b", "a", "b", v -> v.param("k").times(v.x("a")).times(v.x("b").exp()))
                .move("b to c", "b", "c", v -> v.x("b").times(v.constant(1).plus(v.x("c").pow(2))))
                .move("c to a", "c", "a", v -> v.x("c").div(v.constant(0.5).plus(v.x("a"))))
                .observable("smooth", v -> v.x("a").exp().times(v.x("b")))
                .build();
    }

    /**
     * Coefficients c₀, c₁, c₂ of a least-squares polynomial of degree {@code degree} in h = 1/N through (h, y).
     */
    static double[] fit(int[] ns, double[] y, int degree) {
        RealMatrix design = new Array2DRowRealMatrix(ns.length, degree + 1);
        for (int r = 0; r < ns.length; r++) {
            for (int p = 0; p <= degree; p++) {
                design.setEntry(r, p, Math.pow(1.0 / ns[r], p));
            }
        }
        return new QRDecomposition(design).getSolver().solve(new ArrayRealVector(y)).toArray();
    }

    @Test
    void order1And2TermsMatchTheExactChainsExtrapolatedInOneOverN() {
        check(cycle(), "smooth", new int[] {1, 0, 0}, 2);
        check(PopulationModels.powerOfD(0.8, 2, 2), Metric.MEAN_JOBS.name(), new int[] {1, 0, 0}, 0);
    }

    private static void check(PopulationModel model, String observable, int[] startShare, int coordinate) {
        SecondOrderExpansion.Steady s = SecondOrderExpansion.steadyState(model,
                new double[] {startShare[0], startShare[1], startShare[2]});
        int[] ns = {12, 16, 20, 24, 28, 32, 36, 40, 44, 48};
        double[] obs = new double[ns.length];
        double[] coord = new double[ns.length];
        for (int r = 0; r < ns.length; r++) {
            int[] start = {ns[r] * startShare[0], ns[r] * startShare[1], ns[r] * startShare[2]};
            ExactPopulationChain chain = new ExactPopulationChain(model, ns[r], start);
            obs[r] = chain.mean(observable);
            coord[r] = chain.meanCoordinate(coordinate);
        }
        // The oracle's own error: how far the degree-5 and degree-6 extrapolations (and 4 vs 5) disagree.
        double[][] fo = {fit(ns, obs, 4), fit(ns, obs, 5), fit(ns, obs, 6)};
        double[][] fc = {fit(ns, coord, 4), fit(ns, coord, 5), fit(ns, coord, 6)};
        double[][] expansion = {
            {s.meanField(observable), s.correction1(observable), s.correction2(observable)},
            {s.fixedPoint()[coordinate], s.v()[coordinate], s.v2()[coordinate]}};
        double[][][] fits = {fo, fc};
        for (int q = 0; q < 2; q++) {
            for (int k = 0; k < 3; k++) {
                double spread = Math.max(Math.abs(fits[q][2][k] - fits[q][1][k]), Math.abs(fits[q][1][k] - fits[q][0][k]));
                double tolerance = 3 * spread + 1e-9;
                String what = model.name() + (q == 0 ? " " + observable : " x" + coordinate) + " 1/N^" + k;
                System.out.printf("%s: expansion %.6f, extrapolated %.6f, tolerance %.1e%n", what,
                        expansion[q][k], fits[q][2][k], tolerance);
                assertTrue(tolerance < 0.1 * Math.abs(fits[q][2][k]), what + ": oracle too coarse, " + tolerance);
                assertEquals(fits[q][2][k], expansion[q][k], tolerance, what);
            }
        }
    }

    @Test
    void orderOnePartIsTheRefinedMeanFieldsAndTheObservablesAreConsistent() {
        PopulationModel model = PopulationModels.powerOfD(0.9, 2, 20);
        double[] empty = model.state(Map.of("x0", 1.0));
        RefinedMeanField.Steady first = RefinedMeanField.steadyState(model, empty);
        SecondOrderExpansion.Steady second = SecondOrderExpansion.steadyState(model, empty);
        assertEquals(2, second.order());
        assertTrue(second.stable() && second.spectralAbscissa() < 0);
        assertEquals(first.correction(Metric.MEAN_JOBS), second.correction1(Metric.MEAN_JOBS), 0);
        assertEquals(first.refined(Metric.MEAN_JOBS, 10), second.refined(Metric.MEAN_JOBS, 10), 0);
        // mean jobs is Σ_k k x_k: the linear observable and the tail sums must give the same three terms
        ObservableExpansion level = second.meanLevel("x");
        ObservableExpansion jobs = second.observable(Metric.MEAN_JOBS);
        double tails = 0;
        for (int i = 1; i <= 20; i++) {
            tails += second.tail("x", i).refined2(10);
        }
        assertEquals(jobs.refined2(10), level.refined2(10), 1e-10);
        assertEquals(jobs.refined2(10), tails, 1e-10);
        assertEquals(1.0, second.tail("x", 0).refined2(10), 1e-12);
        ObservableExpansion response = second.responseTime(jobs, second.observable(Metric.LOSS), 0.9);
        double throughput = 0.9 - second.observable(Metric.LOSS).refined2(10);
        // a ratio's series agrees with the ratio of the series to O(1/N³)
        assertEquals(jobs.refined2(10) / throughput, response.refined2(10), 5e-3 * response.meanField());
        System.out.printf("SQ(2) λ=0.9 B=20 mean jobs: %.5f + %.5f/N + %.5f/N²; N=10: %.5f / %.5f / %.5f%n",
                jobs.meanField(), jobs.correction1(), jobs.correction2(), jobs.refined0(10), jobs.refined(10),
                jobs.refined2(10));
    }

    @Test
    void transientOrder2TendsToTheSteadyOne() {
        PopulationModel model = PopulationModels.powerOfD(0.8, 2, 5);
        double[] empty = model.state(Map.of("x0", 1.0));
        SecondOrderExpansion.Steady steady = SecondOrderExpansion.steadyState(model, empty);
        SecondOrderExpansion.Transient tr = SecondOrderExpansion.transientRegime(model, empty, new double[] {0, 1, 150});
        assertEquals(2, tr.order());
        SecondOrderExpansion.TransientObservable jobs = tr.observable(Metric.MEAN_JOBS);
        assertEquals(0, jobs.correction1()[0], 0);
        assertEquals(0, jobs.correction2()[0], 0);
        assertEquals(steady.correction1(Metric.MEAN_JOBS), jobs.correction1()[2], 1e-6);
        assertEquals(steady.correction2(Metric.MEAN_JOBS), jobs.correction2()[2], 1e-5);
        var order1 = RefinedMeanField.transientRegime(model, empty, new double[] {0, 1, 150});
        assertEquals(order1.value("V:" + Metric.MEAN_JOBS, 1), jobs.correction1()[1], 1e-7);
        for (int i = 0; i <= 5; i++) {
            assertEquals(steady.v2()[i], tr.coordinate("x" + i).correction2()[2], 1e-5);
        }
    }

    @Test
    void refusesNonDifferentiableDriftsAndUnstableFixedPoints() {
        // JIQ with its idle pool empty: a sliding boundary
        PopulationModel jiq = PopulationModels.joinBelowThreshold(0.9, 0, 5);
        double[] emptyPool = jiq.state(Map.of("x1", 0.6, "x2", 0.4));
        PopulationFixedPoint.Result onBoundary = new PopulationFixedPoint.Result(emptyPool, 0, 0, 0,
                new org.hipparchus.complex.Complex[] {new org.hipparchus.complex.Complex(-1)});
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SecondOrderExpansion.at(jiq, onBoundary));
        assertTrue(e.getMessage().contains("order-2") && e.getMessage().contains("arrival at 0"), e.getMessage());
        // ALBA (JIQ dispatch, scale-up only when no warm server idles) at its optimum x*: no idle-on server
        PopulationModel alba = alba(0.7, 4);
        double[] optimum = alba.state(Map.of("cold", 0.3, "w1", 0.7));
        PopulationFixedPoint.Result albaPoint = new PopulationFixedPoint.Result(optimum, 0, 0, 0,
                new org.hipparchus.complex.Complex[] {new org.hipparchus.complex.Complex(-1)});
        e = assertThrows(IllegalArgumentException.class, () -> SecondOrderExpansion.at(alba, albaPoint));
        assertTrue(e.getMessage().contains("not differentiable"), e.getMessage());
        // SIS epidemic at its disease-free point: smooth, but unstable when infection outpaces recovery
        PopulationModel sis = PopulationModel.builder("SIS").classes("s", "i").parameter("beta", 2.0)
                .move("infection", "s", "i", v -> v.param("beta").times(v.x("s")).times(v.x("i")))
                .move("recovery", "i", "s", v -> v.x("i")).build();
        e = assertThrows(IllegalArgumentException.class,
                () -> SecondOrderExpansion.steadyState(sis, sis.state(Map.of("s", 1.0))));
        assertTrue(e.getMessage().contains("not exponentially stable"), e.getMessage());
        // the endemic point of the same model is stable and expands
        assertTrue(SecondOrderExpansion.steadyState(sis, sis.state(Map.of("s", 0.3, "i", 0.7))).stable());
    }

    @Test
    void transientRefusesAPathThatCrossesASwitchingSurface() {
        // JIQ from a start with a small idle pool and nobody at one job: the pool empties at t ≈ 0.05/0.9
        PopulationModel jiq = PopulationModels.joinBelowThreshold(0.9, 0, 5);
        double[] start = jiq.state(Map.of("x0", 0.05, "x5", 0.95));
        for (boolean order2 : new boolean[] {false, true}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> {
                if (order2) {
                    SecondOrderExpansion.transientRegime(jiq, start, new double[] {0, 1});
                } else {
                    RefinedMeanField.transientRegime(jiq, start, new double[] {0, 1});
                }
            });
            assertTrue(e.getMessage().contains("transition 'arrival at 0'"), e.getMessage());
            double t = Double.parseDouble(e.getMessage().replaceAll(".*t ≈ ([0-9.Ee-]+):.*", "$1"));
            assertTrue(t > 0.03 && t < 0.08, e.getMessage());
        }
        // ALBA from a state with a few idle-on servers: they are used up and the scale-up rule switches on
        PopulationModel alba = alba(0.7, 4);
        double[] warm = alba.state(Map.of("cold", 0.2, "w0", 0.02, "w2", 0.78));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SecondOrderExpansion.transientRegime(alba, warm, new double[] {0, 1}));
        assertTrue(e.getMessage().contains("switching surface"), e.getMessage());
        // a start on the surface is refused at t = 0
        double[] onSurface = jiq.state(Map.of("x1", 0.6, "x2", 0.4));
        e = assertThrows(IllegalArgumentException.class,
                () -> SecondOrderExpansion.transientRegime(jiq, onSurface, new double[] {0, 1}));
        assertTrue(e.getMessage().contains("t = 0"), e.getMessage());
    }

    /**
     * ALBA (docs/population.md): cold, initializing and warm servers w0..wB; JIQ among warm servers; a cold server
     * starts initializing at rate α when no warm server idles; idle-on servers expire at rate γ.
     */
    static PopulationModel alba(double lambda, int buffer) {
        PopulationModel.Builder b = PopulationModel.builder("ALBA-JIQ").classes("cold", "init")
                .classes("w", 0, buffer).parameter("lambda", lambda).parameter("alpha", 1.0)
                .parameter("beta", 0.5).parameter("gamma", 1.0);
        b.move("scale up", "cold", "init", v -> Value.ifPositive(v.x("w", 0), v.constant(0),
                v.param("alpha").times(v.x("cold"))));
        b.move("initialized", "init", "w0", v -> v.param("beta").times(v.x("init")));
        b.move("expire", "w0", "cold", v -> v.param("gamma").times(v.x("w", 0)));
        for (int i = 0; i < buffer; i++) {
            int k = i;
            b.move("arrival at " + k, "w" + k, "w" + (k + 1), v -> {
                Value busy = v.sum("w", 1, buffer - 1);
                Value toBusy = v.param("lambda").times(v.x("w", k)).div(busy.plus(v.constant(1e-300)));
                return k == 0 ? Value.ifPositive(v.x("w", 0), v.param("lambda"), v.constant(0))
                        : Value.ifPositive(v.x("w", 0), v.constant(0), toBusy);
            });
        }
        for (int i = 1; i <= buffer; i++) {
            int k = i;
            b.move("departure at " + k, "w" + k, "w" + (k - 1), v -> v.x("w", k));
        }
        return b.build();
    }
}
