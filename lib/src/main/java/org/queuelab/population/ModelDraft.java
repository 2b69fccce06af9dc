package org.queuelab.population;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The mutable declaration behind {@link PopulationModel.Builder}: the classes, groups, parameters, transitions and
 * observables declared so far, each checked when it is added (messages name the item and its allowed values), and
 * the assembly of the {@link ModelStructure} when the builder is built (docs/population.md).
 */
final class ModelDraft {

    private final String name;
    private final List<String> coordinates = new ArrayList<>();
    private final Map<String, Integer> coordinateIndex = new LinkedHashMap<>();
    private final Map<String, int[]> families = new LinkedHashMap<>();
    private final List<Integer> groupOf = new ArrayList<>();
    private final List<String> groupNames = new ArrayList<>();
    private final List<Double> groupTotals = new ArrayList<>();
    private final List<String> parameterNames = new ArrayList<>();
    private final List<Double> parameterValues = new ArrayList<>();
    private final List<String> transitionNames = new ArrayList<>();
    private final List<int[]> jumps = new ArrayList<>();
    private final List<Integer> rateNodes = new ArrayList<>();
    private final List<String> observableNames = new ArrayList<>();
    private final List<Integer> observableNodes = new ArrayList<>();
    private final Tape tape = new Tape();
    private Variables variables;
    private boolean built;

    ModelDraft(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name = " + name + "; allowed: a non-blank name");
        }
        this.name = name;
    }

    void group(String groupName, double total) {
        requireOpen();
        if (!(total > 0 && Double.isFinite(total))) {
            throw new IllegalArgumentException("total of group " + groupName + " = " + total
                    + "; allowed: 0 < total < ∞");
        }
        if (groupNames.contains(groupName)) {
            throw new IllegalArgumentException("group = " + groupName + "; allowed: a new name");
        }
        groupNames.add(groupName);
        groupTotals.add(total);
    }

    void classes(String family, int from, int to) {
        requireOpen();
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("levels " + from + ".." + to + " of family " + family
                    + "; allowed: 0 ≤ from ≤ to");
        }
        if (families.containsKey(family)) {
            throw new IllegalArgumentException("family = " + family + "; allowed: a new family name");
        }
        for (int i = from; i <= to; i++) {
            addCoordinate(family + i);
        }
        families.put(family, new int[] {from, to});
    }

    void classes(String... names) {
        requireOpen();
        for (String c : names) {
            addCoordinate(c);
        }
    }

    private void addCoordinate(String c) {
        if (variables != null) {
            throw new IllegalArgumentException("class " + c + " after a transition; allowed: declare every class"
                    + " before the first transition or observable");
        }
        if (c == null || c.isBlank() || coordinateIndex.containsKey(c)) {
            throw new IllegalArgumentException("class = " + c + "; allowed: a new, non-blank name");
        }
        if (groupNames.isEmpty()) {
            group("servers", 1.0);
        }
        coordinateIndex.put(c, coordinates.size());
        coordinates.add(c);
        groupOf.add(groupNames.size() - 1);
    }

    void parameter(String parameter, double value) {
        requireOpen();
        if (variables != null) {
            throw new IllegalArgumentException("parameter " + parameter + " after a transition; allowed:"
                    + " declare parameters before the first transition or observable");
        }
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(parameter + " = " + value + "; allowed: finite");
        }
        if (parameterNames.contains(parameter)) {
            throw new IllegalArgumentException("parameter = " + parameter + "; allowed: a new name");
        }
        parameterNames.add(parameter);
        parameterValues.add(value);
    }

    void transition(String transition, Map<String, Integer> jump, Rate rate) {
        requireOpen();
        Objects.requireNonNull(rate, "rate");
        if (transition == null || transition.isBlank() || transitionNames.contains(transition)) {
            throw new IllegalArgumentException("transition = " + transition + "; allowed: a new, non-blank name");
        }
        if (coordinates.isEmpty()) {
            throw new IllegalArgumentException("transition '" + transition + "' before any class; allowed:"
                    + " declare classes first");
        }
        int[] l = jumpVector(transition, jump);
        Value v = record("transition '" + transition + "'", rate);
        transitionNames.add(transition);
        jumps.add(l);
        rateNodes.add(v.node);
    }

    /** The jump as a vector over the classes, refused if it is zero or changes a group's total. */
    private int[] jumpVector(String transition, Map<String, Integer> jump) {
        int[] l = new int[coordinates.size()];
        jump.forEach((c, d) -> {
            Integer i = coordinateIndex.get(c);
            if (i == null) {
                throw new IllegalArgumentException("transition '" + transition + "': class = " + c
                        + "; allowed: one of " + coordinates);
            }
            l[i] += d;
        });
        double[] groupSum = new double[groupNames.size()];
        boolean any = false;
        for (int i = 0; i < l.length; i++) {
            groupSum[groupOf.get(i)] += l[i];
            any |= l[i] != 0;
        }
        if (!any) {
            throw new IllegalArgumentException("transition '" + transition + "': jump " + jump
                    + " changes nothing; allowed: a non-zero jump");
        }
        for (int g = 0; g < groupSum.length; g++) {
            if (groupSum[g] != 0) {
                throw new IllegalArgumentException("transition '" + transition + "': jump " + jump
                        + " changes the total of group " + groupNames.get(g) + " by " + (int) groupSum[g]
                        + "; allowed: jumps that conserve each group (servers move between classes)");
            }
        }
        return l;
    }

    void observable(String observable, Rate expression) {
        requireOpen();
        Objects.requireNonNull(expression, "expression");
        if (observable == null || observable.isBlank() || observableNames.contains(observable)) {
            throw new IllegalArgumentException("observable = " + observable + "; allowed: a new, non-blank name");
        }
        Value v = record("observable '" + observable + "'", expression);
        observableNames.add(observable);
        observableNodes.add(v.node);
    }

    private Value record(String what, Rate rate) {
        if (variables == null) {
            variables = new Variables(tape, List.copyOf(coordinates), Map.copyOf(coordinateIndex),
                    Map.copyOf(families), List.copyOf(parameterNames));
        }
        Value v;
        try {
            v = rate.of(variables);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
        if (v == null || v.tape != tape) {
            throw new IllegalArgumentException(what + ": the expression returned " + (v == null ? "null"
                    : "a value of another model") + "; allowed: a Value built from this builder's variables");
        }
        return v;
    }

    private void requireOpen() {
        if (built) {
            throw new IllegalStateException("builder already built; start a new one with PopulationModel.builder");
        }
    }

    /** Closes the draft (no change after this) and freezes the tape; the rates are checked by the caller. */
    ModelStructure finish() {
        requireOpen();
        if (transitionNames.isEmpty()) {
            throw new IllegalArgumentException("model " + name + " has no transition; allowed: at least one");
        }
        built = true;
        tape.freeze();
        int n = coordinates.size();
        int[][] jumpArray = jumps.toArray(new int[0][]);
        for (int t = 0; t < jumpArray.length; t++) {
            if (jumpArray[t].length < n) {
                jumpArray[t] = Arrays.copyOf(jumpArray[t], n);
            }
        }
        int[] rates = rateNodes.stream().mapToInt(Integer::intValue).toArray();
        boolean[][] masks = new boolean[rates.length][];
        for (int t = 0; t < rates.length; t++) {
            masks[t] = tape.reachable(rates[t]);
        }
        return new ModelStructure(name, List.copyOf(coordinates), groupOf.stream().mapToInt(Integer::intValue)
                .toArray(), List.copyOf(groupNames), groupTotals.stream().mapToDouble(Double::doubleValue).toArray(),
                List.copyOf(parameterNames), List.copyOf(transitionNames), jumpArray, rates,
                List.copyOf(observableNames), observableNodes.stream().mapToInt(Integer::intValue).toArray(), tape,
                masks);
    }

    double[] parameterValues() {
        return parameterValues.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
