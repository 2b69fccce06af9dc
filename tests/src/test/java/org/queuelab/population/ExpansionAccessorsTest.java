package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.hipparchus.complex.Complex;
import org.junit.jupiter.api.Test;

/**
 * The accessors the order-1 and order-2 results share (ObservableCoefficients, LinearStability, ClassSums): each
 * observable read by name at its own index, the order-1 part equal in both results, stability from the spectrum.
 */
class ExpansionAccessorsTest {

    /** Two observables with different values, so that reading the wrong index shows. */
    private static PopulationModel model() {
        return PopulationModel.builder("cycle, two observables").classes("x0", "x1", "x2").parameter("k", 0.8)
                .move("up 0", "x0", "x1", v -> v.param("k").times(v.x("x0")).times(v.x("x1").exp()))
                .move("up 1", "x1", "x2", v -> v.x("x1").times(v.constant(1).plus(v.x("x2").pow(2))))
                .move("down", "x2", "x0", v -> v.x("x2").div(v.constant(0.5).plus(v.x("x0"))))
                .observable("product", v -> v.x("x0").exp().times(v.x("x1")))
                .observable("square", v -> v.x("x2").pow(2))
                .build();
    }

    @Test
    void orderOneAndOrderTwoShareTheirObservableAccessors() {
        PopulationModel model = model();
        PopulationFixedPoint.Result fp = PopulationFixedPoint.solve(model, model.state(Map.of("x0", 1.0)));
        RefinedMeanField.Steady first = RefinedMeanField.at(model, fp);
        SecondOrderExpansion.Steady second = SecondOrderExpansion.at(model, fp);
        double[] pi = fp.state();
        List<String> names = model.observableNames();
        for (String o : names) {
            ObservableExpansion e = first.observable(o);
            assertEquals(1, e.order());
            assertEquals(model.observable(o, pi), e.meanField(), 0.0, o);
            assertEquals(first.correction(o), e.correction1(), 0.0, o);
            assertEquals(second.correction1(o), first.correction1(o), 0.0, o);
            assertEquals(second.refined(o, 7), first.refined(o, 7), 0.0, o);
            assertEquals(e.meanField() + e.correction1() / 7, first.refined(o, 7), 1e-15, o);
            assertThrows(IllegalStateException.class, () -> first.observable(o).refined2(7));
        }
        assertTrue(Math.abs(first.meanField(names.get(0)) - first.meanField(names.get(1))) > 1e-3,
                "the two observables should differ for this test to see a wrong index");
        assertThrows(IllegalArgumentException.class, () -> first.observable("unknown"));
        double largest = Arrays.stream(fp.eigenvalues()).mapToDouble(Complex::getReal).max().orElseThrow();
        assertEquals(largest, fp.spectralAbscissa(), 0.0);
        assertEquals(largest, first.spectralAbscissa(), 0.0);
        assertEquals(largest, second.spectralAbscissa(), 0.0);
        assertTrue(fp.stable() && first.stable() && second.stable());
    }

    @Test
    void tailAtLevelZeroIsTheConservedMassInSteadyStateAndAlongThePath() {
        PopulationModel model = model();
        double[] start = model.state(Map.of("x0", 1.0));
        ObservableExpansion steady = SecondOrderExpansion.steadyState(model, start).tail("x", 0);
        assertEquals(1, steady.meanField(), 1e-12);
        assertEquals(0, steady.correction1(), 1e-12);
        assertEquals(0, steady.correction2(), 1e-12);
        SecondOrderExpansion.TransientObservable path = SecondOrderExpansion.transientRegime(model, start,
                new double[] {0.5, 2}).tail("x", 0);
        for (int k = 0; k < 2; k++) {
            assertEquals(1, path.at(k).meanField(), 1e-9);
            assertEquals(0, path.at(k).correction1(), 1e-9);
            assertEquals(0, path.at(k).correction2(), 1e-9);
        }
        assertThrows(IllegalArgumentException.class, () -> SecondOrderExpansion.steadyState(model, start)
                .meanLevel("y"));
    }
}
