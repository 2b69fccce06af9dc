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

    /** The mode named by {@code QUEUELAB_MODE}, QUICK when unset. */
    public static RunMode fromEnvironment() {
        return parse(System.getenv(ENV));
    }

    /** Parses "quick" or "full" (case-insensitive); null or blank gives QUICK. */
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

    /** {@code quick} in quick mode, {@code full} in full mode. */
    public <T> T pick(T quick, T full) {
        return this == QUICK ? quick : full;
    }

    /** Whether this is the full mode. */
    public boolean isFull() {
        return this == FULL;
    }
}
