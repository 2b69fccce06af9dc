package org.queuelab.repro.demand;

import static org.queuelab.repro.StudyValues.experiment;
import static org.queuelab.repro.StudyValues.suffix;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.queuelab.autoscale.AutoscaleSimulator;
import org.queuelab.autoscale.ClusterResult;
import org.queuelab.autoscale.PolicyComparison;
import org.queuelab.report.RunMode;
import org.queuelab.repro.demand.DemandExperiments.ComparisonRun;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Study;
import org.queuelab.sweep.Sweep;
import org.queuelab.sweep.SweepResult;
import org.queuelab.sweep.SweepRunner;

/**
 * Notebook 06's policy comparisons on the trace-shaped day (docs/demand.md §6) as named {@link Study studies}, so
 * that a Spark cluster can compute them beforehand (docs/spark.md §5) and the notebook reads their stores: the six
 * policies at N = 100 and at N = 1000, and each family's tuning range (the energy / p99 frontier). A point is one
 * policy with all its replications, run exactly as {@link PolicyComparison#run} runs it with the notebook's seed,
 * so a comparison read from a store equals the direct one bit for bit, wherever its points were computed.
 */
public final class DemandStudies {

    /** Notebook 06's seed. */
    public static final long SEED = 20261201L;

    /** Instances N of the smaller cluster and of the frontier. */
    public static final int SMALL_SERVERS = 100;

    /** Instances N of the larger cluster. */
    public static final int LARGE_SERVERS = 1000;

    private DemandStudies() {
    }

    /**
     * Every demand study at the sizes of {@code mode}.
     *
     * @param mode quick or full sizes
     * @return the N = 100 comparison, the N = 1000 comparison and the frontier, in that order
     */
    public static List<Study> all(RunMode mode) {
        long[] counts = dayCounts();   // the trace file read once for the three
        return List.of(smallStudy(mode, counts), largeStudy(mode, counts), frontierStudy(mode, counts));
    }

    /** {@return the synthetic day's invocations per minute, read from the data folder} */
    private static long[] dayCounts() {
        return DemandDay.synthetic().trace().counts();
    }

    // ---- sizes of the notebook's parameters cell ------------------------------------------------------------------

    /**
     * The slice of the day at N = 100, minutes {from, to}.
     *
     * @param mode quick or full
     * @return 540–900 in quick mode, the whole day in full
     */
    public static int[] smallMinutes(RunMode mode) {
        return mode.pick(new int[] {540, 900}, new int[] {0, 1440});
    }

    /**
     * Replications per policy at N = 100.
     *
     * @param mode quick or full
     * @return 3 in quick mode, 10 in full
     */
    public static int smallReplications(RunMode mode) {
        return mode.pick(3, 10);
    }

    /**
     * The slice of the day at N = 1000, minutes {from, to}.
     *
     * @param mode quick or full
     * @return 720–780 in quick mode, the whole day in full
     */
    public static int[] largeMinutes(RunMode mode) {
        return mode.pick(new int[] {720, 780}, new int[] {0, 1440});
    }

    /**
     * Replications per policy at N = 1000.
     *
     * @param mode quick or full
     * @return 2 in quick mode, 5 in full
     */
    public static int largeReplications(RunMode mode) {
        return mode.pick(2, 5);
    }

    /**
     * The slice of the frontier (N = 100), minutes {from, to}.
     *
     * @param mode quick or full
     * @return 720–780 in quick mode, the whole day in full
     */
    public static int[] frontierMinutes(RunMode mode) {
        return mode.pick(new int[] {720, 780}, new int[] {0, 1440});
    }

    /**
     * Replications per point of the frontier.
     *
     * @param mode quick or full
     * @return 2 in quick mode, 10 in full
     */
    public static int frontierReplications(RunMode mode) {
        return mode.pick(2, 10);
    }

    // ---- the studies -------------------------------------------------------------------------------------------------

    /**
     * The six policies of {@link DemandPolicy#compared()} at N = {@value #SMALL_SERVERS} on
     * {@link #smallMinutes}, {@link #smallReplications} each.
     *
     * @param mode quick or full sizes
     * @return the study {@code demand-small-<mode>}
     */
    public static Study smallStudy(RunMode mode) {
        return smallStudy(mode, dayCounts());
    }

    private static Study smallStudy(RunMode mode, long[] counts) {
        int[] m = smallMinutes(mode);
        return comparisonStudy("demand-small" + suffix(mode), new ComparisonRun(SMALL_SERVERS, m[0], m[1], SEED,
                smallReplications(mode), counts, DemandPolicy.compared()));
    }

    /**
     * The six policies of {@link DemandPolicy#compared()} at N = {@value #LARGE_SERVERS} on
     * {@link #largeMinutes}, {@link #largeReplications} each.
     *
     * @param mode quick or full sizes
     * @return the study {@code demand-large-<mode>}
     */
    public static Study largeStudy(RunMode mode) {
        return largeStudy(mode, dayCounts());
    }

    private static Study largeStudy(RunMode mode, long[] counts) {
        int[] m = largeMinutes(mode);
        return comparisonStudy("demand-large" + suffix(mode), new ComparisonRun(LARGE_SERVERS, m[0], m[1], SEED,
                largeReplications(mode), counts, DemandPolicy.compared()));
    }

    /**
     * Every family's tuning range ({@link DemandPolicy#tuningRanges()}, in its order) at N = {@value #SMALL_SERVERS}
     * on {@link #frontierMinutes}, {@link #frontierReplications} each.
     *
     * @param mode quick or full sizes
     * @return the study {@code demand-frontier-<mode>}
     */
    public static Study frontierStudy(RunMode mode) {
        return frontierStudy(mode, dayCounts());
    }

    private static Study frontierStudy(RunMode mode, long[] counts) {
        int[] m = frontierMinutes(mode);
        List<DemandPolicy> all = DemandPolicy.tuningRanges().values().stream().flatMap(List::stream).toList();
        return comparisonStudy("demand-frontier" + suffix(mode), new ComparisonRun(SMALL_SERVERS, m[0], m[1], SEED,
                frontierReplications(mode), counts, all));
    }

    /**
     * A comparison of the policies of {@code run}, one point per policy (one sweep replication: the experiment runs
     * the policy's replications from its own seed).
     *
     * @param name the study's name (its store's folder)
     * @param run  the slice, sizes, seed and policies
     * @return the study
     */
    public static Study comparisonStudy(String name, ComparisonRun run) {
        Grid grid = Grid.axis("policy", IntStream.range(0, run.policies().size()).boxed().toArray()).build();
        return new Study(name, Sweep.of(grid, run).replications(1).seed(SEED).identity("demand comparison " + run));
    }

    // ---- readers -----------------------------------------------------------------------------------------------------

    /**
     * The N = 100 comparison: read from the study's store under {@code <output>/sweeps/} when complete, computed
     * (and stored) otherwise.
     *
     * @param mode quick or full sizes
     * @return what {@link PolicyComparison#run} returns for these policies, slice, seed and replications
     */
    public static PolicyComparison small(RunMode mode) {
        return comparison(smallStudy(mode), new LocalRunner(), Study.defaultRoot());
    }

    /**
     * The N = 1000 comparison, read or computed as {@link #small} is.
     *
     * @param mode quick or full sizes
     * @return what {@link PolicyComparison#run} returns for these policies, slice, seed and replications
     */
    public static PolicyComparison large(RunMode mode) {
        return comparison(largeStudy(mode), new LocalRunner(), Study.defaultRoot());
    }

    /**
     * The frontier, read or computed as {@link #small} is: one comparison per family's tuning range.
     *
     * @param mode quick or full sizes
     * @return the frontier label of each family ({@link DemandPolicy#tuningRanges()}) → the comparison of its range
     */
    public static Map<String, PolicyComparison> frontier(RunMode mode) {
        return frontier(frontierStudy(mode), new LocalRunner(), Study.defaultRoot());
    }

    /**
     * The comparison of a study made by {@link #comparisonStudy}, its store under {@code root}, missing points run
     * by {@code runner}.
     *
     * @param study  a comparison study
     * @param runner runs the points the store lacks
     * @param root   the folder holding the study's store
     * @return the policies' replications, in the study's order
     */
    public static PolicyComparison comparison(Study study, SweepRunner runner, Path root) {
        return new PolicyComparison(results(study, runner, root));
    }

    /**
     * The frontier of a study made by {@link #frontierStudy}: its points grouped by family's tuning range.
     *
     * @param study  a frontier study
     * @param runner runs the points the store lacks
     * @param root   the folder holding the study's store
     * @return family label → the comparison of its range, in {@link DemandPolicy#tuningRanges()}' order
     * @throws IllegalArgumentException when the study's policies are not the tuning ranges, in order
     */
    public static Map<String, PolicyComparison> frontier(Study study, SweepRunner runner, Path root) {
        ComparisonRun run = experiment(study, ComparisonRun.class);
        Map<String, List<DemandPolicy>> ranges = DemandPolicy.tuningRanges();
        if (!run.policies().equals(ranges.values().stream().flatMap(List::stream).toList())) {
            throw new IllegalArgumentException("study = " + study.name() + "; allowed: a study of the tuning ranges "
                    + ranges);
        }
        List<ReplicatedResult<ClusterResult>> all = new ArrayList<>(results(study, runner, root).values());
        Map<String, PolicyComparison> frontier = new LinkedHashMap<>();
        int next = 0;
        for (var e : ranges.entrySet()) {
            Map<String, ReplicatedResult<ClusterResult>> family = new LinkedHashMap<>();
            for (int k = 0; k < e.getValue().size(); k++) {
                ReplicatedResult<ClusterResult> reps = all.get(next++);
                family.put(reps.runs().get(0).policy(), reps);
            }
            frontier.put(e.getKey(), new PolicyComparison(family));
        }
        return frontier;
    }

    /** Label → replications of every point of a comparison study, in its order. */
    private static Map<String, ReplicatedResult<ClusterResult>> results(Study study, SweepRunner runner, Path root) {
        ComparisonRun run = experiment(study, ComparisonRun.class);
        SweepResult r = study.result(runner, root);
        Map<String, ReplicatedResult<ClusterResult>> results = new LinkedHashMap<>();
        for (int p = 0; p < study.sweep().grid().size(); p++) {
            int point = p;
            AutoscaleSimulator sim = run.simulator(p);
            ReplicatedResult<ClusterResult> reps = DemandExperiments.decode(name -> r.value(point, 0, name), sim,
                    run.window(), run.seed());
            if (results.put(sim.policy().label(), reps) != null) {
                throw new IllegalArgumentException("study = " + study.name() + ": policy " + sim.policy().label()
                        + " twice; allowed: distinct labels");
            }
        }
        return results;
    }
}
