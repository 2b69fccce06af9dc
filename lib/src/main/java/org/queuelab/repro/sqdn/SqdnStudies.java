package org.queuelab.repro.sqdn;

import static org.queuelab.repro.StudyValues.estimate;
import static org.queuelab.repro.StudyValues.experiment;
import static org.queuelab.repro.StudyValues.suffix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.queuelab.repro.sqdn.SqdnExperiments.ConfirmRun;
import org.queuelab.repro.sqdn.SqdnExperiments.GapRun;
import org.queuelab.repro.sqdn.SqdnExperiments.LargestQueueRun;
import org.queuelab.repro.sqdn.SqdnExperiments.RefinedRun;
import org.queuelab.report.RunMode;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Point;
import org.queuelab.sweep.Study;
import org.queuelab.sweep.Sweep;
import org.queuelab.sweep.SweepResult;
import org.queuelab.sweep.SweepRunner;

import tech.tablesaw.api.Table;

/**
 * SQ(d,N)'s heavy simulations (notebook 02, docs/sqdn.md) as named {@link Study studies}, so that a Spark cluster can
 * compute them beforehand (docs/spark.md §5) and the notebook reads their stores: the λ = 0.995 largest-queue claim,
 * Theorem 2's confirmation at six (λ, d), the stationary gap over N at λ = 0.9 and SQ(2)'s CTMC against the refined
 * mean field. Each sweep point runs exactly what the notebook ran there, with the notebook's seed (the sweep's one
 * replication only carries the point's values to the store), so a study's numbers equal a direct run bit for bit,
 * wherever its points were computed.
 */
public final class SqdnStudies {

    /** Notebook 02's seed; each study offsets it as the notebook did. */
    public static final long SEED = 20200301L;

    /** Buffer I of every SQ(d,N) and SQ(d) run here (never binding: j* + 2 ≤ 6 at every λ studied). */
    public static final int BUFFER = 20;

    /** Replications of Theorem 2's simulations (t with 7 degrees of freedom: intervals with power). */
    public static final int STAT_RUNS = 8;

    /** The coarsest step h of the long fluid integrations in either mode (quick mode's {@link #longStep}), 10⁻³. */
    public static final double LONG_STEP_MAX = 1e-3;

    /**
     * Bound on |x(T) − x*|_∞ at the end of Theorem 2's long integrations from all idle, one bound for both modes: the
     * water-filling scheme is first order in h (docs/sqdn.md §4: stationary bias ≈ −1.26 h on L_S at λ = 0.9, d = 2),
     * so 5 h at the coarsest step {@link #LONG_STEP_MAX} leaves room for components with a larger constant; the
     * 10⁻⁶ covers what is left of the transient at T. A finer step only lowers the distance.
     */
    public static final double INTEGRATION_DISTANCE_BOUND = 5 * LONG_STEP_MAX + 1e-6;

    /** The (λ, d) of Theorem 2's confirmation, rows {λ, d}. */
    private static final double[][] CONFIRM_POINTS = {{0.45, 2}, {0.6, 2}, {0.9, 2}, {0.95, 2}, {0.6, 3}, {0.9, 3}};

    /** The servers N of the refined mean field's CTMC runs (as in notebook 05). */
    private static final int[] REFINED_SIZES = {10, 20, 50, 100};

    private SqdnStudies() {
    }

    /**
     * Every SQ(d,N) study at the sizes of {@code mode}: the λ = 0.995 claim, Theorem 2's confirmation, the gap over N
     * and the refined mean field's CTMC.
     *
     * @param mode quick or full sizes
     * @return the four studies, in that order
     */
    public static List<Study> all(RunMode mode) {
        return List.of(largestQueueStudy(mode), confirmStudy(mode), gapOverNStudy(mode), refinedStudy(mode));
    }

    // ---- sizes of the notebook's parameters cell ------------------------------------------------------------------

    /**
     * Servers N of the λ = 0.995 claim's simulation.
     *
     * @param mode quick or full
     * @return 10⁴ in quick mode, 10⁵ in full
     */
    public static int claimServers(RunMode mode) {
        return mode.pick(10_000, 100_000);
    }

    /**
     * Horizon of the λ = 0.995 claim's run, in mean service times.
     *
     * @param mode quick or full
     * @return 100 in quick mode, 1200 in full
     */
    public static double claimHorizon(RunMode mode) {
        return mode.pick(100.0, 1200.0);
    }

    /**
     * Step h of the long fluid integrations (hundreds of time units).
     *
     * @param mode quick or full
     * @return {@link #LONG_STEP_MAX} (10⁻³) in quick mode, 5·10⁻⁴ in full
     */
    public static double longStep(RunMode mode) {
        return mode.pick(LONG_STEP_MAX, 5e-4);
    }

    /**
     * Servers N of Theorem 2's confirmation.
     *
     * @param mode quick or full
     * @return 2000 in quick mode, 10⁴ in full
     */
    public static int statServers(RunMode mode) {
        return mode.pick(2_000, 10_000);
    }

    /**
     * Horizon of Theorem 2's simulations, in mean service times.
     *
     * @param mode quick or full
     * @return 120 in quick mode, 300 in full
     */
    public static double statHorizon(RunMode mode) {
        return mode.pick(120.0, 300.0);
    }

    /**
     * Start of the averaging window of Theorem 2's simulations.
     *
     * @param mode quick or full
     * @return 40 in quick mode, 100 in full
     */
    public static double statBurnIn(RunMode mode) {
        return mode.pick(40.0, 100.0);
    }

    /**
     * The (λ, d) of Theorem 2's confirmation.
     *
     * @return rows {λ, d}: λ = 0.45, 0.6, 0.9, 0.95 at d = 2 and λ = 0.6, 0.9 at d = 3 (a fresh copy)
     */
    public static double[][] confirmPoints() {
        return Arrays.stream(CONFIRM_POINTS).map(double[]::clone).toArray(double[][]::new);
    }

    /**
     * Integration time of the confirmation's fluids from all idle.
     *
     * @param mode quick or full
     * @return 300 in quick mode, 600 in full
     */
    public static double confirmFluidHorizon(RunMode mode) {
        return mode.pick(300.0, 600.0);
    }

    /**
     * The servers N of the stationary gap over N at λ = 0.9, d = 2.
     *
     * @param mode quick or full
     * @return 500, 2000, 8000 in quick mode; 2500, 10⁴, 4·10⁴ in full
     */
    public static int[] gapSizes(RunMode mode) {
        return mode.isFull() ? new int[] {2_500, 10_000, 40_000} : new int[] {500, 2_000, 8_000};
    }

    /**
     * The servers N of SQ(2)'s CTMC runs against the refined mean field.
     *
     * @return 10, 20, 50, 100 (a fresh copy)
     */
    public static int[] refinedSizes() {
        return REFINED_SIZES.clone();
    }

    /**
     * CTMC events per N (over all replications) of the refined mean field's runs.
     *
     * @param mode quick or full
     * @return 4·10⁷ in quick mode, 4·10⁸ in full
     */
    public static long refinedEvents(RunMode mode) {
        return mode.pick(40_000_000L, 400_000_000L);
    }

    /**
     * Replications per N of the refined mean field's runs.
     *
     * @param mode quick or full
     * @return 20 in quick mode, 40 in full
     */
    public static int refinedRuns(RunMode mode) {
        return mode.pick(20, 40);
    }

    // ---- the λ = 0.995 claim ----------------------------------------------------------------------------------------

    /**
     * The λ = 0.995, d = 2 claim (docs/sqdn.md §8): one run of {@link LargestQueueBound#simulateLargestQueue} with
     * {@link #claimServers} servers to {@link #claimHorizon}, seeded {@link #SEED}.
     *
     * @param mode quick or full sizes
     * @return the study {@code sqdn-largest-queue-<mode>}
     */
    public static Study largestQueueStudy(RunMode mode) {
        return largestQueueStudy("sqdn-largest-queue" + suffix(mode),
                new LargestQueueRun(claimServers(mode), BUFFER, claimHorizon(mode), SEED), new double[] {0.995}, 2);
    }

    /**
     * The largest-queue run at the sizes of {@code run}, one point per λ of {@code lambdas} at {@code d}.
     *
     * @param name    the study's name (its store's folder)
     * @param run     N, buffer, horizon and seed of every point's run
     * @param lambdas the arrival rates λ, at least one
     * @param d       servers sampled per arrival, ≥ 2
     * @return the study
     */
    public static Study largestQueueStudy(String name, LargestQueueRun run, double[] lambdas, int d) {
        if (lambdas.length < 1) {
            throw new IllegalArgumentException("lambdas: 0 values; allowed: at least 1 λ");
        }
        Grid grid = Grid.builder().axisOf("lambda", lambdas).axis("d", d).build();
        Sweep sweep = Sweep.of(grid, run).replications(1).seed(SEED).identity("SQ(d,N) largest queue " + run);
        return new Study(name, sweep);
    }

    /**
     * The λ = 0.995 claim's run: read from the study's store under {@code <output>/sweeps/} when complete, computed
     * (and stored) otherwise.
     *
     * @param mode quick or full sizes
     * @return what {@link LargestQueueBound#simulateLargestQueue} returns
     */
    public static LargestQueueBound.LargestQueueRun largestQueue(RunMode mode) {
        return largestQueue(largestQueueStudy(mode), new LocalRunner(), Study.defaultRoot()).get(0);
    }

    /**
     * The runs of a study made by {@link #largestQueueStudy(String, LargestQueueRun, double[], int)}, its store under
     * {@code root}, missing points run by {@code runner}.
     *
     * @param study  a largest-queue study
     * @param runner runs the points the store lacks
     * @param root   the folder holding the study's store
     * @return one run per point, in the study's order
     */
    public static List<LargestQueueBound.LargestQueueRun> largestQueue(Study study, SweepRunner runner, Path root) {
        LargestQueueRun run = experiment(study, LargestQueueRun.class);
        SweepResult r = study.result(runner, root);
        List<Point> points = study.sweep().grid().points();
        List<LargestQueueBound.LargestQueueRun> runs = new ArrayList<>();
        for (int p = 0; p < points.size(); p++) {
            double[] marginal = new double[(int) r.value(p, 0, "levels")];
            for (int i = 0; i < marginal.length; i++) {
                marginal[i] = r.value(p, 0, "marginal." + i);
            }
            runs.add(new LargestQueueBound.LargestQueueRun(points.get(p).number("lambda"), points.get(p).integer("d"),
                    run.servers(), run.buffer(), run.horizon(), run.seed(), (int) r.value(p, 0, "largestLevelSeen"),
                    (int) r.value(p, 0, "largestInMarginal"), r.value(p, 0, "meanQueue"),
                    (int) r.value(p, 0, "jStarPlusOne"), marginal));
        }
        return runs;
    }

    // ---- Theorem 2: the fixed point confirmed ----------------------------------------------------------------------

    /**
     * Theorem 2's confirmation (docs/sqdn.md §6): one point per (λ, d) of {@link #confirmPoints()}, the fluid from all
     * idle and {@link #STAT_RUNS} memory-chain runs with {@link #statServers} servers, point p seeded notebook seed
     * + 2 + p.
     *
     * @param mode quick or full sizes
     * @return the study {@code sqdn-fixed-point-confirm-<mode>}
     */
    public static Study confirmStudy(RunMode mode) {
        return confirmStudy("sqdn-fixed-point-confirm" + suffix(mode), new ConfirmRun(longStep(mode),
                confirmFluidHorizon(mode), statServers(mode), BUFFER, statHorizon(mode), statBurnIn(mode), STAT_RUNS,
                SEED + 2, CONFIRM_POINTS));
    }

    /**
     * Theorem 2's confirmation at the sizes of {@code run}, one point per row of its points.
     *
     * @param name the study's name (its store's folder)
     * @param run  sizes, points and first seed of the points' runs
     * @return the study
     */
    public static Study confirmStudy(String name, ConfirmRun run) {
        Grid grid = Grid.axis("point", IntStream.range(0, run.points().length).boxed().toArray()).build();
        Sweep sweep = Sweep.of(grid, run).replications(1).seed(SEED)
                .identity("SQ(d,N) Theorem 2 confirmation " + run);
        return new Study(name, sweep);
    }

    /**
     * Theorem 2's confirmation table ({@link FixedPointSurvey#confirm}): read from the study's store under
     * {@code <output>/sweeps/} when complete, computed (and stored) otherwise.
     *
     * @param mode quick or full sizes
     * @return one row per (λ, d), the columns of {@link FixedPointSurvey#confirm}
     */
    public static Table confirm(RunMode mode) {
        return confirm(confirmStudy(mode), new LocalRunner(), Study.defaultRoot());
    }

    /**
     * The table of a study made by {@link #confirmStudy(String, ConfirmRun)}, its store under
     * {@code root}, missing points run by {@code runner}.
     *
     * @param study  a confirmation study
     * @param runner runs the points the store lacks
     * @param root   the folder holding the study's store
     * @return one row per (λ, d), the columns of {@link FixedPointSurvey#confirm}
     */
    public static Table confirm(Study study, SweepRunner runner, Path root) {
        ConfirmRun run = experiment(study, ConfirmRun.class);
        SweepResult r = study.result(runner, root);
        double[][] points = run.points();
        List<FixedPointSurvey.Confirmation> confirmed = new ArrayList<>();
        for (int p = 0; p < points.length; p++) {
            confirmed.add(new FixedPointSurvey.Confirmation((int) r.value(p, 0, "jStar"), r.value(p, 0, "meanQueue"),
                    r.value(p, 0, "integrationDistance"), r.value(p, 0, "fluidMeanQueueEnd"), estimate(r, p, "simulated"),
                    (int) r.value(p, 0, "largestQueue")));
        }
        return FixedPointSurvey.confirmTable(points, confirmed, run.step(), run.servers(), run.runs(),
                run.seed());
    }

    // ---- the stationary gap over N ----------------------------------------------------------------------------------

    /**
     * The stationary gap L_S^N − L_S over N at λ = 0.9, d = 2 (docs/sqdn.md §10): one point per N of
     * {@link #gapSizes}, {@link #STAT_RUNS} memory-chain runs seeded notebook seed + 8 + N.
     *
     * @param mode quick or full sizes
     * @return the study {@code sqdn-gap-over-n-<mode>}
     */
    public static Study gapOverNStudy(RunMode mode) {
        return gapOverNStudy("sqdn-gap-over-n" + suffix(mode), new GapRun(0.9, 2, BUFFER, statHorizon(mode),
                statBurnIn(mode), STAT_RUNS, SEED + 8), gapSizes(mode));
    }

    /**
     * The gap over N at the sizes of {@code run}, one point per N of {@code sizes}.
     *
     * @param name  the study's name (its store's folder)
     * @param run   λ, d, buffer, window, replications and seed of every point's runs
     * @param sizes the servers N, at least one
     * @return the study
     */
    public static Study gapOverNStudy(String name, GapRun run, int[] sizes) {
        return overN(name, run, sizes, "SQ(d,N) gap over N " + run);
    }

    /**
     * The gap-over-N table ({@link FixedPointSurvey#stationaryGapOverN}): read from the study's store under
     * {@code <output>/sweeps/} when complete, computed (and stored) otherwise.
     *
     * @param mode quick or full sizes
     * @return one row per N, the columns of {@link FixedPointSurvey#stationaryGapOverN}
     */
    public static Table gapOverN(RunMode mode) {
        return gapOverN(gapOverNStudy(mode), new LocalRunner(), Study.defaultRoot());
    }

    /**
     * The table of a study made by {@link #gapOverNStudy(String, GapRun, int[])}, its store under {@code root},
     * missing points run by {@code runner}.
     *
     * @param study  a gap-over-N study
     * @param runner runs the points the store lacks
     * @param root   the folder holding the study's store
     * @return one row per N, the columns of {@link FixedPointSurvey#stationaryGapOverN}
     */
    public static Table gapOverN(Study study, SweepRunner runner, Path root) {
        GapRun run = experiment(study, GapRun.class);
        SweepResult r = study.result(runner, root);
        List<Point> points = study.sweep().grid().points();
        int[] sizes = points.stream().mapToInt(p -> p.integer("n")).toArray();
        List<Estimate> estimates = IntStream.range(0, sizes.length).mapToObj(p -> estimate(r, p, "L_S")).toList();
        return FixedPointSurvey.gapTable(run.lambda(), run.d(), sizes, estimates);
    }

    // ---- SQ(2)'s CTMC against the refined mean field ----------------------------------------------------------------

    /**
     * SQ(2)'s exact CTMC at λ = 0.9, B = {@value #BUFFER} (docs/sqdn.md, refined mean field): one point per N of
     * {@link #refinedSizes()}, {@link #refinedRuns} replications from all idle, warm-up 200, horizon
     * events / (1.9 N) / runs, seeded notebook seed + 20 + N; their mean jobs per server.
     *
     * @param mode quick or full sizes
     * @return the study {@code sqdn-refined-ctmc-<mode>}
     */
    public static Study refinedStudy(RunMode mode) {
        return refinedStudy("sqdn-refined-ctmc" + suffix(mode), new RefinedRun(0.9, 2, BUFFER, refinedEvents(mode),
                refinedRuns(mode), SEED + 20), refinedSizes());
    }

    /**
     * SQ(d)'s CTMC at the sizes of {@code run}, one point per N of {@code sizes}.
     *
     * @param name  the study's name (its store's folder)
     * @param run   model, events, replications and seed of every point's runs
     * @param sizes the servers N, at least one
     * @return the study
     */
    public static Study refinedStudy(String name, RefinedRun run, int[] sizes) {
        return overN(name, run, sizes, "SQ(d) CTMC mean jobs " + run);
    }

    /** A study of one point per N of {@code sizes}, one replication each (the experiment seeds its own runs). */
    private static Study overN(String name, Experiment run, int[] sizes, String identity) {
        if (sizes.length < 1) {
            throw new IllegalArgumentException("sizes: 0 values; allowed: at least 1 size N");
        }
        Grid grid = Grid.axis("n", Arrays.stream(sizes).boxed().toArray()).build();
        return new Study(name, Sweep.of(grid, run).replications(1).seed(SEED).identity(identity));
    }

    /**
     * SQ(2)'s CTMC mean jobs per server at each N of {@link #refinedSizes()}: read from the study's store under
     * {@code <output>/sweeps/} when complete, computed (and stored) otherwise.
     *
     * @param mode quick or full sizes
     * @return one estimate per N, in that order
     */
    public static List<Estimate> refinedSimulations(RunMode mode) {
        return refinedSimulations(refinedStudy(mode), new LocalRunner(), Study.defaultRoot());
    }

    /**
     * The estimates of a study made by {@link #refinedStudy(String, RefinedRun, int[])}, its store under
     * {@code root}, missing points run by {@code runner}.
     *
     * @param study  a CTMC study
     * @param runner runs the points the store lacks
     * @param root   the folder holding the study's store
     * @return one estimate of the mean jobs per server per N, in the study's order
     */
    public static List<Estimate> refinedSimulations(Study study, SweepRunner runner, Path root) {
        experiment(study, RefinedRun.class);
        SweepResult r = study.result(runner, root);
        return IntStream.range(0, study.sweep().grid().size())
                .mapToObj(p -> estimate(r, p, Metric.MEAN_JOBS.name())).toList();
    }

}
