package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.model.Buffers;
import org.queuelab.model.TabsModel;

/** docs/tabs.md §9.7–§9.8 fluid checks and the §4 fixed point. */
class TabsFluidTest {

    static TabsModel model(double lambda, double standby, double setup, int buffer) {
        return new TabsModel(lambda, buffer, UnitExponential.INSTANCE, standby, setup,
                TabsModel.Overflow.NONFULL_UNIFORM);
    }

    @Test
    void item7FromAllOffAtHalfLoad() {
        TabsFluid fluid = TabsFluid.of(model(0.5, 10, 5, 12));
        double[] times = {10, 20, 30, 40, 400};
        double[][] expected = { // busy, idle, setup, off
            {.5646, .2132, .1727, .0495}, {.5033, .1918, .0234, .2814}, {.5000, .0830, .0032, .4139},
            {.5000, .0320, .0004, .4676}};
        FluidTrajectory tr = fluid.integrate(fluid.allOff(), times);
        String[] cols = {"busy", "idle", "setup", "off"};
        for (int r = 0; r < expected.length; r++) {
            for (int c = 0; c < cols.length; c++) {
                // printed to 4 decimals by an Euler prototype (dt ≤ 0.002): agreement to 1e-3
                assertEquals(expected[r][c], tr.value(cols[c], r), 1e-3, cols[c] + " at t = " + times[r]);
            }
        }
        double[] fixed = fluid.fixedPoint().state();
        double gap = 0;
        for (int i = 0; i < fixed.length; i++) {
            gap = Math.max(gap, Math.abs(tr.finalState()[i] - fixed[i]));
        }
        assertTrue(gap < 1e-6, "→ (λ, 1 − λ, 0, 0): " + gap);
        assertTrue(tr.diagnostics().maxMassError() <= 1e-9);
        assertTrue(tr.diagnostics().minCoordinate() >= -1e-10);
    }

    @Test
    void item7LowLoadAndFixedPointsForThreeLoads() {
        TabsFluid low = TabsFluid.of(model(0.14, 10, 20, 12));
        FluidTrajectory tr = low.integrate(low.allOff(), new double[] {50, 100, 200});
        double[][] expected = {{.14, .0705, .0788, .7107}, {.14, .0064, .0065, .8471}, {.14, 0, 0, .8599}};
        String[] cols = {"busy", "idle", "setup", "off"};
        for (int r = 0; r < expected.length; r++) {
            for (int c = 0; c < cols.length; c++) {
                assertEquals(expected[r][c], tr.value(cols[c], r), 1e-3, cols[c] + " at row " + r);
            }
        }
        for (double lambda : new double[] {0.14, 0.5, 0.9}) {
            TabsFluid fluid = TabsFluid.of(model(lambda, 10, 5, 12));
            double[] fixed = fluid.fixedPoint().state();
            assertTrue(maxAbs(fluid.drift(fixed)) < 1e-12, "F(fixed point) = 0 at λ = " + lambda);
            for (double[] start : new double[][] {fluid.allOff(), fluid.allIdleOn()}) {
                double[] end = fluid.integrate(start, new double[] {1500},
                        FluidOptions.defaults().withMaxStep(50)).finalState();
                double gap = 0;
                for (int i = 0; i < end.length; i++) {
                    gap = Math.max(gap, Math.abs(end[i] - fixed[i]));
                }
                assertTrue(gap < 1e-6, "λ = " + lambda + ": " + gap);
                assertEquals(0.0, fluid.waitingTime(end), 1e-6);
                assertEquals(lambda, fluid.energy(end, 0.6), 1e-6, "zero wastage");
            }
        }
    }

    @Test
    void item7FromAllIdleOnNoSetupStarts() {
        double lambda = 0.5;
        TabsFluid fluid = TabsFluid.of(model(lambda, 10, 5, 12));
        double[] times = {10, 20, 40};
        FluidTrajectory tr = fluid.integrate(fluid.allIdleOn(), times);
        for (int r = 0; r < times.length; r++) {
            assertEquals(0.0, tr.value("setup", r), 0.0, "δ₁ ≡ 0");
            // An earlier reading (docs/tabs.md §8): "u(t) ≈ (1 − λ)e^{−t/µ}". Exactly (busy = λ(1 − e^{−t}), u̇ = −λe^{−t} − γu, γ = 1/µ):
            // u = (1 − λ/(1−γ))e^{−γt} + λ/(1−γ)·e^{−t}; an earlier reading omitted the idle mass lost while the busy
            // mass builds up (0.1635 vs 0.1839 at t = 10), so test the exact solution.
            double gamma = 0.1;
            double exact = (1 - lambda / (1 - gamma)) * Math.exp(-gamma * times[r])
                    + lambda / (1 - gamma) * Math.exp(-times[r]);
            assertEquals(exact, tr.value("idle", r), 1e-8);
        }
        TabsFluid jiq = TabsFluid.of(model(lambda, Double.POSITIVE_INFINITY, 5, 12));
        double[] end = jiq.integrate(jiq.allIdleOn(), new double[] {200}).finalState();
        assertEquals(1 - lambda, end[2], 1e-6, "µ = ∞: u → 1 − λ");
        assertEquals(lambda, end[3], 1e-6);
    }

    @Test
    void item8FluidColumn() {
        TabsFluid fluid = TabsFluid.of(model(0.5, 10, 5, 12));
        FluidTrajectory tr = fluid.integrate(fluid.allOff(), new double[] {4, 8, 12, 16});
        double[] busy = {0.4263, 0.5967, 0.5426, 0.5150};
        for (int r = 0; r < busy.length; r++) {
            assertEquals(busy[r], tr.value("busy", r), 1e-3);
        }
    }

    @Test
    void badInput() {
        assertThrows(IllegalArgumentException.class, () -> model(1.1, 10, 5, Buffers.INFINITE));
        TabsFluid fluid = TabsFluid.of(model(0.5, 10, 5, 12));
        assertThrows(IllegalArgumentException.class, () -> fluid.state(0.5, 0.5, 0.5));
        assertThrows(IllegalArgumentException.class, () -> fluid.energy(fluid.allOff(), 2));
        assertThrows(IllegalArgumentException.class, () -> new TabsFluid(model(0.5, 10, 5, 12), 20));
    }

    static double maxAbs(double[] v) {
        double m = 0;
        for (double e : v) {
            m = Math.max(m, Math.abs(e));
        }
        return m;
    }
}
