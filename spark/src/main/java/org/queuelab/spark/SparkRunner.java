package org.queuelab.spark;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

import org.apache.spark.SparkException;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.queuelab.sweep.Observation;
import org.queuelab.sweep.Sweep;
import org.queuelab.sweep.SweepRunner;
import org.queuelab.sweep.Task;

/**
 * Runs a {@link Sweep} on Apache Spark: the sweep is broadcast once, its tasks are spread over the cluster's
 * executors, and observations come back to the driver in batches of whole points, so that a resumable sweep stores
 * each batch before the next starts (a killed job loses at most the batch in flight). Every task's seed was fixed
 * by the sweep before it left the driver, so the results are bit-identical to {@link org.queuelab.sweep.LocalRunner}'s.
 * After each batch the driver prints one progress line to standard error: points done of the total, and how many
 * tasks failed and were re-run (a lost worker's tasks are re-run on the others).
 *
 * <pre>{@code
 * SparkSession spark = SparkSession.builder().master("local[*]").appName("sweep").getOrCreate();
 * SweepResult r = sweep.run(new SparkRunner(spark));
 * }</pre>
 *
 * The experiment, and everything it captures, must be serializable (see {@link org.queuelab.sweep.Experiment}).
 */
public final class SparkRunner implements SweepRunner {

    private final SparkSession spark;
    private final int tasksPerBatch;
    private final java.io.PrintStream progress;

    /** A runner whose batches hold about four tasks per core of the cluster. */
    public SparkRunner(SparkSession spark) {
        this(spark, 4 * Math.max(1, spark.sparkContext().defaultParallelism()));
    }

    /** A runner that sends at least {@code tasksPerBatch} tasks (rounded up to whole points) per Spark job. */
    public SparkRunner(SparkSession spark, int tasksPerBatch) {
        this.spark = Objects.requireNonNull(spark, "spark");
        if (tasksPerBatch < 1) {
            throw new IllegalArgumentException("tasksPerBatch = " + tasksPerBatch + "; allowed: ≥ 1");
        }
        this.tasksPerBatch = tasksPerBatch;
        this.progress = System.err;
    }

    /** Counts tasks that failed (lost executors, exceptions) and were re-run by Spark's scheduler. */
    private static final class FailedTasks extends org.apache.spark.scheduler.SparkListener {
        private final java.util.concurrent.atomic.AtomicLong failed = new java.util.concurrent.atomic.AtomicLong();

        @Override
        public void onTaskEnd(org.apache.spark.scheduler.SparkListenerTaskEnd end) {
            if (!(end.reason() instanceof org.apache.spark.Success$)) {
                failed.incrementAndGet();
            }
        }

        long count() {
            return failed.get();
        }
    }

    @Override
    public void run(Sweep sweep, List<Task> tasks, Consumer<Observation> sink) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<Sweep> shared = jsc.broadcast(sweep);
        int parallelism = Math.max(1, jsc.defaultParallelism());
        FailedTasks failed = new FailedTasks();
        spark.sparkContext().addSparkListener(failed);
        long points = tasks.stream().mapToInt(Task::pointIndex).distinct().count();
        long pointsDone = 0;
        try {
            for (List<Task> batch : batches(tasks)) {
                List<Observation> done = jsc.parallelize(batch, Math.min(batch.size(), parallelism))
                        .map(t -> shared.value().runTask(t))
                        .collect();
                done.forEach(sink);
                pointsDone += batch.stream().mapToInt(Task::pointIndex).distinct().count();
                progress.println("[" + label(sweep) + "] points " + pointsDone + "/" + points + " done"
                        + (failed.count() == 0 ? "" : ", " + failed.count() + " failed tasks re-run"));
            }
        } catch (Exception e) {  // Scala code throws SparkException without declaring it
            if (!(e instanceof SparkException)) {
                throw e;
            }
            throw new IllegalStateException("sweep failed on Spark: " + rootMessage(e), e);
        } finally {
            spark.sparkContext().removeSparkListener(failed);
            shared.destroy();
        }
    }

    /** The progress lines' name of a sweep: its identity, cut at 100 characters (a study's names every model). */
    static String label(Sweep sweep) {
        String identity = sweep.identity();
        return identity.length() <= 100 ? identity : identity.substring(0, 99) + "…";
    }

    /** Consecutive tasks in point order, cut only between points. */
    private List<List<Task>> batches(List<Task> tasks) {
        List<Task> sorted = new ArrayList<>(tasks);
        sorted.sort(Comparator.comparingInt(Task::pointIndex).thenComparingInt(Task::replication));
        List<List<Task>> batches = new ArrayList<>();
        List<Task> current = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            current.add(sorted.get(i));
            boolean pointEnds = i + 1 == sorted.size() || sorted.get(i + 1).pointIndex() != sorted.get(i).pointIndex();
            if (pointEnds && current.size() >= tasksPerBatch) {
                batches.add(current);
                current = new ArrayList<>();
            }
        }
        if (!current.isEmpty()) {
            batches.add(current);
        }
        return batches;
    }

    private static String rootMessage(Throwable e) {
        String message = e.getMessage();
        int at = message == null ? -1 : message.indexOf("experiment failed at point");
        return at >= 0 ? message.substring(at).lines().findFirst().orElse(message) : String.valueOf(message);
    }
}
