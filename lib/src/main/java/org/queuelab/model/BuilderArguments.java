package org.queuelab.model;

/**
 * The check every builder of the library makes before it builds: a parameter with no default must have been set.
 * Builders keep an unset {@code double} as NaN, so that a forgotten setter is reported by name rather than as an
 * out-of-range value.
 */
public final class BuilderArguments {

    private BuilderArguments() {
    }

    /**
     * Requires that the parameter {@code name} was set.
     *
     * @param name  the parameter's name, which is also the name of its setter
     * @param value the builder's value, NaN while unset
     * @return {@code value}
     * @throws IllegalArgumentException {@code name = unset} when {@code value} is NaN
     */
    public static double requireSet(String name, double value) {
        if (Double.isNaN(value)) {
            throw new IllegalArgumentException(name + " = unset; allowed: call " + name + "(value)");
        }
        return value;
    }
}
