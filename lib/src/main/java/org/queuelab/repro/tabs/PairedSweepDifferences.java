package org.queuelab.repro.tabs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import org.queuelab.plot.Labels;
import org.queuelab.repro.DifferenceInterval;
import org.queuelab.repro.Finding;
import org.queuelab.result.Metric;
import org.queuelab.sim.event.TabsSweepResult;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * Differences between two curves of a TABS sweep along its µ grid, decided by paired 95% intervals: the
 * event-driven simulator gives every source of randomness its own stream ({@code EventStreams}), so replication r
 * of two curves shares its arrival epochs (and, for laws that consume the stream alike, its job-size uniforms);
 * the difference a_r − b_r cancels that common noise (docs/tabs.md §7). Used for Figure 7 ("the limits are
 * identical" across laws) and Figure 13 ("the W differences vanish beyond µ ≈ 70").
 *
 * @param sweep   the sweep holding both curves at the same µ values
 * @param seriesA the first curve
 * @param seriesB the second curve
 * @param metric  the metric compared (e.g. {@code energy}, {@code wait})
 */
public record PairedSweepDifferences(TabsSweepResult sweep, String seriesA, String seriesB, String metric) {

    /**
     * One µ: the paired difference a − b.
     *
     * @param mu the mean standby time µ, in seconds
     * @param meanA the first curve's mean over the replications
     * @param meanB the second curve's mean
     * @param difference the paired interval on a − b
     */
    public record Row(double mu, double meanA, double meanB, DifferenceInterval difference) {
    }

    /**
     * The differences of a built-in metric.
     *
     * @param sweep   the sweep (common random numbers across series)
     * @param seriesA first series
     * @param seriesB second series
     * @param metric  the quantity
     */
    public PairedSweepDifferences(TabsSweepResult sweep, String seriesA, String seriesB, Metric metric) {
        this(sweep, seriesA, seriesB, metric.name());
    }

    /**
     * Validates that both curves are in the sweep on the same µ grid.
     *
     * @param sweep   the sweep, non-null
     * @param seriesA the first curve, one of the sweep's series
     * @param seriesB the second curve, one of the sweep's series
     * @param metric  the metric compared
     * @throws IllegalArgumentException if a curve is not in the sweep or the µ grids differ
     * @throws NullPointerException if {@code sweep} is null
     */
    public PairedSweepDifferences {
        Objects.requireNonNull(sweep, "sweep");
        if (!sweep.series().contains(seriesA) || !sweep.series().contains(seriesB)) {
            throw new IllegalArgumentException("series = " + seriesA + ", " + seriesB + "; allowed: "
                    + sweep.series());
        }
        if (!java.util.Arrays.equals(sweep.xs(seriesA), sweep.xs(seriesB))) {
            throw new IllegalArgumentException(seriesA + " and " + seriesB + " have different µ grids");
        }
    }

    /** {@return the paired difference at every µ of the grid, in grid order} */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (double mu : sweep.xs(seriesA)) {
            double[] a = sweep.values(seriesA, mu, metric);
            double[] b = sweep.values(seriesB, mu, metric);
            rows.add(new Row(mu, mean(a), mean(b), DifferenceInterval.paired(a, b)));
        }
        return rows;
    }

    /** {@return a table with columns µ, mean A, mean B, A − B, lo, hi, verdict} */
    public Table table() {
        Table t = Table.create(metric + ": " + seriesA + " − " + seriesB + " (paired 95% intervals)",
                DoubleColumn.create("µ"), DoubleColumn.create(seriesA), DoubleColumn.create(seriesB),
                DoubleColumn.create("difference"), DoubleColumn.create("lo"), DoubleColumn.create("hi"),
                StringColumn.create("verdict"));
        for (Row r : rows()) {
            t.doubleColumn("µ").append(r.mu());
            t.doubleColumn(seriesA).append(r.meanA());
            t.doubleColumn(seriesB).append(r.meanB());
            t.doubleColumn("difference").append(r.difference().mean());
            t.doubleColumn("lo").append(r.difference().lower());
            t.doubleColumn("hi").append(r.difference().upper());
            t.stringColumn("verdict").append(r.difference().label());
        }
        return t;
    }

    /**
     * "The curves are identical" on the grid from {@code fromMu} on (their limits, for a large {@code fromMu}): holds
     * when no paired interval there excludes 0. Ours: the largest |difference|, with its interval; the note counts
     * the significant points. A non-significant difference is not proof of equality: the note gives the largest
     * half-width, the size of difference the study could have seen.
     *
     * @param fromMu the smallest µ considered, in seconds
     * @return the finding (holds or not by the rule above)
     */
    public Finding identical(double fromMu) {
        List<Row> sel = rows().stream().filter(r -> r.mu() >= fromMu).toList();
        if (sel.isEmpty()) {
            throw new IllegalArgumentException("fromMu = " + fromMu + "; allowed: at most the largest µ of the grid");
        }
        Row worst = sel.stream().max(java.util.Comparator.comparingDouble(r -> Math.abs(r.difference().mean())))
                .orElseThrow();
        long significant = sel.stream().filter(r -> r.difference().sign() != 0).count();
        double widest = sel.stream().mapToDouble(r -> r.difference().halfWidth()).max().orElseThrow();
        String note = String.format(Locale.ROOT, "%s: %s − %s significant at %d of %d µ ≥ %s (paired 95%%);"
                + " largest at µ = %s: %.4f vs %.4f; largest half-width %.2g", metric, seriesA, seriesB,
                significant, sel.size(), fromMu, worst.mu(), worst.meanA(), worst.meanB(), widest);
        return new Finding(metric + " of " + seriesA + " and " + seriesB + " identical for µ ≥ "
                + Labels.number(fromMu), 0,
                worst.difference().mean(), worst.difference().lower(), worst.difference().upper(), significant == 0,
                note);
    }

    /**
     * "The curves are identical" from {@code fromMu} on as an equivalence test: holds when every paired 95% interval
     * there lies inside [−margin, margin], a margin fixed before looking at the data (e.g. the noise the reference
     * states). Unlike {@link #identical(double)} a study without power cannot pass it: a wide interval fails.
     *
     * @param fromMu the smallest µ considered, in seconds
     * @param margin the margin fixed in advance, &gt; 0
     * @return the finding (holds or not by the rule above)
     */
    public Finding identicalWithin(double fromMu, double margin) {
        if (!(margin > 0 && Double.isFinite(margin))) {
            throw new IllegalArgumentException("margin = " + margin + "; allowed: 0 < margin < ∞");
        }
        Finding f = identical(fromMu);
        boolean inside = rows().stream().filter(r -> r.mu() >= fromMu)
                .allMatch(r -> r.difference().lower() >= -margin && r.difference().upper() <= margin);
        return new Finding(f.what() + " (every interval within ±" + margin + ")", f.reference(), f.ours(), f.lower(),
                f.upper(), inside, f.note() + String.format(Locale.ROOT, "; equivalence margin ±%s", margin));
    }

    /**
     * The smallest µ of the grid from which every paired interval contains 0 (the curves have merged), or +∞ if
     * the last point still differs.
     *
     * @return the merge µ, in seconds, or +∞
     */
    public double mergeMu() {
        List<Row> rows = rows();
        double merge = Double.POSITIVE_INFINITY;
        for (int i = rows.size() - 1; i >= 0 && rows.get(i).difference().sign() == 0; i--) {
            merge = rows.get(i).mu();
        }
        return merge;
    }

    /**
     * "The differences vanish beyond µ ≈ {@code printedMu}": holds when the difference is significant at the grid
     * point just below {@code printedMu} and not significant at every grid point from {@code printedMu} on (the
     * grid must contain it). Ours: the merge µ of the grid ({@link #mergeMu}); reference: {@code printedMu}.
     *
     * @param printedMu the µ the work prints, in seconds; a point of the grid
     * @return the finding (holds or not by the rule above)
     */
    public Finding vanishesBeyond(double printedMu) {
        double[] mus = sweep.xs(seriesA);
        int at = -1;
        for (int i = 0; i < mus.length; i++) {
            if (mus[i] == printedMu) {
                at = i;
            }
        }
        if (at <= 0) {
            throw new IllegalArgumentException("printedMu = " + printedMu + "; allowed: a µ of the grid "
                    + java.util.Arrays.toString(mus) + " with a grid point below it");
        }
        List<Row> rows = rows();
        boolean before = rows.get(at - 1).difference().sign() != 0;
        boolean after = rows.subList(at, rows.size()).stream().allMatch(r -> r.difference().sign() == 0);
        StringBuilder note = new StringBuilder(metric + " " + seriesA + " − " + seriesB + " (paired 95%): ");
        for (Row r : rows) {
            note.append(String.format(Locale.ROOT, "µ = %s: %.4g [%.4g, %.4g]; ", r.mu(), r.difference().mean(),
                    r.difference().lower(), r.difference().upper()));
        }
        note.append("rule: significant at µ = ").append(mus[at - 1]).append(", none from µ = ").append(printedMu);
        return new Finding(metric + " difference " + seriesA + " vs " + seriesB + " vanishes beyond µ ≈ "
                + printedMu, printedMu, mergeMu(), Double.NaN, Double.NaN, before && after, note.toString());
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }
}
