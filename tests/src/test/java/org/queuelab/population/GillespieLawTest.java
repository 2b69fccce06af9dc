package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.hipparchus.distribution.continuous.TDistribution;
import org.junit.jupiter.api.Test;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialFractions;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;

/**
 * The generic simulator draws its events by the sorting direct method (transitions scanned in decreasing order of
 * their rates), so its runs are not event-for-event those of a scan in model order: it is checked in law. Against
 * the built-in occupancy CTMC on SQ(2) (an equivalence test per level), and against a closed form on N independent
 * two-state servers.
 */
class GillespieLawTest {

    /**
     * Margin fixed before running: the time-averaged fraction of servers at a level may differ between the two
     * simulators by less than 0.01. The test passes only if the 99 % Welch interval on the difference of the means
     * lies inside (−0.01, 0.01); so a true difference ≥ 0.01 fails with probability ≥ 99.5 % (its power), and a true
     * difference 0 fails only if the estimate lands farther than margin − half-width from 0.
     */
    static final double MARGIN = 0.01;
    static final int REPLICATIONS = 30;

    @Test
    void timeAveragedLevelsOfSq2EqualTheBuiltInChainsWithinTheMargin() {
        for (int n : new int[] {10, 20}) {
            PopulationModel model = PopulationModels.powerOfD(0.9, 2, 20);
            double[] idle = model.state(Map.of("x0", 1.0));
            double horizon = 10_000;
            TimeGrid grid = TimeGrid.of(horizon, horizon);
            ReplicatedResult<PopulationRun> generic = PopulationSimulator.of(model, n).replicate(RunWindow
                    .until(horizon).withInitial(InitialFractions.of(idle)).withGrid(grid).withWarmup(100), 31,
                    REPLICATIONS, 2);
            ReplicatedResult<OccupancyRun> builtIn = OccupancySimulator.loadBalancing(PopulationSimulatorTest.SQ2, n)
                    .withLevels(0, 1, 2, 3, 4, 5).replicate(RunWindow.until(horizon)
                            .withInitial(InitialOccupancy.allIdle()).withGrid(grid).withWarmup(100), 32,
                            REPLICATIONS, 2);
            for (int level = 0; level <= 5; level++) {
                Estimate a = generic.estimate("x" + level);
                Estimate b = builtIn.estimate(level == 0 ? Metric.IDLE : Metric.level(level));
                assertEquivalent(a, b, "N = " + n + ", level " + level);
            }
        }
    }

    /** The 99 % Welch interval on mean(a) − mean(b) lies inside (−MARGIN, MARGIN). */
    static void assertEquivalent(Estimate a, Estimate b, String what) {
        double va = square(a.halfWidth() / Estimate.tQuantile975(a.n() - 1));
        double vb = square(b.halfWidth() / Estimate.tQuantile975(b.n() - 1));
        double se = Math.sqrt(va + vb);
        double df = se == 0 ? a.n() + b.n() - 2
                : square(va + vb) / (va * va / (a.n() - 1) + vb * vb / (b.n() - 1));
        double half = new TDistribution(df).inverseCumulativeProbability(0.995) * se;
        double difference = a.mean() - b.mean();
        assertTrue(Math.abs(difference) + half < MARGIN, what + ": difference " + difference + " ± " + half
                + " (99 %) not inside ±" + MARGIN + "; generic " + a + ", built-in " + b);
    }

    private static double square(double v) {
        return v * v;
    }

    /**
     * N independent servers switching on at rate α and off at rate β: the number on is Binomial(N, p), p = α/(α+β),
     * in the stationary law, so the time average of x_on tends to p and that of x_on² to p² + p(1 − p)/N. The 99.9 %
     * interval over 40 replications must cover both (the second is not a mean-field quantity: it checks the law of
     * the fluctuations, not only the drift).
     */
    @Test
    void twoStateServersHaveTheBinomialStationaryLaw() {
        double alpha = 1.0;
        double beta = 3.0;
        int n = 5;
        PopulationModel model = PopulationModel.builder("on-off").classes("off", "on").parameter("alpha", alpha)
                .parameter("beta", beta)
                .move("switch on", "off", "on", v -> v.param("alpha").times(v.x("off")))
                .move("switch off", "on", "off", v -> v.param("beta").times(v.x("on")))
                .observable("on squared", v -> v.x("on").times(v.x("on"))).build();
        double horizon = 2_000;
        ReplicatedResult<PopulationRun> runs = PopulationSimulator.of(model, n).replicate(RunWindow.until(horizon)
                .withInitial(InitialFractions.of(model.state(Map.of("off", 1.0))))
                .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(20), 41, 40, 2);
        double p = alpha / (alpha + beta);
        assertCovers(runs.estimate("on"), p, "time average of x_on");
        assertCovers(runs.estimate("on squared"), p * p + p * (1 - p) / n, "time average of x_on²");
    }

    /** The 99.9 % t interval of the estimate covers the exact value. */
    private static void assertCovers(Estimate e, double exact, String what) {
        double half = e.halfWidth() / Estimate.tQuantile975(e.n() - 1)
                * new TDistribution(e.n() - 1).inverseCumulativeProbability(0.9995);
        assertTrue(Math.abs(e.mean() - exact) <= half, what + ": " + e + " vs exact " + exact + " (99.9 % ± " + half
                + ")");
    }
}
