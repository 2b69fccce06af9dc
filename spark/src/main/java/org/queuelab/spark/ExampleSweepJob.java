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
 *     spark/target/queuelab-spark-0.1.0-SNAPSHOT-job.jar OUTPUT_DIR [REPLICATIONS] [SEED]
 * </pre>
 *
 * Without spark-submit (as in the README), {@code local[*]} is used. OUTPUT_DIR receives {@code summary.csv} and the
 * resumable store; rerunning the job after a failure computes only the missing points.
 */
public final class ExampleSweepJob {

    private ExampleSweepJob() {
    }

    /** The example sweep: mean jobs, loss and busy fraction of SQ(d) over λ, d and N. */
    public static Sweep sweep(int replications, long seed) {
        Grid grid = Grid.axis("lambda", 0.5, 0.7, 0.9, 0.95).axis("d", 1, 2, 3).axis("N", 100, 1000).build();
        return Sweep.of(grid, (p, s) -> {
            LoadBalancingModel model = new LoadBalancingModel(p.number("lambda"), new PowerOfD(p.integer("d")),
                    50, Exponential.unitMean());
            var run = OccupancySimulator.loadBalancing(model, p.integer("N"))
                    .run(RunWindow.until(300).withInitial(InitialOccupancy.allIdle()).withGrid(TimeGrid.of(300, 300))
                            .withWarmup(100), s);
            return Map.copyOf(run.toMetrics().values());
        }).replications(replications).seed(seed).identity("SQ(d) CTMC, B = 50, exponential, T = 300, burn-in 100");
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: ExampleSweepJob OUTPUT_DIR [REPLICATIONS] [SEED]");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        int replications = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 1L;
        SparkSession.Builder builder = SparkSession.builder().appName("queuelab example sweep");
        if (!System.getProperties().containsKey("spark.master")) {
            builder.master("local[*]");
        }
        SparkSession spark = builder.getOrCreate();
        try {
            SweepResult result = sweep(replications, seed).resumable(out.resolve("store"))
                    .run(new SparkRunner(spark));
            Files.createDirectories(out);
            result.table().write().csv(out.resolve("summary.csv").toString());
            System.out.println("wrote " + out.resolve("summary.csv") + " (" + result.table().rowCount() + " rows; "
                    + result.reusedPoints() + " points reused from the store)");
        } finally {
            spark.stop();
        }
    }
}
