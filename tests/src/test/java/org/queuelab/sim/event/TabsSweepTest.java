package org.queuelab.sim.event;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.FoldedNormal;
import org.queuelab.dist.GeneralizedPareto;
import org.queuelab.dist.HyperExponential;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.TabsModel;
import org.queuelab.repro.tabs.TabsCharts;
import org.queuelab.result.Estimate;

import tech.tablesaw.api.Table;

class TabsSweepTest {

    /** Pollaczek–Khinchine mean wait λE[S²]/(2(1 − λE[S])). */
    private static double pollaczekKhinchine(double lambda, ServiceDistribution s) {
        double second = s.variance() + s.mean() * s.mean();
        return lambda * second / (2 * (1 - lambda * s.mean()));
    }

    /**
     * N = 1 and no switching off is the M/G/1 queue (docs/tabs.md §9.2): the sweep's waitLittle must agree
     * with Pollaczek–Khinchine within twice its 95% half-width (a 5-replication Student interval), and its busy
     * fraction with λE[S].
     */
    @Test
    void singleServerNeverOffIsMG1() {
        Map<String, ServiceDistribution> laws = new LinkedHashMap<>();
        laws.put("Exp", Exponential.unitMean());
        laws.put("GP_MEAN1", GeneralizedPareto.mean1());
        laws.put("FN_THESIS(1)", FoldedNormal.thesis(1));
        laws.put("H3_THESIS", HyperExponential.thesis());
        List<TabsSweepPoint> points = laws.entrySet().stream()
                .map(e -> new TabsSweepPoint(e.getKey(), 0.5,
                        TabsModel.of(0.5, e.getValue(), Double.POSITIVE_INFINITY, 1)))
                .toList();
        TabsSweepResult r = TabsSweep.run(new TabsSweepPlan(1, 40_000, 2_000, 5, 11L), points);
        assertEquals(1.0, pollaczekKhinchine(0.5, Exponential.unitMean()), 1e-15);
        assertEquals(0.5435, pollaczekKhinchine(0.5, GeneralizedPareto.mean1()), 5e-5); // docs/tabs.md §9.2
        assertEquals(1.1999, pollaczekKhinchine(0.5, FoldedNormal.thesis(1)), 5e-5);
        assertEquals(0.9772, pollaczekKhinchine(0.5, HyperExponential.thesis()), 5e-5);
        laws.forEach((name, law) -> {
            Estimate w = r.estimate(name, 0.5, "wait");
            assertEquals(pollaczekKhinchine(0.5, law), w.mean(), 2 * w.halfWidth(), name + " W " + w);
            Estimate busy = r.estimate(name, 0.5, "busy");
            assertEquals(0.5 * law.mean(), busy.mean(), 2 * busy.halfWidth(), name + " busy " + busy);
            assertEquals(0.0, r.estimate(name, 0.5, "loss").mean());
        });
    }

    /** Flow balance of the off pool (docs/tabs.md §3): setup = idle·ν/µ in steady state, any service law. */
    @Test
    void setupFractionIsIdleTimesSetupOverStandby() {
        double nu = 4;
        double mu = 8;
        List<TabsSweepPoint> points = TabsSweep.overStandbyMeans(0.4, nu, Map.of("GP", GeneralizedPareto.thesis()), mu);
        TabsSweepResult r = TabsSweep.run(new TabsSweepPlan(20, 20_000, 1_000, 4, 5L), points);
        Estimate setup = r.estimate("GP", mu, "setup");
        Estimate idle = r.estimate("GP", mu, "idle");
        Estimate gap = Estimate.of(difference(r.values("GP", mu, "setup"), scaled(r.values("GP", mu, "idle"), nu / mu)));
        assertTrue(setup.mean() > 0.01 && idle.mean() > 0.01, setup + " " + idle);
        assertEquals(0.0, gap.mean(), 2 * gap.halfWidth(), "setup − idle·ν/µ = " + gap);
    }

    @Test
    void resultDoesNotDependOnThreadsAndPairedDifferencesCancelCommonNoise() {
        Map<String, ServiceDistribution> laws = new LinkedHashMap<>();
        laws.put("GP", GeneralizedPareto.thesis());
        laws.put("GP again", GeneralizedPareto.thesis());
        laws.put("Exp", Exponential.unitMean());
        List<TabsSweepPoint> points = TabsSweep.overStandbyMeans(0.3, 5, laws, 2, 10);
        TabsSweepPlan plan = new TabsSweepPlan(10, 800, 100, 3, 42L);
        TabsSweepResult one = TabsSweep.run(plan, points, 1);
        TabsSweepResult two = TabsSweep.run(plan, points, 2);
        assertEquals(one.toTable().toString(), two.toTable().toString());
        assertEquals(List.of("GP", "GP again", "Exp"), one.series());
        assertArrayEquals(new double[] {2, 10}, one.xs("Exp"));
        Estimate same = one.difference("GP", "GP again", 10, "energy");
        assertEquals(0.0, same.mean());
        assertEquals(0.0, same.halfWidth());
        Estimate d = one.difference("Exp", "GP", 2, "wait");
        assertEquals(one.estimate("Exp", 2, "wait").mean() - one.estimate("GP", 2, "wait").mean(),
                d.mean(), 1e-15);
        Table t = one.toTable(List.of("energy"));
        assertEquals(6, t.rowCount());
        assertEquals(42L, t.longColumn("seed").get(0));
        assertEquals(10, t.intColumn("N").get(0));
        double[] mean = one.mean("Exp", "energy");
        double[] lo = one.lower("Exp", "energy");
        double[] hi = one.upper("Exp", "energy");
        for (int i = 0; i < mean.length; i++) {
            assertTrue(lo[i] <= mean[i] && mean[i] <= hi[i]);
        }
        assertTrue(TabsCharts.sweep(one, "energy", "t", "x", "y").build() != null);
    }

    /**
     * Each point equals {@link TabsSimulator#replicate} with the plan's seed (the streams the sweep had before it ran
     * on the sweep API), in every metric, and a second call that reuses the stored values returns the same numbers.
     */
    @Test
    void pointsEqualReplicateAndReusedValuesEqualFreshOnes() {
        TabsSweepPlan plan = new TabsSweepPlan(8, 600, 100, 3, 7L);
        List<TabsSweepPoint> points = TabsSweep.overStandbyMeans(0.3, 5, Map.of("H3", HyperExponential.thesis()), 2, 10);
        TabsSweepResult shared = TabsSweep.run(plan, points);
        TabsSweepResult again = TabsSweep.run(plan, points);
        TabsSweepResult fresh = TabsSweep.run(plan, points, 1);
        for (TabsSweepPoint p : points) {
            List<TabsResult> runs = plan.simulator(p.model())
                    .replicate(plan.window(), plan.seed(), plan.replications(), 1).runs();
            for (String metric : List.of("energy", "wait", "busy", "loss")) {
                double[] expected = runs.stream().mapToDouble(r -> r.toMetrics().get(metric)).toArray();
                assertArrayEquals(expected, fresh.values("H3", p.x(), metric), metric + " at µ = " + p.x());
                assertArrayEquals(expected, shared.values("H3", p.x(), metric), metric + " at µ = " + p.x());
                assertArrayEquals(expected, again.values("H3", p.x(), metric), metric + " at µ = " + p.x());
            }
        }
        assertTrue(fresh.values("H3", 2, "energy")[0] != fresh.values("H3", 10, "energy")[0]);
    }

    @Test
    void badInputNamesTheParameter() {
        assertThrows(IllegalArgumentException.class, () -> new TabsSweepPlan(0, 10, 0, 2, 1L));
        assertThrows(IllegalArgumentException.class, () -> new TabsSweepPlan(1, 10, 10, 2, 1L));
        IllegalArgumentException reps = assertThrows(IllegalArgumentException.class,
                () -> new TabsSweepPlan(1, 10, 0, 1, 1L));
        assertTrue(reps.getMessage().startsWith("replications = 1; allowed"));
        IllegalArgumentException unstable = assertThrows(IllegalArgumentException.class,
                () -> new TabsSweepPoint("x", 1, TabsModel.transientOverload(1.2, Exponential.unitMean(), 5, 1)));
        assertTrue(unstable.getMessage().contains("allowed: < 1"));
        assertThrows(IllegalArgumentException.class,
                () -> new TabsSweepPoint(" ", 1, TabsModel.of(0.5, Exponential.unitMean(), 5, 1)));
        assertThrows(IllegalArgumentException.class, () -> TabsSweep.overStandbyMeans(0.5, 1, Map.of()));
        TabsSweepResult r = TabsSweep.run(new TabsSweepPlan(2, 100, 0, 2, 1L),
                TabsSweep.overStandbyMeans(0.5, 1, Map.of("Exp", Exponential.unitMean()), 5));
        IllegalArgumentException metric = assertThrows(IllegalArgumentException.class,
                () -> r.estimate("Exp", 5, "power"));
        assertTrue(metric.getMessage().startsWith("metric = power; allowed"));
        assertThrows(IllegalArgumentException.class, () -> r.estimate("Exp", 6, "energy"));
    }

    private static double[] difference(double[] a, double[] b) {
        double[] d = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i] - b[i];
        }
        return d;
    }

    private static double[] scaled(double[] a, double c) {
        double[] d = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i] * c;
        }
        return d;
    }
}
