package org.queuelab.plot;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import tech.tablesaw.api.NumericColumn;
import tech.tablesaw.plotly.components.Axis;
import tech.tablesaw.plotly.components.Figure;
import tech.tablesaw.plotly.components.Layout;
import tech.tablesaw.plotly.components.Line;
import tech.tablesaw.plotly.components.Marker;
import tech.tablesaw.plotly.components.TickSettings;
import tech.tablesaw.plotly.traces.ScatterTrace;
import tech.tablesaw.plotly.traces.Trace;

/**
 * A line chart for the works' figures: named series with a {@link Style}, confidence bands, horizontal reference
 * levels, linear or logarithmic axes; built into a Tablesaw/plotly {@link Figure} (drawn by the notebook display).
 *
 * <pre>{@code
 * // given: i, y2, lo, hi (double arrays)
 * Figure fig = LineChart.titled("Fraction of servers with ≥ i jobs, λ = 0.9")
 *         .xLabel("i").yLabel("y_i").logY()
 *         .line("d = 2 (fluid)", i, y2, Style.dashed(Palette.color(1)))
 *         .band("d = 2 (simulation, 95% CI)", i, lo, hi, Palette.color(1))
 *         .hline(0.9, "λ", Style.dotted("#444444"))
 *         .build();
 * }</pre>
 *
 * <p>Bands are drawn first, then lines, then reference levels, so that lines stay visible over bands. Non-finite
 * values leave gaps; on a logarithmic axis, values ≤ 0 are not drawn (plotly's behaviour). The builder is mutable;
 * {@link #build()} may be called more than once.
 */
public final class LineChart extends Chart<LineChart> {

    private record Series(String name, double[] x, double[] y, Style style) {
    }

    private record Band(String name, double[] x, double[] lower, double[] upper, String color) {
    }

    private record Level(double y, String label, Style style) {
    }

    /** Opacity of a confidence band's fill. */
    public static final double BAND_OPACITY = 0.2;

    private boolean logX;
    private boolean logY;
    private double[] xRange;
    private double[] yRange;
    private boolean showLegend = true;
    private boolean bandsInLegend = true;
    private final List<Series> series = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();
    private final List<Level> levels = new ArrayList<>();

    private LineChart(String title) {
        super(title, 450);
    }

    /**
     * Starts a chart: linear axes without titles, legend shown, bands in the legend, page width × 450 pixels.
     *
     * @param title the figure's title, not null
     * @return a new builder with no series
     */
    public static LineChart titled(String title) {
        return new LineChart(title);
    }

    /**
     * Makes the x axis logarithmic (values ≤ 0 are then not drawn). Call it before {@link #xRange}.
     *
     * @return this builder
     */
    public LineChart logX() {
        this.logX = true;
        return this;
    }

    /**
     * Makes the y axis logarithmic (values ≤ 0 are then not drawn). Call it before {@link #yRange} and
     * {@link #hline}.
     *
     * @return this builder
     */
    public LineChart logY() {
        this.logY = true;
        return this;
    }

    /**
     * Sets the shown x range, in data units (also on a log axis); otherwise plotly fits the data.
     *
     * @param from left end, finite, &gt; 0 on a log axis
     * @param to   right end, finite, &gt; {@code from}
     * @return this builder
     * @throws IllegalArgumentException if the range is not finite, empty or reversed, or not positive on a log axis
     */
    public LineChart xRange(double from, double to) {
        this.xRange = range("x", from, to);
        return this;
    }

    /**
     * Sets the shown y range, in data units (also on a log axis); otherwise plotly fits the data.
     *
     * @param from lower end, finite, &gt; 0 on a log axis
     * @param to   upper end, finite, &gt; {@code from}
     * @return this builder
     * @throws IllegalArgumentException if the range is not finite, empty or reversed, or not positive on a log axis
     */
    public LineChart yRange(double from, double to) {
        this.yRange = range("y", from, to);
        return this;
    }

    /**
     * Whether the bands get legend entries of their own (default: yes). Without them a chart with a band per curve
     * keeps half the legend entries; say in the title or an axis label what the shading is (e.g. "bands: 95% CI").
     *
     * @param show whether bands appear in the legend
     * @return this builder
     */
    public LineChart bandsInLegend(boolean show) {
        this.bandsInLegend = show;
        return this;
    }

    /**
     * Sets whether the legend is shown (default: shown); without it no series, band or level has an entry.
     *
     * @param show whether to show the legend
     * @return this builder
     */
    public LineChart legend(boolean show) {
        this.showLegend = show;
        return this;
    }

    /**
     * Adds a named series y(x), drawn in the order given (the arrays are copied; non-finite values leave gaps).
     *
     * @param name  the legend entry, not null
     * @param x     the abscissae, at least one value
     * @param y     the ordinates, as many as {@code x}
     * @param style how the line is drawn, not null
     * @return this builder
     * @throws IllegalArgumentException if {@code x} is empty or the lengths differ
     */
    public LineChart line(String name, double[] x, double[] y, Style style) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(style, "style");
        sameLength(name, x, y, "y");
        series.add(new Series(name, x.clone(), y.clone(), style));
        return this;
    }

    /**
     * Adds a named series from two numeric columns (e.g. of a result table); as
     * {@link #line(String, double[], double[], Style)}.
     *
     * @param name  the legend entry, not null
     * @param x     the abscissae column, not null, at least one row
     * @param y     the ordinates column, as many rows as {@code x}
     * @param style how the line is drawn, not null
     * @return this builder
     * @throws IllegalArgumentException if the columns are empty or differ in length
     */
    public LineChart line(String name, NumericColumn<?> x, NumericColumn<?> y, Style style) {
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(y, "y");
        return line(name, x.asDoubleArray(), y.asDoubleArray(), style);
    }

    /**
     * Adds a filled band between {@code lower(x)} and {@code upper(x)}, e.g. a confidence interval, filled in
     * {@code color} at opacity {@link #BAND_OPACITY} (arrays are copied).
     *
     * @param name  the legend entry, not null
     * @param x     the abscissae, at least one value
     * @param lower the lower edge, as many values as {@code x}
     * @param upper the upper edge, as many values as {@code x}, {@code lower[k] ≤ upper[k]}
     * @param color {@code #rrggbb}, {@code #rgb} or {@code rgb(r, g, b)} ({@link Palette#translucent}), usually that
     *              of the matching line
     * @return this builder
     * @throws IllegalArgumentException if {@code x} is empty, lengths differ, some lower &gt; upper or the colour
     *                                  cannot be made translucent
     */
    public LineChart band(String name, double[] x, double[] lower, double[] upper, String color) {
        Objects.requireNonNull(name, "name");
        sameLength(name, x, lower, "lower");
        sameLength(name, x, upper, "upper");
        for (int k = 0; k < x.length; k++) {
            if (lower[k] > upper[k]) {
                throw new IllegalArgumentException("band '" + name + "': lower[" + k + "] = " + lower[k]
                        + " > upper[" + k + "] = " + upper[k] + "; allowed: lower ≤ upper");
            }
        }
        Palette.translucent(color, BAND_OPACITY); // validates the colour now rather than in build()
        bands.add(new Band(name, x.clone(), lower.clone(), upper.clone(), color));
        return this;
    }

    /**
     * Adds a horizontal reference level across the x range of the series and bands.
     *
     * @param y     the level, finite, &gt; 0 on a log y axis (call {@link #logY()} first)
     * @param label the legend entry, not null
     * @param style how the level is drawn, usually {@link Style#dotted}, not null
     * @return this builder
     * @throws IllegalArgumentException if {@code y} is not finite, or ≤ 0 on a log y axis
     */
    public LineChart hline(double y, String label, Style style) {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(style, "style");
        if (!Double.isFinite(y) || (logY && y <= 0)) {
            throw new IllegalArgumentException("hline y = " + y + "; allowed: finite" + (logY ? " and > 0 on a log axis" : ""));
        }
        levels.add(new Level(y, label, style));
        return this;
    }

    /**
     * The plotly figure: bands first, then lines, then reference levels. May be called more than once.
     *
     * @return the figure, to display in a notebook or save
     * @throws IllegalStateException if there is no line and no band, or reference levels but no finite x value to
     *                               span
     */
    @Override
    public Figure build() {
        if (series.isEmpty() && bands.isEmpty()) {
            throw new IllegalStateException("chart '" + title + "' has no series; add one with line(...) or band(...)");
        }
        List<Trace> traces = new ArrayList<>();
        for (Band b : bands) {
            String fill = Palette.translucent(b.color(), BAND_OPACITY);
            Line edge = Line.builder().color(fill).width(0).build();
            traces.add(ScatterTrace.builder(b.x(), b.lower()).mode(ScatterTrace.Mode.LINE).line(edge)
                    .name(b.name() + " (lower)").legendGroup(b.name()).showLegend(false).build());
            traces.add(ScatterTrace.builder(b.x(), b.upper()).mode(ScatterTrace.Mode.LINE).line(edge)
                    .fill(ScatterTrace.Fill.TO_NEXT_Y).fillColor(fill)
                    .name(b.name()).legendGroup(b.name()).showLegend(showLegend && bandsInLegend).build());
        }
        for (Series s : series) {
            Style st = s.style();
            ScatterTrace.ScatterBuilder tb = ScatterTrace.builder(s.x(), s.y())
                    .mode(st.markers() ? ScatterTrace.Mode.LINE_AND_MARKERS : ScatterTrace.Mode.LINE)
                    .line(line(st))
                    .name(s.name()).showLegend(showLegend);
            if (st.markers()) {
                tb.marker(Marker.builder().color(st.color()).size(6).build());
            }
            traces.add(tb.build());
        }
        if (!levels.isEmpty()) {
            double[] span = xSpan();
            for (Level l : levels) {
                traces.add(ScatterTrace.builder(span, new double[] {l.y(), l.y()})
                        .mode(ScatterTrace.Mode.LINE).line(line(l.style()))
                        .name(l.label()).showLegend(showLegend).build());
            }
        }
        Layout layout = layout().showLegend(showLegend)
                .xAxis(axis(xLabel, logX, xRange, extent(true))).yAxis(axis(yLabel, logY, yRange, extent(false)))
                .build();
        return new Figure(layout, traces.toArray(Trace[]::new));
    }

    private static Line line(Style st) {
        return Line.builder().color(st.color()).width(st.width()).dash(switch (st.dash()) {
            case SOLID -> Line.Dash.SOLID;
            case DASH -> Line.Dash.DASH;
            case DOT -> Line.Dash.DOT;
            case DASH_DOT -> Line.Dash.DASH_DOT;
        }).build();
    }

    /** {@code range}: the set range or null; {@code dataExtent}: the data's positive extent or null. */
    private static Axis axis(String label, boolean log, double[] range, double[] dataExtent) {
        Axis.AxisBuilder a = Axis.builder().title(label == null ? "" : label).type(log ? Axis.Type.LOG : Axis.Type.LINEAR);
        if (log) {
            // 10⁻⁶ rather than plotly's default SI prefixes (1µ), which read badly for probabilities
            TickSettings.TickSettingsBuilder ticks = TickSettings.builder()
                    .exponentFormat(TickSettings.ExponentFormat.POWER);
            double[] shown = range != null ? range : dataExtent;
            double[] values = shown == null ? new double[0] : logTickValues(shown[0], shown[1]);
            if (values.length > 0) {
                String[] text = java.util.Arrays.stream(values).mapToObj(LineChart::tickText).toArray(String[]::new);
                ticks.tickMode(TickSettings.TickMode.ARRAY).arrayTicks(values, text);
            }
            a.tickSettings(ticks.build());
        }
        if (range != null) {
            // plotly takes a log axis' range in log10 units
            a.range(log ? Math.log10(range[0]) : range[0], log ? Math.log10(range[1]) : range[1]);
        }
        return a.build();
    }

    /**
     * Tick values for a log axis over [lo, hi] spanning fewer than two decades, where plotly labels at most one
     * tick: 1, 2 and 5 × 10^k (every digit × 10^k below one decade). Empty for wider spans (plotly labels each
     * decade) or an empty extent.
     */
    static double[] logTickValues(double lo, double hi) {
        if (!(lo > 0 && hi > lo && Double.isFinite(hi)) || Math.log10(hi / lo) >= 2) {
            return new double[0];
        }
        int[] digits = Math.log10(hi / lo) < 1 ? new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9} : new int[] {1, 2, 5};
        List<Double> out = new ArrayList<>();
        for (int k = (int) Math.floor(Math.log10(lo)); k <= (int) Math.ceil(Math.log10(hi)); k++) {
            for (int d : digits) {
                double v = Double.parseDouble(d + "e" + k);
                if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) {
                    out.add(v);
                }
            }
        }
        return out.size() < 2 ? new double[0] : out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** A tick label without floating-point noise: 0.002, 50, 2×10⁻⁵. */
    static String tickText(double v) {
        int k = (int) Math.floor(Math.log10(v) + 1e-9);
        if (k >= -3 && k <= 5) {
            return new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
        }
        long mantissa = Math.round(v / Math.pow(10, k));
        StringBuilder exponent = new StringBuilder();
        for (char c : Integer.toString(k).toCharArray()) {
            exponent.append(c == '-' ? '⁻' : "⁰¹²³⁴⁵⁶⁷⁸⁹".charAt(c - '0'));
        }
        return (mantissa == 1 ? "" : mantissa + "×") + "10" + exponent;
    }

    /** The positive finite extent of the x (or y) values of every series and band; null if there is none. */
    private double[] extent(boolean xValues) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        List<double[]> arrays = new ArrayList<>();
        for (Series s : series) {
            arrays.add(xValues ? s.x() : s.y());
        }
        for (Band b : bands) {
            arrays.add(xValues ? b.x() : b.lower());
            if (!xValues) {
                arrays.add(b.upper());
            }
        }
        for (double[] values : arrays) {
            for (double v : values) {
                if (v > 0 && Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        return lo < hi ? new double[] {lo, hi} : null;
    }

    private double[] xSpan() {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (double v : s.x()) {
                if (Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        for (Band b : bands) {
            for (double v : b.x()) {
                if (Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        if (lo > hi) {
            throw new IllegalStateException("chart '" + title + "': reference levels need a finite x value to span");
        }
        return new double[] {lo, hi};
    }

    private double[] range(String axis, double from, double to) {
        boolean log = axis.equals("x") ? logX : logY;
        if (!(Double.isFinite(from) && Double.isFinite(to) && from < to) || (log && from <= 0)) {
            throw new IllegalArgumentException(axis + " range = [" + from + ", " + to + "]; allowed: finite, from < to"
                    + (log ? ", from > 0 on a log axis (call logX/logY before the range)" : ""));
        }
        return new double[] {from, to};
    }

    private static void sameLength(String name, double[] x, double[] other, String otherName) {
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(other, otherName);
        if (x.length == 0) {
            throw new IllegalArgumentException("series '" + name + "' is empty; allowed: at least one point");
        }
        if (other.length != x.length) {
            throw new IllegalArgumentException("series '" + name + "': x has " + x.length + " values, " + otherName
                    + " has " + other.length + "; allowed: the same length");
        }
    }
}
