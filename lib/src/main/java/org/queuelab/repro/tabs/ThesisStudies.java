package org.queuelab.repro.tabs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import org.queuelab.dist.Exponential;
import org.queuelab.dist.FoldedNormal;
import org.queuelab.dist.GeneralizedPareto;
import org.queuelab.dist.HyperExponential;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.TabsModel;
import org.queuelab.report.RunMode;
import org.queuelab.sim.event.TabsSweep;
import org.queuelab.sim.event.TabsSweepPlan;
import org.queuelab.sim.event.TabsSweepPoint;
import org.queuelab.sim.event.TabsSweepResult;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.Point;
import org.queuelab.sweep.Study;
import org.queuelab.sweep.Sweep;
import org.queuelab.sweep.SweepResult;
import org.queuelab.sweep.SweepRunner;
import org.queuelab.sweep.LocalRunner;
import java.nio.file.Path;

/**
 * The thesis' heavy stationary sweeps (notebook 03: Figures 9–10, 11, 12–13 and the N-scaling table, docs/tabs.md
 * §6–§7) as named {@link Study studies}, so that a Spark cluster can compute them beforehand (docs/spark.md §5) and
 * the notebook reads their stores. Each study is one {@link TabsSweepPlan} and its curves' points; its sweep runs
 * every distinct model × replication with the seeds {@link TabsSweep#run} gives
 * ({@link TabsSweep#replicationSeeds}), so a study's numbers equal a direct {@code TabsSweep.run} bit for bit.
 */
public final class ThesisStudies {

    /** The notebook's root seed. */
    public static final long SEED = 20190401L;

    /** The λ of Figures 12–13. */
    private static final double[] FIG12_LAMBDAS = {0.15, 0.2, 0.4};

    private static final Map<String, Definition> DEFINITIONS = new ConcurrentHashMap<>();

    private ThesisStudies() {
    }

    /**
     * One study: its name (a store's folder), plan and points.
     *
     * @param name   the study's name, ending in the run mode
     * @param plan   sizes and root seed of every run
     * @param points the curves' points, in the notebook's order
     */
    public record Definition(String name, TabsSweepPlan plan, List<TabsSweepPoint> points) {

        /**
         * Validates the fields and copies the points.
         *
         * @param name   the study's name, non-null
         * @param plan   sizes and root seed, non-null
         * @param points the curves' points, at least one
         * @throws IllegalArgumentException if there are no points
         * @throws NullPointerException if {@code name} or {@code plan} is null
         */
        public Definition {
            java.util.Objects.requireNonNull(name, "name");
            java.util.Objects.requireNonNull(plan, "plan");
            points = List.copyOf(points);
            if (points.isEmpty()) {
                throw new IllegalArgumentException("points: none; allowed: at least one");
            }
        }

        /** {@return the distinct models, in first-appearance order: the study's grid points} */
        public List<TabsModel> models() {
            return points.stream().map(TabsSweepPoint::model).distinct().toList();
        }
    }

    /**
     * The small standby mean at which Figures 10–13's "falls with µ" claims are judged, seconds: the smallest µ of
     * both modes' grids ({@link #standbyMeansLong}), so a verdict is made at the same point in quick and full mode.
     */
    public static final double JUDGED_SMALL_STANDBY_MEAN_LONG = 10;

    /**
     * {@return the µ grid of Figures 9–13: 4 values in quick mode, the thesis' 11 in full}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static double[] standbyMeansLong(RunMode mode) {
        // contains JUDGED_SMALL_STANDBY_MEAN_LONG and ThesisSweeps.JUDGED_LARGE_STANDBY_MEAN in both modes
        return mode.pick(judgedStandbyMeansLong(), ThesisSweeps.STANDBY_MEANS);
    }

    /**
     * {@return the µ at which Figures 9–13's claims "at every µ" are judged, seconds: the points both modes' grids
     * hold (10, 50, 100, 200), so that such a claim has the same verdict in quick and full mode}
     */
    public static double[] judgedStandbyMeansLong() {
        return new double[] {10, 50, 100, 200};
    }

    /**
     * {@return the set-up means ν of Figures 9–10: 100 and 200 s in quick mode, also 150 s in full}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static double[] fig9Setups(RunMode mode) {
        return mode.pick(judgedFig9Setups(), new double[] {100, 150, 200});
    }

    /** {@return the ν at which Figures 9–10's claims "at every ν" are judged, seconds: 100 and 200, in both modes} */
    public static double[] judgedFig9Setups() {
        return new double[] {100, 200};
    }

    /**
     * {@return the σ² of the thesis' folded normal |N(1, σ²)| in Figures 12–13: 0.5, 1, 2 in quick mode, also 1.5 in
     * full}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static double[] fnVariances(RunMode mode) {
        return mode.pick(judgedFnVariances(), new double[] {0.5, 1, 1.5, 2});
    }

    /** {@return the σ² at which Figures 12–13's claims "for every σ²" are judged: 0.5, 1, 2, in both modes} */
    public static double[] judgedFnVariances() {
        return new double[] {0.5, 1, 2};
    }

    /** {@return the λ of Figures 12–13} */
    public static double[] fig12Lambdas() {
        return FIG12_LAMBDAS.clone();
    }

    /**
     * {@return the N of the N-scaling table: 100 and 1000 in quick mode, also 4000 in full}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static int[] scalingN(RunMode mode) {
        return mode.pick(new int[] {100, 1000}, new int[] {100, 1000, 4000});
    }

    /**
     * {@return the stationary plan at N = {@code servers} ({@link ThesisSweeps#stationaryPlan}, seed {@link #SEED})}
     *
     * @param mode quick or full run mode: picks the sizes
     * @param servers number of servers N, ≥ 1
     */
    public static TabsSweepPlan plan(RunMode mode, int servers) {
        return ThesisSweeps.stationaryPlan(mode, servers, SEED);
    }

    /**
     * {@return the four laws of Figures 9–11, by the notebook's names: GP, FN, H3 and Exp as the thesis defines them}
     */
    public static Map<String, ServiceDistribution> fourLaws() {
        Map<String, ServiceDistribution> laws = new LinkedHashMap<>();
        laws.put("GP", GeneralizedPareto.thesis());
        laws.put("FN", FoldedNormal.thesis(1));
        laws.put("H3", HyperExponential.thesis());
        laws.put("Exp", Exponential.unitMean());
        return laws;
    }

    /**
     * Figures 9–10: the four laws against µ at each ν, λ = 0.14, N = 100; series "LAW, ν = NU".
     *
     * @param mode quick or full run mode: picks the sizes
     * @return the definition
     */
    public static Definition fig9(RunMode mode) {
        List<TabsSweepPoint> points = new ArrayList<>();
        for (double nu : fig9Setups(mode)) {
            fourLaws().forEach((law, dist) -> points.addAll(TabsSweep.overStandbyMeans(law + ", ν = " + (int) nu,
                    0.14, nu, dist, standbyMeansLong(mode))));
        }
        return new Definition(named("tabs-fig09-10", mode), plan(mode, 100), points);
    }

    /**
     * {@return the definition of Figure 11: the four laws against µ, λ = 0.4, ν = 100 s, N = 50; series by law}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static Definition fig11(RunMode mode) {
        return new Definition(named("tabs-fig11", mode), plan(mode, 50),
                TabsSweep.overStandbyMeans(0.4, 100, fourLaws(), standbyMeansLong(mode)));
    }

    /**
     * Figures 12–13: |N(1, σ²)| service against µ for each λ and σ² ("λ = 0.15, σ² = 0.5"), ν = 150 s, N = 100,
     * and the control with mean 1 at λ = 0.2 for the smallest and largest σ² ("λ = 0.20, σ² = 2.0 rescaled").
     *
     * @param mode quick or full run mode: picks the sizes
     * @return the definition
     */
    public static Definition fig12(RunMode mode) {
        double[] variances = fnVariances(mode);
        double[] mu = standbyMeansLong(mode);
        List<TabsSweepPoint> points = new ArrayList<>();
        for (double lam : FIG12_LAMBDAS) {
            for (double v : variances) {
                points.addAll(TabsSweep.overStandbyMeans(String.format(Locale.ROOT, "λ = %.2f, σ² = %s", lam, v),
                        lam, 150, FoldedNormal.thesis(v), mu));
            }
        }
        for (double v : new double[] {variances[0], variances[variances.length - 1]}) {
            points.addAll(TabsSweep.overStandbyMeans(String.format(Locale.ROOT, "λ = 0.20, σ² = %s rescaled", v),
                    0.2, 150, FoldedNormal.rescaled(v), mu));
        }
        return new Definition(named("tabs-fig12-13", mode), plan(mode, 100), points);
    }

    /**
     * {@return the N-scaling table at N = {@code servers}: GP service, λ = 0.14, ν = 20 s, µ = 10 and 20 s; series "N =
     * n"}
     *
     * @param mode quick or full run mode: picks the sizes
     * @param servers number of servers N, ≥ 1
     */
    public static Definition nScaling(RunMode mode, int servers) {
        List<TabsSweepPoint> points = new ArrayList<>();
        for (double mu : new double[] {10, 20}) {
            points.add(new TabsSweepPoint("N = " + servers, mu, TabsModel.of(0.14, GeneralizedPareto.thesis(), mu,
                    20)));
        }
        return new Definition(named("tabs-n-scaling-" + servers, mode), plan(mode, servers), points);
    }

    /**
     * {@return every definition at the sizes of {@code mode}, heaviest first}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static List<Definition> definitions(RunMode mode) {
        List<Definition> all = new ArrayList<>(List.of(fig12(mode), fig9(mode)));
        for (int n : scalingN(mode)) {
            all.add(nScaling(mode, n));
        }
        all.add(fig11(mode));
        return all;
    }

    /**
     * {@return every study at the sizes of {@code mode}}
     *
     * @param mode quick or full run mode: picks the sizes
     */
    public static List<Study> all(RunMode mode) {
        return definitions(mode).stream().map(d -> study(d, mode)).toList();
    }

    /**
     * The study of {@code definition}: one grid point per distinct model, the plan's replications with
     * {@link TabsSweep#replicationSeeds}, identity naming the plan and every model.
     *
     * @param definition the study's definition
     * @param mode the run mode the definition was made for (a cluster rebuilds the definition from its name and mode)
     * @return the study
     */
    public static Study study(Definition definition, RunMode mode) {
        List<TabsModel> models = definition.models();
        TabsSweepPlan plan = definition.plan();
        Grid grid = Grid.axis("model", java.util.stream.IntStream.range(0, models.size()).boxed().toArray()).build();
        Sweep sweep = Sweep.of(grid, new ModelRun(definition.name(), mode))
                .replicationSeeds(TabsSweep.replicationSeeds(plan.seed(), plan.replications()))
                .identity("TABS stationary sweep " + plan + ": " + models.stream().map(TabsModel::toString)
                        .collect(Collectors.joining(" | ")));
        return new Study(definition.name(), sweep);
    }

    /**
     * The sweep result of {@code definition}: read from its study's store where complete, computed on the local
     * cores otherwise (and stored) — the numbers {@code TabsSweep.run(plan, points)} gives.
     *
     * @param definition the study's definition
     * @param mode quick or full run mode: picks the sizes
     * @return the sweep result, one curve per series
     */
    public static TabsSweepResult result(Definition definition, RunMode mode) {
        return result(definition, mode, new LocalRunner(), Study.defaultRoot());
    }

    /**
     * As {@link #result(Definition, RunMode)}, the store under {@code root}, missing points run by {@code runner}.
     *
     * @param definition the study's definition
     * @param mode quick or full run mode: picks the sizes
     * @param runner runs the points missing from the store (locally or on Spark)
     * @param root the folder of the study stores
     * @return the sweep result, one curve per series
     */
    public static TabsSweepResult result(Definition definition, RunMode mode, SweepRunner runner, Path root) {
        SweepResult r = study(definition, mode).result(runner, root);
        List<TabsModel> models = definition.models();
        List<Map<String, double[]>> values = new ArrayList<>();
        for (TabsSweepPoint p : definition.points()) {
            int m = models.indexOf(p.model());
            Map<String, double[]> byMetric = new LinkedHashMap<>();
            for (String metric : TabsSweep.METRICS) {
                byMetric.put(metric, r.values(m, metric));
            }
            values.add(byMetric);
        }
        return TabsSweep.fromValues(definition.plan(), definition.points(), values);
    }

    private static String named(String study, RunMode mode) {
        return study + "-" + mode.name().toLowerCase(Locale.ROOT);
    }

    private static Definition definition(String name, RunMode mode) {
        return DEFINITIONS.computeIfAbsent(name, n -> definitions(mode).stream().filter(d -> d.name().equals(n))
                .findFirst().orElseThrow(() -> new IllegalArgumentException("study = '" + n + "'; allowed: "
                        + definitions(mode).stream().map(Definition::name).toList())));
    }

    /**
     * One replication of model {@code model} of study {@code study}: serializable by name, the definition rebuilt
     * where it runs (a Spark executor), since models and laws are not serializable.
     *
     * @param study the study's name
     * @param mode  the run mode whose sizes it has
     */
    public record ModelRun(String study, RunMode mode) implements Experiment {
        private static final long serialVersionUID = 1L;

        @Override
        public Map<String, Double> run(Point point, long seed) {
            Definition d = definition(study, mode);
            return TabsSweep.runMetrics(d.plan(), d.models().get(point.integer("model")), seed);
        }
    }
}
