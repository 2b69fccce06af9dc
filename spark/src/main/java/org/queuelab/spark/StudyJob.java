package org.queuelab.spark;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.spark.sql.SparkSession;
import org.queuelab.repro.Studies;
import org.queuelab.report.RunMode;
import org.queuelab.result.Provenance;
import org.queuelab.sweep.Study;
import org.queuelab.sweep.SweepResult;

/**
 * Computes the reproduction's named studies ({@link Studies}) on Spark into their stores, for the notebooks to read
 * (docs/spark.md §5):
 *
 * <pre>
 * spark-submit --class org.queuelab.spark.StudyJob --master spark://HOST:7077 queuelab-spark-VERSION-job.jar \
 *     --mode full --out out/sweeps [--expect-version VERSION] [all | NAME...]
 * </pre>
 *
 * {@code ./reproduce --full --spark-master URL} runs it before the notebooks. {@code --expect-version} refuses a job
 * jar built from another library version, naming the jar.
 */
public final class StudyJob {

    private StudyJob() {
    }

    public static void main(String[] args) {
        RunMode mode = RunMode.QUICK;
        Path out = Path.of("out", "sweeps");
        String expected = null;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--mode" -> mode = RunMode.parse(value(args, ++i, "--mode"));
                case "--out" -> out = Path.of(value(args, ++i, "--out"));
                case "--expect-version" -> expected = value(args, ++i, "--expect-version");
                default -> names.add(args[i]);
            }
        }
        requireVersion(expected);
        List<Study> studies = new ArrayList<>();
        if (names.isEmpty() || names.equals(List.of("all"))) {
            studies.addAll(Studies.all(mode));
        } else {
            for (String name : names) {
                studies.add(Studies.named(name, mode));
            }
        }
        SparkSession spark = Cluster.session("queuelab studies (" + mode.name().toLowerCase() + ")");
        try {
            for (Study study : studies) {
                long t0 = System.nanoTime();
                SweepResult r = study.result(new SparkRunner(spark), out);
                System.out.printf("study %s: %d points (%d reused from the store) in %.1f s -> %s%n", study.name(),
                        study.sweep().grid().size(), r.reusedPoints(), (System.nanoTime() - t0) / 1e9,
                        study.store(out));
            }
        } finally {
            spark.stop();
        }
    }

    /**
     * Refuses a job jar whose library version is not {@code expected} (null: no check).
     *
     * @throws IllegalStateException naming the jar and both versions
     */
    static void requireVersion(String expected) {
        if (expected != null && !expected.equals(Provenance.LIBRARY_VERSION)) {
            throw new IllegalStateException("the job jar " + StudyJob.class.getProtectionDomain().getCodeSource()
                    .getLocation().getPath() + " holds queuelab " + Provenance.LIBRARY_VERSION + ", expected "
                    + expected + ": rebuild it (mvn -B -ntp package -DskipTests) and submit the new jar");
        }
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }
}
