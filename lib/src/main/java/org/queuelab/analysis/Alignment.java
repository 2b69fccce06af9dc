package org.queuelab.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.queuelab.analysis.Comparison.Gap;
import org.queuelab.analysis.Comparison.Side;

/**
 * What a {@link Comparison} sets side by side, and the gaps between them (docs/comparison.md): the two sides, the
 * series paired across them, the compared times — b's own samples inside [from, to], or the times {@code at} names —
 * and how each side is read there: a interpolated, b at its own cell (an empty reference cell stays NaN and is
 * skipped) or interpolated too at named times.
 *
 * @param a      the dense side, read by interpolation
 * @param b      the sampled side, which fixes the compared times
 * @param series the compared series, in order
 * @param from   the first of b's times compared
 * @param to     the last of b's times compared
 * @param at     the compared times when named, else null (b's own times in [from, to])
 */
record Alignment(Side a, Side b, List<Pair> series, double from, double to, double[] at) {

    /**
     * A series as named in the comparison, and in each side.
     *
     * @param name the name in the comparison's tables, figures and checks
     * @param inA  its name on side a
     * @param inB  its name on side b
     */
    record Pair(String name, String inA, String inB) {
    }

    /** The series both sides name, in b's order, over all of b's times. */
    static Alignment common(Side a, Side b) {
        List<Pair> common = new ArrayList<>();
        for (String s : b.values().keySet()) {
            if (a.values().containsKey(s)) {
                common.add(new Pair(s, s, s));
            }
        }
        return new Alignment(a, b, List.copyOf(common), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, null);
    }

    Alignment withSeries(List<Pair> chosen) {
        return new Alignment(a, b, List.copyOf(chosen), from, to, at);
    }

    Alignment withWindow(double newFrom, double newTo) {
        return new Alignment(a, b, series, newFrom, newTo, at);
    }

    /** The alignment at named times, each finite and inside both sides' sample ranges (never extrapolated). */
    Alignment withTimes(double[] times) {
        double[] named = times.clone();
        double[] rangeA = range(a);
        double[] rangeB = range(b);
        double lo = Math.max(rangeA[0], rangeB[0]);
        double hi = Math.min(rangeA[1], rangeB[1]);
        for (int k = 0; k < named.length; k++) {
            double t = named[k];
            if (!(Interpolation.covers(rangeA[0], rangeA[1], t) && Interpolation.covers(rangeB[0], rangeB[1], t))) {
                throw new IllegalArgumentException("times[" + k + "] = " + t + "; allowed: a finite time in [" + lo
                        + ", " + hi + "] (a = '" + a.label() + "' covers [" + rangeA[0] + ", " + rangeA[1]
                        + "], b = '" + b.label() + "' covers [" + rangeB[0] + ", " + rangeB[1] + "])");
            }
        }
        return new Alignment(a, b, series, from, to, named);
    }

    /** A side's smallest and largest sample time (NaN, NaN when it has none: then no time is covered). */
    private static double[] range(Side side) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double t : side.times()) {
            lo = Math.min(lo, t);
            hi = Math.max(hi, t);
        }
        return side.times().length == 0 ? new double[] {Double.NaN, Double.NaN} : new double[] {lo, hi};
    }

    List<String> names() {
        return series.stream().map(Pair::name).toList();
    }

    /** The compared times: those named, else b's sample times inside the window; a new array. */
    double[] times() {
        return at != null ? at.clone() : Arrays.stream(b.times()).filter(t -> t >= from && t <= to).toArray();
    }

    Pair pair(String name) {
        for (Pair p : series) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("series = " + name + "; allowed: one of " + names());
    }

    /** Side a's value of a series at t: its sample at t, else interpolated (never extrapolated). */
    double valueA(Pair p, double t) {
        return Interpolation.read(a.times(), a.require(p.inA()), t);
    }

    /** Side b's value at a compared time: its own cell (NaN when empty), or interpolated at named times. */
    double valueB(Pair p, double t) {
        double[] values = b.require(p.inB());
        return at == null ? Interpolation.onGrid(b.times(), values, t) : Interpolation.read(b.times(), values, t);
    }

    /** The gap of one series at a compared time, or null where b is empty (nothing to compare). */
    Gap gap(Pair p, double t) {
        double y = valueB(p, t);
        if (Double.isNaN(y)) {
            return null;
        }
        double x = valueA(p, t);
        return new Gap(p.name(), t, x, y, Math.abs(x - y), 1);
    }

    /** As {@link Comparison#worst}: the largest gap of one series over the compared times. */
    Gap worst(String name) {
        Pair p = pair(name);
        Gap worst = null;
        int compared = 0;
        for (double t : times()) {
            Gap g = gap(p, t);
            if (g != null) {
                compared++;
                worst = worse(g, worst) ? g : worst;
            }
        }
        if (worst == null) {
            throw new IllegalArgumentException("series " + name + ": no value of '" + b.label()
                    + "' at a compared time" + windowText());
        }
        return counted(worst, compared);
    }

    /** As {@link Comparison#supNorm}: the largest gap over every series and compared time. */
    Gap supNorm() {
        requireSeries();
        Gap worst = null;
        int compared = 0;
        for (Pair p : series) {
            Gap g = worst(p.name());
            compared += g.compared();
            worst = worse(g, worst) ? g : worst;
        }
        return counted(worst, compared);
    }

    /** The worst series at compared time t, or null where b is empty for every series. */
    Gap worstAt(double t) {
        Gap worst = null;
        for (Pair p : series) {
            Gap g = gap(p, t);
            if (g != null && worse(g, worst)) {
                worst = g;
            }
        }
        return worst;
    }

    /** Refuses to judge nothing: a comparison with no series would pass vacuously. */
    void requireSeries() {
        if (series.isEmpty()) {
            throw new IllegalArgumentException("series: none common to a = '" + a.label() + "' " + a.values().keySet()
                    + " and b = '" + b.label() + "' " + b.values().keySet() + "; allowed: at least one series named "
                    + "alike on both sides, or paired with series(name, nameInA, nameInB)");
        }
    }

    /** Whether {@code g} replaces {@code worst}: larger, or NaN (a NaN is never hidden by a later number). */
    private static boolean worse(Gap g, Gap worst) {
        return worst == null || Double.isNaN(g.error()) || (!Double.isNaN(worst.error()) && g.error() > worst.error());
    }

    private static Gap counted(Gap g, int compared) {
        return new Gap(g.series(), g.time(), g.a(), g.b(), g.error(), compared);
    }

    private String windowText() {
        return from == Double.NEGATIVE_INFINITY && to == Double.POSITIVE_INFINITY ? ""
                : " in [" + from + ", " + to + "]";
    }
}
