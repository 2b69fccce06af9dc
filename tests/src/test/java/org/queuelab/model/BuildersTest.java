package org.queuelab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.arrival.RampRate;
import org.queuelab.arrival.SinusoidalRate;
import org.queuelab.autoscale.KnativeScaling;
import org.queuelab.autoscale.UtilizationTargetScaling;
import org.queuelab.dist.GeneralizedPareto;
import org.queuelab.meanfield.FluidOptions;

/**
 * The builders of the records whose adjacent doubles could be swapped: each builds the record its constructor
 * builds from the same named values, keeps the documented defaults, and names a parameter left unset.
 */
class BuildersTest {

    @Test
    void rampRateNamesRatesAndTimes() {
        assertEquals(new RampRate(0.5, 0.9, 100, 200),
                RampRate.builder().end(200).start(100).to(0.9).from(0.5).build());
        var missing = assertThrows(IllegalArgumentException.class,
                () -> RampRate.builder().from(0.5).to(0.9).start(100).build());
        assertTrue(missing.getMessage().startsWith("end = unset"), missing.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> RampRate.builder().from(0.5).to(0.9).start(200).end(100).build());
    }

    @Test
    void sinusoidalRateDefaultsItsPeakToZero() {
        assertEquals(new SinusoidalRate(0.7, 0.3, 86_400, 50_400),
                SinusoidalRate.builder().peak(50_400).period(86_400).amplitude(0.3).mean(0.7).build());
        assertEquals(new SinusoidalRate(0.7, 0.3, 10, 0),
                SinusoidalRate.builder().mean(0.7).amplitude(0.3).period(10).build());
        var missing = assertThrows(IllegalArgumentException.class,
                () -> SinusoidalRate.builder().mean(0.7).period(10).build());
        assertTrue(missing.getMessage().startsWith("amplitude = unset"), missing.getMessage());
    }

    @Test
    void generalizedParetoTakesThresholdOrMean() {
        assertEquals(GeneralizedPareto.thesis(),
                GeneralizedPareto.builder().threshold(0.56).scale(0.7).shape(-0.6).build());
        assertEquals(GeneralizedPareto.mean1(), GeneralizedPareto.builder().shape(-0.6).scale(0.7).mean(1).build());
        var both = assertThrows(IllegalArgumentException.class,
                () -> GeneralizedPareto.builder().shape(-0.6).scale(0.7).mean(1).threshold(0.5).build());
        assertTrue(both.getMessage().contains("exactly one"), both.getMessage());
        var neither = assertThrows(IllegalArgumentException.class,
                () -> GeneralizedPareto.builder().shape(-0.6).scale(0.7).build());
        assertTrue(neither.getMessage().contains("exactly one"), neither.getMessage());
        var noShape = assertThrows(IllegalArgumentException.class,
                () -> GeneralizedPareto.builder().scale(0.7).mean(1).build());
        assertTrue(noShape.getMessage().startsWith("shape = unset"), noShape.getMessage());
    }

    @Test
    void autoscalerBuildersStartFromTheDefaults() {
        assertEquals(KnativeScaling.defaults(10), KnativeScaling.builder(10).build());
        assertEquals(new KnativeScaling(10, 120, 12, 3, 500, 4, 15, 1, 2),
                KnativeScaling.builder(10).stableWindow(120).panicWindow(12).panicThreshold(3).maxScaleUpRate(500)
                        .maxScaleDownRate(4).scaleToZeroGrace(15).tick(1).minScale(2).build());
        assertThrows(IllegalArgumentException.class, () -> KnativeScaling.builder(10).panicWindow(100).build());
        assertEquals(UtilizationTargetScaling.defaults(0.6), UtilizationTargetScaling.builder(0.6).build());
        assertEquals(new UtilizationTargetScaling(0.6, 30, 60, 0.05, 0),
                UtilizationTargetScaling.builder(0.6).syncPeriod(30).stabilizationWindow(60).tolerance(0.05)
                        .minReplicas(0).build());
        assertThrows(IllegalArgumentException.class, () -> UtilizationTargetScaling.builder(1.5).build());
    }

    @Test
    void fluidOptionsWithersNameEverySetting() {
        assertEquals(new FluidOptions(1e-13, 1e-11, 1e-8, 1000, 5, FluidOptions.Integrator.EXPLICIT),
                FluidOptions.defaults().withTolerances(1e-13, 1e-11).withTruncationTolerance(1e-8)
                        .withMaxEvaluations(1000).withMaxStep(5).withIntegrator(FluidOptions.Integrator.EXPLICIT));
        assertThrows(IllegalArgumentException.class, () -> FluidOptions.defaults().withMaxEvaluations(10));
    }
}
