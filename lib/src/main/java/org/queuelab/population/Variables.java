package org.queuelab.population;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a {@link Rate} lambda reads: the state's coordinates by name (x_i is the fraction of the N servers in
 * class i), sums over a numbered family of classes, the model's named parameters and constants.
 * See {@code docs/population.md} §1.
 */
public final class Variables {

    private final Tape tape;
    private final List<String> coordinates;
    private final Map<String, Integer> coordinateIndex;
    private final Map<String, int[]> families;
    private final List<String> parameters;
    private final Map<String, Value> cache = new HashMap<>();

    Variables(Tape tape, List<String> coordinates, Map<String, Integer> coordinateIndex, Map<String, int[]> families,
              List<String> parameters) {
        this.tape = tape;
        this.coordinates = coordinates;
        this.coordinateIndex = coordinateIndex;
        this.families = families;
        this.parameters = parameters;
    }

    /**
     * The coordinate named {@code name}: the fraction of the N servers in that class.
     *
     * @param name a class of the model
     * @return the recorded value (evaluated later)
     * @throws IllegalArgumentException naming the class and the allowed ones if it is unknown
     */
    public Value x(String name) {
        Integer i = coordinateIndex.get(name);
        if (i == null) {
            throw new IllegalArgumentException("coordinate = " + name + "; allowed: one of " + coordinates);
        }
        return cache.computeIfAbsent("x:" + name, key -> new Value(tape, tape.append(Tape.COORD, i, -1, -1, 0)));
    }

    /**
     * The coordinate {@code family + level}, e.g. x("x", 3) is x3.
     *
     * @param family a family declared with {@code classes(family, from, to)}
     * @param level  from ≤ level ≤ to of that family
     * @return the recorded value (evaluated later)
     * @throws IllegalArgumentException if the family is unknown or the level outside its range
     */
    public Value x(String family, int level) {
        int[] range = family(family);
        if (level < range[0] || level > range[1]) {
            throw new IllegalArgumentException("level = " + level + " in family " + family + "; allowed: "
                    + range[0] + ".." + range[1]);
        }
        return x(family + level);
    }

    /**
     * Σ_{j ≥ level} x(family, j): the fraction in classes of this family at or above {@code level} (the
     * occupancy tail s_level of a queue-length family).
     *
     * @param family a declared family
     * @param level  any level: below the family's first level it is the whole family, above its last it is 0
     * @return the recorded value (evaluated later)
     * @throws IllegalArgumentException if the family is unknown
     */
    public Value tail(String family, int level) {
        int[] range = family(family);
        if (level > range[1]) {
            return constant(0);
        }
        int from = Math.max(level, range[0]);
        String key = "tail:" + family + ":" + from;
        Value cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        Value t = from == range[1] ? x(family, from) : x(family, from).plus(tail(family, from + 1));
        cache.put(key, t);
        return t;
    }

    /**
     * Σ_{j = from..to} x(family, j).
     *
     * @param family a declared family
     * @param from   first level summed, within the family's range
     * @param to     last level summed, from ≤ to, within the family's range
     * @return the recorded value (evaluated later)
     * @throws IllegalArgumentException if the family is unknown or the levels outside its range
     */
    public Value sum(String family, int from, int to) {
        int[] range = family(family);
        if (from > to || from < range[0] || to > range[1]) {
            throw new IllegalArgumentException("levels " + from + ".." + to + " in family " + family
                    + "; allowed: within " + range[0] + ".." + range[1] + ", from ≤ to");
        }
        return to == range[1] ? tail(family, from) : tail(family, from).minus(tail(family, to + 1));
    }

    /**
     * The named parameter (its value is read at evaluation, so {@link PopulationModel#with} needs no rebuild).
     *
     * @param name a parameter declared before the first transition
     * @return the recorded value (evaluated later)
     * @throws IllegalArgumentException naming the parameter and the declared ones if it is unknown
     */
    public Value param(String name) {
        int i = parameters.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("parameter = " + name + "; allowed: one of " + parameters
                    + " (declare it with parameter(name, value) before the transitions)");
        }
        return cache.computeIfAbsent("p:" + name, key -> new Value(tape, tape.append(Tape.PARAM, i, -1, -1, 0)));
    }

    /**
     * A constant.
     *
     * @param value any number but NaN
     * @return the recorded value (evaluated later)
     * @throws IllegalArgumentException if value is NaN
     */
    public Value constant(double value) {
        if (Double.isNaN(value)) {
            throw new IllegalArgumentException("constant = NaN; allowed: a number");
        }
        return new Value(tape, tape.append(Tape.CONST, -1, -1, -1, value));
    }

    private int[] family(String family) {
        int[] range = families.get(family);
        if (range == null) {
            throw new IllegalArgumentException("family = " + family + "; allowed: one of " + families.keySet());
        }
        return range;
    }
}
