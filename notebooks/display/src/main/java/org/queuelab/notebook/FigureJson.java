package org.queuelab.notebook;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import tech.tablesaw.plotly.components.Figure;

/**
 * A Plotly {@link Figure} as Plotly's JSON figure ({@code {"data": [...], "layout": {...}}}), the content of the
 * {@code application/vnd.plotly.v1+json} output that JupyterLab's plotly extension draws — with no script, so it
 * draws in any notebook, trusted or not, after any re-run, reload or restart.
 *
 * <p>Tablesaw 0.44.4 writes figures only as JavaScript object literals; they are read leniently (unquoted names,
 * single quotes, trailing commas) and normalised for current plotly.js: string titles become {@code {text: ...}}
 * (plotly.js ≥ 3 ignores string titles), numbers written as strings become numbers ("NaN" a gap), and axis ranges
 * and {@code autorange: 'false'} get their real types.
 */
public final class FigureJson {

    /** The MIME type of Plotly's JSON figure. */
    public static final String MIME = "application/vnd.plotly.v1+json";

    private static final ObjectMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES, JsonReadFeature.ALLOW_SINGLE_QUOTES,
                    JsonReadFeature.ALLOW_TRAILING_COMMA, JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS,
                    JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TRACE = Pattern.compile("var\\s+(trace\\d+)\\s*=");
    private static final Pattern DATA = Pattern.compile("var\\s+data\\s*=\\s*\\[([^\\]]*)\\]");
    private static final String DIV = "queuelab_json";

    private FigureJson() {
    }

    /** The figure as Plotly JSON: {@code data} (traces) and {@code layout}. */
    public static ObjectNode of(Figure figure) {
        Objects.requireNonNull(figure, "figure");
        String js = figure.asJavascript(DIV);
        ObjectNode fig = JsonNodeFactory.instance.objectNode();
        ObjectNode layout = (ObjectNode) literalAfter(js, "var layout =");
        ArrayNode data = fig.putArray("data");
        Matcher names = DATA.matcher(js);
        if (!names.find()) {
            throw new IllegalStateException("unexpected figure script from Tablesaw (no data array): " + js);
        }
        for (String name : names.group(1).split(",")) {
            Matcher t = TRACE.matcher(js);
            boolean found = false;
            while (t.find()) {
                if (t.group(1).equals(name.trim())) {
                    data.add(normalise(literalAt(js, t.end())));
                    found = true;
                    break;
                }
            }
            if (!found) {
                throw new IllegalStateException("trace " + name.trim() + " missing from Tablesaw's script: " + js);
            }
        }
        fig.set("layout", normalise(layout));
        return fig;
    }

    /** The widest a row of figures is drawn: a notebook column or a report page, without horizontal scrolling. */
    public static final double MAX_ROW_WIDTH = 1000;

    /**
     * Figures side by side as one Plotly figure: each gets its own axes and title and a share of the width in
     * proportion to its own (the row at most {@link #MAX_ROW_WIDTH} wide, so it does not scroll). One legend below
     * the panels, horizontal, with one entry per trace name (a series drawn in several panels is listed once, and
     * toggling it toggles it in every panel), so the legend neither takes width from the plots nor scrolls.
     */
    public static ObjectNode row(List<Figure> figures) {
        if (figures.isEmpty()) {
            throw new IllegalArgumentException("figures is empty; allowed: at least one figure");
        }
        List<ObjectNode> parts = figures.stream().map(FigureJson::of).toList();
        double[] widths = new double[parts.size()];
        double total = 0;
        for (int k = 0; k < parts.size(); k++) {
            widths[k] = parts.get(k).path("layout").path("width").asDouble(600);
            total += widths[k];
        }
        ObjectNode row = JsonNodeFactory.instance.objectNode();
        ArrayNode data = row.putArray("data");
        ObjectNode layout = row.putObject("layout");
        ArrayNode annotations = layout.putArray("annotations");
        double height = 0;
        double left = 0;
        java.util.Set<String> named = new java.util.HashSet<>();
        int entries = 0;
        int longest = 0;
        for (int k = 0; k < parts.size(); k++) {
            ObjectNode part = parts.get(k);
            ObjectNode pl = (ObjectNode) part.get("layout");
            String suffix = k == 0 ? "" : Integer.toString(k + 1);
            for (JsonNode trace : part.get("data")) {
                ObjectNode t = (ObjectNode) trace;
                t.put("xaxis", "x" + suffix).put("yaxis", "y" + suffix);
                String name = t.path("name").asText("");
                boolean listed = t.path("showlegend").asBoolean(true) && !name.isEmpty();
                if (listed && !t.has("legendgroup")) {
                    t.put("legendgroup", name);
                }
                if (listed && !named.add(name)) {
                    t.put("showlegend", false);   // already listed from an earlier panel
                } else if (listed) {
                    entries++;
                    longest = Math.max(longest, name.length());
                }
                data.add(t);
            }
            double from = left / total;
            double to = (left + widths[k]) / total;
            left += widths[k];
            ObjectNode x = pl.has("xaxis") ? ((ObjectNode) pl.get("xaxis")).deepCopy()
                    : JsonNodeFactory.instance.objectNode();
            ObjectNode y = pl.has("yaxis") ? ((ObjectNode) pl.get("yaxis")).deepCopy()
                    : JsonNodeFactory.instance.objectNode();
            x.putArray("domain").add(from + (k == 0 ? 0 : 0.06)).add(to - 0.02);
            x.put("anchor", "y" + suffix);
            y.put("anchor", "x" + suffix);
            layout.set("xaxis" + suffix, x);
            layout.set("yaxis" + suffix, y);
            String title = pl.path("title").path("text").asText("");
            if (!title.isEmpty()) {
                annotations.addObject().put("text", title).put("showarrow", false).put("xref", "paper")
                        .put("yref", "paper").put("x", (from + to) / 2).put("y", 1.08).put("xanchor", "center")
                        .put("yanchor", "bottom");
            }
            height = Math.max(height, pl.path("height").asDouble(450));
        }
        double width = Math.min(total, MAX_ROW_WIDTH);
        // a horizontal legend below the axes' titles: about 7 px per character plus the sample line per entry
        int perLine = Math.max(1, (int) ((width - 40) / (7.0 * longest + 50)));
        int lines = entries == 0 ? 0 : (entries + perLine - 1) / perLine;
        layout.put("width", width).put("height", height + 22 * lines).put("showlegend", entries > 0);
        // the plot area is the height less the margins (top 90, bottom 70 + the legend's lines); the legend's top sits
        // 60 px below the axes, under the axis titles (y in fractions of the plot area, negative below it)
        double plotHeight = Math.max(100, height - 160);
        layout.putObject("legend").put("orientation", "h").put("x", 0).put("xanchor", "left")
                .put("y", -60 / plotHeight).put("yanchor", "top");
        layout.putObject("margin").put("b", 70 + 22 * lines).put("t", 90);
        return row;
    }

    /** The figure as a Java map (nested maps, lists, numbers, strings), for the kernel's JSON writer. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> asMap(ObjectNode figure) {
        return JSON.convertValue(figure, Map.class);
    }

    /** Compact JSON text, safe inside an HTML {@code <script>} element. */
    public static String scriptSafeJson(JsonNode node) {
        try {
            return JSON.writeValueAsString(node).replace("</", "<\\/").replace("<!--", "<\\!--");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode literalAfter(String js, String marker) {
        int at = js.indexOf(marker);
        if (at < 0) {
            throw new IllegalStateException("unexpected figure script from Tablesaw (no '" + marker + "'): " + js);
        }
        return literalAt(js, at + marker.length());
    }

    private static JsonNode literalAt(String js, int from) {
        try (var parser = LENIENT.createParser(js.substring(from))) {
            return LENIENT.readTree(parser);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read Tablesaw's figure literal: " + e.getMessage(), e);
        }
    }

    /** Types repaired in place, recursively. */
    static JsonNode normalise(JsonNode node) {
        if (node instanceof ObjectNode o) {
            Iterator<Map.Entry<String, JsonNode>> it = o.fields();
            List<Map.Entry<String, JsonNode>> entries = new ArrayList<>();
            it.forEachRemaining(entries::add);
            for (Map.Entry<String, JsonNode> e : entries) {
                String key = e.getKey();
                JsonNode v = e.getValue();
                if (key.equals("title") && v.isTextual()) {
                    o.putObject("title").put("text", v.asText());
                } else if (key.equals("autorange") && v.isTextual()
                        && (v.asText().equals("true") || v.asText().equals("false"))) {
                    o.put(key, Boolean.parseBoolean(v.asText()));
                } else if (v.isArray() && (key.equals("x") || key.equals("y") || key.equals("z")
                        || key.equals("range") || key.equals("array") || key.equals("arrayminus"))) {
                    o.set(key, numbers((ArrayNode) v));
                } else {
                    normalise(v);
                }
            }
        } else if (node instanceof ArrayNode a) {
            a.forEach(FigureJson::normalise);
        }
        return node;
    }

    /** An array of numeric strings as numbers ("NaN" and infinities as null, a gap); other arrays unchanged. */
    private static ArrayNode numbers(ArrayNode a) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode(a.size());
        for (JsonNode v : a) {
            if (v.isNumber()) {
                out.add(Double.isFinite(v.asDouble()) ? v : JsonNodeFactory.instance.nullNode());
            } else if (v.isTextual()) {
                try {
                    double d = Double.parseDouble(v.asText());
                    if (Double.isFinite(d)) {
                        out.add(d);
                    } else {
                        out.addNull();
                    }
                } catch (NumberFormatException e) {
                    return a; // categories, not numbers
                }
            } else {
                out.add(v);
            }
        }
        return out;
    }
}
