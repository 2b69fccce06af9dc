package org.queuelab.meanfield.ode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;

/** The ROS34PW2 Rosenbrock–W integrator on standard stiff problems with known solutions. */
class RosenbrockWTest {

    static Drift drift(int n, BiConsumer<double[], double[]> f) {
        return new Drift() {
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

    /** Records the step ends that land on the given stops. */
    static final class Landing implements StepHandler {
        final double[] stops;
        final double[][] seen;
        int k;

        Landing(double... stops) {
            this.stops = stops;
            this.seen = new double[stops.length][];
        }

        @Override
        public void step(double start, double end, DenseOutput dense) {
            if (k < stops.length && end == stops[k]) {
                seen[k++] = dense.endState();
            }
        }

        @Override
        public double nextLanding(double t) {
            for (double s : stops) {
                if (s > t) {
                    return s;
                }
            }
            return Double.POSITIVE_INFINITY;
        }
    }

    static final Drift LINEAR = drift(2, (x, dx) -> {
        dx[0] = -1000.5 * x[0] + 999.5 * x[1];
        dx[1] = 999.5 * x[0] - 1000.5 * x[1];
    });

    @Test
    void linearStiffSystemMatchesClosedFormWithFewSteps() {
        // eigenvalues −1 (vector (1,1)) and −2000 (vector (1,−1)): x(t) = e^{−t}(1,1) + e^{−2000t}(1,−1)
        RosenbrockW solver = new RosenbrockW(1e-8, 1e-6, 10);
        Landing landing = new Landing(0.001, 0.5, 1, 5, 10);
        SegmentIntegrator.Segment end = solver.integrate(LINEAR, 0, new double[] {2, 0}, 10, List.of(), landing);
        assertEquals(10.0, end.t(), 0.0);
        assertEquals(-1, end.fired());
        for (int i = 0; i < landing.stops.length; i++) {
            double t = landing.stops[i];
            double slow = Math.exp(-t);
            double fast = Math.exp(-2000 * t);
            assertEquals(slow + fast, landing.seen[i][0], 1e-6, "x0 at t = " + t);
            assertEquals(slow - fast, landing.seen[i][1], 1e-6, "x1 at t = " + t);
        }
        // an explicit method's stability alone would need h < 3.3/2000, i.e. > 6000 steps to t = 10; here the
        // step follows the accuracy of the slow mode once the fast one has decayed
        assertTrue(solver.steps() < 600, "steps " + solver.steps());
    }

    @Test
    void robertsonChemistryAtFortyMatchesReference() {
        Drift robertson = drift(3, (y, dy) -> {
            double r1 = 0.04 * y[0];
            double r2 = 1e4 * y[1] * y[2];
            double r3 = 3e7 * y[1] * y[1];
            dy[0] = -r1 + r2;
            dy[1] = r1 - r2 - r3;
            dy[2] = r3;
        });
        RosenbrockW solver = new RosenbrockW(1e-14, 1e-10, 40);
        double[] minimum = {Double.POSITIVE_INFINITY};
        double[] massError = {0};
        SegmentIntegrator.Segment end = solver.integrate(robertson, 0, new double[] {1, 0, 0}, 40, List.of(),
                (start, t, dense) -> {
                    double[] y = dense.endState();
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
        Drift decay = drift(1, (x, dx) -> dx[0] = -x[0]);
        RosenbrockW solver = new RosenbrockW(1e-12, 1e-10, 5);
        Boundary rising = Boundary.of("never crosses downward here", x -> 0.1 - x[0] + 10);
        Boundary half = Boundary.of("half", x -> x[0] - 0.5);
        SegmentIntegrator.Segment end = solver.integrate(decay, 0, new double[] {1}, 10, List.of(rising, half),
                (start, t, dense) -> { });
        assertEquals(1, end.fired());
        assertEquals(Math.log(2), end.t(), 1e-9);
        assertEquals(0.5, end.x()[0], 1e-9);
        assertTrue(end.x()[0] <= 0.5, "stops on the far side of the root");
    }

    @Test
    void denseOutputInterpolatesInsideSteps() {
        Drift decay = drift(1, (x, dx) -> dx[0] = -x[0]);
        RosenbrockW solver = new RosenbrockW(1e-12, 1e-10, 5);
        double[] worst = {0};
        solver.integrate(decay, 0, new double[] {1}, 5, List.of(), (start, end, dense) -> {
            double mid = 0.5 * (start + end);
            worst[0] = Math.max(worst[0], Math.abs(dense.stateAt(mid)[0] - Math.exp(-mid)));
            assertEquals(dense.endState()[0], dense.stateAt(end)[0], 0.0);
        });
        // cubic Hermite between step ends accurate to 1e-10: its error is O(h⁴) of the local solution
        assertTrue(worst[0] < 1e-6, "Hermite error " + worst[0]);
    }

    @Test
    void settingsAndMemoryAreRefusedBeforeWork() {
        assertThrows(IllegalArgumentException.class, () -> new RosenbrockW(0, 1e-8, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RosenbrockW.requireMemory(10_000_000));
        assertTrue(e.getMessage().contains("dimension = 10000000") && e.getMessage().contains("heap"),
                e.getMessage());
    }
}
