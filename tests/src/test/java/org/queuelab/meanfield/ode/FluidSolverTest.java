package org.queuelab.meanfield.ode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The one fluid solver on a small sliding problem with a closed form. */
class FluidSolverTest {

    /**
     * Two compartments, mass flowing from a to b at rate 1 while a is free; once a reaches {@code floor} it is
     * pinned there (zero drift) — a sliding boundary with a projection.
     */
    static final class Drain implements FluidProblem {
        final double floor;
        boolean pinned;
        int projections;
        final Boundary hit;

        Drain(double floor) {
            this.floor = floor;
            this.hit = Boundary.of("a at floor", x -> x[0] - floor);
        }

        @Override
        public String label() {
            return "drain";
        }

        @Override
        public List<String> coordinateNames() {
            return List.of("a", "b");
        }

        @Override
        public int dimension() {
            return 2;
        }

        @Override
        public void enterSegment(double[] x) {
            pinned = x[0] == floor;
        }

        @Override
        public void derivatives(double[] x, double[] dx) {
            dx[0] = pinned ? 0 : -x[0];
            dx[1] = -dx[0];
        }

        @Override
        public List<Boundary> boundaries() {
            return pinned ? List.of() : List.of(hit);
        }

        @Override
        public void project(Boundary boundary, double[] x) {
            projections++;
            x[1] += x[0] - floor;
            x[0] = floor;
            pinned = true;
        }
    }

    static FluidSolver.Settings settings(FluidSolver.Method method, long budget) {
        return new FluidSolver.Settings(1e-12, 1e-10, 1.0, budget, method);
    }

    @Test
    void bothMethodsSampleTheGridAndProjectAtTheBoundary() {
        double[] grid = {0, 0.25, 0.5, 1, 2, 3};
        for (FluidSolver.Method method : FluidSolver.Method.values()) {
            Drain drain = new Drain(0.2);
            FluidSolver.Solution s = FluidSolver.solve(drain, new double[] {1, 0}, grid, settings(method, 100_000));
            double hitTime = Math.log(5); // e^{−t} = 0.2
            for (int i = 0; i < grid.length; i++) {
                double a = grid[i] < hitTime ? Math.exp(-grid[i]) : 0.2;
                assertEquals(a, s.states()[i][0], 1e-8, method + " at t = " + grid[i]);
                assertEquals(1.0, s.states()[i][0] + s.states()[i][1], 1e-12);
            }
            assertEquals(1, s.switches(), method.name());
            assertEquals(1, drain.projections);
        }
    }

    @Test
    void aStateAlreadyPastItsBoundaryIsProjectedBeforeIntegrating() {
        // a starts below its floor: the switching function is negative at the start and would never cross 0
        // downwards, so no event could fire; the solver projects first
        Drain drain = new Drain(0.2);
        FluidSolver.Solution s = FluidSolver.solve(drain, new double[] {0.1, 0.9}, new double[] {1},
                settings(FluidSolver.Method.EXPLICIT, 100_000));
        assertEquals(1, drain.projections);
        assertEquals(0.2, s.states()[0][0], 0.0);
    }

    @Test
    void budgetIsEnforcedAndNamesTheIntegratorInUse() {
        for (FluidSolver.Method method : FluidSolver.Method.values()) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> FluidSolver.solve(
                    new Drain(1e-9), new double[] {1, 0}, new double[] {50}, settings(method, 150)));
            assertTrue(e.getMessage().contains("evaluation budget of 150") && e.getMessage().contains("withMaxEvaluations"),
                    e.getMessage());
            String expected = method == FluidSolver.Method.IMPLICIT ? "Rosenbrock" : "Dormand–Prince";
            assertTrue(e.getMessage().contains(expected), method + ": " + e.getMessage());
        }
    }

    @Test
    void badGridsAndSettingsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> FluidSolver.requireGrid(new double[] {1, 1}));
        assertThrows(IllegalArgumentException.class, () -> FluidSolver.requireGrid(new double[] {0}));
        assertThrows(IllegalArgumentException.class, () -> FluidSolver.requireGrid(new double[] {Double.NaN}));
        assertThrows(IllegalArgumentException.class, () -> settings(FluidSolver.Method.AUTO, 0));
        assertThrows(IllegalArgumentException.class, () -> settings(null, 10));
    }
}
