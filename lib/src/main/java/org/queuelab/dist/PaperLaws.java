package org.queuelab.dist;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The named service laws of the reproduced works, in the order their tables list them. */
public final class PaperLaws {

    private PaperLaws() {
    }

    /**
     * The four laws of the TABS thesis as it simulated them (docs/tabs.md §5): exponential, GP_THESIS,
     * FN_THESIS(1) = |N(1, 1)| and H3_THESIS. Only the exponential has mean exactly 1.
     *
     * @return the four laws by name, in the thesis' order
     */
    public static Map<String, ServiceDistribution> tabsThesis() {
        return tabsLaws(GeneralizedPareto.thesis(), FoldedNormal.thesis(1.0), HyperExponential.thesis());
    }

    /** {@return the TABS laws normalized to mean 1: GP_MEAN1, FN_RESCALED(1), H3_MEAN1 (docs/tabs.md §5)} */
    public static Map<String, ServiceDistribution> tabsMean1() {
        return tabsLaws(GeneralizedPareto.mean1(), FoldedNormal.rescaled(1.0), HyperExponential.thesisMean1());
    }

    /** The TABS thesis's four laws under their names: the unit exponential, then the three given. */
    private static Map<String, ServiceDistribution> tabsLaws(ServiceDistribution generalizedPareto,
                                                             ServiceDistribution foldedNormal,
                                                             ServiceDistribution hyperexponential) {
        Map<String, ServiceDistribution> m = new LinkedHashMap<>();
        m.put("Exponential", Exponential.unitMean());
        m.put("Generalized Pareto", generalizedPareto);
        m.put("Folded normal", foldedNormal);
        m.put("Hyperexponential", hyperexponential);
        return Collections.unmodifiableMap(m);
    }

    /**
     * The Table 1 candidate laws of the invariant-states paper, all with mean 1, keyed by the row names of
     * docs/invariant-states.md §7.
     *
     * @return the candidate laws by row name, in the table's order
     */
    public static Map<String, ServiceDistribution> invariantStatesTable1() {
        Map<String, ServiceDistribution> m = new LinkedHashMap<>();
        m.put("exponential", Exponential.unitMean());
        for (double a : new double[] {0.5, 1.5, 2, 3}) {
            m.put("Weibull a=" + Arguments.fmt(a), Weibull.unitMean(a));
        }
        for (double alpha : new double[] {1.5, 2, 2.5, 3}) {
            m.put("Pareto α=" + Arguments.fmt(alpha), Pareto.unitMean(alpha));
        }
        for (double s : new double[] {0.5, 1, 1.5, 2}) {
            m.put("lognormal σ=" + Arguments.fmt(s), LogNormal.unitMean(s));
        }
        m.put("gamma k=0.5", Gamma.unitMean(0.5));
        m.put("gamma k=2", Gamma.unitMean(2));
        m.put("gamma k=3", Gamma.unitMean(3));
        m.put("shifted exp c=0.25", ShiftedExponential.unitMean(0.25));
        m.put("shifted exp c=0.5", ShiftedExponential.unitMean(0.5));
        m.put("Lomax α=1.5", Lomax.unitMean(1.5));
        return Collections.unmodifiableMap(m);
    }
}
