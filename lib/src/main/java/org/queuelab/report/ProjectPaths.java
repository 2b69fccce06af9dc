package org.queuelab.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the project's {@code data/} folder and the run's output folder are.
 *
 * <p>The data folder is, in order: the system property {@code queuelab.data}, the environment variable
 * {@code QUEUELAB_DATA}, or the first {@code data/} folder found walking up from the working directory (a
 * notebook's kernel runs in {@code notebooks/}). The output folder is {@code QUEUELAB_OUT} when set (the main
 * command sets it), otherwise {@code out/} beside {@code data/}, or — outside the project (a notebook in a folder of
 * one's own) — {@code out/} in the working directory.
 */
public final class ProjectPaths {

    private ProjectPaths() {
    }

    /**
     * The reference-data folder, found as the class comment says.
     *
     * @return the folder (not checked to exist when named by the property or the variable)
     * @throws IllegalStateException if neither is set and no {@code data/} folder beside a {@code pom.xml} is found
     *                               above the working directory
     */
    public static Path dataDir() {
        String prop = System.getProperty("queuelab.data");
        if (prop != null && !prop.isBlank()) {
            return Path.of(prop);
        }
        String env = System.getenv("QUEUELAB_DATA");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        return findUp("data").orElseThrow(() -> new IllegalStateException(
                "no data/ folder found above " + Path.of("").toAbsolutePath()
                        + "; set QUEUELAB_DATA to the project's data folder"));
    }

    /**
     * The output folder of this run (created on demand by writers, not here).
     *
     * @return {@code QUEUELAB_OUT} when set, otherwise {@code out/} beside the data folder, or {@code out/} in the
     *         working directory when no data folder is set or found
     */
    public static Path outputDir() {
        String env = System.getenv("QUEUELAB_OUT");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        if (!isBlank(System.getProperty("queuelab.data")) || !isBlank(System.getenv("QUEUELAB_DATA"))) {
            return dataDir().toAbsolutePath().getParent().resolve("out");
        }
        return findUp("data").map(data -> data.getParent().resolve("out"))
                .orElseGet(() -> Path.of("out").toAbsolutePath());
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    private static Optional<Path> findUp(String name) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve(name);
            if (Files.isDirectory(candidate) && Files.exists(dir.resolve("pom.xml"))) {
                return Optional.of(candidate);
            }
            dir = dir.getParent();
        }
        return Optional.empty();
    }
}
