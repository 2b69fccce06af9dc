package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.model.AlbaModel;
import org.queuelab.model.Buffers;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;

import tech.tablesaw.api.Table;

/** docs/alba.md §10.13 (Section VI, Power-of-2), the generic fixed-point solver, and trajectory tables. */
class AlbaTradeoffTest {

    final AlbaTradeoff powerOfTwo = new AlbaTradeoff(0.7, 0.05, 0.1, 0.025, new PowerOfD(2), 100);

    @Test
    void c13WeightedOptimum() {
        double[][] table = {{0.001, 0.000567, 0.7014, 7.967}, {0.01, 0.005204, 0.7130, 4.922},
            {0.05, 0.021593, 0.7540, 3.209}, {0.1, 0.037797, 0.7945, 2.641}};
        for (double[] row : table) {
            AlbaTradeoff.Point p = powerOfTwo.weighted(row[0]);
            assertEquals(row[1], p.theta(), 1e-6, "θ_opt w=" + row[0]);
            assertEquals(row[2], p.energy(), 5e-5);
            assertEquals(row[3], p.responseTime(), 5e-4);
        }
    }

    @Test
    void c13ConstrainedOptimum() {
        double[][] table = {{2.0, 0.08127, 0.9032}, {2.5, 0.04402, 0.8100}, {3.0, 0.02631, 0.7658}};
        for (double[] row : table) {
            AlbaTradeoff.Point p = powerOfTwo.constrained(row[0]);
            assertEquals(row[1], p.theta(), 5e-6);
            assertEquals(row[2], p.energy(), 5e-5);
            assertEquals(row[0], p.responseTime(), 1e-9);
        }
        assertThrows(IllegalArgumentException.class, () -> powerOfTwo.constrained(1.5));
        Table curve = powerOfTwo.curve(0.01, 0.06, 0.12);
        assertEquals(3, curve.rowCount());
        assertEquals(0.85, curve.doubleColumn("E").get(1), 1e-12);
        AlbaTradeoff jiq = new AlbaTradeoff(0.7, 0.05, 0.1, 0.025, JoinBelowThreshold.jiq(), 100);
        assertEquals(1.0, jiq.at(0.03).responseTime(), 1e-12);
    }

    @Test
    void genericNewtonSolverMatchesTheoremTwo() {
        AlbaModel m = new AlbaModel(0.7, new PowerOfD(2), Buffers.INFINITE,
                Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);
        AlbaFluid fluid = new AlbaFluid(m, 40);
        double[] exact = AlbaFixedPoint.blindTheta(m, 40).state();
        double[] guess = fluid.integrate(fluid.state(0.3, 0, 0.7), new double[] {150}).finalState();
        FixedPointSolver.Result result = FixedPointSolver.solve(fluid, guess);
        assertTrue(result.residual() <= 1e-12);
        for (int i = 0; i < exact.length; i++) {
            assertEquals(exact[i], result.state()[i], 1e-9, fluid.coordinateNames().get(i));
        }
        assertThrows(IllegalStateException.class, () -> FixedPointSolver.solve(fluid, guess, 1e-30, 2));
    }

    @Test
    void trajectoryTableCarriesColumnsAndParameters() {
        AlbaFluid fluid = AlbaFluid.of(AlbaFigure1Test.FIG1);
        FluidTrajectory tr = fluid.integrate(fluid.state(0.3, 0, 0.7), new double[] {0, 1, 2});
        Table table = tr.toTable();
        assertEquals(3, table.rowCount());
        for (String c : new String[] {"t", "off", "setup", "idle", "busy", "jobsPerWarm", "meanJobs", "energy", "relativeWastage", "lambda",
            "dispatch", "solver"}) {
            assertTrue(table.columnNames().contains(c), c);
        }
        assertEquals(0.3, table.doubleColumn("off").get(0), 0.0);
        assertThrows(IllegalArgumentException.class, () -> tr.series("nope"));
    }
}
