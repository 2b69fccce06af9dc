package org.queuelab.examples;

import java.util.Map;

import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.FixedPoint;
import org.queuelab.meanfield.Fluid;
import org.queuelab.meanfield.FluidTrajectory;
import org.queuelab.meanfield.PowerOfDFluid;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.population.PopulationModel;
import org.queuelab.population.PopulationModels;
import org.queuelab.population.RefinedMeanField;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.RunWindow;

/**
 * SQ(2) at λ = 0.9 four ways: the fluid limit, its closed-form fixed point, a CTMC estimate on N = 1000 servers and
 * the refined mean field for N = 20. Exits non-zero if the fluid does not reach the fixed point or the simulation
 * disagrees with it.
 */
public final class Quickstart {

    public static void main(String[] args) {
        LoadBalancingModel sq2 = new LoadBalancingModel(0.9, new PowerOfD(2), Buffers.INFINITE, Exponential.unitMean());

        FixedPoint.Occupancy fixedPoint = FixedPoint.of(sq2);                      // closed form, y_i = λ^(2^i − 1)
        PowerOfDFluid fluid = Fluid.of(sq2);
        double[] empty = new double[fluid.dimension()];
        empty[0] = 1;
        FluidTrajectory path = fluid.integrate(empty, TimeGrid.of(200, 1).times());
        double fluidJobs = path.value(Metric.MEAN_JOBS, path.size() - 1);

        Estimate ctmc = Ctmc.of(sq2, 1000).replicate(RunWindow.until(300).withWarmup(100)
                .withInitial(InitialOccupancy.allIdle()), 42L, 4).estimate(Metric.MEAN_JOBS);

        PopulationModel population = PopulationModels.powerOfD(0.9, 2, 30);
        RefinedMeanField.Steady refined = RefinedMeanField.steadyState(population,
                population.state(Map.of(Metric.level(0).name(), 1.0)));

        System.out.printf("fixed point: mean jobs %.6f, busy y_1 = %.3f%n", fixedPoint.meanJobs(), fixedPoint.tail(1));
        System.out.printf("fluid at t = 200: mean jobs %.6f%n", fluidJobs);
        System.out.printf("CTMC, N = 1000: mean jobs %s%n", ctmc);
        System.out.printf("refined mean field, N = 20: %.5f (mean field %.5f)%n",
                refined.refined(Metric.MEAN_JOBS, 20), refined.meanField(Metric.MEAN_JOBS));

        require(Math.abs(fluidJobs - fixedPoint.meanJobs()) < 1e-6, "the fluid reaches the fixed point");
        // N = 1000 is within O(1/N) of the limit; the interval is the simulation's own 95% interval
        require(Math.abs(ctmc.mean() - fixedPoint.meanJobs()) < ctmc.halfWidth() + 0.01, "CTMC agrees with the fluid");
        require(Math.abs(refined.meanField(Metric.MEAN_JOBS) - fixedPoint.meanJobs()) < 1e-6,
                "the population model's fixed point is SQ(2)'s");
    }

    private static void require(boolean holds, String what) {
        if (!holds) {
            System.err.println("FAILED: " + what);
            System.exit(1);
        }
        System.out.println("ok: " + what);
    }
}
