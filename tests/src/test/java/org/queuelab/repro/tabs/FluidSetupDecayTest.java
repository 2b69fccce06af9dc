package org.queuelab.repro.tabs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.dist.Exponential;
import org.queuelab.meanfield.FluidTrajectory;
import org.queuelab.meanfield.TabsFluid;
import org.queuelab.model.TabsModel;
import org.queuelab.report.Checks;

/** The closed-form set-up decay holds on the integrated TABS fluid where u > 0, and fails for a wrong ν. */
class FluidSetupDecayTest {

    private static FluidTrajectory fromAllOff() {
        TabsModel m = new TabsModel(0.5, 12, Exponential.unitMean(), 10, 5, TabsModel.Overflow.NONFULL_UNIFORM);
        double[] times = new double[41];
        for (int k = 0; k < times.length; k++) {
            times[k] = k;
        }
        return TabsFluid.of(m).integrate(TabsFluid.of(m).allOff(), times);
    }

    @Test
    void setupFractionDecaysAsTheClosedFormWhileSomeServerIsIdleOn() {
        FluidTrajectory ode = fromAllOff();
        Checks checks = Checks.forNotebook("test");
        Checks.Check c = FluidSetupDecay.check(ode, 10, 40, 5, checks, "decay");
        assertTrue(c.pass(), c.toString());
        assertFalse(c.toleranceCoversValue());
        assertTrue(checks.all().get(0).pass(), "u > 0 on [10, 40]");
        Checks.Check wrong = FluidSetupDecay.check(ode, 10, 40, 4, checks, "wrong ν");
        assertFalse(wrong.pass(), "a wrong set-up mean is detected: " + wrong);
        assertThrows(IllegalArgumentException.class, () -> FluidSetupDecay.check(ode, 40, 10, 5, checks, "x"));
    }
}
