package org.queuelab.guard;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.AlbaFluid;
import org.queuelab.meanfield.MemoryFluid;
import org.queuelab.meanfield.PowerOfDFluid;
import org.queuelab.meanfield.TabsFluid;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.model.TabsModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.policy.Scaling;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.result.TimeGrid;

/**
 * The fluids' constructors and the occupancy simulator's run with out-of-range, tiny and huge sizes, rates and
 * horizons: a clear refusal (IllegalArgumentException "… = …; allowed: …", or a guard's refusal naming the need
 * and the limit) or a valid result, never a hang, an {@link Error} or a probability outside [0, 1].
 */
class SimulatorPropertyTest {

    private static final int[] SIZES = {Integer.MIN_VALUE, -5, 0, 1, 2, 3, 100_000, 70_000, Integer.MAX_VALUE - 1,
        Integer.MAX_VALUE};
    private static final double[] RATES = {-1, 0, Double.NaN, Double.POSITIVE_INFINITY, 1e-300, 0.5, 1.5, 1e300};
    private static final double[] HORIZONS = {-1, 0, Double.NaN, Double.POSITIVE_INFINITY, 1e-300, 10, 1e300};
    private static final Set<String> PROBABILITIES = Set.of("x00", "x01", "x02", "y1", "y0", "loss", "energy");
    private static final Duration BUDGET = Duration.ofSeconds(120);

    private interface Call {
        Object call() throws Throwable;
    }

    private static void check(String call, Call body) {
        try {
            Object result = body.call();
            if (result instanceof OccupancyRun run) {
                for (Map.Entry<String, Double> e : run.metrics().values().entrySet()) {
                    double v = e.getValue();
                    if (PROBABILITIES.contains(e.getKey()) && !Double.isNaN(v)) {
                        assertTrue(v >= -1e-12 && v <= 1 + 1e-12, call + ": " + e.getKey() + " = " + v);
                    }
                }
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            String m = e.getMessage();
            if (m == null || !(m.contains("allowed"))) {
                fail(call + ": unclear refusal " + e);
            }
        } catch (Throwable t) {
            fail(call + ": threw " + t, t);
        }
    }

    @Test
    void fluidConstructorsRefuseOrBuildWithAPositiveDimension() {
        assertTimeoutPreemptively(BUDGET, () -> {
            AlbaModel alba = new AlbaModel(0.5, new PowerOfD(2), Buffers.INFINITE,
                    Scaling.asynchronous(new BlindTheta(0.02), 0.1), 0.2, 0.05);
            LoadBalancingModel power = new LoadBalancingModel(0.5, new PowerOfD(2), Buffers.INFINITE,
                    Exponential.unitMean());
            LoadBalancingModel memory = new LoadBalancingModel(0.5, new PowerOfDWithMemory(2), Buffers.INFINITE,
                    Exponential.unitMean());
            TabsModel tabs = TabsModel.of(0.5, Exponential.unitMean(), 5, 1);
            for (int k : SIZES) {
                check("AlbaFluid K = " + k, () -> exact(new AlbaFluid(alba, k).dimension(), k + 3L));
                check("PowerOfDFluid K = " + k, () -> exact(new PowerOfDFluid(power, k).dimension(), k + 1L));
                check("MemoryFluid I = " + k, () -> exact(new MemoryFluid(memory, k).dimension(),
                        (k + 1L) * (k + 2L) / 2));
                check("TabsFluid K = " + k, () -> exact(new TabsFluid(tabs, k).dimension(), k + 3L));
            }
        });
    }

    /** The dimension as the layout defines it, computed without int overflow. */
    private static int exact(int dimension, long expected) {
        assertTrue(dimension == expected, "dimension " + dimension + ", layout size " + expected);
        return dimension;
    }

    @Test
    void occupancyRunsRefuseOrStayWithinTheirBudgets() {
        assertTimeoutPreemptively(BUDGET, () -> {
            for (double lambda : RATES) {
                for (int buffer : new int[] {-1, 0, 1, 5, 1_000_000_000, Buffers.INFINITE}) {
                    for (int n : new int[] {-5, 0, 1, 10, 1000}) {
                        for (double horizon : HORIZONS) {
                            String call = "λ = " + lambda + ", B = " + buffer + ", N = " + n + ", T = " + horizon;
                            check(call, () -> OccupancySimulator.loadBalancing(new LoadBalancingModel(lambda,
                                    new PowerOfD(1), buffer, Exponential.unitMean()), n)
                                    .run(RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle())
                                            .withGrid(TimeGrid.of(Math.min(horizon, 1), Math.min(horizon, 1))), 1L));
                        }
                    }
                }
            }
        });
    }
}
