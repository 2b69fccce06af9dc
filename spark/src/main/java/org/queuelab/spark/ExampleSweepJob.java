package org.queuelab.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.apache.spark.sql.SparkSession;
import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.result.TimeGrid;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.SweepResult;
import org.queuelab.sweep.Sweep;

/**
 * A sweep to submit to a cluster as it is, and the pattern for one's own: the stationary metrics of SQ(d) (exact
 * CTMC, N servers, exponential service) over λ × d × N, replicated, resumable, written as CSV.
 *
 * <pre>
 * spark-submit --class org.queuelab.spark.ExampleSweepJob --master spark://HOST:7077 \
 *     spark/target/queuelab-spark-0.1.0-SNAPSHOT-job.jar OUTPUT_DIR [REPLICATIONS] [SEED] [HORIZON]
 * </pre>
 *
 * Without spark-submit (as in the README), {@code local[*]} is used. OUTPUT_DIR receives {@code summary.csv} and the
 * resumable store; rerunning the job after a failure computes only the missing points.
 */
public final class ExampleSweepJob {

    private ExampleSweepJob() {
    }

    /** The example sweep: mean jobs, loss and busy fraction of SQ(d) over λ, d and N, to time 300. */
    public static Sweep sweep(int replications, long seed) {
        return sweep(replications, seed, 300);
    }

    /**
     * The example sweep run to {@code horizon} (≥ 200; a third of it, at least 100, is burn-in): a longer horizon
     * makes each task longer, e.g. to lose a worker while tasks run.
     */
    public static Sweep sweep(int replications, long seed, double horizon) {
        if (!(horizon >= 200) || horizon > 1e7) {
            throw new IllegalArgumentException("horizon = " + horizon + "; allowed: 200 to 1e7");
        }
        double warmup = Math.max(100, horizon / 3);
        Grid grid = Grid.axis("lambda", 0.5, 0.7, 0.9, 0.95).axis("d", 1, 2, 3).axis("N", 100, 1000).build();
        return Sweep.of(grid, (p, s) -> {
            LoadBalancingModel model = new LoadBalancingModel(p.number("lambda"), new PowerOfD(p.integer("d")),
                    50, Exponential.unitMean());
            var run = OccupancySimulator.loadBalancing(model, p.integer("N"))
                    .run(RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle())
                            .withGrid(TimeGrid.of(horizon, 300)).withWarmup(warmup), s);
            return Map.copyOf(run.toMetrics().values());
        }).replications(replications).seed(seed).identity("SQ(d) CTMC, B = 50, exponential, T = " + horizon
                + ", burn-in " + warmup);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: ExampleSweepJob OUTPUT_DIR [REPLICATIONS] [SEED] [HORIZON]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        int replications = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1L;
        double horizon = args.length > 3 ? Double.parseDouble(args[3]) : 300;
        Sweep sweep = sweep(replications, seed, horizon);
        SparkSession spark = Cluster.session("queuelab example sweep");
        try {
            SweepResult result = sweep.resumable(out.resolve("store")).run(new SparkRunner(spark));
            Files.createDirectories(out);
            // written atomically: a killed job leaves the previous summary or the new one, never half of it
            org.queuelab.guard.AtomicFile.write(out.resolve("summary.csv"), stream -> {
                java.io.Writer w = new java.io.OutputStreamWriter(stream, java.nio.charset.StandardCharsets.UTF_8);
                result.table().write().csv(w);
                w.flush();
            });
            System.out.println("wrote " + out.resolve("summary.csv") + " (" + result.table().rowCount() + " rows; "
                    + result.reusedPoints() + " points reused from the store)");
        } finally {
            spark.stop();
        }
    }
}
