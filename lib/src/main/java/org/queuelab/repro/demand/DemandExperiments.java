package org.queuelab.repro.demand;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.queuelab.arrival.CountTrace;
import org.queuelab.autoscale.AutoscaleSimulator;
import org.queuelab.autoscale.ClusterMetrics;
import org.queuelab.autoscale.ClusterResult;
import org.queuelab.autoscale.WindowSeries;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.RunWindow;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Point;

/**
 * What each point of {@link DemandStudies}' studies runs (docs/demand.md §6, docs/spark.md §5): one policy of a
 * {@code PolicyComparison} on a slice of the day, all its replications, and the runs carried through a study's store
 * as numbers and read back bit for bit.
 */
public final class DemandExperiments {

    private DemandExperiments() {
    }

    /**
     * One policy's replications on minutes [from, to) of {@link DemandDay#synthetic(CountTrace)}'s day with N
     * instances: exactly {@code PolicyComparison.run}'s call for that policy (the same seed for every policy, so
     * the policies share arrivals and service times). The point's {@code policy} coordinate indexes the policies.
     *
     * @param servers      the instance cap N ≥ 1
     * @param fromMinute   first minute of the slice
     * @param toMinute     end of the slice (exclusive)
     * @param seed         the seed the replications' seeds derive from (the notebook's)
     * @param replications replications per policy, ≥ 1
     * @param counts       the day's invocations per minute (carried, so no data folder is needed where it runs)
     * @param policies     the policies, at least one, in the comparison's order
     */
    public record ComparisonRun(int servers, int fromMinute, int toMinute, long seed, int replications, long[] counts,
                                List<DemandPolicy> policies) implements Experiment {
        private static final long serialVersionUID = 1L;

        /**
         * Validates the sizes and keeps copies of the counts and policies.
         *
         * @param servers      the instance cap N ≥ 1
         * @param fromMinute   first minute of the slice
         * @param toMinute     end of the slice (exclusive)
         * @param seed         the seed the replications' seeds derive from
         * @param replications replications per policy, ≥ 1
         * @param counts       the day's invocations per minute
         * @param policies     the policies, at least one
         * @throws IllegalArgumentException for no policy or fewer than one replication
         */
        public ComparisonRun {
            if (policies.isEmpty() || replications < 1) {
                throw new IllegalArgumentException("policies: " + policies.size() + ", replications = "
                        + replications + "; allowed: at least one policy and one replication");
            }
            counts = counts.clone();
            policies = List.copyOf(policies);
        }

        /** {@return the day's counts (a copy)} */
        @Override
        public long[] counts() {
            return counts.clone();
        }

        /**
         * The simulator of policy i: the slice's cluster, the policy, the day's settings.
         *
         * @param i the policy's index
         * @return the simulator
         */
        public AutoscaleSimulator simulator(int i) {
            DemandDay day = day();
            return new AutoscaleSimulator(day.cluster(servers, fromMinute, toMinute), policies.get(i).autoscaler(),
                    day.settings());
        }

        /** {@return the slice's window: from a cold start, the day's warm-up and series windows} */
        public RunWindow window() {
            return day().window(fromMinute, toMinute);
        }

        private DemandDay day() {
            return DemandDay.synthetic(new CountTrace(60, counts));
        }

        @Override
        public Map<String, Double> run(Point point, long sweepSeed) {
            int i = point.integer("policy");
            return encode(simulator(i).replicate(window(), seed, replications).runs());
        }

        @Override
        public String toString() {
            return "N = " + servers + ", minutes " + fromMinute + "–" + toMinute + ", seed " + seed + ", "
                    + replications + " replications, trace of " + counts.length + " minutes (total " + Arrays.stream(
                    counts).sum() + ", hash " + Arrays.hashCode(counts) + "), policies " + policies;
        }
    }

    /**
     * The runs as numbers: per replication r, {@code r<r>.<metric>} for {@link ClusterMetrics#NAMES},
     * {@code r<r>.arrivals}, {@code r<r>.events}, the run's seed as two 32-bit halves, the series window and count,
     * and {@code r<r>.<series>.<k>} for each of {@link WindowSeries#NAMES} and window k. Every value is a double
     * that reads back exactly (the counts are below 2⁵³).
     *
     * @param runs the replications
     * @return the values
     */
    static Map<String, Double> encode(List<ClusterResult> runs) {
        Map<String, Double> values = new LinkedHashMap<>();
        values.put("replications", (double) runs.size());
        for (int r = 0; r < runs.size(); r++) {
            ClusterResult run = runs.get(r);
            String key = "r" + r + ".";
            run.metrics().asMap().forEach((name, v) -> values.put(key + name, v));
            values.put(key + "arrivals", (double) run.arrivals());
            values.put(key + "events", (double) run.events());
            long seed = run.provenance().seed();
            values.put(key + "seedHigh", (double) (seed >>> 32));
            values.put(key + "seedLow", (double) (seed & 0xffffffffL));
            WindowSeries series = run.series();
            if (!series.columns().equals(WindowSeries.NAMES)) {
                throw new IllegalStateException("series columns " + series.columns() + "; expected "
                        + WindowSeries.NAMES);
            }
            values.put(key + "window", series.window());
            values.put(key + "windows", (double) series.size());
            double[][] v = series.values();
            for (int c = 0; c < v.length; c++) {
                for (int k = 0; k < v[c].length; k++) {
                    values.put(key + series.columns().get(c) + "." + k, v[c][k]);
                }
            }
        }
        return values;
    }

    /**
     * The replications {@link #encode} wrote, rebuilt for {@code sim} in {@code window}: metrics, counts, series
     * and each run's provenance ({@code sim.provenance(window)} with its seed), as {@code sim.replicate} made them.
     *
     * @param value the point's values by name
     * @param sim   the simulator of the point's policy
     * @param window the window
     * @param seed  the seed the replications derive from
     * @return the replications
     */
    static ReplicatedResult<ClusterResult> decode(ToDoubleFunction<String> value, AutoscaleSimulator sim,
                                                  RunWindow window, long seed) {
        int replications = (int) value.applyAsDouble("replications");
        List<ClusterResult> runs = new ArrayList<>();
        for (int r = 0; r < replications; r++) {
            String key = "r" + r + ".";
            double[] m = ClusterMetrics.NAMES.stream().mapToDouble(name -> value.applyAsDouble(key + name)).toArray();
            ClusterMetrics metrics = new ClusterMetrics((long) m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8],
                    m[9], m[10], m[11], m[12], m[13], (long) m[14]);
            int windows = (int) value.applyAsDouble(key + "windows");
            double[][] v = new double[WindowSeries.NAMES.size()][windows];
            for (int c = 0; c < v.length; c++) {
                for (int k = 0; k < windows; k++) {
                    v[c][k] = value.applyAsDouble(key + WindowSeries.NAMES.get(c) + "." + k);
                }
            }
            long runSeed = ((long) value.applyAsDouble(key + "seedHigh") << 32)
                    | (long) value.applyAsDouble(key + "seedLow");
            runs.add(new ClusterResult(sim.policy().label(), sim.provenance(window).withSeed(runSeed), metrics,
                    (long) value.applyAsDouble(key + "arrivals"), (long) value.applyAsDouble(key + "events"),
                    new WindowSeries(value.applyAsDouble(key + "window"), WindowSeries.NAMES, v)));
        }
        return new ReplicatedResult<>(runs, sim.provenance(window).withSeed(seed).with("replications", replications));
    }
}
