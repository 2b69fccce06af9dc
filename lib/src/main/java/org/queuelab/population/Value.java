package org.queuelab.population;

/**
 * A rate expression under construction: what a {@link Rate} lambda combines from the state's coordinates
 * ({@link Variables#x}), the model's named parameters ({@link Variables#param}) and constants. It is recorded,
 * not computed, so the same definition is later evaluated on doubles (simulation, drift) and on Hipparchus
 * derivative types (exact Jacobian and Hessian). Branches on the state must be written with
 * {@link #ifPositive}, {@link #min} or {@link #max} (not a Java {@code if}); they mark the points where the rates
 * are not differentiable, which the refined mean field refuses.
 * See {@code docs/population.md} §1.
 */
public final class Value {

    final Tape tape;
    final int node;

    Value(Tape tape, int node) {
        this.tape = tape;
        this.node = node;
    }

    private Value binary(int op, Value other) {
        if (other.tape != tape) {
            throw new IllegalArgumentException("value from another model; allowed: values of this model's builder");
        }
        return new Value(tape, tape.append(op, node, other.node, -1, 0));
    }

    private Value constant(double v) {
        if (Double.isNaN(v)) {
            throw new IllegalArgumentException("constant = NaN; allowed: a number");
        }
        return new Value(tape, tape.append(Tape.CONST, -1, -1, -1, v));
    }

    /**
     * this + other.
     *
     * @param other a value of the same model's builder
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if {@code other} belongs to another model's builder
     */
    public Value plus(Value other) {
        return binary(Tape.ADD, other);
    }

    /**
     * this + other.
     *
     * @param other a constant, not NaN
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if {@code other} is NaN
     */
    public Value plus(double other) {
        return plus(constant(other));
    }

    /**
     * this − other.
     *
     * @param other a value of the same model's builder
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if {@code other} belongs to another model's builder
     */
    public Value minus(Value other) {
        return binary(Tape.SUB, other);
    }

    /**
     * this − other.
     *
     * @param other a constant, not NaN
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if {@code other} is NaN
     */
    public Value minus(double other) {
        return minus(constant(other));
    }

    /**
     * this · other.
     *
     * @param other a value of the same model's builder
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if {@code other} belongs to another model's builder
     */
    public Value times(Value other) {
        return binary(Tape.MUL, other);
    }

    /**
     * this · other.
     *
     * @param other a constant, not NaN
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if {@code other} is NaN
     */
    public Value times(double other) {
        return times(constant(other));
    }

    /**
     * this / other (the rate must keep other away from 0 where it is evaluated).
     *
     * @param other a value of the same model's builder
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if {@code other} belongs to another model's builder
     */
    public Value div(Value other) {
        return binary(Tape.DIV, other);
    }

    /**
     * this / other.
     *
     * @param other a constant, not NaN
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if {@code other} is NaN
     */
    public Value div(double other) {
        return div(constant(other));
    }

    /**
     * −this.
     *
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     */
    public Value negate() {
        return new Value(tape, tape.append(Tape.NEG, node, -1, -1, 0));
    }

    /**
     * this^exponent for an integer exponent (exact at 0, unlike a real power).
     *
     * @param exponent the exponent, ≥ 0
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if exponent &lt; 0
     */
    public Value pow(int exponent) {
        if (exponent < 0) {
            throw new IllegalArgumentException("exponent = " + exponent + "; allowed: ≥ 0 (use div for negative)");
        }
        return new Value(tape, tape.append(Tape.POWI, node, exponent, -1, 0));
    }

    /**
     * this^exponent for a real exponent (the base must stay positive where the rate is used).
     *
     * @param exponent the exponent
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     */
    public Value pow(double exponent) {
        return new Value(tape, tape.append(Tape.POWD, node, -1, -1, exponent));
    }

    /**
     * e^this.
     *
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     */
    public Value exp() {
        return new Value(tape, tape.append(Tape.EXP, node, -1, -1, 0));
    }

    /**
     * ln(this) (this must stay positive where the expression is evaluated).
     *
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     */
    public Value log() {
        return new Value(tape, tape.append(Tape.LOG, node, -1, -1, 0));
    }

    /**
     * √this (this must stay ≥ 0 where the expression is evaluated; not differentiable at 0).
     *
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     */
    public Value sqrt() {
        return new Value(tape, tape.append(Tape.SQRT, node, -1, -1, 0));
    }

    /**
     * {@code condition > 0 ? whenPositive : otherwise}; not differentiable where condition = 0 (a switching
     * surface, which the refined mean field refuses at its fixed point).
     *
     * @param condition    the expression whose sign selects the branch
     * @param whenPositive the value where condition &gt; 0
     * @param otherwise    the value where condition ≤ 0
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if the values belong to different models' builders
     */
    public static Value ifPositive(Value condition, Value whenPositive, Value otherwise) {
        Tape t = condition.tape;
        if (whenPositive.tape != t || otherwise.tape != t) {
            throw new IllegalArgumentException("value from another model; allowed: values of this model's builder");
        }
        return new Value(t, t.append(Tape.SELECT, condition.node, whenPositive.node, otherwise.node, 0));
    }

    /**
     * 1 where condition &gt; 0, else 0 (e.g. "some server is idle"); a step, not differentiable at 0.
     *
     * @param condition the expression whose sign is tested
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     */
    public static Value indicator(Value condition) {
        return ifPositive(condition, condition.constant(1), condition.constant(0));
    }

    /**
     * The smaller of a and b; not differentiable where they tie.
     *
     * @param a a value
     * @param b a value of the same model's builder
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if a and b belong to different models' builders
     */
    public static Value min(Value a, Value b) {
        return a.binary(Tape.MIN, b);
    }

    /**
     * The larger of a and b; not differentiable where they tie.
     *
     * @param a a value
     * @param b a value of the same model's builder
     * @return the recorded expression (evaluated later, on doubles or derivative types)
     * @throws IllegalArgumentException if a and b belong to different models' builders
     */
    public static Value max(Value a, Value b) {
        return a.binary(Tape.MAX, b);
    }
}
