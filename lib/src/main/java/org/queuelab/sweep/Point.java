package org.queuelab.sweep;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.queuelab.guard.Require;

/**
 * One point of a parameter grid: named values in a fixed order. Values are numbers ({@code Double}, {@code Integer},
 * {@code Long}) or strings (a policy's name, a law's name). The point's {@link #key()} is its identity: it fixes the
 * random streams of its replications (see {@link Sweep#seed(Point, int)}) and its rows in a {@link SweepStore}.
 */
public final class Point implements Serializable {

    private static final long serialVersionUID = 1L;

    private final LinkedHashMap<String, Object> values;

    private Point(LinkedHashMap<String, Object> values) {
        this.values = values;
    }

    /**
     * A point from alternating names and values: {@code Point.of("lambda", 0.7, "theta", 0.06)}.
     *
     * @param namesAndValues name, value pairs; names non-blank without '=' or ';', distinct; values finite
     *                       {@code Double}, {@code Integer}, {@code Long} or text without ';', ',' or line breaks
     * @return the point, in the order given
     * @throws IllegalArgumentException naming the offending item otherwise
     */
    public static Point of(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("namesAndValues: " + namesAndValues.length
                    + " items; allowed: name, value pairs");
        }
        LinkedHashMap<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (!(namesAndValues[i] instanceof String name)) {
                throw new IllegalArgumentException("namesAndValues[" + i + "] = " + namesAndValues[i]
                        + "; allowed: a parameter name (String)");
            }
            put(map, name, namesAndValues[i + 1]);
        }
        return new Point(map);
    }

    /**
     * A point from a map, in the map's iteration order.
     *
     * @param values name → value, with the names and values allowed by {@link #of(Object...)}
     * @return the point
     * @throws IllegalArgumentException naming the offending entry otherwise
     */
    public static Point of(Map<String, ?> values) {
        LinkedHashMap<String, Object> map = new LinkedHashMap<>();
        values.forEach((name, value) -> put(map, name, value));
        return new Point(map);
    }

    private static void put(Map<String, Object> map, String name, Object value) {
        if (name == null || name.isBlank() || name.contains("=") || name.contains(";")) {
            throw new IllegalArgumentException("parameter name = '" + name
                    + "'; allowed: a non-blank name without '=' or ';'");
        }
        if (!(value instanceof Double || value instanceof Integer || value instanceof Long
                || value instanceof String)) {
            throw new IllegalArgumentException("parameter " + name + " = " + value
                    + "; allowed: a Double, Integer, Long or String value");
        }
        if (value instanceof Double d && !Double.isFinite(d)) {
            throw new IllegalArgumentException("parameter " + name + " = " + d + "; allowed: a finite number");
        }
        if (value instanceof String s && (s.contains(";") || s.contains("\n") || s.contains(","))) {
            throw new IllegalArgumentException("parameter " + name + " = '" + s
                    + "'; allowed: text without ';', ',' or line breaks");
        }
        if (map.put(name, value) != null) {
            throw new IllegalArgumentException("parameter " + name + " given twice; allowed: distinct names");
        }
    }

    /**
     * The parameter names, in order.
     *
     * @return an unmodifiable list
     */
    public List<String> names() {
        return List.copyOf(values.keySet());
    }

    /**
     * The values by name, in order.
     *
     * @return an unmodifiable map
     */
    public Map<String, Object> values() {
        return Collections.unmodifiableMap(values);
    }

    /**
     * The named value.
     *
     * @param name a parameter name of this point
     * @return its value (a Double, Integer, Long or String)
     * @throws IllegalArgumentException naming the parameter and the available ones if there is none
     */
    public Object get(String name) {
        return Require.oneOf("parameter", values, name);
    }

    /**
     * The named numeric value as a double.
     *
     * @param name a parameter name of this point
     * @return its value
     * @throws IllegalArgumentException if there is no such parameter or its value is text
     */
    public double number(String name) {
        Object v = get(name);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw new IllegalArgumentException("parameter " + name + " = '" + v + "' is text; allowed: a number");
    }

    /**
     * The named value as an int.
     *
     * @param name a parameter name of this point
     * @return its value
     * @throws IllegalArgumentException if there is no such parameter or it is not an Integer or a Long that fits
     */
    public int integer(String name) {
        Object v = get(name);
        if ((v instanceof Integer || v instanceof Long) && ((Number) v).longValue() == ((Number) v).intValue()) {
            return ((Number) v).intValue();
        }
        throw new IllegalArgumentException("parameter " + name + " = " + v + "; allowed: an int value");
    }

    /**
     * The named value as text.
     *
     * @param name a parameter name of this point
     * @return its value, numbers as {@link String#valueOf(Object)} prints them
     * @throws IllegalArgumentException if there is no such parameter
     */
    public String text(String name) {
        return String.valueOf(get(name));
    }

    /**
     * This point without the named parameter (the variant axis of paired comparisons).
     *
     * @param name a parameter name of this point
     * @return a new point, the other parameters in order
     * @throws IllegalArgumentException if there is no such parameter
     */
    public Point without(String name) {
        get(name);
        LinkedHashMap<String, Object> map = new LinkedHashMap<>(values);
        map.remove(name);
        return new Point(map);
    }

    /**
     * The canonical identity {@code name=value;name=value}. Numbers print with {@link Double#toString} /
     * {@link Long#toString}, which are the same on every JVM, so keys (and hence seeds) do not depend on the machine.
     *
     * @return the key
     */
    public String key() {
        StringBuilder sb = new StringBuilder();
        values.forEach((name, value) -> {
            if (sb.length() > 0) {
                sb.append(';');
            }
            sb.append(name).append('=').append(value);
        });
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Point p && p.values.equals(values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values);
    }

    @Override
    public String toString() {
        return key();
    }
}
