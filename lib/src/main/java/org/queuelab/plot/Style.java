package org.queuelab.plot;

import java.util.Objects;

/**
 * How one series is drawn: colour, dash pattern, line width and whether points carry markers.
 *
 * <p>The project's convention: simulation curves are {@link #solid solid}, fluid (mean-field) curves
 * {@link #dashed dashed}, reference levels {@link #dotted dotted}. Colours are CSS colours; {@link Palette}
 * gives a fixed sequence so that the same series has the same colour in every figure.
 *
 * @param color   CSS colour, e.g. {@code "#1f77b4"}
 * @param dash    dash pattern
 * @param width   line width in pixels, &gt; 0
 * @param markers whether each point is also drawn as a marker
 */
public record Style(String color, Dash dash, double width, boolean markers) {

    /** Dash patterns (plotly's names). */
    public enum Dash {
        /** An unbroken line (simulation curves). */
        SOLID,
        /** Dashes (fluid / mean-field curves). */
        DASH,
        /** Dots (reference levels). */
        DOT,
        /** Dashes and dots alternating. */
        DASH_DOT
    }

    /** Default line width in pixels. */
    public static final double DEFAULT_WIDTH = 2.0;

    /**
     * Validates the style.
     *
     * @param color   CSS colour ({@link Palette#requireColor}), not null
     * @param dash    dash pattern, not null
     * @param width   line width in pixels, 0 &lt; width &lt; ∞
     * @param markers whether each point is also drawn as a marker
     * @throws IllegalArgumentException if {@code color} is not a CSS colour or {@code width} is out of range
     */
    public Style {
        Objects.requireNonNull(color, "color");
        Objects.requireNonNull(dash, "dash");
        Palette.requireColor(color);
        if (!(width > 0 && Double.isFinite(width))) {
            throw new IllegalArgumentException("width = " + width + "; allowed: 0 < width < ∞");
        }
    }

    /**
     * A solid line of the default width, no markers: the convention for simulation curves.
     *
     * @param color a CSS colour, e.g. {@code Palette.color(0)}
     * @return the style
     * @throws IllegalArgumentException if {@code color} is not a CSS colour
     */
    public static Style solid(String color) {
        return new Style(color, Dash.SOLID, DEFAULT_WIDTH, false);
    }

    /**
     * A dashed line of the default width, no markers: the convention for fluid (mean-field) curves.
     *
     * @param color a CSS colour
     * @return the style
     * @throws IllegalArgumentException if {@code color} is not a CSS colour
     */
    public static Style dashed(String color) {
        return new Style(color, Dash.DASH, DEFAULT_WIDTH, false);
    }

    /**
     * A dotted line 1.5 pixels wide, no markers: the convention for reference levels.
     *
     * @param color a CSS colour
     * @return the style
     * @throws IllegalArgumentException if {@code color} is not a CSS colour
     */
    public static Style dotted(String color) {
        return new Style(color, Dash.DOT, 1.5, false);
    }

    /**
     * The same style with markers on each point.
     *
     * @return a new style, colour, dash and width unchanged
     */
    public Style withMarkers() {
        return new Style(color, dash, width, true);
    }

    /**
     * The same style with another line width.
     *
     * @param newWidth line width in pixels, 0 &lt; newWidth &lt; ∞
     * @return a new style, the rest unchanged
     * @throws IllegalArgumentException if {@code newWidth} is out of range
     */
    public Style withWidth(double newWidth) {
        return new Style(color, dash, newWidth, markers);
    }
}
