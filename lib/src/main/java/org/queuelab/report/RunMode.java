package org.queuelab.report;

import java.util.Locale;

/**
 * The one switch between CI-sized runs and the works' own sizes. Notebooks read it in their parameters cell:
 * {@code var mode = RunMode.fromEnvironment();} and pick sizes with {@link #pick(Object, Object)}.
 * The environment variable {@code QUEUELAB_MODE} ({@code quick} or {@code full}) sets it; quick is the default.
 */
public enum RunMode {
    /** CI-sized: every notebook under 3 minutes. */
    QUICK,
    /** The works' sizes (N, replications, horizons). */
    FULL;

    /** Name of the environment variable that selects the mode. */
    public static final String ENV = "QUEUELAB_MODE";

    /**
     * The mode the environment asks for.
     *
     * @return the mode named by {@code QUEUELAB_MODE}; {@link #QUICK} when it is unset or blank
     * @throws IllegalArgumentException if {@code QUEUELAB_MODE} is set to something other than quick or full
     */
    public static RunMode fromEnvironment() {
        return parse(System.getenv(ENV));
    }

    /**
     * Reads a mode's name.
     *
     * @param value "quick" or "full" (case-insensitive, surrounding blanks ignored); null or blank means quick
     * @return the mode named
     * @throws IllegalArgumentException for any other text
     */
    public static RunMode parse(String value) {
        if (value == null || value.isBlank()) {
            return QUICK;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "quick" -> QUICK;
            case "full" -> FULL;
            default -> throw new IllegalArgumentException(ENV + " = '" + value + "'; allowed: quick or full");
        };
    }

    /**
     * Picks a size (or any setting) by mode, e.g. {@code mode.pick(200, 10_000)} replications.
     *
     * @param <T>   type of the setting
     * @param quick the value for CI-sized runs
     * @param full  the value for the works' own sizes
     * @return {@code quick} in quick mode, {@code full} in full mode
     */
    public <T> T pick(T quick, T full) {
        return this == QUICK ? quick : full;
    }

    /**
     * Whether runs use the works' own sizes.
     *
     * @return {@code true} for {@link #FULL}
     */
    public boolean isFull() {
        return this == FULL;
    }
}
