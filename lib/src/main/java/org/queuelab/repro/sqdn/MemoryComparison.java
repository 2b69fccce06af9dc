package org.queuelab.repro.sqdn;

import java.util.List;

import org.queuelab.analysis.QueueLengthTail;
import org.queuelab.dist.Exponential;
import org.queuelab.guard.Require;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.plot.Labels;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.result.Estimate;
import org.queuelab.result.TableBuilder;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialMemory;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.MemoryChainSimulator;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * SQ(d) against SQ(d,N) at the same d and λ: the same d probes per job (the same communication), with and
 * without the dispatcher's memory (docs/sqdn.md §1; our comparison, not a figure of the work; the headline claim of the
 * work:
 * "the same communication overhead … but a much better performance").
 *
 * <p>{@link #simulate} runs both finite-N systems (exponential service of mean 1, buffer I per server, all servers
 * idle at t = 0 and the dispatcher aware of it) with independent replications, and estimates over [burnIn, horizon]
 * the mean queue length and the queue-length tail P(Q ≥ i) of each, with 95% intervals across runs. SQ(d) runs on
 * the occupancy-count chain ({@link OccupancySimulator#loadBalancing}), SQ(d,N) on the aggregated memory chain
 * ({@link MemoryChainSimulator}); both are exact simulations of their Markov chains.
 */
public final class MemoryComparison {

    private MemoryComparison() {
    }

    /**
     * Fluid equilibria at the (λ, d) rows of {@code reference} (columns lambda, d, and any reference columns, kept):
     * adds SQ(d) (Σ_{i≥1} λ^{(d^i−1)/(d−1)}), SQ(d,N) (L_S of Theorem 2), ratio SQ(d,N)/SQ(d), and the mean
     * response times E[T] = L/λ (Little).
     *
     * @param reference rows with columns lambda and d (others kept)
     * @return the reference with the columns added
     */
    public static Table fluidTable(Table reference) {
        TableBuilder fluid = TableBuilder.named("equilibrium mean queue, fluid: SQ(d) vs SQ(d,N)")
                .doubles("SQ(d)", "SQ(d,N)", "ratio", "E[T] SQ(d)", "E[T] SQ(d,N)");
        for (int r = 0; r < reference.rowCount(); r++) {
            double lambda = reference.numberColumn("lambda").getDouble(r);
            int d = (int) reference.numberColumn("d").getDouble(r);
            double a = PowerOfDFixedPoint.meanQueueLength(lambda, d);
            double b = FixedPointSurvey.fixedPoint(lambda, d).meanQueue();
            fluid.row(a, b, b / a, a / lambda, b / lambda);
        }
        return fluid.addTo(reference.copy());
    }

    /**
     * Fluid equilibrium tails P(Q ≥ i), i = 0..maxLevel, for each λ at one d: columns lambda, i, SQ(d) (s_i, FOUND
     * closed form) and SQ(d,N) (z_i from the Theorem 2 fixed point; 0 beyond j*+1).
     *
     * @param lambdas arrival rates per server, each in (0, 1)
     * @param d servers sampled per arrival d, ≥ 2 (the memory fixed point needs d ≥ 2)
     * @param maxLevel the largest level i, ≥ 1
     * @return one row per (λ, i)
     */
    public static Table fluidTails(double[] lambdas, int d, int maxLevel) {
        Table t = Table.create("equilibrium tail P(Q ≥ i), fluid, d = " + d, DoubleColumn.create("lambda"),
                IntColumn.create("i"), DoubleColumn.create("SQ(d)"), DoubleColumn.create("SQ(d,N)"));
        for (double lambda : lambdas) {
            double[] marginal = FixedPointSurvey.fixedPoint(lambda, d).queueMarginal();
            for (int i = 0; i <= maxLevel; i++) {
                double z = 0;
                for (int k = i; k < marginal.length; k++) {
                    z += marginal[k];
                }
                t.doubleColumn("lambda").append(lambda);
                t.intColumn("i").append(i);
                t.doubleColumn("SQ(d)").append(PowerOfDFixedPoint.tail(lambda, d, i));
                t.doubleColumn("SQ(d,N)").append(z);
            }
        }
        return t;
    }

    /**
     * {@return the tails of {@link #fluidTails} on a log axis: SQ(d) dotted-marker, SQ(d,N) dashed, one colour per λ}
     *
     * @param tails a {@link #fluidTails} table
     */
    public static Figure tailFigure(Table tails) {
        LineChart chart = LineChart.titled("Equilibrium tail P(Q ≥ i): SQ(d) (no memory) vs SQ(d,N) (memory), fluid")
                .xLabel("i (jobs)").yLabel("P(Q ≥ i) (log)").logY().yRange(1e-12, 1.5);
        List<Double> lambdas = tails.doubleColumn("lambda").unique().asList();
        java.util.Collections.sort(lambdas);
        int c = 0;
        for (double lambda : lambdas) {
            Table s = tails.where(tails.doubleColumn("lambda").isEqualTo(lambda));
            String color = Palette.color(c++);
            double[] i = s.intColumn("i").asDoubleArray();
            chart.line("SQ(d), λ = " + Labels.number(lambda), i, positive(s.doubleColumn("SQ(d)").asDoubleArray()),
                    Style.dotted(color).withMarkers());
            chart.line("SQ(d,N), λ = " + Labels.number(lambda), i, positive(s.doubleColumn("SQ(d,N)").asDoubleArray()),
                    Style.dashed(color).withMarkers());
        }
        return chart.build();
    }

    private static double[] positive(double[] v) {
        double[] out = v.clone();
        for (int k = 0; k < out.length; k++) {
            if (!(out[k] > 0)) {
                out[k] = Double.NaN;
            }
        }
        return out;
    }

    /**
     * Both systems' stationary estimates.
     *
     * @param lambda arrival rate per server λ
     * @param d servers sampled per arrival
     * @param n number of servers N
     * @param buffer buffer I per server
     * @param horizon the end of each run, in mean service times
     * @param burnIn the start of the averaging window
     * @param replications replications per system
     * @param seed SQ(d)'s seed; SQ(d,N) uses seed + 1
     * @param sqdMean  SQ(d) mean jobs per server (time average over [burnIn, horizon]), 95% interval over runs
     * @param sqdnMean SQ(d,N) mean jobs per server
     * @param sqdTail  SQ(d) tail P(Q ≥ i)
     * @param sqdnTail SQ(d,N) tail P(Q ≥ i)
     */
    public record Simulated(double lambda, int d, int n, int buffer, double horizon, double burnIn, int replications,
                            long seed, Estimate sqdMean, Estimate sqdnMean, QueueLengthTail sqdTail,
                            QueueLengthTail sqdnTail) {

        /** {@return one row per level i = 0 .. (largest level seen by either) + 1: both tails with their intervals} */
        public Table tailTable() {
            int rows = Math.max(sqdTail.largestLevelSeen(), sqdnTail.largestLevelSeen()) + 2;
            double[][] cols = new double[6][rows];
            for (int i = 0; i < rows; i++) {
                Estimate a = sqdTail.atLeast(i);
                Estimate b = sqdnTail.atLeast(i);
                cols[0][i] = a.mean();
                cols[1][i] = a.lower();
                cols[2][i] = a.upper();
                cols[3][i] = b.mean();
                cols[4][i] = b.lower();
                cols[5][i] = b.upper();
            }
            Table t = Table.create("P(Q ≥ i), simulation, λ = " + Labels.number(lambda) + ", d = " + d + ", N = " + n,
                    IntColumn.indexColumn("i", rows, 0),
                    DoubleColumn.create("SQ(d)", cols[0]), DoubleColumn.create("SQ(d) lo", cols[1]),
                    DoubleColumn.create("SQ(d) hi", cols[2]), DoubleColumn.create("SQ(d,N)", cols[3]),
                    DoubleColumn.create("SQ(d,N) lo", cols[4]), DoubleColumn.create("SQ(d,N) hi", cols[5]));
            return withRunColumns(t, rows);
        }

        /**
         * {@return one row: λ, d, both means with their intervals, the ratio of means, largest queues seen, parameters}
         */
        public Table summary() {
            Table t = Table.create("mean queue, simulation",
                    DoubleColumn.create("lambda", new double[] {lambda}), IntColumn.create("d", new int[] {d}),
                    DoubleColumn.create("SQ(d) mean", new double[] {sqdMean.mean()}),
                    DoubleColumn.create("SQ(d) ±", new double[] {sqdMean.halfWidth()}),
                    DoubleColumn.create("SQ(d,N) mean", new double[] {sqdnMean.mean()}),
                    DoubleColumn.create("SQ(d,N) ±", new double[] {sqdnMean.halfWidth()}),
                    DoubleColumn.create("ratio SQ(d,N)/SQ(d)", new double[] {sqdnMean.mean() / sqdMean.mean()}),
                    IntColumn.create("SQ(d) largest queue", new int[] {sqdTail.largestLevelSeen()}),
                    IntColumn.create("SQ(d,N) largest queue", new int[] {sqdnTail.largestLevelSeen()}));
            return withRunColumns(t, 1);
        }

        private Table withRunColumns(Table t, int rows) {
            double[] nCol = new double[rows];
            double[] iCol = new double[rows];
            double[] hCol = new double[rows];
            double[] bCol = new double[rows];
            double[] rCol = new double[rows];
            long[] sCol = new long[rows];
            String[] served = new String[rows];
            java.util.Arrays.fill(nCol, n);
            java.util.Arrays.fill(iCol, buffer);
            java.util.Arrays.fill(hCol, horizon);
            java.util.Arrays.fill(bCol, burnIn);
            java.util.Arrays.fill(rCol, replications);
            java.util.Arrays.fill(sCol, seed);
            java.util.Arrays.fill(served, "Exp(1)");
            return t.addColumns(DoubleColumn.create("N", nCol), DoubleColumn.create("buffer", iCol),
                    DoubleColumn.create("horizon", hCol), DoubleColumn.create("burnIn", bCol),
                    DoubleColumn.create("replications", rCol), StringColumn.create("service", served),
                    LongColumn.create("seed", sCol));
        }
    }

    /**
     * Simulates SQ(d) and SQ(d,N) with the same λ, d, N, buffer and run lengths. The two systems use the
     * replication streams of {@code seed} and {@code seed + 1}.
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d servers sampled per arrival, 1 ≤ d ≤ N
     * @param n number of servers N, ≥ 1
     * @param buffer buffer I: the most jobs a server holds (the chain's truncation), ≥ 2, checked by the model
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @param burnIn time discarded at the start of each run before averaging, ≥ 0
     * @param replications replications per point, ≥ 2 for an interval
     * @param seed seed of the random runs (the same seed gives the same result)
     * @return both systems' replicated runs
     * @throws IllegalArgumentException on λ ∉ (0, 1), d ∉ [1, N], buffer &lt; 2, horizon ≤ burnIn, burnIn &lt; 0,
     *                                  replications &lt; 2
     */
    public static Simulated simulate(double lambda, int d, int n, int buffer, double horizon, double burnIn,
                                     int replications, long seed) {
        Require.openUnit("lambda", lambda);
        if (d < 1 || d > n) {
            throw new IllegalArgumentException("d = " + d + " with N = " + n + "; allowed: 1 ≤ d ≤ N");
        }
        if (!(burnIn >= 0 && horizon > burnIn && Double.isFinite(horizon))) {
            throw new IllegalArgumentException("horizon = " + horizon + ", burnIn = " + burnIn
                    + "; allowed: 0 ≤ burnIn < horizon < ∞");
        }
        if (replications < 2) {
            throw new IllegalArgumentException("replications = " + replications
                    + "; allowed: ≥ 2 (confidence intervals)");
        }
        TimeGrid grid = TimeGrid.of(horizon, horizon);
        LoadBalancingModel plain = new LoadBalancingModel(lambda, new PowerOfD(d), buffer, Exponential.unitMean());
        ReplicatedResult<OccupancyRun> sqd = OccupancySimulator.loadBalancing(plain, n)
                .replicate(RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle()).withGrid(grid)
                        .withWarmup(burnIn), seed, replications);
        LoadBalancingModel memory = new LoadBalancingModel(lambda, new PowerOfDWithMemory(d), buffer,
                Exponential.unitMean());
        ReplicatedResult<OccupancyRun> sqdn = MemoryChainSimulator.of(memory, n)
                .replicate(RunWindow.until(horizon).withInitial(InitialMemory.allIdle()).withGrid(grid)
                        .withWarmup(burnIn), seed + 1, replications);
        return new Simulated(lambda, d, n, buffer, horizon, burnIn, replications, seed, sqd.estimate("meanJobs"),
                sqdn.estimate("meanJobs"), QueueLengthTail.of(sqd), QueueLengthTail.of(sqdn));
    }

    /**
     * The SQ(d) fluid mean queue L_S(t) from all idle (ds_i/dt = λ(s_{i−1}^d − s_i^d) − (s_i − s_{i+1}), docs/sqdn.md
     * §9), by classical Runge–Kutta steps of {@code step}, truncated at 60 levels, at the given increasing times.
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d servers sampled per arrival, ≥ 1
     * @param times output times, increasing from ≥ 0
     * @param step Runge–Kutta step, &gt; 0
     * @return L_S at each time
     * @throws IllegalArgumentException on λ ∉ (0, 1), d &lt; 1, step ≤ 0 or times not increasing from ≥ 0
     */
    public static double[] sqdFluidMeanQueue(double lambda, int d, double[] times, double step) {
        if (!(lambda > 0 && lambda < 1) || d < 1 || !(step > 0)) {
            throw new IllegalArgumentException("lambda = " + lambda + ", d = " + d + ", step = " + step
                    + "; allowed: 0 < lambda < 1, d ≥ 1, step > 0");
        }
        int levels = 60;
        double[] s = new double[levels + 2];
        s[0] = 1;
        double[] out = new double[times.length];
        double t = 0;
        for (int k = 0; k < times.length; k++) {
            if (!(times[k] >= t)) {
                throw new IllegalArgumentException("times[" + k + "] = " + times[k] + "; allowed: increasing, ≥ 0");
            }
            while (t < times[k] - 1e-12) {
                double h = Math.min(step, times[k] - t);
                s = rk4(s, lambda, d, h);
                t += h;
            }
            double mean = 0;
            for (int i = 1; i <= levels; i++) {
                mean += s[i];
            }
            out[k] = mean;
        }
        return out;
    }

    private static double[] rk4(double[] s, double lambda, int d, double h) {
        double[] k1 = sqdDrift(s, lambda, d);
        double[] k2 = sqdDrift(shift(s, k1, h / 2), lambda, d);
        double[] k3 = sqdDrift(shift(s, k2, h / 2), lambda, d);
        double[] k4 = sqdDrift(shift(s, k3, h), lambda, d);
        double[] next = s.clone();
        for (int i = 1; i < s.length - 1; i++) {
            next[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
        }
        return next;
    }

    private static double[] shift(double[] s, double[] ds, double h) {
        double[] out = s.clone();
        for (int i = 1; i < s.length - 1; i++) {
            out[i] += h * ds[i];
        }
        return out;
    }

    private static double[] sqdDrift(double[] s, double lambda, int d) {
        double[] ds = new double[s.length];
        for (int i = 1; i < s.length - 1; i++) {
            ds[i] = lambda * (Math.pow(s[i - 1], d) - Math.pow(s[i], d)) - (s[i] - s[i + 1]);
        }
        return ds;
    }
}
