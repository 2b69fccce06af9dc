package org.queuelab.repro.sqdn;

import org.queuelab.dist.Exponential;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfDWithMemory;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialMemory;
import org.queuelab.sim.MemoryChainSimulator;
import org.queuelab.sim.OccupancyResult;

/**
 * Figure 3 of SQ(d,N) ({@code sqdn.md} §4): fluid (dashed) against the average of independent stochastic runs
 * (solid), d = 2, all servers idle and known idle at t = 0 (FOUND). Left: λ = 0.45, N = 100, components (0,0),
 * (0,1), (1,1); right: λ = 0.9, N = 1000, L_S (and L_M). CHOSEN: horizons 10 and 60, sampling every 0.1.
 */
public final class Figure3 {

    /** d of both panels (FOUND). */
    public static final int D = 2;
    /** Sampling interval of both panels (CHOSEN). */
    public static final double SAMPLING = 0.1;

    private Figure3() {
    }

    /** The left panel: λ = 0.45, N = 100, horizon 10. */
    public static FluidStochasticComparison left(double step, int buffer, int runs, long seed) {
        return components(0.45, 100, 10, step, buffer, runs, seed);
    }

    /** The right panel: λ = 0.9, N = 1000, horizon 60, L_S and L_M. */
    public static FluidStochasticComparison right(double step, int buffer, int runs, long seed) {
        return means(0.9, 1000, 60, step, buffer, runs, seed);
    }

    /** x0_0, x0_1, x1_1 at (λ, N) up to {@code horizon}: fluid step h, stochastic {@code runs}-run average. */
    public static FluidStochasticComparison components(double lambda, int n, double horizon, double step, int buffer,
                                                       int runs, long seed) {
        TimeGrid grid = TimeGrid.of(horizon, SAMPLING);
        OccupancyResult sim = simulator(lambda, n, buffer).withPairs(new int[] {0, 0}, new int[] {0, 1},
                new int[] {1, 1}).replicate(InitialMemory.allIdle(), horizon, grid, 0, seed, runs);
        SqdnFluid.Path fluid = SqdnFluid.integrate(lambda, D, SqdnFluid.unit(buffer, 0, 0), grid.times(), step);
        FluidStochasticComparison.Builder b = FluidStochasticComparison.of("Figure 3 (left): λ = " + lambda
                + ", d = " + D + ", N = " + n + ", " + runs + "-run average, fluid h = " + step + ", seed " + seed,
                sim.trajectory());
        int[][] pairs = {{0, 0}, {0, 1}, {1, 1}};
        for (int[] p : pairs) {
            double[] v = new double[fluid.times().length];
            for (int k = 0; k < v.length; k++) {
                v[k] = fluid.states()[k][p[0]][p[1]];
            }
            String name = Metric.pair(p[0], p[1]);
            b.quantity(name, fluid.times(), v, name);
        }
        return b.build();
    }

    /** L_S and L_M at (λ, N) up to {@code horizon}. */
    public static FluidStochasticComparison means(double lambda, int n, double horizon, double step, int buffer,
                                                  int runs, long seed) {
        TimeGrid grid = TimeGrid.of(horizon, SAMPLING);
        OccupancyResult sim = simulator(lambda, n, buffer).replicate(InitialMemory.allIdle(), horizon, grid, 0, seed,
                runs);
        SqdnFluid.Path fluid = SqdnFluid.integrate(lambda, D, SqdnFluid.unit(buffer, 0, 0), grid.times(), step);
        double[] ls = new double[fluid.times().length];
        double[] lm = new double[ls.length];
        for (int k = 0; k < ls.length; k++) {
            ls[k] = SqdnFluid.meanQueue(fluid.states()[k]);
            lm[k] = SqdnFluid.meanMemory(fluid.states()[k]);
        }
        return FluidStochasticComparison.of("Figure 3 (right): λ = " + lambda + ", d = " + D + ", N = " + n + ", "
                        + runs + "-run average, fluid h = " + step + ", seed " + seed, sim.trajectory())
                .quantity("L_S", fluid.times(), ls, Metric.MEAN_JOBS)
                .quantity("L_M", fluid.times(), lm, Metric.MEAN_MEMORY)
                .build();
    }

    private static MemoryChainSimulator simulator(double lambda, int n, int buffer) {
        LoadBalancingModel model = new LoadBalancingModel(lambda, new PowerOfDWithMemory(D), buffer,
                Exponential.unitMean());
        return MemoryChainSimulator.of(model, n);
    }
}
