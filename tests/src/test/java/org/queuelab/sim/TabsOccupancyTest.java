package org.queuelab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.model.Buffers;
import org.queuelab.model.PowerModel;
import org.queuelab.model.TabsModel;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metrics;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.TimeGrid;

/** TABS with exponential service as an occupancy chain, against docs/tabs.md §9 (exact CTMC values and identities). */
class TabsOccupancyTest {

    private static final TimeGrid GRID = TimeGrid.of(1000, 100);

    private static ReplicatedResult<OccupancyRun> run(TabsModel model, int n, double horizon, long seed) {
        return OccupancySimulator.tabs(model, n)
                .replicate(RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle()).withGrid(GRID)
                        .withWarmup(500), seed, 8, 2);
    }

    private static void assertCovers(double exact, Estimate e, String what) {
        assertTrue(Math.abs(e.mean() - exact) <= 2 * e.halfWidth(), what + ": exact " + exact + " vs " + e);
    }

    /** docs/tabs.md §9.4: exact CTMC solutions (non-full uniform overflow). */
    @Test
    void matchesExactCtmcValues() {
        double[][] cases = { // N, B, λ, µ_mean, ν_mean, busy, idle, setup, off, W, loss
            {3, 4, 0.6, 2, 1.5, .56682, .17903, .13427, .11988, .97347, .05530},
            {2, 5, 0.8, 5, 3, .72944, .14979, .08988, .03089, 1.70194, .08820},
            {3, 4, 0.3, 0.5, 2, .15658, .08542, .34168, .41632, .94075, .47807},
            {2, 6, 0.7, Double.POSITIVE_INFINITY, 1, .69558, .30442, 0, 0, 1.15557, .00631}};
        long seed = 1;
        for (double[] c : cases) {
            TabsModel model = new TabsModel(c[2], (int) c[1], Exponential.unitMean(), c[3], c[4],
                    TabsModel.Overflow.NONFULL_UNIFORM);
            ReplicatedResult<OccupancyRun> r = run(model, (int) c[0], 60_000, seed++);
            String what = "N=" + (int) c[0] + " λ=" + c[2] + " ";
            assertCovers(c[5], r.estimate("busy"), what + "busy");
            assertCovers(c[6], r.estimate("idle"), what + "idle");
            assertCovers(c[7], r.estimate("setup"), what + "setup");
            assertCovers(c[8], r.estimate("off"), what + "off");
            assertCovers(c[9], r.estimate("wait"), what + "W");
            assertCovers(c[10], r.estimate("loss"), what + "loss");
            for (OccupancyRun run : r.runs()) {
                assertTrue(run.counters().conserved());
                // setups started = standby expiries ± N (docs/tabs.md §9.5)
                assertTrue(Math.abs(run.counters().scaleUps() - run.counters().expirations()) <= c[0]);
            }
        }
    }

    /** docs/tabs.md §9.5: busy = λE[S](1 − loss) and setup = idle·ν/µ, per run, within the 95% interval. */
    @Test
    void exactIdentitiesHold() {
        for (TabsModel.Overflow rule : TabsModel.Overflow.values()) {
            double lambda = 0.75;
            double standby = 4;
            double setup = 2.5;
            TabsModel model = new TabsModel(lambda, 3, Exponential.withMean(1.0), standby, setup, rule);
            ReplicatedResult<OccupancyRun> r = run(model, 10, 100_000, 42);
            double[] busyGap = new double[r.runs().size()];
            double[] setupGap = new double[r.runs().size()];
            for (int i = 0; i < busyGap.length; i++) {
                Metrics m = r.runs().get(i).metrics();
                busyGap[i] = m.get("busy") - lambda * (1 - m.get("loss"));
                setupGap[i] = m.get("setup") - m.get("idle") * setup / standby;
                double sum = m.get("busy") + m.get("idle") + m.get("setup") + m.get("off");
                assertEquals(1.0, sum, 1e-9);
            }
            assertCovers(0.0, Estimate.of(busyGap), rule + " busy identity");
            assertCovers(0.0, Estimate.of(setupGap), rule + " setup identity");
            assertTrue(r.estimate("loss").mean() > 0.001, "B = 3 loses jobs");
            // energy with the default weights (docs/tabs.md §3)
            double e = r.estimate("busy").mean() + r.estimate("setup").mean() + 0.6 * r.estimate("idle").mean();
            assertEquals(e, r.estimate("energy").mean(), 1e-12);
        }
    }

    /** docs/tabs.md §9.6, §9.11: standbyMean = ∞ from all idle-on is JIQ: nobody switches off, no loss with B = ∞. */
    @Test
    void infiniteStandbyIsJiq() {
        TabsModel model = TabsModel.of(0.5, Exponential.unitMean(), Double.POSITIVE_INFINITY, 5);
        ReplicatedResult<OccupancyRun> r = OccupancySimulator.tabs(model, 100, PowerModel.poweredOn())
                .replicate(RunWindow.until(2000).withInitial(InitialOccupancy.allIdle()).withGrid(GRID)
                        .withWarmup(200), 3L, 4, 2);
        assertEquals(0.0, r.estimate("off").mean(), 0);
        assertEquals(0.0, r.estimate("setup").mean(), 0);
        assertEquals(0.0, r.estimate("loss").mean(), 0);
        assertEquals(0.5, r.estimate("busy").mean(), 0.005);
        assertTrue(r.estimate("wait").mean() < 1e-3);
        assertEquals(1.0, r.estimate("energy").mean(), 1e-12);
        assertTrue(Buffers.isInfinite(model.buffer()));
    }

    /** All servers off: the first arrivals are lost and each starts one set-up (docs/tabs.md §2, rule 1b). */
    @Test
    void allOffLosesArrivalsAndStartsSetups() {
        TabsModel model = TabsModel.of(0.5, Exponential.unitMean(), 10, 1000);
        OccupancyRun run = OccupancySimulator.tabs(model, 50)
                .run(RunWindow.forEvents(30, GRID).withInitial(InitialOccupancy.allCold()), 9L);
        OccupancyCounters c = run.counters();
        // with every server off or in set-up, every arrival is lost and starts one set-up while servers are off
        assertEquals(c.arrivals(), c.losses(), "no server was ever idle-on or busy in the first events: " + c);
        assertEquals(c.arrivals(), c.scaleUps());
        assertTrue(c.arrivals() > 10);
    }
}
