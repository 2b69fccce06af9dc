package org.queuelab.repro.alba;

import static org.queuelab.repro.StudyValues.estimate;
import static org.queuelab.repro.StudyValues.experiment;
import static org.queuelab.repro.StudyValues.put;
import static org.queuelab.repro.StudyValues.suffix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.queuelab.analysis.Comparison;
import org.queuelab.analysis.MeanFieldAccuracy;
import org.queuelab.meanfield.AlbaFixedPoint;
import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.report.RunMode;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
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
 * ALBA's heavy simulations (notebook 01, docs/alba.md) as named {@link Study studies}, so that a Spark cluster can
 * compute them beforehand (docs/spark.md §5) and the notebook reads their stores: Section V's (N, λ) grid
 * ({@link SectionFiveStudy}), Theorem 2's finite-N chain at N = 10⁴, JIQ + Rate-Idle over N ({@link RateIdleOverN})
 * and the mean-field accuracy over N. Each sweep point runs exactly what the notebook ran there, with the
 * notebook's seed (the sweep's one replication only carries the point's values to the store), so a study's numbers
 * equal a direct run bit for bit, wherever its points were computed.
 */
public final class AlbaStudies {

    /** Notebook 01's seed, that of every study here. */
    public static final long SEED = SectionFiveStudy.SEED;

    /** Servers N of Theorem 2's simulation. */
    public static final int THEOREM2_SERVERS = 10_000;

    /** Truncation K of the fluid (B = ∞) behind Theorem 2's closed forms. */
    public static final int THEOREM2_LEVELS = 200;

    /** The metrics of the mean-field accuracy study: off, set-up, idle-on, busy. */
    public static final List<String> ACCURACY_COLUMNS = List.of(Metric.names(Metric.OFF, Metric.SETUP, Metric.IDLE,
            Metric.BUSY));

    private AlbaStudies() {
    }

    /**
     * Every ALBA study at the sizes of {@code mode}: Section V's grid, Theorem 2's simulation, Rate-Idle over N and
     * the mean-field accuracy.
     *
     * @param mode quick or full sizes
     * @return the four studies, in that order
     */
    public static List<Study> all(RunMode mode) {
        return List.of(SectionFiveStudy.study(mode), theorem2Study(mode), rateIdleOverNStudy(mode),
                accuracyStudy(mode));
    }


    // ---- Theorem 2 at N = 10⁴ -------------------------------------------------------------------------------

    /**
     * Horizon of each Theorem 2 run.
     *
     * @param mode quick or full
     * @return 300 in quick mode, 2000 in full
     */
    public static double theorem2Horizon(RunMode mode) {
        return mode.pick(300.0, 2000.0);
    }

    /**
     * Start of Theorem 2's averaging window.
     *
     * @param mode quick or full
     * @return 50 in quick mode, 200 in full
     */
    public static double theorem2BurnIn(RunMode mode) {
        return mode.pick(50.0, 200.0);
    }

    /**
     * Replications per Theorem 2 case.
     *
     * @param mode quick or full
     * @return 3 in quick mode, 10 in full
     */
    public static int theorem2Runs(RunMode mode) {
        return mode.pick(3, 10);
    }

    /**
     * Theorem 2's finite-N chain (docs/alba.md §10.14): one point per case of {@link Theorem2#cases()}, the chain
     * with N = {@value #THEOREM2_SERVERS} started at the case's closed form, its {@link Theorem2#SIMULATED} metrics
     * estimated from {@link #theorem2Runs} replications.
     *
     * @param mode quick or full sizes
     * @return the study {@code alba-theorem2-simulation-<mode>}
     */
    public static Study theorem2Study(RunMode mode) {
        return theorem2Study("alba-theorem2-simulation" + suffix(mode), new Theorem2Run(THEOREM2_LEVELS,
                THEOREM2_SERVERS, theorem2Horizon(mode), theorem2BurnIn(mode), theorem2Runs(mode), SEED));
    }

    /**
     * Theorem 2's simulation at the sizes of {@code run}, one point per case of {@link Theorem2#cases()}.
     *
     * @param name the study's name (its store's folder)
     * @param run  sizes and seed of every case's runs
     * @return the study
     */
    public static Study theorem2Study(String name, Theorem2Run run) {
        Grid grid = Grid.axis("case", IntStream.range(0, Theorem2.cases().size()).boxed().toArray()).build();
        Sweep sweep = Sweep.of(grid, run).replications(1).seed(SEED).identity("ALBA Theorem 2 simulation " + run);
        return new Study(name, sweep);
    }

    /**
     * Theorem 2's simulation table and checks ({@link Theorem2#simulated}) from the study's store under
     * {@code <output>/sweeps/} when complete, computed (and stored) otherwise.
     *
     * @param solutions the cases' solutions, in the order of {@link Theorem2#cases()} (their closed forms are the
     *                  ones the study starts from)
     * @param mode      quick or full sizes
     * @param checks    where the checks are recorded
     * @return the table of {@link Theorem2#simulate}
     */
    public static Table theorem2Simulation(List<Theorem2.Solution> solutions, RunMode mode,
                                           org.queuelab.report.Checks checks) {
        return theorem2Simulation(solutions, theorem2Study(mode), new LocalRunner(), Study.defaultRoot(), checks);
    }

    /**
     * As {@link #theorem2Simulation(List, RunMode, org.queuelab.report.Checks)} for a study made by
     * {@link #theorem2Study(String, Theorem2Run)}, its store under {@code root}, missing points run by
     * {@code runner}.
     *
     * @param solutions the cases' solutions, in the order of {@link Theorem2#cases()}
     * @param study     a Theorem 2 study
     * @param runner    runs the points the store lacks
     * @param root      the folder holding the study's store
     * @param checks    where the checks are recorded
     * @return the table of {@link Theorem2#simulate}
     */
    public static Table theorem2Simulation(List<Theorem2.Solution> solutions, Study study, SweepRunner runner,
                                           Path root, org.queuelab.report.Checks checks) {
        Theorem2Run run = experiment(study, Theorem2Run.class);
        SweepResult r = study.result(runner, root);
        List<Estimate[]> estimates = new ArrayList<>();
        for (int p = 0; p < solutions.size(); p++) {
            int point = p;
            estimates.add(Theorem2.SIMULATED.stream().map(m -> estimate(r, point, m)).toArray(Estimate[]::new));
        }
        return Theorem2.simulated(solutions, run.servers(), estimates, checks);
    }

    /**
     * One Theorem 2 case: the finite-N chain from its closed form ({@link Theorem2#simulateCase}).
     *
     * @param levels  truncation K of the closed form
     * @param servers N
     * @param horizon end of each run
     * @param burnIn  start of the averaging window
     * @param runs    replications
     * @param seed    seed of the replications (the notebook's)
     */
    public record Theorem2Run(int levels, int servers, double horizon, double burnIn, int runs, long seed)
            implements Experiment {
        private static final long serialVersionUID = 1L;

        @Override
        public Map<String, Double> run(Point point, long sweepSeed) {
            Theorem2.Case c = Theorem2.cases().get(point.integer("case"));
            double[] closed = AlbaFixedPoint.blindTheta(c.model(), levels).state();
            Estimate[] e = Theorem2.simulateCase(c.model(), closed, servers, horizon, burnIn, runs, seed);
            Map<String, Double> values = new LinkedHashMap<>();
            for (int k = 0; k < e.length; k++) {
                put(values, Theorem2.SIMULATED.get(k), e[k]);
            }
            return values;
        }
    }

    // ---- JIQ + Rate-Idle over N -----------------------------------------------------------------------------

    /**
     * The sizes N of Rate-Idle over N.
     *
     * @param mode quick or full
     * @return 300, 1000, 3000, 10⁴ in quick mode; 1000, 10⁴, 10⁵ in full
     */
    public static int[] rateIdleOverNSizes(RunMode mode) {
        return mode.pick(new int[] {300, 1_000, 3_000, 10_000}, new int[] {1_000, 10_000, 100_000});
    }

    /**
     * Rate-Idle over N at the sizes of {@code mode}: T = 250 (burn-in 100), 6 runs in quick mode; T = 600 (burn-in
     * 200), 8 runs in full; Figure 1's rates, the notebook's seed.
     *
     * @param mode quick or full
     * @return the runs' definition
     */
    public static RateIdleOverN rateIdleOverN(RunMode mode) {
        return RateIdleOverN.figure1Rates(mode.pick(250.0, 600.0), mode.pick(100.0, 200.0), mode.pick(6, 8), SEED);
    }

    /**
     * JIQ + Rate-Idle over N (docs/alba.md §6): one point per (gain of {@link RateIdleOverN#standardGains()}, N),
     * gain by gain as {@link RateIdleOverN#run} orders them.
     *
     * @param mode quick or full sizes
     * @return the study {@code alba-rate-idle-over-n-<mode>}
     */
    public static Study rateIdleOverNStudy(RunMode mode) {
        RateIdleOverN o = rateIdleOverN(mode);
        return rateIdleOverNStudy("alba-rate-idle-over-n" + suffix(mode),
                new OverNRun(o.horizon(), o.burnIn(), o.runs(), o.seed()), rateIdleOverNSizes(mode));
    }

    /**
     * Rate-Idle over N at the sizes of {@code run}: one point per (standard gain, N of {@code sizes}).
     *
     * @param name  the study's name (its store's folder)
     * @param run   horizon, burn-in, replications and seed of every point's runs
     * @param sizes the servers N, at least two
     * @return the study
     */
    public static Study rateIdleOverNStudy(String name, OverNRun run, int[] sizes) {
        if (sizes.length < 2) {
            throw new IllegalArgumentException("sizes: " + sizes.length + " values; allowed: at least 2 sizes N");
        }
        Grid grid = Grid.axis("gain", IntStream.range(0, run.definition().standardGains().size()).boxed().toArray())
                .axis("n", Arrays.stream(sizes).boxed().toArray()).build();
        Sweep sweep = Sweep.of(grid, run).replications(1).seed(SEED).identity("ALBA Rate-Idle over N " + run);
        return new Study(name, sweep);
    }

    /**
     * The rows of {@link RateIdleOverN#run} with the standard gains at the sizes of {@code mode}: read from the
     * study's store under {@code <output>/sweeps/} when complete, computed (and stored) otherwise.
     *
     * @param mode quick or full sizes
     * @return gain by gain, N by N
     */
    public static List<RateIdleOverN.Row> rateIdleOverNRows(RunMode mode) {
        return rateIdleOverNRows(rateIdleOverNStudy(mode), new LocalRunner(), Study.defaultRoot());
    }

    /**
     * The rows of a study made by {@link #rateIdleOverNStudy(String, OverNRun, int[])}, its store under
     * {@code root}, missing points run by {@code runner}.
     *
     * @param study  a Rate-Idle over N study
     * @param runner runs the points the store lacks
     * @param root   the folder holding the study's store
     * @return gain by gain, N by N, as {@link RateIdleOverN#run} gives them
     */
    public static List<RateIdleOverN.Row> rateIdleOverNRows(Study study, SweepRunner runner, Path root) {
        RateIdleOverN o = experiment(study, OverNRun.class).definition();
        SweepResult r = study.result(runner, root);
        List<Point> points = study.sweep().grid().points();
        List<RateIdleOverN.Row> rows = new ArrayList<>();
        for (int p = 0; p < points.size(); p++) {
            RateIdleScaling g = o.standardGains().get(points.get(p).integer("gain"));
            rows.add(new RateIdleOverN.Row(g.label(), g.kappa(o.lambda(), o.alpha()), points.get(p).integer("n"),
                    estimate(r, p, Metric.ENERGY.name()), estimate(r, p, Metric.MEAN_JOBS.name()),
                    estimate(r, p, Metric.RESPONSE.name()), estimate(r, p, Metric.BUSY.name())));
        }
        return rows;
    }

    /**
     * One (gain, N) of Rate-Idle over N ({@link RateIdleOverN#at}) with Figure 1's rates.
     *
     * @param horizon end of each run
     * @param burnIn  start of the averaging window
     * @param runs    replications
     * @param seed    seed of the replications (the notebook's)
     */
    public record OverNRun(double horizon, double burnIn, int runs, long seed) implements Experiment {
        private static final long serialVersionUID = 1L;

        /**
         * The runs' definition, validated.
         *
         * @param horizon end of each run
         * @param burnIn  start of the averaging window, below the horizon
         * @param runs    replications, ≥ 2
         * @param seed    seed of the replications
         * @throws IllegalArgumentException for runs below 2 or a window {@link RunWindow} refuses
         */
        public OverNRun {
            RateIdleOverN.figure1Rates(horizon, burnIn, runs, seed);
        }

        /**
         * The runs' definition with Figure 1's rates.
         *
         * @return {@link RateIdleOverN#figure1Rates} of these sizes
         */
        public RateIdleOverN definition() {
            return RateIdleOverN.figure1Rates(horizon, burnIn, runs, seed);
        }

        @Override
        public Map<String, Double> run(Point point, long sweepSeed) {
            RateIdleOverN o = definition();
            RateIdleOverN.Row row = o.at(o.standardGains().get(point.integer("gain")), point.integer("n"));
            Map<String, Double> values = new LinkedHashMap<>();
            put(values, Metric.ENERGY.name(), row.energy());
            put(values, Metric.MEAN_JOBS.name(), row.meanJobs());
            put(values, Metric.RESPONSE.name(), row.response());
            put(values, Metric.BUSY.name(), row.busy());
            return values;
        }
    }

    // ---- mean-field accuracy over N -------------------------------------------------------------------------

    /**
     * The sizes N of the mean-field accuracy study.
     *
     * @param mode quick or full
     * @return 100, 1000, 10⁴ in quick mode; 100 to 10⁵ by decades in full
     */
    public static int[] accuracySizes(RunMode mode) {
        return mode.pick(new int[] {100, 1_000, 10_000}, new int[] {100, 1_000, 10_000, 100_000});
    }

    /**
     * Replications averaged per N in the accuracy study.
     *
     * @param mode quick or full
     * @return 4 in quick mode, 10 in full
     */
    public static int accuracyRuns(RunMode mode) {
        return mode.pick(4, 10);
    }

    /**
     * Horizon of the accuracy study's runs and of its sup-norm window.
     *
     * @param mode quick or full
     * @return 300 in quick mode, Figure 1's 688 in full
     */
    public static double accuracyHorizon(RunMode mode) {
        return mode.pick(300.0, Figure1.HORIZON);
    }

    /**
     * The mean-field accuracy (docs/alba.md §10.14, ALBA-T1): per N, the sup-norm gap over [0, horizon] between
     * Figure 1's fluid and the average of {@link #accuracyRuns} simulations from 30 % cold (seed = notebook seed +
     * N), over {@link #ACCURACY_COLUMNS}.
     *
     * @param mode quick or full sizes
     * @return the study {@code alba-mean-field-accuracy-<mode>}
     */
    public static Study accuracyStudy(RunMode mode) {
        return accuracyStudy("alba-mean-field-accuracy" + suffix(mode),
                new AccuracyRun(accuracyHorizon(mode), accuracyRuns(mode), SEED), accuracySizes(mode));
    }

    /**
     * The mean-field accuracy at the sizes of {@code run}, one point per N of {@code sizes}.
     *
     * @param name  the study's name (its store's folder)
     * @param run   horizon, replications and seed of every point's runs
     * @param sizes the servers N, at least two
     * @return the study
     */
    public static Study accuracyStudy(String name, AccuracyRun run, int[] sizes) {
        if (sizes.length < 2) {
            throw new IllegalArgumentException("sizes: " + sizes.length + " values; allowed: at least 2 sizes N");
        }
        Grid grid = Grid.axis("n", Arrays.stream(sizes).boxed().toArray()).build();
        Sweep sweep = Sweep.of(grid, run).replications(1).seed(SEED).identity("ALBA mean-field accuracy " + run);
        return new Study(name, sweep);
    }

    /**
     * The accuracy study's fit ({@link MeanFieldAccuracy#fit}) of its per-N gaps: read from the study's store under
     * {@code <output>/sweeps/} when complete, computed (and stored) otherwise.
     *
     * @param mode quick or full sizes
     * @return the gaps over N, the fitted c/√N and the log-log slope
     */
    public static MeanFieldAccuracy.Study accuracy(RunMode mode) {
        return accuracy(accuracyStudy(mode), new LocalRunner(), Study.defaultRoot());
    }

    /**
     * The fit of a study made by {@link #accuracyStudy(String, AccuracyRun, int[])}, its store under {@code root},
     * missing points run by {@code runner}.
     *
     * @param study  a mean-field accuracy study
     * @param runner runs the points the store lacks
     * @param root   the folder holding the study's store
     * @return the gaps over N, the fitted c/√N and the log-log slope
     */
    public static MeanFieldAccuracy.Study accuracy(Study study, SweepRunner runner, Path root) {
        experiment(study, AccuracyRun.class);
        SweepResult r = study.result(runner, root);
        List<Point> points = study.sweep().grid().points();
        List<MeanFieldAccuracy.Point> gaps = new ArrayList<>();
        for (int p = 0; p < points.size(); p++) {
            Comparison.Gap gap = new Comparison.Gap(ACCURACY_COLUMNS.get((int) r.value(p, 0, "column")),
                    r.value(p, 0, "time"), r.value(p, 0, "fluid"), r.value(p, 0, "simulation"),
                    r.value(p, 0, "gap"), (int) r.value(p, 0, "compared"));
            gaps.add(new MeanFieldAccuracy.Point(points.get(p).integer("n"), gap));
        }
        return MeanFieldAccuracy.fit(gaps);
    }

    /**
     * One N of the accuracy study: Figure 1's fluid on a unit grid to the horizon against the average of the
     * replicated simulations, the sup-norm gap and where it occurs.
     *
     * @param horizon end of the runs and of the compared window
     * @param runs    replications averaged
     * @param seed    the notebook's seed (the runs at N use seed + N)
     */
    public record AccuracyRun(double horizon, int runs, long seed) implements Experiment {
        private static final long serialVersionUID = 1L;

        @Override
        public Map<String, Double> run(Point point, long sweepSeed) {
            int n = point.integer("n");
            AlbaFluid fluid = AlbaFluid.of(Figure1.model());
            double[] start = fluid.state(Figure1.INITIAL_COLD, 0, Figure1.INITIAL_IDLE_ON);
            Table fluidTable = fluid.integrate(start, TimeGrid.of(horizon, 1.0).times()).toTable();
            RunWindow spec = RunWindow.until(horizon).withInitial(InitialOccupancy.coldAndIdle(Figure1.INITIAL_COLD))
                    .withGrid(TimeGrid.of(horizon, 1.0));
            Table simulated = OccupancySimulator.alba(Figure1.model(), n).replicate(spec, seed + n, runs)
                    .trajectory().toTable();
            MeanFieldAccuracy.Point p = MeanFieldAccuracy.gap(n, simulated, fluidTable, "t", ACCURACY_COLUMNS, 0,
                    horizon);
            Comparison.Gap gap = p.gap();
            Map<String, Double> values = new LinkedHashMap<>();
            values.put("column", (double) ACCURACY_COLUMNS.indexOf(gap.series()));
            values.put("time", gap.time());
            values.put("fluid", gap.a());
            values.put("simulation", gap.b());
            values.put("gap", gap.error());
            values.put("compared", (double) gap.compared());
            return values;
        }
    }
}
