package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The ROS34PW2 Rosenbrock–W integrator on standard stiff problems with known solutions. */
class RosenbrockWTest {

    static RosenbrockW.Problem problem(int n, java.util.function.BiConsumer<double[], double[]> f) {
        return new RosenbrockW.Problem() {
            @Override
            public int dimension() {
                return n;
            }

            @Override
            public void derivatives(double[] x, double[] dx) {
                f.accept(x, dx);
            }
        };
    }

    static final RosenbrockW.Problem LINEAR = problem(2, (x, dx) -> {
        dx[0] = -1000.5 * x[0] + 999.5 * x[1];
        dx[1] = 999.5 * x[0] - 1000.5 * x[1];
    });

    @Test
    void linearStiffSystemMatchesClosedFormWithFewSteps() {
        // eigenvalues −1 (vector (1,1)) and −2000 (vector (1,−1)): x(t) = e^{−t}(1,1) + e^{−2000t}(1,−1)
        RosenbrockW solver = new RosenbrockW(1e-8, 1e-6, 10, 1_000_000);
        double[] stops = {0.001, 0.5, 1, 5, 10};
        double[][] seen = new double[stops.length][];
        int[] k = {0};
        RosenbrockW.Outcome end = solver.integrate(LINEAR, 0, new double[] {2, 0}, 10, stops,
                new RosenbrockW.Switch[0], (t, x) -> {
                    if (k[0] < stops.length && t == stops[k[0]]) {
                        seen[k[0]++] = x;
                    }
                });
        assertEquals(10.0, end.t(), 0.0);
        assertEquals(-1, end.fired());
        for (int i = 0; i < stops.length; i++) {
            double t = stops[i];
            double slow = Math.exp(-t);
            double fast = Math.exp(-2000 * t);
            assertEquals(slow + fast, seen[i][0], 1e-6, "x0 at t = " + t);
            assertEquals(slow - fast, seen[i][1], 1e-6, "x1 at t = " + t);
        }
        // an explicit method's stability alone would need h < 3.3/2000, i.e. > 6000 steps to t = 10; here the
        // step follows the accuracy of the slow mode once the fast one has decayed
        assertTrue(solver.steps() < 600, "steps " + solver.steps());
    }

    @Test
    void robertsonChemistryAtFortyMatchesReference() {
        RosenbrockW.Problem robertson = problem(3, (y, dy) -> {
            double r1 = 0.04 * y[0];
            double r2 = 1e4 * y[1] * y[2];
            double r3 = 3e7 * y[1] * y[1];
            dy[0] = -r1 + r2;
            dy[1] = r1 - r2 - r3;
            dy[2] = r3;
        });
        RosenbrockW solver = new RosenbrockW(1e-14, 1e-10, 40, 10_000_000);
        double[] minimum = {Double.POSITIVE_INFINITY};
        double[] massError = {0};
        RosenbrockW.Outcome end = solver.integrate(robertson, 0, new double[] {1, 0, 0}, 40, new double[] {40},
                new RosenbrockW.Switch[0], (t, y) -> {
                    massError[0] = Math.max(massError[0], Math.abs(y[0] + y[1] + y[2] - 1));
                    for (double v : y) {
                        minimum[0] = Math.min(minimum[0], v);
                    }
                });
        // Hairer & Wanner, Solving ODEs II, reference solution of problem ROBER at t = 40
        assertEquals(0.7158270687193510, end.x()[0], 1e-8);
        assertEquals(9.185534764557338e-6, end.x()[1], 1e-12);
        assertEquals(0.2841637457458741, end.x()[2], 1e-8);
        assertTrue(massError[0] < 1e-13, "conservation (zero-sum columns kept exact): " + massError[0]);
        assertTrue(minimum[0] > -1e-14, "non-negativity " + minimum[0]);
        assertTrue(solver.steps() < 10_000, "steps " + solver.steps());
    }

    @Test
    void switchIsLocatedOnDecreasingCrossingsOnly() {
        RosenbrockW.Problem decay = problem(1, (x, dx) -> dx[0] = -x[0]);
        RosenbrockW solver = new RosenbrockW(1e-12, 1e-10, 5, 1_000_000);
        RosenbrockW.Switch rising = x -> 0.1 - x[0] + 10; // never crosses downward here
        RosenbrockW.Switch half = x -> x[0] - 0.5;
        RosenbrockW.Outcome end = solver.integrate(decay, 0, new double[] {1}, 10, new double[0],
                new RosenbrockW.Switch[] {rising, half}, (t, x) -> { });
        assertEquals(1, end.fired());
        assertEquals(Math.log(2), end.t(), 1e-9);
        assertEquals(0.5, end.x()[0], 1e-9);
        assertTrue(end.x()[0] <= 0.5, "stops on the far side of the root");
    }

    @Test
    void budgetIsEnforcedLoudly() {
        RosenbrockW solver = new RosenbrockW(1e-14, 1e-14, 10, 200);
        assertThrows(IllegalStateException.class, () -> solver.integrate(LINEAR, 0, new double[] {2, 0}, 10,
                new double[0], new RosenbrockW.Switch[0], (t, x) -> { }));
        assertThrows(IllegalArgumentException.class, () -> new RosenbrockW(0, 1e-8, 1, 100));
    }
}
