package org.queuelab.plot;

import java.util.Objects;

import tech.tablesaw.plotly.components.Figure;
import tech.tablesaw.plotly.components.Layout;

/**
 * What the charts of this package share: the figure's title, the axis titles and its size — by default the width
 * follows the page and the height is the chart's own (450 pixels for a {@link LineChart}, 480 for a
 * {@link HeatmapChart}). Setters return the chart, so calls chain; the builder is mutable and {@link #build()} may
 * be called more than once.
 *
 * @param <C> the chart's own type, returned by the setters
 */
public abstract sealed class Chart<C extends Chart<C>> permits LineChart, HeatmapChart {

    /** Smallest width or height, in pixels. */
    public static final int MIN_PIXELS = 100;
    /** Largest width or height, in pixels. */
    public static final int MAX_PIXELS = 4000;

    final String title;
    /** The axis titles; null until set (each chart says what an unset title shows). */
    String xLabel;
    String yLabel;
    private Integer width;
    private int height;

    Chart(String title, int height) {
        this.title = Objects.requireNonNull(title, "title");
        this.height = height;
    }

    /**
     * Sets the title of the x axis.
     *
     * @param label plain text (Unicode symbols such as λ, ≥, subscripts ₁ are fine), not null
     * @return this chart
     */
    public C xLabel(String label) {
        this.xLabel = Objects.requireNonNull(label, "label");
        return self();
    }

    /**
     * Sets the title of the y axis.
     *
     * @param label plain text, not null
     * @return this chart
     */
    public C yLabel(String label) {
        this.yLabel = Objects.requireNonNull(label, "label");
        return self();
    }

    /**
     * Sets the figure's height; the width keeps following the page (or the width set by {@link #size}).
     *
     * @param pixels height in pixels, {@value #MIN_PIXELS} ≤ pixels ≤ {@value #MAX_PIXELS}
     * @return this chart
     * @throws IllegalArgumentException if {@code pixels} is out of range
     */
    public C height(int pixels) {
        this.height = requirePixels("height", pixels);
        return self();
    }

    /**
     * Sets a fixed width and height.
     *
     * @param widthPixels  width in pixels, {@value #MIN_PIXELS} ≤ widthPixels ≤ {@value #MAX_PIXELS}
     * @param heightPixels height in pixels, {@value #MIN_PIXELS} ≤ heightPixels ≤ {@value #MAX_PIXELS}
     * @return this chart
     * @throws IllegalArgumentException if either is out of range
     */
    public C size(int widthPixels, int heightPixels) {
        this.width = requirePixels("width", widthPixels);
        this.height = requirePixels("height", heightPixels);
        return self();
    }

    /**
     * The finished figure.
     *
     * @return the figure, to display in a notebook or save
     * @throws IllegalStateException if the chart has nothing to draw
     */
    public abstract Figure build();

    /** A layout with the title and size set; the chart adds its axes. */
    final Layout.LayoutBuilder layout() {
        Layout.LayoutBuilder layout = Layout.builder().title(title).height(height);
        return width != null ? layout.width(width) : layout.autosize(true);
    }

    private static int requirePixels(String name, int pixels) {
        if (pixels < MIN_PIXELS || pixels > MAX_PIXELS) {
            throw new IllegalArgumentException(name + " = " + pixels + "; allowed: " + MIN_PIXELS + " ≤ " + name
                    + " ≤ " + MAX_PIXELS + " pixels");
        }
        return pixels;
    }

    @SuppressWarnings("unchecked")
    private C self() {
        return (C) this;
    }
}
