package org.queuelab.repro;

import java.util.Locale;
import java.util.Map;

import org.queuelab.report.RunMode;
import org.queuelab.result.Estimate;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Study;
import org.queuelab.sweep.SweepResult;

/**
 * What the works' studies ({@link Studies}, docs/spark.md §5) share: the mode suffix of their names, the check that a
 * reader was given a study of its own kind, and an {@link Estimate} carried through a study's store as three values
 * ({@code <name>.mean}, {@code <name>.halfWidth}, {@code <name>.n}), which read back to the same doubles.
 */
public final class StudyValues {

    private StudyValues() {
    }

    /**
     * The suffix that names a study's sizes.
     *
     * @param mode quick or full
     * @return {@code -quick} or {@code -full}
     */
    public static String suffix(RunMode mode) {
        return "-" + mode.name().toLowerCase(Locale.ROOT);
    }

    /**
     * The study's experiment, when it is of the reader's kind.
     *
     * @param study a study
     * @param type  the experiment type the reader understands
     * @param <E>   that type
     * @return the study's experiment
     * @throws IllegalArgumentException naming the study when its experiment is of another type
     */
    public static <E extends Experiment> E experiment(Study study, Class<E> type) {
        if (!type.isInstance(study.sweep().experiment())) {
            throw new IllegalArgumentException("study = " + study.name() + "; allowed: a study whose experiment is "
                    + type.getSimpleName());
        }
        return type.cast(study.sweep().experiment());
    }

    /**
     * Puts an estimate into a point's values as {@code <name>.mean}, {@code <name>.halfWidth} and {@code <name>.n}.
     *
     * @param values the point's values
     * @param name   the estimate's name
     * @param e      the estimate
     */
    public static void put(Map<String, Double> values, String name, Estimate e) {
        values.put(name + ".mean", e.mean());
        values.put(name + ".halfWidth", e.halfWidth());
        values.put(name + ".n", (double) e.n());
    }

    /**
     * Reads back an estimate {@link #put} stored in point {@code point}'s only replication.
     *
     * @param r     the study's results
     * @param point the point's index in the grid
     * @param name  the estimate's name
     * @return the estimate, bit for bit as it was put
     */
    public static Estimate estimate(SweepResult r, int point, String name) {
        return new Estimate(r.value(point, 0, name + ".mean"), r.value(point, 0, name + ".halfWidth"),
                (int) r.value(point, 0, name + ".n"));
    }
}
