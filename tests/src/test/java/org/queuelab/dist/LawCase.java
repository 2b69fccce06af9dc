package org.queuelab.dist;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.DoubleUnaryOperator;

import org.hipparchus.analysis.integration.gauss.GaussIntegratorFactory;

/**
 * A law under test with what the generic checks need to know about it: the points where its density is not smooth
 * (always including 0), the upper end of its support and the highest finite integer moment.
 */
record LawCase(String name, ServiceDistribution law, double[] breaks, double upperEnd, int maxMoment) {

    private static final GaussIntegratorFactory GAUSS = new GaussIntegratorFactory();
    private static final int GAUSS_POINTS = 20;

    static LawCase smooth(ServiceDistribution law) {
        return new LawCase(law.label(), law, new double[] {0.0}, Double.POSITIVE_INFINITY, 99);
    }

    static LawCase withBreaks(ServiceDistribution law, double upperEnd, int maxMoment, double... breaks) {
        double[] all = new double[breaks.length + 1];
        System.arraycopy(breaks, 0, all, 1, breaks.length);
        return new LawCase(law.label(), law, all, upperEnd, maxMoment);
    }

    /** Every law with a density exercised by the generic contract checks. */
    static List<LawCase> all() {
        List<LawCase> cases = new ArrayList<>();
        cases.add(smooth(Exponential.unitMean()));
        cases.add(smooth(new Exponential(2.5)));
        cases.add(smooth(Erlang.unitMean(2)));
        cases.add(smooth(Erlang.unitMean(3)));
        cases.add(smooth(new Erlang(5, 0.7)));
        cases.add(smooth(HyperExponential.thesis()));
        cases.add(smooth(HyperExponential.thesisMean1()));
        cases.add(smooth(HyperExponential.withMeanAndScv(1, 4)));
        for (double s : new double[] {0.5, 1, 1.5, 2}) {
            cases.add(smooth(LogNormal.unitMean(s)));
        }
        for (double a : new double[] {0.5, 1.5, 2, 3}) {
            cases.add(smooth(Weibull.unitMean(a)));
        }
        for (double alpha : new double[] {1.5, 2, 2.5, 3}) {
            Pareto p = Pareto.unitMean(alpha);
            cases.add(withBreaks(p, Double.POSITIVE_INFINITY, (int) Math.ceil(alpha) - 1, p.scale()));
        }
        cases.add(withBreaks(Lomax.unitMean(1.5), Double.POSITIVE_INFINITY, 1));
        cases.add(withBreaks(Lomax.withMeanAndScv(1, 4), Double.POSITIVE_INFINITY, 2)); // α = 8/3
        for (GeneralizedPareto gp : new GeneralizedPareto[] {GeneralizedPareto.thesis(), GeneralizedPareto.mean1(),
                new GeneralizedPareto(-1, 1, 0), new GeneralizedPareto(-1.5, 1, 0.2)}) {
            cases.add(withBreaks(gp, gp.upperBound(), 99, gp.threshold(), gp.upperBound()));
        }
        cases.add(withBreaks(new GeneralizedPareto(0, 1, 0.3), Double.POSITIVE_INFINITY, 99, 0.3));
        cases.add(withBreaks(new GeneralizedPareto(0.2, 1, 0.1), Double.POSITIVE_INFINITY, 4, 0.1));
        for (double k : new double[] {0.5, 2, 3}) {
            cases.add(smooth(Gamma.unitMean(k)));
        }
        cases.add(smooth(new Gamma(7.5, 0.3)));
        cases.add(smooth(FoldedNormal.thesis(0.25)));
        cases.add(smooth(FoldedNormal.thesis(1)));
        cases.add(smooth(FoldedNormal.thesis(2)));
        cases.add(smooth(FoldedNormal.rescaled(1)));
        cases.add(smooth(FoldedNormal.mean1(0.57)));
        cases.add(smooth(new FoldedNormal(0, 1)));
        for (double c : new double[] {0.25, 0.5}) {
            cases.add(withBreaks(ShiftedExponential.unitMean(c), Double.POSITIVE_INFINITY, 99, c));
        }
        return cases;
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * Quadrature points for ∫ over the support from {@code from}: geometric refinement (down to 2^-100) on both
     * sides of every break, and a geometric grid of ratio 2^(1/8) up to 2^95 (or the upper end).
     */
    double[] grid(double from) {
        TreeSet<Double> pts = new TreeSet<>();
        for (double b : breaks) {
            if (!Double.isFinite(b)) {
                continue;
            }
            pts.add(b);
            // refine down to 2^-100 at 0, and to about 2^-40 relative elsewhere (the Gauss rule needs distinct nodes)
            int finest = b == 0 ? 100 : 40 - Math.getExponent(b);
            for (int j = 0; j <= finest; j++) {
                double h = Math.scalb(1.0, -j);
                pts.add(b + h);
                pts.add(b - h);
            }
        }
        for (int j = -80; j <= 95 * 8; j++) {
            pts.add(Math.pow(2.0, j / 8.0));
        }
        pts.add(from);
        if (Double.isFinite(upperEnd)) {
            pts.add(upperEnd);
        }
        double hi = Double.isFinite(upperEnd) ? upperEnd : Double.POSITIVE_INFINITY;
        return pts.subSet(from, true, hi, true).stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** ∫ f over the grid from {@code from} (Gauss–Legendre on each piece). */
    double integrate(DoubleUnaryOperator f, double from) {
        double[] g = grid(from);
        double sum = 0;
        for (int i = 0; i + 1 < g.length; i++) {
            if (g[i + 1] > g[i]) {
                sum += GAUSS.legendre(GAUSS_POINTS, g[i], g[i + 1]).integrate(f::applyAsDouble);
            }
        }
        return sum;
    }

    /** E[S^k] = k ∫ x^{k−1} Ḡ(x) dx by quadrature. */
    double rawMoment(int k) {
        return k * integrate(x -> Math.pow(x, k - 1) * law.ccdf(x), 0.0);
    }

    /**
     * The tail levels among {@code ps} that the law resolves in double precision: near a finite upper end,
     * x is only known to an ulp, which limits the smallest representable Ḡ.
     */
    double[] resolvableTails(double... ps) {
        if (!Double.isFinite(upperEnd)) {
            return ps;
        }
        double floor = law.ccdf(upperEnd - 1024 * Math.ulp(upperEnd));
        return java.util.Arrays.stream(ps).filter(p -> p > 1e3 * floor).toArray();
    }

    /** The point x with Ḡ(x) = p (bisection; p in (0, 1)). */
    double quantileOfTail(double p) {
        double lo = 0;
        double hi = 1;
        while (law.ccdf(hi) > p) {
            lo = hi;
            hi *= 2;
        }
        for (int i = 0; i < 200; i++) {
            double mid = 0.5 * (lo + hi);
            if (law.ccdf(mid) > p) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }
}
