package org.queuelab.badinput;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.function.Executable;

/**
 * The table behind the bad-input suite (issue 33): each case is a call with one bad argument, the exception type it
 * must raise (an {@link IllegalArgumentException} or a documented subclass, never NaN, ∞ or a bare JDK error) and a
 * word the message must contain (the argument's name). A new public method gets its rows in its package's table.
 */
final class BadInputCases {

    /** Values no finite, positive parameter accepts. */
    static final double[] NOT_POSITIVE = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1, 0};
    /** Values no finite, non-negative parameter accepts. */
    static final double[] NOT_NON_NEGATIVE = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -1e-9};
    /** Values no finite parameter accepts. */
    static final double[] NOT_FINITE = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    /**
     * One row: {@code call} must throw {@code type} with a message containing {@code names}; a
     * {@link NullPointerException} must be the library's ({@code Objects.requireNonNull(x, "x")}), its message
     * starting with the parameter's name, never the JDK's "Cannot invoke …" text.
     */
    record Case(String label, Class<? extends RuntimeException> type, String names, Executable call) {

        DynamicTest test() {
            return DynamicTest.dynamicTest(label, () -> {
                RuntimeException e = assertThrows(type, call, label);
                String message = String.valueOf(e.getMessage());
                assertTrue(message.contains(names), label + ": message does not name '" + names + "': " + message);
                if (type == NullPointerException.class) {
                    assertTrue(message.equals(names) || message.startsWith(names + " "),
                            label + ": a null must be refused naming the parameter first, not: " + message);
                }
            });
        }
    }

    private final List<Case> cases = new ArrayList<>();

    /** One case: {@code call} must throw {@code type} with a message containing {@code names}. */
    BadInputCases add(String label, Class<? extends RuntimeException> type, String names, Executable call) {
        cases.add(new Case(label, type, names, call));
        return this;
    }

    /** A null argument: a {@link NullPointerException} whose message is the parameter's name. */
    BadInputCases nullArgument(String label, String parameter, Executable call) {
        return add(label + " null", NullPointerException.class, parameter, call);
    }

    /** An {@link IllegalArgumentException} naming {@code names}. */
    BadInputCases add(String label, String names, Executable call) {
        return add(label, IllegalArgumentException.class, names, call);
    }

    /**
     * One case per parameter and bad value: {@code make} is called with {@code valid} except parameter i, set to
     * each of {@code bad[i]}; the refusal must name {@code names[i]}.
     */
    BadInputCases doubles(String what, String[] names, double[] valid, double[][] bad, Function<double[], ?> make) {
        make.apply(valid.clone());   // the valid arguments are accepted: the refusals below are about one argument
        for (int i = 0; i < names.length; i++) {
            for (double b : bad[i]) {
                double[] args = valid.clone();
                args[i] = b;
                add(what + " " + names[i] + " = " + b, names[i], () -> make.apply(args));
            }
        }
        return this;
    }

    int size() {
        return cases.size();
    }

    /** The rows, for the probe that runs them under a 2 GB heap with a timeout ({@link ApiProbe}). */
    List<Case> cases() {
        return List.copyOf(cases);
    }

    Stream<DynamicTest> stream() {
        return cases.stream().map(Case::test);
    }
}
