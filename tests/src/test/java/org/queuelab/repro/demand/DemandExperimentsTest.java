package org.queuelab.repro.demand;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.autoscale.AutoscaleSimulator;
import org.queuelab.autoscale.ClusterMetrics;
import org.queuelab.autoscale.ClusterResult;
import org.queuelab.autoscale.WindowSeries;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.RunWindow;

/**
 * The store encoding of a policy's replications at its edges: every seed a run can have (a long, stored as two
 * halves), counts up to 2⁵³, and series values a double's text must carry exactly (NaN, −0, subnormals).
 */
class DemandExperimentsTest {

    @Test
    void everySeedCountAndSeriesValueSurvivesTheStore() {
        DemandDay day = DemandDay.synthetic();
        AutoscaleSimulator sim = new AutoscaleSimulator(day.cluster(20, 720, 740),
                new DemandPolicy(DemandPolicy.Family.TABS, 10).autoscaler(), day.settings());
        RunWindow window = day.window(720, 740);
        double[] odd = {Double.NaN, -0.0, Double.MIN_VALUE, -Double.MAX_VALUE, 0.1 + 0.2};
        WindowSeries series = new WindowSeries(600, WindowSeries.NAMES,
                WindowSeries.NAMES.stream().map(n -> odd.clone()).toArray(double[][]::new));
        ClusterMetrics metrics = new ClusterMetrics(1L << 53, 1.5, 0.5, 2.5, 9.75, 0.01, 0.02, 33.3, 1e5, 6e4, 0.6,
                0.3, Double.NaN, -0.0, (1L << 53) - 1);
        long[] seeds = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x80000000L, 0xffffffffL, -0x80000001L,
                0x7fffffff_80000000L};
        List<ClusterResult> runs = new ArrayList<>();
        for (long seed : seeds) {
            runs.add(new ClusterResult(sim.policy().label(), sim.provenance(window).withSeed(seed), metrics,
                    (1L << 53) - 7, 1L << 52, series));
        }
        Map<String, Double> stored = new HashMap<>();   // as the store keeps them: Double.toString, read back
        DemandExperiments.encode(runs).forEach((k, v) -> stored.put(k, Double.parseDouble(Double.toString(v))));
        ReplicatedResult<ClusterResult> read = DemandExperiments.decode(stored::get, sim, window, 42L);
        assertEquals(runs.size(), read.runs().size());
        assertEquals(42L, read.seed());
        for (int r = 0; r < runs.size(); r++) {
            ClusterResult expected = runs.get(r);
            ClusterResult actual = read.runs().get(r);
            assertEquals(expected.provenance(), actual.provenance(), "seed " + seeds[r]);
            assertEquals(seeds[r], actual.provenance().seed());
            assertEquals(expected.metrics(), actual.metrics());   // record equality: doubles compared bit for bit
            assertEquals(expected.arrivals(), actual.arrivals());
            assertEquals(expected.events(), actual.events());
            for (int c = 0; c < WindowSeries.NAMES.size(); c++) {
                assertArrayEquals(odd, actual.series().values()[c]);   // bit for bit (doubleToLongBits)
            }
        }
    }
}
