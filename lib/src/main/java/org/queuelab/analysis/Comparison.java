package org.queuelab.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntFunction;

import org.queuelab.analysis.Alignment.Pair;
import org.queuelab.result.Metric;
import org.queuelab.result.Trajectory;
import org.queuelab.report.Checks;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedTrajectory;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * Two results side by side, series by series: a fluid trajectory against the average of simulated paths, our
 * numbers against a work's reference table, one engine against another. One tool gives the aligned table, the gap
 * statistics (sup norm over all series or one, the gap at chosen times), the figure, and the checks.
 *
 * <p>Side {@code a} is read by linear interpolation; side {@code b} fixes the compared times (its own sample times
 * inside the window, unless {@link #at(double...)} names others, where {@code b} is interpolated too). So put the
 * dense result first (a fluid path, our solver's output) and the sampled one second (a simulation grid, a
 * reference table). The gap of a series at t is a(t) − b(t); interpolation never extrapolates: {@code a} must cover
 * every compared time. A reference table may leave cells empty (NaN): those times are skipped for that series.
 *
 * <pre>{@code
 * // given: model (an AlbaModel), checks (a report.Checks)
 * RunWindow window = RunWindow.until(300).withInitial(InitialOccupancy.coldAndIdle(0.3)).withSampleInterval(1);
 * AlbaFluid fluid = Fluid.of(model);
 * FluidTrajectory path = fluid.integrate(fluid.state(0.3, 0, 0.7), window.grid().times());   // 30% cold, 70% idle
 * ReplicatedResult<OccupancyRun> result = Ctmc.of(model, 100).replicate(window, 1L, 10);
 * Comparison c = Comparison.of(Side.fluid("fluid", path), Side.average("simulation", result.trajectory()))
 *         .series(Metric.OFF, Metric.BUSY).window(0, 300);
 * c.table();                                        // t, off fluid, off simulation, off simulation ±, |Δ| off, …
 * c.supNorm();                                      // the largest |a − b|, where it occurs
 * c.figure("fraction of servers");                  // a dashed, b solid with its 95% band
 * c.checkSupNorm(checks, "Fig. 1", "sup |fluid − simulation|", 0.02);
 * }</pre>
 *
 * <p>How the sides are read, what a table side's columns mean and how gaps become checks: docs/comparison.md.
 */
public final class Comparison {

    /**
     * One side of a comparison: a label, sample times shared by its series, and per series the values and, where
     * known, a 95% band (lower, upper) and the number of runs behind it.
     *
     * @param label  how the side is named in tables, figures and checks (e.g. "fluid", "simulation", "spec")
     * @param key    the name of the time (or key) column in tables, e.g. "t"
     * @param times  sample times (or keys); non-decreasing where values between them are interpolated
     * @param values series name ↦ values at {@code times}
     * @param lower  series name ↦ lower end of the 95% band (absent when the side has no band)
     * @param upper  series name ↦ upper end of the 95% band
     * @param runs   runs behind the band (0 when none)
     */
    public record Side(String label, String key, double[] times, Map<String, double[]> values, Map<String, double[]> lower,
                       Map<String, double[]> upper, int runs) {

        /** The column of a table side that counts the runs behind its bands: a count, never a compared series. */
        public static final String RUNS_COLUMN = "runs";

        /**
         * Validates the side and keeps read-only copies of its maps, in their order (the arrays are not copied).
         *
         * @param label  how the side is named, not null
         * @param key    the name of the time (or key) column, not null
         * @param times  sample times (or keys), not null
         * @param values series name ↦ values, one per time, not null
         * @param lower  series name ↦ lower end of the 95% band, not null (empty for no band)
         * @param upper  series name ↦ upper end of the 95% band, not null (empty for no band)
         * @param runs   runs behind the band, 0 when none
         * @throws NullPointerException if an argument is null (the message names it)
         * @throws IllegalArgumentException if a series has not one value per time
         */
        public Side {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(times, "times");
            Objects.requireNonNull(values, "values");
            Objects.requireNonNull(lower, "lower");
            Objects.requireNonNull(upper, "upper");
            for (var e : values.entrySet()) {
                if (e.getValue().length != times.length) {
                    throw new IllegalArgumentException("series " + e.getKey() + " of '" + label + "' has "
                            + e.getValue().length + " values for " + times.length + " times; allowed: one per time");
                }
            }
            values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));   // keeps the order
            lower = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(lower));   // keeps the order
            upper = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(upper));   // keeps the order
        }

        /**
         * A fluid (or any deterministic) trajectory, every series of it, without a band; the key column is "t".
         *
         * @param label      how the side is named, e.g. "fluid"; not null
         * @param trajectory the trajectory, not null
         * @return the side
         * @throws NullPointerException if an argument is null (the message names it)
         */
        public static Side fluid(String label, Trajectory trajectory) {
            return SideTables.trajectory(label, trajectory);
        }

        /**
         * The across-run average of simulated paths, with its 95% band when there are at least 2 runs; the key column
         * is "t".
         *
         * @param label   how the side is named, e.g. "simulation"; not null
         * @param average the average of the replicated paths, not null
         * @return the side, {@code runs} the number of paths averaged
         * @throws NullPointerException if an argument is null (the message names it)
         */
        public static Side average(String label, ReplicatedTrajectory average) {
            return SideTables.average(label, average);
        }

        /**
         * A table keyed by {@code keyColumn} (times, or any increasing key): every other numeric column is a series;
         * columns {@code <s>_lo} and {@code <s>_hi}, when present, are the band of series {@code s}. Empty cells
         * read as NaN and are skipped in gaps and checks. A numeric column {@value #RUNS_COLUMN}, if any, is a count,
         * not a series: it gives the runs behind the bands (its first row) and is never compared.
         *
         * @param label     how the side is named, e.g. "spec"; not null
         * @param table     the table, not null
         * @param keyColumn the numeric column of times or keys, not null
         * @return the side, series in column order
         * @throws NullPointerException if an argument is null (the message names it)
         * @throws IllegalArgumentException if {@code keyColumn} is not in the table
         */
        public static Side table(String label, Table table, String keyColumn) {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(keyColumn, "keyColumn");
            return SideTables.keyed(label, table, keyColumn);
        }

        /**
         * Series given as arrays on shared times, without a band; the key column is "t".
         *
         * @param label  how the side is named, not null
         * @param times  the sample times (copied), not null
         * @param series series name ↦ values, one per time; not null
         * @return the side
         * @throws NullPointerException if an argument is null (the message names it)
         * @throws IllegalArgumentException if a series has not one value per time
         */
        public static Side series(String label, double[] times, Map<String, double[]> series) {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(times, "times");
            Objects.requireNonNull(series, "series");
            return new Side(label, "t", times.clone(), series, Map.of(), Map.of(), 0);
        }

        /**
         * Row numbers 0, 1, … as keys (column {@link #ROW_KEY}): for tables whose rows are cases (not times) listed in
         * the same order on both sides. Otherwise as {@link #table(String, Table, String)}.
         *
         * @param label how the side is named, not null
         * @param table the table (copied, not changed), not null
         * @return the side
         * @throws NullPointerException if an argument is null (the message names it)
         */
        public static Side rows(String label, Table table) {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(table, "table");
            return SideTables.rowKeyed(label, table);
        }

        boolean hasBand(String series) {
            return lower.containsKey(series) && upper.containsKey(series);
        }

        double[] require(String series) {
            double[] v = values.get(series);
            if (v == null) {
                throw new IllegalArgumentException("series = " + series + " not in '" + label + "'; allowed: one of "
                        + values.keySet());
            }
            return v;
        }
    }

    /** The key column of {@link Side#rows}. */
    public static final String ROW_KEY = "row";

    /**
     * One compared point, or the worst of several: where (series, time), both values, |a − b|, and how many
     * (time, series) pairs were compared to find it.
     *
     * @param series   the series' name in the comparison
     * @param time     the compared time (or key)
     * @param a        side a's value there
     * @param b        side b's value there (the reference in checks)
     * @param error    |a − b|; NaN when either value is NaN
     * @param compared how many (time, series) pairs were compared to find this one (1 for a single point)
     */
    public record Gap(String series, double time, double a, double b, double error, int compared) {
    }

    private final String title;
    private final Alignment alignment;

    private Comparison(String title, Alignment alignment) {
        this.title = title;
        this.alignment = alignment;
    }

    /**
     * Compares {@code a} (interpolated) with {@code b} (at its own times) over the series both sides name, in b's
     * order, over all of b's times; titled "&lt;a&gt; vs &lt;b&gt;".
     *
     * @param a the dense side (interpolated), not null
     * @param b the sampled side (fixes the compared times), not null
     * @return the comparison (possibly with no common series: the judging methods then refuse it)
     */
    public static Comparison of(Side a, Side b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        return new Comparison(a.label() + " vs " + b.label(), Alignment.common(a, b));
    }

    /**
     * The same comparison with another title (tables and figures carry it).
     *
     * @param newTitle the title, not null
     * @return a new comparison
     */
    public Comparison titled(String newTitle) {
        return new Comparison(Objects.requireNonNull(newTitle, "title"), alignment);
    }

    /**
     * Only the named series, in this order: series already compared keep their sides' names, others must be named
     * alike on both sides.
     *
     * @param names the series, at least one
     * @return a new comparison
     * @throws IllegalArgumentException if {@code names} is empty or a new name is missing on a side
     */
    public Comparison series(String... names) {
        if (Objects.requireNonNull(names, "names").length == 0) {
            throw new IllegalArgumentException("names is empty; allowed: at least one series");
        }
        List<Pair> chosen = new ArrayList<>();
        for (String n : names) {
            Pair known = alignment.series().stream().filter(p -> p.name().equals(n)).findFirst().orElse(null);
            if (known == null) {
                alignment.a().require(n);
                alignment.b().require(n);
                known = new Pair(n, n, n);
            }
            chosen.add(known);
        }
        return new Comparison(title, alignment.withSeries(chosen));
    }

    /**
     * Adds (or replaces) a series named differently on the two sides, e.g. ("busy", "busy", "q1"); it comes last.
     *
     * @param name    the series' name in the comparison's tables, figures and checks
     * @param nameInA its name on side a
     * @param nameInB its name on side b
     * @return a new comparison
     * @throws IllegalArgumentException if a side has no such series
     */
    public Comparison series(String name, String nameInA, String nameInB) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(nameInA, "nameInA");
        Objects.requireNonNull(nameInB, "nameInB");
        alignment.a().require(nameInA);
        alignment.b().require(nameInB);
        List<Pair> chosen = new ArrayList<>(alignment.series().stream().filter(p -> !p.name().equals(name)).toList());
        chosen.add(new Pair(name, nameInA, nameInB));
        return new Comparison(title, alignment.withSeries(chosen));
    }

    /**
     * Only these quantities, named alike on both sides ({@link #series(String...)}).
     *
     * @param metrics the quantities, at least one
     * @return a new comparison
     * @throws IllegalArgumentException if {@code metrics} is empty or a side lacks one
     */
    public Comparison series(Metric... metrics) {
        return series(Metric.names(Objects.requireNonNull(metrics, "metrics")));
    }

    /**
     * Adds (or replaces) a quantity that side b names differently, e.g. a reference table's column.
     *
     * @param metric  the quantity, named {@code metric.name()} on side a and in the comparison
     * @param nameInB its name on side b
     * @return a new comparison
     * @throws IllegalArgumentException if a side has no such series
     */
    public Comparison series(Metric metric, String nameInB) {
        Objects.requireNonNull(metric, "metric");
        return series(metric.name(), metric.name(), nameInB);
    }

    /**
     * Only b's sample times in [from, to] (ignored once {@link #at} names the times).
     *
     * @param newFrom the first time compared
     * @param newTo   the last time compared, ≥ {@code newFrom}
     * @return a new comparison
     * @throws IllegalArgumentException unless {@code newFrom} ≤ {@code newTo} (also for NaN)
     */
    public Comparison window(double newFrom, double newTo) {
        if (!(newFrom <= newTo)) {
            throw new IllegalArgumentException("window [" + newFrom + ", " + newTo + "]; allowed: from ≤ to");
        }
        return new Comparison(title, alignment.withWindow(newFrom, newTo));
    }

    /**
     * At the given times instead of b's sample times (both sides interpolated, never extrapolated).
     *
     * @param times the times (copied), at least one, each finite and inside both sides' sample ranges
     * @return a new comparison
     * @throws IllegalArgumentException if {@code times} is empty, or a time is not finite or lies outside a side's
     *                                  sample range (the message names the time and the range both sides cover)
     */
    public Comparison at(double... times) {
        Objects.requireNonNull(times, "times");
        if (times.length == 0) {
            throw new IllegalArgumentException("times is empty; allowed: at least one time");
        }
        return new Comparison(title, alignment.withTimes(times));
    }

    /**
     * The compared series.
     *
     * @return their names in the comparison, in order
     */
    public List<String> seriesNames() {
        return alignment.names();
    }

    /**
     * The compared times.
     *
     * @return the times given to {@link #at}, else b's sample times inside the window; a new array
     */
    public double[] times() {
        return alignment.times();
    }

    /**
     * Side a's value of a series at t: its sample at t, else linearly interpolated.
     *
     * @param name the series' name in the comparison
     * @param t    the time, inside a's sample range
     * @return the value
     * @throws IllegalArgumentException for an unknown series or a t outside a's sample range
     */
    public double valueA(String name, double t) {
        return alignment.valueA(alignment.pair(name), t);
    }

    /**
     * Side b's value of a series at t: its sample at t, else linearly interpolated.
     *
     * @param name the series' name in the comparison
     * @param t    the time, inside b's sample range
     * @return the value
     * @throws IllegalArgumentException for an unknown series or a t outside b's sample range
     */
    public double valueB(String name, double t) {
        Side b = alignment.b();
        return Interpolation.read(b.times(), b.require(alignment.pair(name).inB()), t);
    }

    /**
     * Side b's value at its sample nearest to t, with the half-width of its 95% band and its runs.
     *
     * @param name the series' name in the comparison
     * @param t    the time; any value (the nearest sample is used)
     * @return the estimate: half-width 0 when b has no band for the series, n at least 1
     * @throws IllegalArgumentException for an unknown series
     */
    public Estimate estimateB(String name, double t) {
        Pair p = alignment.pair(name);
        Side b = alignment.b();
        int k = Interpolation.nearest(b.times(), t);
        double mean = b.require(p.inB())[k];
        double half = b.hasBand(p.inB()) ? (b.upper().get(p.inB())[k] - b.lower().get(p.inB())[k]) / 2 : 0;
        return new Estimate(mean, half, Math.max(b.runs(), 1));
    }

    /**
     * The gap between the sides for one series at t (both read as by {@link #valueA} and {@link #valueB}).
     *
     * @param name the series' name in the comparison
     * @param t    the time, inside both sides' sample ranges
     * @return the point, {@code error} = |a(t) − b(t)|, {@code compared} 1
     * @throws IllegalArgumentException for an unknown series or a t outside a side's sample range
     */
    public Gap gapAt(String name, double t) {
        double va = valueA(name, t);
        double vb = valueB(name, t);
        return new Gap(name, t, va, vb, Math.abs(va - vb), 1);
    }

    /**
     * The largest |a − b| over every series and compared time (a NaN gap counts as the largest).
     *
     * @return the worst point, {@code compared} the number of (time, series) pairs compared
     * @throws IllegalArgumentException if no series is compared, a series has no value of b at a compared time, or
     *                                  a compared time lies outside a's range
     */
    public Gap supNorm() {
        return alignment.supNorm();
    }

    /**
     * The largest |a − b| of one series over the compared times (NaN on side a is the worst; times where b is empty
     * are skipped).
     *
     * @param name the series' name in the comparison
     * @return the worst point, {@code compared} the number of times compared
     * @throws IllegalArgumentException for an unknown series, if b has no value at any compared time, or if a
     *                                  compared time lies outside a's range
     */
    public Gap worst(String name) {
        return alignment.worst(name);
    }

    /**
     * The aligned table: the time (or key) column, then per series {@code <s> <a>}, {@code <s> <b>},
     * {@code <s> <b> ±} (when b has a band) and {@code |Δ| <s>}.
     *
     * @return a new table named by the comparison's title, one row per compared time
     * @throws IllegalArgumentException if no series is compared or a compared time lies outside a side's range
     */
    public Table table() {
        alignment.requireSeries();
        double[] times = alignment.times();
        Table out = Table.create(title, DoubleColumn.create(alignment.b().key(), times));
        for (Pair p : alignment.series()) {
            out.addColumns(aligned(p, times));
        }
        return out;
    }

    /** One series' columns of {@link #table()}: a, b, b's half-width (when banded), |a − b|. */
    private DoubleColumn[] aligned(Pair p, double[] times) {
        Side a = alignment.a();
        Side b = alignment.b();
        boolean banded = b.hasBand(p.inB());
        double[] x = new double[times.length];
        double[] y = new double[times.length];
        double[] half = new double[times.length];
        double[] gap = new double[times.length];
        for (int k = 0; k < times.length; k++) {
            x[k] = alignment.valueA(p, times[k]);
            y[k] = alignment.valueB(p, times[k]);
            half[k] = banded ? estimateB(p.name(), times[k]).halfWidth() : Double.NaN;
            gap[k] = Math.abs(x[k] - y[k]);
        }
        DoubleColumn ours = DoubleColumn.create(p.name() + " " + a.label(), x);
        DoubleColumn reference = DoubleColumn.create(p.name() + " " + b.label(), y);
        DoubleColumn difference = DoubleColumn.create("|Δ| " + p.name(), gap);
        return banded ? new DoubleColumn[] {ours, reference, DoubleColumn.create(p.name() + " " + b.label() + " ±", half),
                difference} : new DoubleColumn[] {ours, reference, difference};
    }

    /**
     * The aligned table at the given times: {@code at(times).table()}.
     *
     * @param times the times, at least one, each finite and inside both sides' sample ranges
     * @return a new table, one row per time
     * @throws IllegalArgumentException if {@code times} is empty or a time is refused as by {@link #at}, or as
     *                                  {@link #table()}
     */
    public Table tableAt(double... times) {
        return at(times).table();
    }

    /**
     * The figure: per series one colour, side a dashed, side b solid with its 95% band (the project's convention:
     * dashed = fluid, solid = simulation); a side with at most 30 samples is drawn with markers. Both sides are
     * drawn over all their samples (the window and {@link #at} times do not cut the figure).
     *
     * @param yLabel the y axis' title
     * @return the figure, x axis "t"
     * @throws IllegalArgumentException if no series is compared
     */
    public Figure figure(String yLabel) {
        alignment.requireSeries();
        return ComparisonFigure.draw(title, alignment, yLabel);
    }

    /**
     * Records one absolute check per series: the worst compared time, b as the reference, a as ours.
     *
     * @param checks    where to record, not null
     * @param figure    the figure the checks belong to
     * @param tolerance the largest |a − b| that passes, in the series' units, in [0, ∞)
     * @return this comparison, for showing its table next
     * @throws IllegalArgumentException if {@code tolerance} is negative or not finite, or as {@link #worst(String)}
     */
    public Comparison checkEachSeries(Checks checks, String figure, double tolerance) {
        GapChecks.eachSeries(alignment, checks, figure, tolerance);
        return this;
    }

    /**
     * Records one absolute check per compared time (or row): the worst series there, b as the reference.
     *
     * @param checks    where to record, not null
     * @param figure    the figure the checks belong to
     * @param label     names a time's row by its index among the compared times (e.g. the case of a table row)
     * @param tolerance the largest |a − b| that passes, in the series' units, in [0, ∞)
     * @return this comparison; a time where b is empty for every series records nothing
     * @throws IllegalArgumentException if {@code tolerance} is negative or not finite, no series is compared or a
     *                                  compared time lies outside a's range
     */
    public Comparison checkEachTime(Checks checks, String figure, IntFunction<String> label, double tolerance) {
        GapChecks.eachTime(alignment, checks, figure, label, tolerance);
        return this;
    }

    /**
     * Records one absolute check per series and compared time ("&lt;key&gt; = &lt;time&gt;: &lt;series&gt;"), b as the
     * reference; times where b is empty are skipped.
     *
     * @param checks    where to record, not null
     * @param figure    the figure the checks belong to
     * @param tolerance the largest |a − b| that passes, in the series' units, in [0, ∞)
     * @return this comparison
     * @throws IllegalArgumentException if {@code tolerance} is negative or not finite, no series is compared or a
     *                                  compared time lies outside a's range
     */
    public Comparison checkEachPoint(Checks checks, String figure, double tolerance) {
        double[] times = times();
        return checkEachPoint(checks, figure, k -> alignment.b().key() + " = " + times[k], tolerance);
    }

    /**
     * As {@link #checkEachPoint(Checks, String, double)}, the quantity named "&lt;label&gt;: &lt;series&gt;"
     *
     * @param checks    where to record, not null
     * @param figure    the figure the checks belong to
     * @param label     names a compared time by its index among the compared times (e.g. a law of a table row)
     * @param tolerance the largest |a − b| that passes, in the series' units, in [0, ∞)
     * @return this comparison
     * @throws IllegalArgumentException if {@code tolerance} is negative or not finite, no series is compared or a
     *                                  compared time lies outside a's range
     */
    public Comparison checkEachPoint(Checks checks, String figure, IntFunction<String> label, double tolerance) {
        GapChecks.eachPoint(alignment, checks, figure, label, tolerance);
        return this;
    }

    /**
     * Records one check: the sup-norm gap ({@link #supNorm()}) over every series and compared time is at most
     * {@code bound}.
     *
     * @param checks   where to record, not null
     * @param figure   the figure the check belongs to
     * @param quantity what is bounded; the series and time of the largest gap are appended
     * @param bound    the largest sup-norm gap that passes, in the series' units, in [0, ∞)
     * @return this comparison
     * @throws IllegalArgumentException if {@code bound} is negative or not finite, or as {@link #supNorm()}
     */
    public Comparison checkSupNorm(Checks checks, String figure, String quantity, double bound) {
        GapChecks.supNorm(alignment, checks, figure, quantity, bound);
        return this;
    }

    /**
     * a's value of {@code values} (sampled at {@code times}, non-decreasing) at t, by linear interpolation.
     *
     * @param times  the sample times, at least one, non-decreasing (a repeated time takes its first value)
     * @param values the values at {@code times}, at least as many
     * @param t      the time, within [times[0], times[n−1]] up to a relative slack of 1e−9
     * @return the interpolated value (the end value for t just outside by the slack)
     * @throws IllegalArgumentException if {@code times} is empty or not sorted, or t lies outside
     *                                  [times[0], times[n−1]] (no extrapolation)
     */
    public static double interpolate(double[] times, double[] values, double t) {
        return Interpolation.linear(times, values, t);
    }
}
