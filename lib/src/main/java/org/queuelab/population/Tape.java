package org.queuelab.population;

import java.util.Arrays;

import org.hipparchus.CalculusFieldElement;
import org.hipparchus.util.MathArrays;

/**
 * The recorded rate expressions of a {@link PopulationModel}: a straight-line program in which every node reads
 * earlier nodes only, so one forward sweep evaluates all rates and observables — on doubles (the simulator's hot
 * loop, no allocation) or on any Hipparchus {@link CalculusFieldElement} (gradients, second derivatives). Recording
 * the expressions once is what lets one lambda per transition serve every engine: Java lambdas cannot be generic,
 * so the rate lambdas build this program instead of computing numbers.
 *
 * <p>The non-smooth operations (min, max, select on a sign) are marked: {@link #kinkAt} reports those whose
 * argument sits on its switching surface at a given state, where the rates are not differentiable.
 */
final class Tape {

    static final int CONST = 0;
    static final int COORD = 1;
    static final int PARAM = 2;
    static final int ADD = 3;
    static final int SUB = 4;
    static final int MUL = 5;
    static final int DIV = 6;
    static final int NEG = 7;
    static final int POWI = 8;
    static final int POWD = 9;
    static final int EXP = 10;
    static final int LOG = 11;
    static final int SQRT = 12;
    static final int MIN = 13;
    static final int MAX = 14;
    static final int SELECT = 15;

    /** A switching argument within this distance of 0 (or min/max arguments this close) counts as a kink. */
    static final double KINK_TOLERANCE = 1e-9;

    private int[] op = new int[64];
    private int[] a = new int[64];
    private int[] b = new int[64];
    private int[] c = new int[64];
    private double[] k = new double[64];
    private int size;
    private boolean frozen;
    /** Structurally equal nodes are recorded once (e.g. s_{k+1}^d, used by the arrivals at k and at k + 1). */
    private java.util.Map<java.util.List<Object>, Integer> unique = new java.util.HashMap<>();

    int size() {
        return size;
    }

    int append(int operation, int left, int right, int third, double constant) {
        if (frozen) {
            throw new IllegalStateException("rate expressions can only be built while the model is being built");
        }
        java.util.List<Object> key = java.util.List.of(operation, left, right, third, constant);
        Integer known = unique.get(key);
        if (known != null) {
            return known;
        }
        unique.put(key, size);
        if (size == op.length) {
            int grown = 2 * size;
            op = Arrays.copyOf(op, grown);
            a = Arrays.copyOf(a, grown);
            b = Arrays.copyOf(b, grown);
            c = Arrays.copyOf(c, grown);
            k = Arrays.copyOf(k, grown);
        }
        op[size] = operation;
        a[size] = left;
        b[size] = right;
        c[size] = third;
        k[size] = constant;
        return size++;
    }

    void freeze() {
        frozen = true;
        unique = null;
        op = Arrays.copyOf(op, size);
        a = Arrays.copyOf(a, size);
        b = Arrays.copyOf(b, size);
        c = Arrays.copyOf(c, size);
        k = Arrays.copyOf(k, size);
    }

    /** Evaluates every node on doubles into {@code out} (length ≥ size). */
    void evaluate(double[] x, double[] params, double[] out) {
        for (int i = 0; i < size; i++) {
            out[i] = node(i, x, params, out);
        }
    }

    /** Re-evaluates only {@code nodes} (in increasing order): those that depend on coordinates that changed. */
    void evaluate(int[] nodes, double[] x, double[] params, double[] out) {
        for (int i : nodes) {
            out[i] = node(i, x, params, out);
        }
    }

    private double node(int i, double[] x, double[] params, double[] out) {
        return switch (op[i]) {
            case CONST -> k[i];
            case COORD -> x[a[i]];
            case PARAM -> params[a[i]];
            case ADD -> out[a[i]] + out[b[i]];
            case SUB -> out[a[i]] - out[b[i]];
            case MUL -> out[a[i]] * out[b[i]];
            case DIV -> out[a[i]] / out[b[i]];
            case NEG -> -out[a[i]];
            case POWI -> powInt(out[a[i]], b[i]);
            case POWD -> Math.pow(out[a[i]], k[i]);
            case EXP -> Math.exp(out[a[i]]);
            case LOG -> Math.log(out[a[i]]);
            case SQRT -> Math.sqrt(out[a[i]]);
            case MIN -> Math.min(out[a[i]], out[b[i]]);
            case MAX -> Math.max(out[a[i]], out[b[i]]);
            case SELECT -> select(out[a[i]], out[b[i]], out[c[i]]);
            default -> throw new IllegalStateException("unknown operation " + op[i]);
        };
    }

    /** ifPositive(condition, then, otherwise). */
    static double select(double condition, double then, double otherwise) {
        return condition > 0 ? then : otherwise;
    }

    int op(int node) {
        return op[node];
    }

    int left(int node) {
        return a[node];
    }

    int right(int node) {
        return b[node];
    }

    int third(int node) {
        return c[node];
    }

    double constant(int node) {
        return k[node];
    }

    /** The nodes, in order, whose value depends on at least one of {@code coordinates}. */
    int[] dependents(int[] coordinates) {
        boolean[] changed = new boolean[size];
        java.util.Set<Integer> moved = new java.util.HashSet<>();
        for (int c : coordinates) {
            moved.add(c);
        }
        int count = 0;
        for (int i = 0; i < size; i++) {
            boolean d = switch (op[i]) {
                case CONST, PARAM -> false;
                case COORD -> moved.contains(a[i]);
                case NEG, POWI, POWD, EXP, LOG, SQRT -> changed[a[i]];
                case SELECT -> changed[a[i]] || changed[b[i]] || changed[c[i]];
                default -> changed[a[i]] || changed[b[i]];
            };
            changed[i] = d;
            count += d ? 1 : 0;
        }
        int[] out = new int[count];
        for (int i = 0, j = 0; i < size; i++) {
            if (changed[i]) {
                out[j++] = i;
            }
        }
        return out;
    }

    /** x^n by n − 1 products (the interpreter's and the compiled code's power: both must round alike). */
    static double powInt(double base, int exponent) {
        double r = 1;
        for (int e = 0; e < exponent; e++) {
            r *= base;
        }
        return r;
    }

    /** Evaluates every node on a field; {@code x} holds the coordinates as field elements. */
    <T extends CalculusFieldElement<T>> T[] evaluate(T[] x, double[] params) {
        T zero = x[0].getField().getZero();
        T[] out = MathArrays.buildArray(x[0].getField(), size);
        for (int i = 0; i < size; i++) {
            T v;
            switch (op[i]) {
                case CONST -> v = zero.add(k[i]);
                case COORD -> v = x[a[i]];
                case PARAM -> v = zero.add(params[a[i]]);
                case ADD -> v = out[a[i]].add(out[b[i]]);
                case SUB -> v = out[a[i]].subtract(out[b[i]]);
                case MUL -> v = out[a[i]].multiply(out[b[i]]);
                case DIV -> v = out[a[i]].divide(out[b[i]]);
                case NEG -> v = out[a[i]].negate();
                case POWI -> v = out[a[i]].pow(b[i]);
                case POWD -> v = out[a[i]].pow(k[i]);
                case EXP -> v = out[a[i]].exp();
                case LOG -> v = out[a[i]].log();
                case SQRT -> v = out[a[i]].sqrt();
                case MIN -> v = out[a[i]].getReal() <= out[b[i]].getReal() ? out[a[i]] : out[b[i]];
                case MAX -> v = out[a[i]].getReal() >= out[b[i]].getReal() ? out[a[i]] : out[b[i]];
                case SELECT -> v = out[a[i]].getReal() > 0 ? out[b[i]] : out[c[i]];
                default -> throw new IllegalStateException("unknown operation " + op[i]);
            }
            out[i] = v;
        }
        return out;
    }

    /** Of a node: no coordinate in it (a constant for the simulator), affine in the coordinates, or neither. */
    static final int CONSTANT_IN_X = 0;
    static final int AFFINE_IN_X = 1;
    static final int NONLINEAR_IN_X = 2;

    /**
     * How each node depends on the coordinates ({@link #CONSTANT_IN_X}, {@link #AFFINE_IN_X},
     * {@link #NONLINEAR_IN_X}), parameters counting as constants: sums, differences, negations and products or
     * quotients by a constant keep a node affine. The time average of an affine observable is its value at the
     * time-averaged state, which is why the simulator needs not evaluate it after each event.
     */
    int[] dependenceOnState() {
        int[] kind = new int[size];
        for (int i = 0; i < size; i++) {
            int ka = a[i] >= 0 && op[i] != COORD && op[i] != PARAM ? kind[a[i]] : 0;
            int kb = b[i] >= 0 && op[i] >= ADD && op[i] <= DIV || op[i] == MIN || op[i] == MAX || op[i] == SELECT
                    ? kind[b[i]] : 0;
            kind[i] = switch (op[i]) {
                case CONST, PARAM -> CONSTANT_IN_X;
                case COORD -> AFFINE_IN_X;
                case ADD, SUB -> Math.max(ka, kb);
                case NEG -> ka;
                case MUL -> ka == 0 ? kb : kb == 0 ? ka : NONLINEAR_IN_X;
                case DIV -> kb == 0 ? ka : NONLINEAR_IN_X;
                case POWI -> ka == 0 || b[i] == 0 ? CONSTANT_IN_X : b[i] == 1 ? ka : NONLINEAR_IN_X;
                case SELECT -> ka == 0 && kb == 0 && kind[c[i]] == 0 ? CONSTANT_IN_X : NONLINEAR_IN_X;
                default -> ka == 0 && kb == 0 ? CONSTANT_IN_X : NONLINEAR_IN_X;
            };
        }
        return kind;
    }

    /** Nodes reachable from any of {@code roots} (roots included), as a mask. */
    boolean[] reachable(int[] roots) {
        boolean[] mark = new boolean[size];
        for (int root : roots) {
            mark[root] = true;
        }
        markOperands(mark, size - 1);
        return mark;
    }

    /** Nodes reachable from {@code root} (root included), as a mask. */
    boolean[] reachable(int root) {
        boolean[] mark = new boolean[size];
        mark[root] = true;
        markOperands(mark, root);
        return mark;
    }

    /** Marks the operands of every marked node at or below {@code top}, downwards. */
    private void markOperands(boolean[] mark, int top) {
        for (int i = top; i >= 0; i--) {
            if (!mark[i]) {
                continue;
            }
            switch (op[i]) {
                case CONST, COORD, PARAM -> { }
                case NEG, POWI, POWD, EXP, LOG, SQRT -> mark[a[i]] = true;
                case SELECT -> {
                    mark[a[i]] = true;
                    mark[b[i]] = true;
                    mark[c[i]] = true;
                }
                default -> {
                    mark[a[i]] = true;
                    mark[b[i]] = true;
                }
            }
        }
    }

    /**
     * The first non-smooth node of {@code mask} whose switching argument is on its surface at the evaluated
     * values {@code values}, described in words; null if the expressions are smooth there.
     */
    String kinkAt(boolean[] mask, double[] values) {
        for (int i = 0; i < size; i++) {
            if (!mask[i]) {
                continue;
            }
            if (op[i] == SELECT && Math.abs(values[a[i]]) <= KINK_TOLERANCE) {
                return "ifPositive(condition, …) with condition = " + values[a[i]] + " on its switching surface";
            }
            if ((op[i] == MIN || op[i] == MAX) && Math.abs(values[a[i]] - values[b[i]]) <= KINK_TOLERANCE) {
                return (op[i] == MIN ? "min" : "max") + "(a, b) with a = " + values[a[i]] + " and b = "
                        + values[b[i]] + " tied";
            }
        }
        return null;
    }

    /**
     * Adds {@code adjoint} × ∂node/∂operand to each operand's adjoint, at the values of a double sweep
     * ({@link #evaluate(double[], double[], double[])}); a coordinate node adds to {@code coordinateAdjoint}.
     * One step of a reverse sweep ({@link ReverseSweep}); min/max/select pass the adjoint to the branch taken,
     * as the field evaluation does.
     */
    void pullBack(int i, double adjoint, double[] values, double[] adjoints, double[] coordinateAdjoint) {
        int l = a[i];
        int r = b[i];
        switch (op[i]) {
            case CONST, PARAM -> { }
            case COORD -> coordinateAdjoint[l] += adjoint;
            case ADD -> {
                adjoints[l] += adjoint;
                adjoints[r] += adjoint;
            }
            case SUB -> {
                adjoints[l] += adjoint;
                adjoints[r] -= adjoint;
            }
            case MUL -> {
                adjoints[l] += adjoint * values[r];
                adjoints[r] += adjoint * values[l];
            }
            case DIV -> {
                adjoints[l] += adjoint / values[r];
                adjoints[r] -= adjoint * values[i] / values[r];
            }
            case NEG -> adjoints[l] -= adjoint;
            case POWI -> adjoints[l] += r == 0 ? 0 : adjoint * r * powInt(values[l], r - 1);
            case POWD -> adjoints[l] += adjoint * k[i] * Math.pow(values[l], k[i] - 1);
            case EXP -> adjoints[l] += adjoint * values[i];
            case LOG -> adjoints[l] += adjoint / values[l];
            case SQRT -> adjoints[l] += adjoint * 0.5 / values[i];
            case MIN -> adjoints[values[l] <= values[r] ? l : r] += adjoint;
            case MAX -> adjoints[values[l] >= values[r] ? l : r] += adjoint;
            case SELECT -> adjoints[values[l] > 0 ? r : c[i]] += adjoint;
            default -> throw new IllegalStateException("unknown operation " + op[i]);
        }
    }

    /** The branch every min/max/select node takes at the evaluated values (false for smooth nodes). */
    boolean[] branches(double[] values) {
        boolean[] out = new boolean[size];
        for (int i = 0; i < size; i++) {
            out[i] = switch (op[i]) {
                case SELECT -> values[a[i]] > 0;
                case MIN -> values[a[i]] <= values[b[i]];
                case MAX -> values[a[i]] >= values[b[i]];
                default -> false;
            };
        }
        return out;
    }

    /**
     * The first non-smooth node of {@code mask} that takes another branch at {@code values} than recorded in
     * {@code before} (a path between the two states crossed its switching surface), described; null if none.
     */
    String branchChange(boolean[] mask, boolean[] before, double[] values) {
        boolean[] now = branches(values);
        for (int i = 0; i < size; i++) {
            if (mask[i] && now[i] != before[i]) {
                return op[i] == SELECT ? "ifPositive(condition, …) with condition now " + values[a[i]]
                        : (op[i] == MIN ? "min" : "max") + "(a, b) with a = " + values[a[i]] + " and b = " + values[b[i]]
                        + " (the smaller and larger swapped)";
            }
        }
        return null;
    }
}
