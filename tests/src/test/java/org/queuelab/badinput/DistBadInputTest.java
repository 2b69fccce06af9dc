package org.queuelab.badinput;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.queuelab.badinput.BadInputCases.NOT_FINITE;
import static org.queuelab.badinput.BadInputCases.NOT_NON_NEGATIVE;
import static org.queuelab.badinput.BadInputCases.NOT_POSITIVE;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.queuelab.dist.Deterministic;
import org.queuelab.dist.Erlang;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.FoldedNormal;
import org.queuelab.dist.Gamma;
import org.queuelab.dist.GeneralizedPareto;
import org.queuelab.dist.HyperExponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.dist.Lomax;
import org.queuelab.dist.Pareto;
import org.queuelab.dist.ShiftedExponential;
import org.queuelab.dist.Weibull;

/** Bad inputs of {@code org.queuelab.dist}: every law's constructor and factories. */
class DistBadInputTest {

    static BadInputCases table() {
        double[][] pos2 = {NOT_POSITIVE, NOT_POSITIVE};
        BadInputCases t = new BadInputCases();
        t.doubles("Exponential", new String[] {"rate"}, new double[] {1}, new double[][] {NOT_POSITIVE},
                a -> new Exponential(a[0]));
        t.doubles("Exponential.withMean", new String[] {"mean"}, new double[] {1}, new double[][] {NOT_POSITIVE},
                a -> Exponential.withMean(a[0]));
        t.doubles("Deterministic", new String[] {"value"}, new double[] {1}, new double[][] {NOT_POSITIVE},
                a -> new Deterministic(a[0]));
        t.doubles("Gamma", new String[] {"shape", "scale"}, new double[] {2, 0.5}, pos2,
                a -> new Gamma(a[0], a[1]));
        t.doubles("Gamma.withMeanAndScv", new String[] {"mean", "scv"}, new double[] {1, 0.5}, pos2,
                a -> Gamma.withMeanAndScv(a[0], a[1]));
        t.doubles("Gamma.unitMean", new String[] {"shape"}, new double[] {2}, new double[][] {NOT_POSITIVE},
                a -> Gamma.unitMean(a[0]));
        t.doubles("Weibull", new String[] {"shape", "scale"}, new double[] {2, 1}, pos2,
                a -> new Weibull(a[0], a[1]));
        t.doubles("Weibull.withMeanAndScv", new String[] {"mean", "scv"}, new double[] {1, 0.5}, pos2,
                a -> Weibull.withMeanAndScv(a[0], a[1]));
        t.doubles("Weibull.unitMean", new String[] {"shape"}, new double[] {2}, new double[][] {NOT_POSITIVE},
                a -> Weibull.unitMean(a[0]));
        t.doubles("LogNormal", new String[] {"mu", "sigma"}, new double[] {0, 1},
                new double[][] {NOT_FINITE, NOT_POSITIVE}, a -> new LogNormal(a[0], a[1]));
        t.doubles("LogNormal.withMeanAndScv", new String[] {"mean", "scv"}, new double[] {1, 1}, pos2,
                a -> LogNormal.withMeanAndScv(a[0], a[1]));
        t.doubles("LogNormal.unitMean", new String[] {"sigma"}, new double[] {1}, new double[][] {NOT_POSITIVE},
                a -> LogNormal.unitMean(a[0]));
        t.doubles("Lomax", new String[] {"shape", "scale"}, new double[] {3, 2}, pos2, a -> new Lomax(a[0], a[1]));
        t.doubles("Lomax.withMeanAndScv", new String[] {"mean", "scv"}, new double[] {1, 2}, pos2,
                a -> Lomax.withMeanAndScv(a[0], a[1]));
        t.doubles("Lomax.unitMean", new String[] {"shape"}, new double[] {3}, new double[][] {NOT_POSITIVE},
                a -> Lomax.unitMean(a[0]));
        t.doubles("Pareto", new String[] {"scale", "shape"}, new double[] {0.5, 2}, pos2,
                a -> new Pareto(a[0], a[1]));
        t.doubles("Pareto.withMeanAndScv", new String[] {"mean", "scv"}, new double[] {1, 1}, pos2,
                a -> Pareto.withMeanAndScv(a[0], a[1]));
        t.doubles("Pareto.unitMean", new String[] {"shape"}, new double[] {2}, new double[][] {NOT_POSITIVE},
                a -> Pareto.unitMean(a[0]));
        t.doubles("ShiftedExponential", new String[] {"shift", "rate"}, new double[] {0.5, 2},
                new double[][] {NOT_NON_NEGATIVE, NOT_POSITIVE}, a -> new ShiftedExponential(a[0], a[1]));
        t.doubles("ShiftedExponential.withMeanAndScv", new String[] {"mean", "scv"}, new double[] {1, 0.5}, pos2,
                a -> ShiftedExponential.withMeanAndScv(a[0], a[1]));
        t.doubles("FoldedNormal", new String[] {"location", "sigma"}, new double[] {1, 1},
                new double[][] {NOT_NON_NEGATIVE, NOT_POSITIVE}, a -> new FoldedNormal(a[0], a[1]));
        t.doubles("FoldedNormal.withMeanAndScv", new String[] {"mean", "scv"}, new double[] {1, 0.3}, pos2,
                a -> FoldedNormal.withMeanAndScv(a[0], a[1]));
        t.doubles("FoldedNormal.thesis", new String[] {"sigma2"}, new double[] {1}, new double[][] {NOT_POSITIVE},
                a -> FoldedNormal.thesis(a[0]));
        t.doubles("HyperExponential.withMeanAndScv", new String[] {"mean", "scv"}, new double[] {1, 2}, pos2,
                a -> HyperExponential.withMeanAndScv(a[0], a[1]));
        t.doubles("GeneralizedPareto", new String[] {"shape", "scale", "threshold"}, new double[] {-0.6, 0.7, 0.5},
                new double[][] {{Double.NaN, Double.NEGATIVE_INFINITY, 1, 1.5}, NOT_POSITIVE, NOT_NON_NEGATIVE},
                a -> new GeneralizedPareto(a[0], a[1], a[2]));
        t.doubles("GeneralizedPareto.withShapeAndScale", new String[] {"shape", "scale", "mean"},
                new double[] {-0.6, 0.7, 1}, new double[][] {{Double.NaN, 1, 2}, NOT_POSITIVE, NOT_POSITIVE},
                a -> GeneralizedPareto.withShapeAndScale(a[0], a[1], a[2]));
        t.doubles("Erlang.withMean", new String[] {"mean"}, new double[] {1}, new double[][] {NOT_POSITIVE},
                a -> Erlang.withMean(2, a[0]));
        t.add("Erlang phases = 0", "phases", () -> new Erlang(0, 1));
        t.add("Erlang phases = -3", "phases", () -> new Erlang(-3, 1));
        t.add("Erlang.unitMean phases = 0", "phases", () -> Erlang.unitMean(0));
        t.add("HyperExponential.ofRates lengths 2 and 1", "rates",
                () -> HyperExponential.ofRates(new double[] {0.5, 0.5}, new double[] {1}));
        t.add("HyperExponential.ofRates probabilities sum 0.9", "probabilities",
                () -> HyperExponential.ofRates(new double[] {0.5, 0.4}, new double[] {1, 2}));
        t.add("HyperExponential.ofRates probability NaN", "probabilities",
                () -> HyperExponential.ofRates(new double[] {Double.NaN, 1}, new double[] {1, 2}));
        t.add("HyperExponential.ofRates rate 0", "rates",
                () -> HyperExponential.ofRates(new double[] {0.5, 0.5}, new double[] {0, 2}));
        t.add("HyperExponential.ofMeans mean -1", "means",
                () -> HyperExponential.ofMeans(new double[] {0.5, 0.5}, new double[] {-1, 2}));
        return t;
    }

    @TestFactory
    Stream<DynamicTest> distributions() {
        return table().stream();
    }

    @Test
    void generalizedParetoWithShapeNineTenthsGivenByShapeAndScaleIsAccepted() {
        // mean = scale/(1−shape) only up to rounding: the threshold is 0, not a refusal
        GeneralizedPareto law = GeneralizedPareto.withShapeAndScale(0.9, 0.1, 1.0);
        assertEquals(0.0, law.threshold());
        assertEquals(1.0, law.mean(), 1e-15);
    }
}
