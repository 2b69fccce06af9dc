package org.queuelab.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Exact moments and parameters against the printed tables of docs/tabs.md §5 and docs/invariant-states.md
 * §7. Tolerances are half a unit of the last printed digit.
 */
class PaperParameterizationTest {

    @Test
    void generalizedParetoThesisAndMean1() {
        GeneralizedPareto gp = GeneralizedPareto.thesis();
        assertEquals(0.9975, gp.mean(), 1e-15);
        assertEquals(0.087003, gp.variance(), 5e-7);
        assertEquals(0.56, gp.threshold());
        assertEquals(1.7267, gp.upperBound(), 5e-5);
        GeneralizedPareto mean1 = GeneralizedPareto.mean1();
        assertEquals(0.5625, mean1.threshold(), 1e-15);
        assertEquals(1.0, mean1.mean(), 1e-15);
        assertEquals(0.087003, mean1.variance(), 5e-7);
    }

    /** The one-parameter family with mean 1 and variance 0.0870 (docs/tabs.md §5). */
    @Test
    void generalizedParetoFamilyWithMean1AndVariance0087() {
        double[][] rows = {{-0.3, 0.485024, 0.626905}, {-0.5, 0.625700, 0.582867}, {-0.6, 0.699989, 0.562507},
                {-1.0, 1.021763, 0.489118}};
        for (double[] r : rows) {
            GeneralizedPareto gp = GeneralizedPareto.withShapeMeanAndVariance(r[0], 1.0, 0.0870);
            assertEquals(r[1], gp.scale(), 5e-7, "σ for k = " + r[0]);
            assertEquals(r[2], gp.threshold(), 5e-7, "θ for k = " + r[0]);
        }
    }

    @Test
    void foldedNormalThesisTable() {
        // σ², mean, variance, SCV
        double[][] rows = {{0.25, 1.008491, 0.232947, 0.2290}, {0.5, 1.050255, 0.396965, 0.3599},
                {1.0, 1.166631, 0.638972, 0.4695}, {1.5, 1.285982, 0.846251, 0.5117},
                {2.0, 1.399282, 1.042009, 0.5322}};
        for (double[] r : rows) {
            FoldedNormal f = FoldedNormal.thesis(r[0]);
            assertEquals(r[1], f.mean(), 5e-7, "mean, σ² = " + r[0]);
            assertEquals(r[2], f.variance(), 5e-7, "variance, σ² = " + r[0]);
            assertEquals(r[3], f.scv(), 5e-5, "SCV, σ² = " + r[0]);
            FoldedNormal rescaled = FoldedNormal.rescaled(r[0]);
            assertEquals(1.0, rescaled.mean(), 1e-14);
            assertEquals(r[3], rescaled.variance(), 5e-5, "rescaled variance, σ² = " + r[0]);
        }
    }

    @Test
    void foldedNormalMean1Examples() {
        // v, α, σ
        double[][] rows = {{0.1, 0.999863, 0.316661}, {0.25, 0.988093, 0.523137}, {0.5, 0.804559, 0.923409},
                {0.57, 0.291070, 1.218720}};
        for (double[] r : rows) {
            FoldedNormal f = FoldedNormal.mean1(r[0]);
            assertEquals(r[1], f.location(), 5e-6, "α for v = " + r[0]);
            assertEquals(r[2], f.sigma(), 5e-6, "σ for v = " + r[0]);
            assertEquals(1.0, f.mean(), 1e-12);
            assertEquals(r[0], f.variance(), 1e-12);
        }
    }

    @Test
    void foldedNormalCannotHaveMean1AndVariance1() {
        assertEquals(Math.PI / 2 - 1, new FoldedNormal(0, 1).scv(), 1e-15);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FoldedNormal.mean1(1.0));
        assertTrue(e.getMessage().contains("scv = 1.0") && e.getMessage().contains("π/2"), e.getMessage());
        FoldedNormal half = FoldedNormal.mean1(FoldedNormal.MAX_SCV);
        assertEquals(0.0, half.location());
        assertEquals(1.0, half.mean(), 1e-15);
    }

    @Test
    void hyperExponentialThesisReadsMeansNotRates() {
        HyperExponential h = HyperExponential.thesis();
        assertEquals(0.99, h.mean(), 1e-15);
        assertEquals(0.9939, h.variance(), 1e-13);
        assertEquals(1.974, h.variance() + h.mean() * h.mean(), 1e-13);
        assertEquals(1.0141, h.scv(), 5e-5);
        HyperExponential mean1 = HyperExponential.thesisMean1();
        assertEquals(1.0, mean1.mean(), 1e-15);
        assertEquals(1.014080, mean1.variance(), 5e-7);
        double[] rates = mean1.rates();
        assertEquals(1.212121, 1 / rates[0], 5e-7);
        assertEquals(0.909091, 1 / rates[1], 5e-7);
        assertEquals(1.010101, 1 / rates[2], 5e-7);
        // the misreading docs/tabs.md §5 rules out: (1.2, 0.9, 1.0) as rates
        HyperExponential misread = HyperExponential.ofRates(new double[] {0.1, 0.3, 0.6}, new double[] {1.2, 0.9, 1});
        assertEquals(1.016667, misread.mean(), 5e-7);
        assertEquals(1.046019, misread.variance(), 5e-7);
    }

    /** Busy fraction λ·E[S] quoted in docs/tabs.md §5. */
    @Test
    void loadEffectOfTheThesisLaws() {
        assertEquals(0.1397, 0.14 * GeneralizedPareto.thesis().mean(), 5e-5);
        assertEquals(0.1633, 0.14 * FoldedNormal.thesis(1).mean(), 5e-5);
        assertEquals(0.1386, 0.14 * HyperExponential.thesis().mean(), 5e-5);
        assertEquals(0.4667, 0.4 * FoldedNormal.thesis(1).mean(), 5e-5);
        assertEquals(0.5597, 0.4 * FoldedNormal.thesis(2).mean(), 5e-5);
    }

    @Test
    void tabsCatalogues() {
        assertEquals(List.of("Exponential", "Generalized Pareto", "Folded normal", "Hyperexponential"),
                List.copyOf(PaperLaws.tabsThesis().keySet()));
        for (ServiceDistribution d : PaperLaws.tabsMean1().values()) {
            assertEquals(1.0, d.mean(), 1e-14, d.label());
        }
    }

    /** docs/invariant-states.md §7: every Table 1 law has mean 1, with the stated closed forms. */
    @Test
    void invariantStatesTable1Laws() {
        Map<String, ServiceDistribution> laws = PaperLaws.invariantStatesTable1();
        assertEquals(19, laws.size());
        laws.forEach((name, d) -> assertEquals(1.0, d.mean(), 1e-14, name));
        Weibull w = (Weibull) laws.get("Weibull a=0.5");
        assertEquals(0.5, w.scale(), 1e-15);
        assertEquals(6.0, w.variance() + 1.0, 1e-13); // E S² = 6
        for (double x : new double[] {0.01, 1, 30, 300}) {
            assertEquals(Math.exp(-Math.sqrt(2 * x)), w.ccdf(x), 1e-14 * w.ccdf(x));
        }
        assertEquals(1.0 / 3.0, ((Pareto) laws.get("Pareto α=1.5")).scale(), 1e-16);
        assertEquals(0.5, ((Pareto) laws.get("Pareto α=2")).scale(), 1e-16);
        assertEquals(0.6, ((Pareto) laws.get("Pareto α=2.5")).scale(), 1e-16);
        assertEquals(-0.5, ((LogNormal) laws.get("lognormal σ=1")).mu(), 1e-16);
        assertEquals(0.5, ((Gamma) laws.get("gamma k=2")).scale(), 1e-16);
        assertEquals(2.0, ((ShiftedExponential) laws.get("shifted exp c=0.5")).rate(), 1e-15);
        assertEquals(0.5, ((Lomax) laws.get("Lomax α=1.5")).scale(), 1e-16);
        // gamma k = 2 is Erlang-2
        Gamma g2 = (Gamma) laws.get("gamma k=2");
        Erlang e2 = Erlang.unitMean(2);
        for (double x : new double[] {0.1, 1, 10, 100}) {
            assertEquals(e2.ccdf(x), g2.ccdf(x), 1e-14 * e2.ccdf(x));
        }
    }
}
