package org.queuelab.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.DoublePredicate;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

/** Mean/SCV factories round-trip, infeasible targets and bad parameters throw naming the parameter and range. */
class FactoryAndValidationTest {

    private interface Fit {
        ServiceDistribution fit(double mean, double scv);
    }

    /** A factory and the SCVs its family can have. */
    private record Family(Fit fit, DoublePredicate feasible) {
    }

    @Test
    void withMeanAndScvHitsBothTargets() {
        Map<String, Family> families = Map.of(
                "lognormal", new Family(LogNormal::withMeanAndScv, v -> true),
                "gamma", new Family(Gamma::withMeanAndScv, v -> true),
                "weibull", new Family(Weibull::withMeanAndScv, v -> true),
                "pareto", new Family(Pareto::withMeanAndScv, v -> true),
                "lomax", new Family(Lomax::withMeanAndScv, v -> v > 1),
                "shifted exp", new Family(ShiftedExponential::withMeanAndScv, v -> v <= 1),
                "folded normal", new Family(FoldedNormal::withMeanAndScv, v -> v <= FoldedNormal.MAX_SCV),
                "hyperexponential", new Family(HyperExponential::withMeanAndScv, v -> v >= 1));
        double[] scvs = {0.01, 0.1, 0.3, 0.5, 0.57, 1, 1.5, 4, 25};
        families.forEach((name, family) -> {
            for (double mean : new double[] {1, 2.5}) {
                for (double scv : scvs) {
                    if (!family.feasible().test(scv)) {
                        assertInvalid("scv", () -> family.fit().fit(mean, scv));
                        continue;
                    }
                    ServiceDistribution d = family.fit().fit(mean, scv);
                    assertEquals(mean, d.mean(), 1e-12 * mean, name + " mean");
                    assertEquals(scv, d.scv(), 1e-9 * scv, name + " scv " + scv);
                }
            }
        });
    }

    @Test
    void infeasibleScvTargetsAreRejected() {
        assertInvalid("scv", () -> FoldedNormal.withMeanAndScv(1, 0.6));
        assertInvalid("scv", () -> Lomax.withMeanAndScv(1, 1));
        assertInvalid("scv", () -> HyperExponential.withMeanAndScv(1, 0.9));
        assertInvalid("scv", () -> ShiftedExponential.withMeanAndScv(1, 1.1));
        assertInvalid("scv", () -> Weibull.withMeanAndScv(1, 1e40));
        assertInvalid("mean", () -> GeneralizedPareto.withShapeAndScale(-0.6, 0.7, 0.4)); // θ would be < 0
        assertInvalid("shape", () -> GeneralizedPareto.withShapeMeanAndVariance(0.5, 1, 1));
        assertInvalid("shift", () -> ShiftedExponential.unitMean(1));
    }

    @Test
    void badParametersNameTheParameterAndItsRange() {
        double[] bad = {Double.NaN, -1, 0, Double.POSITIVE_INFINITY};
        for (double v : bad) {
            assertInvalid("rate", () -> new Exponential(v));
            assertInvalid("value", () -> new Deterministic(v));
            assertInvalid("rate", () -> new Erlang(2, v));
            assertInvalid("sigma", () -> new LogNormal(0, v));
            assertInvalid("shape", () -> new Weibull(v, 1));
            assertInvalid("scale", () -> new Weibull(1, v));
            assertInvalid("scale", () -> new Pareto(v, 2));
            assertInvalid("scale", () -> new Lomax(2, v));
            assertInvalid("scale", () -> new GeneralizedPareto(0, v, 0));
            assertInvalid("shape", () -> new Gamma(v, 1));
            assertInvalid("scale", () -> new Gamma(1, v));
            assertInvalid("sigma", () -> new FoldedNormal(1, v));
            assertInvalid("rate", () -> new ShiftedExponential(0, v));
            assertInvalid("rates[1]", () -> HyperExponential.ofRates(new double[] {0.5, 0.5}, new double[] {1, v}));
            assertInvalid("means[0]", () -> HyperExponential.ofMeans(new double[] {0.5, 0.5}, new double[] {v, 1}));
        }
        assertInvalid("mu", () -> new LogNormal(Double.NaN, 1));
        assertInvalid("sigma", () -> new LogNormal(0, 40)); // mean overflows
        assertInvalid("shape", () -> new Weibull(1e-3, 1)); // mean overflows
        assertInvalid("phases", () -> new Erlang(0, 1));
        for (double shape : new double[] {1, 0.5, Double.NaN}) {
            assertInvalid("shape", () -> new Pareto(1, shape));
            assertInvalid("shape", () -> new Lomax(shape, 1));
        }
        assertInvalid("shape", () -> new GeneralizedPareto(1, 1, 0));
        assertInvalid("shape", () -> new GeneralizedPareto(Double.NaN, 1, 0));
        assertInvalid("threshold", () -> new GeneralizedPareto(-0.5, 1, -0.1));
        assertInvalid("location", () -> new FoldedNormal(-1, 1));
        assertInvalid("shift", () -> new ShiftedExponential(-1, 1));
        assertInvalid("sigma2", () -> FoldedNormal.thesis(0));
        assertInvalid("sum of probabilities", () -> HyperExponential.ofRates(new double[] {0.5, 0.4},
                new double[] {1, 2}));
        assertInvalid("probabilities[0]", () -> HyperExponential.ofRates(new double[] {0, 1}, new double[] {1, 2}));
        assertInvalid("phases", () -> HyperExponential.ofRates(new double[] {1}, new double[] {1, 2}));
        assertInvalid("phases", () -> HyperExponential.ofRates(new double[0], new double[0]));
    }

    private static void assertInvalid(String parameter, Supplier<?> construction) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, construction::get, parameter);
        assertTrue(e.getMessage().startsWith(parameter + " = ") && e.getMessage().contains("allowed:"),
                () -> "message: " + e.getMessage());
    }

    @Test
    void scalingPreservesTheShape() {
        HyperExponential h = HyperExponential.thesis().scaled(2);
        assertEquals(1.98, h.mean(), 1e-14);
        assertEquals(HyperExponential.thesis().scv(), h.scv(), 1e-14);
        FoldedNormal f = FoldedNormal.thesis(1).scaled(3);
        assertEquals(3 * FoldedNormal.thesis(1).mean(), f.mean(), 1e-14);
        assertEquals(FoldedNormal.thesis(1).scv(), f.scv(), 1e-14);
    }

    @Test
    void valueSemantics() {
        assertEquals(FoldedNormal.thesis(1), FoldedNormal.thesis(1));
        assertEquals(HyperExponential.thesis(), HyperExponential.thesis());
        assertEquals(HyperExponential.thesis().hashCode(), HyperExponential.thesis().hashCode());
        assertEquals(Gamma.unitMean(2), new Gamma(2, 0.5));
        assertEquals("GP(k=-0.6, σ=0.7, θ=0.56)", GeneralizedPareto.thesis().label());
        assertEquals("|N(1, 1)|", FoldedNormal.thesis(1).label());
        assertEquals("HyperExp(p=[0.1, 0.3, 0.6], means=[1.2, 0.9, 1])", HyperExponential.thesis().label());
        assertEquals("LogNormal(μ=-0.5, σ=1)", LogNormal.unitMean(1).label());
    }
}
