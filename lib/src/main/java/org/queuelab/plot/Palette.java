package org.queuelab.plot;

import java.util.List;

import org.queuelab.guard.Require;

/**
 * A fixed sequence of distinguishable colours (plotly's default qualitative palette), so that series {@code k} has
 * the same colour in every figure of a notebook.
 */
public final class Palette {

    private static final List<String> COLORS = List.of(
            "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
            "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf");

    private Palette() {
    }

    /** Colour number {@code k} (cycling after 10). */
    public static String color(int k) {
        Require.atLeast("k", k, 0);
        return COLORS.get(k % COLORS.size());
    }

    /**
     * The colour {@code #rrggbb} with opacity {@code alpha} as a CSS {@code rgba(...)} string, for confidence bands.
     * Colours in other notations are returned unchanged.
     */
    public static String translucent(String color, double alpha) {
        if (!(alpha >= 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha = " + alpha + "; allowed: 0 ≤ alpha ≤ 1");
        }
        if (color.length() == 7 && color.charAt(0) == '#') {
            int rgb = Integer.parseInt(color.substring(1), 16);
            return "rgba(" + (rgb >> 16 & 0xff) + "," + (rgb >> 8 & 0xff) + "," + (rgb & 0xff) + "," + alpha + ")";
        }
        return color;
    }
}
