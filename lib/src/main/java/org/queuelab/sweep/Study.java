package org.queuelab.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.regex.Pattern;

import org.queuelab.report.ProjectPaths;
import org.queuelab.result.Provenance;

/**
 * A named sweep of the reproduction whose results live in a store of its own, {@code <output>/sweeps/<name>/}
 * (docs/spark.md §5): computed once, by a notebook on the local cores or beforehand on a Spark cluster
 * ({@code ./reproduce --full --spark-master URL}), and read back by every later run that asks for the same sweep.
 *
 * <p>The store records what it was made under — the sweep's identity (which names its sizes), seed, replications,
 * parameters, the library version ({@link Provenance#LIBRARY_VERSION}) and a digest of the library's classes. A store
 * made under anything else is not
 * used: {@link #result()} says which field differs, sets the store aside as {@code <name>.stale-<n>} and computes
 * afresh. Results are identical, bit for bit, wherever the points were computed: each replication's seed derives
 * from the sweep's seed, the point and the replication index.
 *
 * @param name  the study's name, a folder name: letters, digits, '-', '_' and '.'
 * @param sweep the sweep (its identity should name every size that changes its numbers)
 */
public record Study(String name, Sweep sweep) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,79}");

    /**
     * Validates the name.
     *
     * @param name  the study's name: 1–80 letters, digits, '.', '_' or '-', starting with a letter or digit
     * @param sweep the sweep, not null
     * @throws IllegalArgumentException naming the name and the allowed form otherwise
     */
    public Study {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sweep, "sweep");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("name = '" + name + "'; allowed: 1–80 letters, digits, '.', '_' or"
                    + " '-', starting with a letter or digit (it names the study's folder)");
        }
    }

    /**
     * The folder holding every study's store by default: {@code <output>/sweeps/} ({@code <output>} as
     * {@code ProjectPaths.outputDir()} finds it), where {@code ./reproduce --spark-master} leaves them.
     *
     * @return the folder (it need not exist)
     */
    public static Path defaultRoot() {
        return ProjectPaths.outputDir().resolve("sweeps");
    }

    /**
     * The study's store under {@link #defaultRoot()}.
     *
     * @return the store's directory (it need not exist)
     */
    public Path store() {
        return store(defaultRoot());
    }

    /**
     * The study's store under {@code root}.
     *
     * @param root the folder holding every study's store
     * @return {@code root/<name>} (it need not exist)
     */
    public Path store(Path root) {
        return root.resolve(name);
    }

    /**
     * The sweep as it is stored: its identity carries the library version and a digest of the library's classes, so
     * that results made by other code are recomputed.
     *
     * @return {@link #sweep()} with that identity, carrying values that are not finite as given
     *         ({@link Sweep#carryingNonFinite()}: a study's values are read back one by one, not estimated)
     */
    public Sweep storedSweep() {
        // a study's values are read back one by one (tables with undefined cells, n = 1 half-widths): carried as given
        return sweep.identity(sweep.identity() + " [queuelab " + Provenance.LIBRARY_VERSION + ", code "
                + CodeVersion.digest() + "]").carryingNonFinite();
    }

    /**
     * The results: read from the store under {@code <output>/sweeps/} where complete, the rest computed on all local
     * cores.
     *
     * @return the results, identical wherever their points were computed
     */
    public SweepResult result() {
        return result(new LocalRunner(), defaultRoot());
    }

    /**
     * The results in the store under {@code root}, the missing points computed by {@code runner}. A store made under
     * another identity, seed, replication count, parameter set or library version is set aside (its reason
     * printed) and the study computed afresh.
     *
     * @param runner where missing points run, not null
     * @param root   the folder holding every study's store, not null
     * @return the results, identical wherever their points were computed
     */
    public SweepResult result(SweepRunner runner, Path root) {
        Objects.requireNonNull(runner, "runner");
        Objects.requireNonNull(root, "root");
        Path dir = store(root);
        Sweep stored = storedSweep();
        try {
            return stored.resumable(dir).run(runner);
        } catch (SweepStore.MismatchException e) {
            Path aside = setAside(dir);
            System.err.println("study " + name + ": " + e.getMessage() + " — set aside as " + aside.getFileName()
                    + ", computing afresh");
            return stored.resumable(dir).run(runner);
        }
    }

    /**
     * Whether the store under {@code root} holds every point of this study, made under the current library (the
     * store is only read).
     *
     * @param root the folder holding every study's store
     * @return true if {@link #result(SweepRunner, Path)} would compute nothing
     */
    public boolean complete(Path root) {
        return SweepStore.completePoints(store(root), storedSweep()) == sweep.grid().size();
    }

    private static Path setAside(Path dir) {
        try {
            for (int n = 1; ; n++) {
                Path aside = dir.resolveSibling(dir.getFileName() + ".stale-" + n);
                if (!Files.exists(aside)) {
                    return Files.move(dir, aside);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot set the stale store " + dir + " aside: " + e.getMessage(), e);
        }
    }
}
