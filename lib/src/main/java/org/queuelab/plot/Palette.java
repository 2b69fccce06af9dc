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

    /**
     * Colour number {@code k} of the palette (cycling after 10).
     *
     * @param k the series' index, ≥ 0
     * @return a CSS colour {@code #rrggbb}; {@code color(0)} is {@code #1f77b4}
     * @throws IllegalArgumentException if {@code k} &lt; 0
     */
    public static String color(int k) {
        Require.atLeast("k", k, 0);
        return COLORS.get(k % COLORS.size());
    }

    private static final java.util.Set<String> CSS_NAMES = java.util.Set.of(("aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent").split(" "));
    private static final java.util.regex.Pattern CSS_COLOR = java.util.regex.Pattern.compile(
            "#(\\p{XDigit}{3}|\\p{XDigit}{4}|\\p{XDigit}{6}|\\p{XDigit}{8})|(rgba?|hsla?)\\([0-9.,%\\s/+-]+\\)");

    /**
     * Requires a CSS colour: {@code #rgb}, {@code #rrggbb} (with optional alpha), {@code rgb(…)}, {@code rgba(…)},
     * {@code hsl(…)}, {@code hsla(…)} or one of the CSS colour names (any case); returns it.
     *
     * @param color the colour to check, not null
     * @return {@code color} unchanged
     * @throws IllegalArgumentException if it is not a CSS colour of those forms
     */
    public static String requireColor(String color) {
        java.util.Objects.requireNonNull(color, "color");
        if (!CSS_NAMES.contains(color.toLowerCase(java.util.Locale.ROOT)) && !CSS_COLOR.matcher(color).matches()) {
            throw new IllegalArgumentException("color = '" + color + "'; allowed: a CSS colour such as #1f77b4, "
                    + "rgb(31,119,180) or steelblue");
        }
        return color;
    }

    /**
     * The colour with opacity {@code alpha} as a CSS {@code rgba(...)} string, for confidence bands: from
     * {@code #rgb}, {@code #rrggbb} or {@code rgb(r, g, b)}. A colour that carries its own opacity
     * ({@code rgba(…)}, {@code hsla(…)}, {@code #rgba}, {@code #rrggbbaa}) is returned unchanged.
     *
     * @param color a CSS colour ({@link #requireColor}) of one of those forms; not a colour name or {@code hsl(…)},
     *              which would come back opaque
     * @param alpha opacity, 0 (transparent) ≤ alpha ≤ 1 (opaque)
     * @return {@code rgba(r,g,b,alpha)}, or {@code color} when it carries its own opacity
     * @throws IllegalArgumentException if {@code alpha} is outside [0, 1] or NaN, or {@code color} is not a CSS colour
     *                                  or is a name or {@code hsl(…)}
     */
    public static String translucent(String color, double alpha) {
        if (!(alpha >= 0 && alpha <= 1)) {
            throw new IllegalArgumentException("alpha = " + alpha + "; allowed: 0 ≤ alpha ≤ 1");
        }
        requireColor(color);
        String c = color.strip();
        if (c.startsWith("#") && (c.length() == 4 || c.length() == 7)) {
            String hex = c.length() == 7 ? c.substring(1) : c.replaceAll("#(.)(.)(.)", "$1$1$2$2$3$3");
            int rgb = Integer.parseInt(hex, 16);
            return "rgba(" + (rgb >> 16 & 0xff) + "," + (rgb >> 8 & 0xff) + "," + (rgb & 0xff) + "," + alpha + ")";
        }
        if (c.startsWith("rgb(") && c.split(",").length == 3) {
            return "rgba(" + c.substring(4, c.length() - 1) + "," + alpha + ")";
        }
        if (c.startsWith("#") || c.startsWith("rgba(") || c.startsWith("hsla(")) {
            return color;   // its own opacity
        }
        throw new IllegalArgumentException("color = '" + color + "'; allowed for a translucent fill: #rgb, #rrggbb or "
                + "rgb(r, g, b), e.g. Palette.color(k) (a colour name or hsl(…) would stay opaque)");
    }
}
