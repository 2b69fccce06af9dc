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
    }

    @Override
    public void run(Sweep sweep, List<Task> tasks, Consumer<Observation> sink) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<Sweep> shared = jsc.broadcast(sweep);
        int parallelism = Math.max(1, jsc.defaultParallelism());
        try {
            for (List<Task> batch : batches(tasks)) {
                List<Observation> done = jsc.parallelize(batch, Math.min(batch.size(), parallelism))
                        .map(t -> shared.value().runTask(t))
                        .collect();
                done.forEach(sink);
            }
        } catch (Exception e) {  // Scala code throws SparkException without declaring it
            if (!(e instanceof SparkException)) {
                throw e;
            }
            throw new IllegalStateException("sweep failed on Spark: " + rootMessage(e), e);
        } finally {
            shared.destroy();
        }
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
