package org.queuelab.repro.tabs;

import java.util.ArrayList;
import java.util.List;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.EigenDecompositionSymmetric;
import org.hipparchus.linear.RealMatrix;
import org.queuelab.claims.Evidence;
import org.queuelab.claims.Evidence.Grade;
import org.queuelab.claims.Judge;
import org.queuelab.analysis.PairedDifference;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.sim.event.TabsSweepResult;

/**
 * The TABS thesis' claims judged from stationary sweeps (docs/tabs.md §7, §8) and the computed refutation of its
 * Section 4 covariance (docs/tabs.md §6). Every ordering is a paired (common-random-number) 95% interval judged by
 * {@link Judge#larger} (not significant = UNDECIDED, never contrary); "for every µ / law / variance" claims run
 * {@link Judge#forEvery} over the sweep's grid; "unchanged / identical / vanishes" use {@link Judge#equal} (TOST).
 */
public final class TabsClaimJudge {

    private static final Grade IND = Grade.INDEPENDENT_METHOD;

    private TabsClaimJudge() {
    }

    /**
     * {@return the evidence for "A lies above B at every µ of the grid": one paired interval per µ}
     *
     * @param sweep the sweep holding both curves at the same µ values
     * @param a the curve claimed above
     * @param b the curve claimed below
     * @param mus the µ values judged, in seconds, each on the grid
     * @param metric the metric compared
     */
    public static Evidence aboveAtEveryMu(TabsSweepResult sweep, String a, String b, double[] mus, Metric metric) {
        List<Evidence> points = new ArrayList<>();
        for (double mu : mus) {
            points.add(Judge.larger(IND, metric.name() + "(" + a + ") − (" + b + "), µ = " + mu,
                    sweep.difference(a, b, mu, metric), Double.NaN));
        }
        return Judge.forEvery(IND, metric.name() + ": " + a + " above " + b, "µ = " + java.util.Arrays.toString(mus),
                points);
    }

    /**
     * {@return the evidence for "the metric falls with µ": the paired difference between the smallest and the largest µ
     * of one curve}
     *
     * @param sweep the sweep
     * @param series the curve
     * @param muLo the smaller µ, in seconds, on the grid
     * @param muHi the larger µ, in seconds, on the grid
     * @param metric the metric
     */
    public static Evidence fallsWithMu(TabsSweepResult sweep, String series, double muLo, double muHi,
            Metric metric) {
        Estimate d = PairedDifference.of(sweep.values(series, muLo, metric), sweep.values(series, muHi, metric));
        return Judge.larger(IND, metric.name() + " falls with µ (" + series + "): value(µ = " + muLo
                + ") − value(µ = " + muHi + ")", d, Double.NaN);
    }

    /**
     * {@return the evidence for "Identical / unchanged / vanishes from µ0 on": TOST within ± margin at every grid µ ≥
     * fromMu}
     *
     * @param diffs the paired differences of two curves
     * @param fromMu the smallest µ judged, in seconds
     * @param margin the margin fixed in advance, &gt; 0
     */
    public static Evidence equalFrom(PairedSweepDifferences diffs, double fromMu, double margin) {
        List<Evidence> points = new ArrayList<>();
        for (PairedSweepDifferences.Row row : diffs.rows()) {
            if (row.mu() >= fromMu) {
                points.add(Judge.equal(IND, diffs.seriesA() + " − " + diffs.seriesB() + ", µ = " + row.mu(),
                        row.difference().asEstimate(), margin));
            }
        }
        if (points.isEmpty()) {
            throw new IllegalArgumentException("fromMu = " + fromMu + " is above every µ of the sweep; allowed: at"
                    + " most the largest grid µ");
        }
        return Judge.forEvery(IND, diffs.metric() + ": " + diffs.seriesA() + " − " + diffs.seriesB()
                + " within ± " + margin, "grid µ ≥ " + fromMu, points);
    }

    /**
     * "Levels out": the least-squares slope of the curve's means against log10 µ over the grid points µ ≥ fromMu,
     * claimed 0 within ± margin (per decade of µ).
     *
     * @param sweep the sweep
     * @param series the curve
     * @param fromMu the smallest µ used, in seconds
     * @param metric the metric
     * @param margin the margin fixed in advance, &gt; 0
     * @return the evidence, by {@link Judge}'s equivalence rule on the slope
     */
    public static Evidence levelsOut(TabsSweepResult sweep, String series, double fromMu, Metric metric,
            double margin) {
        double[] xs = sweep.xs(series);
        double[] means = sweep.mean(series, metric);
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
            if (xs[i] >= fromMu) {
                x.add(Math.log10(xs[i]));
                y.add(means[i]);
            }
        }
        return Judge.slope(IND, metric.name() + " levels out (" + series + "): slope per decade of µ ≥ " + fromMu,
                x.stream().mapToDouble(Double::doubleValue).toArray(),
                y.stream().mapToDouble(Double::doubleValue).toArray(), 0, margin);
    }

    /**
     * The covariance matrix Σ(t) of the thesis' eq. (4.55) for the six martingale limits, with
     * f(t) = (−aµ − 1 − λt)/2, g(t) = (bµν − µ − µλt)/2, h(t) = cν/2 (a, b, c > 0), as printed (docs/tabs.md §6).
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param mu mean standby time µ, in seconds, &gt; 0
     * @param nu mean set-up time ν, in seconds, &gt; 0
     * @param t the time, ≥ 0
     * @param a the constant a &gt; 0
     * @param b the constant b &gt; 0
     * @param c the constant c &gt; 0
     * @return the 6 × 6 matrix as printed
     */
    public static RealMatrix thesisCovariance(double lambda, double mu, double nu, double t, double a, double b,
            double c) {
        double f = (-a * mu - 1 - lambda * t) / 2;
        double g = (b * mu * nu - mu - mu * lambda * t) / 2;
        double h = c * nu / 2;
        return new Array2DRowRealMatrix(new double[][] {
            {lambda * t, 0, 0, 0, 0, 0},
            {0, mu * t, 0, f, 0, g},
            {0, 0, lambda * t, 0, 0, 0},
            {0, f, 0, 0, 0, h},
            {0, 0, 0, 0, 0, 0},
            {0, g, 0, h, 0, 0}});
    }

    /**
     * {@return the smallest eigenvalue of the symmetric matrix (negative: not a covariance matrix)}
     *
     * @param symmetric a symmetric matrix
     */
    public static double smallestEigenvalue(RealMatrix symmetric) {
        double[] eig = new EigenDecompositionSymmetric(symmetric).getEigenvalues();
        return java.util.Arrays.stream(eig).min().orElseThrow();
    }

    /**
     * "(4.55) is the covariance of the limit": a covariance matrix is positive semidefinite; judged for every
     * (λ, t, a, b, c) of a grid at the thesis' µ and ν.
     *
     * @param mu mean standby time µ, in seconds, &gt; 0
     * @param nu mean set-up time ν, in seconds, &gt; 0
     * @param lambdas arrival rates per server, each in (0, 1)
     * @param times the times t, each ≥ 0
     * @param abc the values k used for a = b = c = k, each &gt; 0
     * @return one judgement per (λ, t, a = b = c) point, holding when every point's smallest eigenvalue is ≥ 0
     */
    public static Evidence covarianceIsPsd(double mu, double nu, double[] lambdas, double[] times, double[] abc) {
        List<Evidence> points = new ArrayList<>();
        for (double lambda : lambdas) {
            for (double t : times) {
                for (double k : abc) {
                    double min = smallestEigenvalue(thesisCovariance(lambda, mu, nu, t, k, k, k));
                    points.add(Judge.exact(IND, String.format("λ = %s, t = %s, a = b = c = %s", lambda, t, k),
                            min >= -1e-12, "smallest eigenvalue " + String.format("%.4g", min)));
                }
            }
        }
        return Judge.forEvery(IND, "(4.55) positive semidefinite (Hipparchus symmetric eigen-decomposition)",
                "λ ∈ " + java.util.Arrays.toString(lambdas) + ", t ∈ " + java.util.Arrays.toString(times)
                + ", a = b = c ∈ " + java.util.Arrays.toString(abc) + ", µ = " + mu + ", ν = " + nu, points);
    }

    /**
     * "Shrinks as N grows": at each step of the N grid, the value at the smaller N minus the value at the larger N,
     * judged by {@link Judge#larger} on the difference of two independent estimates (half-widths combined in
     * quadrature, a conservative Welch interval); for every step.
     *
     * @param rows the rows in increasing N, at least 2
     * @param value the quantity read from each row
     * @param quantity the quantity's name, for the evidence's description
     * @return the evidence, holding only if every step decides
     */
    public static Evidence shrinksOverN(List<DiffusionScale.Row> rows,
            java.util.function.Function<DiffusionScale.Row, Estimate> value, String quantity) {
        if (rows.size() < 2) {
            throw new IllegalArgumentException("rows has " + rows.size() + " entries; allowed: at least 2 values of N");
        }
        List<Evidence> steps = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            Estimate a = value.apply(rows.get(i - 1));
            Estimate b = value.apply(rows.get(i));
            Estimate d = new Estimate(a.mean() - b.mean(), Math.hypot(a.halfWidth(), b.halfWidth()),
                    Math.min(a.n(), b.n()));
            steps.add(Judge.larger(IND, quantity + ": N = " + rows.get(i - 1).n() + " minus N = " + rows.get(i).n(),
                    d, Double.NaN));
        }
        StringBuilder grid = new StringBuilder("N =");
        rows.forEach(r -> grid.append(' ').append(r.n()));
        return Judge.forEvery(IND, quantity + " shrinks as N grows", grid.toString(), steps);
    }
}
