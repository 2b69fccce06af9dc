package org.queuelab.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The points of a sweep: a cartesian product of named axes ({@link #axis}), or an explicit list ({@link #of(List)}).
 * All points carry the same parameter names in the same order; no point appears twice.
 */
public final class Grid implements Serializable {

    private static final long serialVersionUID = 1L;

    private final List<Point> points;

    private Grid(List<Point> points) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("points: none; allowed: at least one point");
        }
        List<String> names = points.get(0).names();
        Set<Point> seen = new HashSet<>();
        for (Point p : points) {
            if (!p.names().equals(names)) {
                throw new IllegalArgumentException("point " + p + " has parameters " + p.names()
                        + "; allowed: the same parameters as the first point, " + names);
            }
            if (!seen.add(p)) {
                throw new IllegalArgumentException("point " + p + " appears twice; allowed: distinct points");
            }
        }
        this.points = List.copyOf(points);
    }

    /**
     * A grid of the given points, in order.
     *
     * @param points at least one point, all with the same parameter names in the same order, none twice
     * @return the grid
     * @throws IllegalArgumentException naming the offending point otherwise
     */
    public static Grid of(List<Point> points) {
        return new Grid(new ArrayList<>(points));
    }

    /**
     * Starts a cartesian product; add axes with {@link Builder#axis}.
     *
     * @param name   the first axis's parameter name
     * @param values its values (numbers as Double/Integer/Long, or text), at least one
     * @return a builder holding that axis
     * @throws IllegalArgumentException if there are no values
     */
    public static Builder axis(String name, Object... values) {
        return new Builder().axis(name, values);
    }

    /**
     * Starts an empty cartesian product (for axes added with {@link Builder#axisOf}).
     *
     * @return a builder with no axes
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The points, in order (for a cartesian product, the last axis varies fastest).
     *
     * @return an unmodifiable list of at least one point
     */
    public List<Point> points() {
        return points;
    }

    /**
     * The number of points.
     *
     * @return ≥ 1
     */
    public int size() {
        return points.size();
    }

    /**
     * The parameter names, shared by every point.
     *
     * @return the names in axis order
     */
    public List<String> names() {
        return points.get(0).names();
    }

    /** Builds a cartesian product of axes. */
    public static final class Builder {
        private final LinkedHashMap<String, List<Object>> axes = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Adds an axis with its values (numbers as Double/Integer/Long, or text; checked when the points are built).
         *
         * @param name   the parameter name, not already an axis
         * @param values its values, at least one
         * @return this builder
         * @throws IllegalArgumentException if there are no values or the axis was given before
         */
        public Builder axis(String name, Object... values) {
            if (values.length == 0) {
                throw new IllegalArgumentException("axis " + name + ": no values; allowed: at least one value");
            }
            if (axes.containsKey(name)) {
                throw new IllegalArgumentException("axis " + name + " given twice; allowed: distinct axes");
            }
            axes.put(name, List.of(values));
            return this;
        }

        /**
         * Adds an axis from an array of doubles (e.g. a computed range).
         *
         * @param name   the parameter name, not already an axis
         * @param values its values, at least one, finite
         * @return this builder
         * @throws IllegalArgumentException if there are no values or the axis was given before
         */
        public Builder axisOf(String name, double[] values) {
            Object[] boxed = new Object[values.length];
            for (int i = 0; i < values.length; i++) {
                boxed[i] = values[i];
            }
            return axis(name, boxed);
        }

        /**
         * The grid: every combination, the last axis varying fastest.
         *
         * @return the grid
         * @throws IllegalArgumentException if there are no axes, or a value is not allowed in a {@link Point}
         */
        public Grid build() {
            if (axes.isEmpty()) {
                throw new IllegalArgumentException("axes: none; allowed: at least one axis (a grid with no axes "
                        + "would run its experiment once, at an empty point)");
            }
            List<Point> points = new ArrayList<>();
            combine(new ArrayList<>(axes.entrySet()), 0, new LinkedHashMap<>(), points);
            return new Grid(points);
        }

        private static void combine(List<Map.Entry<String, List<Object>>> axes, int depth,
                LinkedHashMap<String, Object> partial, List<Point> out) {
            if (depth == axes.size()) {
                out.add(Point.of(partial));
                return;
            }
            Map.Entry<String, List<Object>> axis = axes.get(depth);
            for (Object value : axis.getValue()) {
                partial.put(axis.getKey(), value);
                combine(axes, depth + 1, partial, out);
                partial.remove(axis.getKey());
            }
        }
    }
}
