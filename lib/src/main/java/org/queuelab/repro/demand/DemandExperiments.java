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
     * @param families     per policy, its {@link DemandPolicy.Family} name
     * @param parameters   per policy, its parameter
     */
    public record ComparisonRun(int servers, int fromMinute, int toMinute, long seed, int replications, long[] counts,
                                String[] families, double[] parameters) implements Experiment {
        private static final long serialVersionUID = 1L;

        /**
         * Validates the policies and keeps copies of the arrays.
         *
         * @param servers      the instance cap N ≥ 1
         * @param fromMinute   first minute of the slice
         * @param toMinute     end of the slice (exclusive)
         * @param seed         the seed the replications' seeds derive from
         * @param replications replications per policy, ≥ 1
         * @param counts       the day's invocations per minute
         * @param families     per policy, its family's name
         * @param parameters   per policy, its parameter
         * @throws IllegalArgumentException for no policy, arrays of different lengths, an unknown family or fewer
         *                                  than one replication
         */
        public ComparisonRun {
            if (families.length < 1 || families.length != parameters.length) {
                throw new IllegalArgumentException("families: " + families.length + ", parameters: "
                        + parameters.length + "; allowed: at least one policy, as many parameters as families");
            }
            if (replications < 1) {
                throw new IllegalArgumentException("replications = " + replications + "; allowed: ≥ 1");
            }
            counts = counts.clone();
            families = families.clone();
            parameters = parameters.clone();
            for (int i = 0; i < families.length; i++) {
                policy(families[i], parameters[i]);
            }
        }

        /**
         * The run of a list of policies.
         *
         * @param servers      the instance cap N ≥ 1
         * @param fromMinute   first minute of the slice
         * @param toMinute     end of the slice (exclusive)
         * @param seed         the seed the replications' seeds derive from
         * @param replications replications per policy, ≥ 1
         * @param trace        the day's trace
         * @param policies     the policies, at least one, in the comparison's order
         * @return the experiment
         */
        public static ComparisonRun of(int servers, int fromMinute, int toMinute, long seed, int replications,
                                       CountTrace trace, List<DemandPolicy> policies) {
            return new ComparisonRun(servers, fromMinute, toMinute, seed, replications, trace.counts(),
                    policies.stream().map(p -> p.family().name()).toArray(String[]::new),
                    policies.stream().mapToDouble(DemandPolicy::parameter).toArray());
        }

        /** {@return the policies, in order} */
        public List<DemandPolicy> policies() {
            List<DemandPolicy> list = new ArrayList<>();
            for (int i = 0; i < families.length; i++) {
                list.add(policy(families[i], parameters[i]));
            }
            return list;
        }

        /** {@return the day's counts (a copy)} */
        @Override
        public long[] counts() {
            return counts.clone();
        }

        /** {@return the families' names (a copy)} */
        @Override
        public String[] families() {
            return families.clone();
        }

        /** {@return the parameters (a copy)} */
        @Override
        public double[] parameters() {
            return parameters.clone();
        }

        /**
         * The simulator of policy i: the slice's cluster, the policy, the day's settings.
         *
         * @param i the policy's index
         * @return the simulator
         */
        public AutoscaleSimulator simulator(int i) {
            DemandDay day = day();
            return new AutoscaleSimulator(day.cluster(servers, fromMinute, toMinute), policy(families[i],
                    parameters[i]).autoscaler(), day.settings());
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
                    counts).sum() + ", hash " + Arrays.hashCode(counts) + "), policies " + policies();
        }
    }

    private static DemandPolicy policy(String family, double parameter) {
        try {
            return new DemandPolicy(DemandPolicy.Family.valueOf(family), parameter);
        } catch (IllegalArgumentException e) {
            if (Arrays.stream(DemandPolicy.Family.values()).noneMatch(f -> f.name().equals(family))) {
                throw new IllegalArgumentException("family = " + family + "; allowed: one of "
                        + Arrays.toString(DemandPolicy.Family.values()), e);
            }
            throw e;
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
