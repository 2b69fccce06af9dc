package org.queuelab.population;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** Fixed points that Newton alone would get wrong. */
class PopulationFixedPointTest {

    @Test
    void aRootOutsideTheStateSpaceSendsNewtonAlongTheFluidFirst() {
        // SIRS with outside infection ε: from "almost all susceptible" plain Newton converges to a root of F with
        // I < 0; the endemic state solves ε + βI = γ I / S with S = 1 − I − γI/ρ, a quadratic in I.
        double beta = 3;
        double gamma = 1;
        double rho = 0.5;
        double eps = 0.05;
        PopulationModel sirs = PopulationModel.builder("SIRS").classes("S", "I", "R")
                .parameter("beta", beta).parameter("gamma", gamma).parameter("rho", rho).parameter("eps", eps)
                .move("infection", "S", "I", v -> v.x("S").times(v.param("beta").times(v.x("I")).plus(v.param("eps"))))
                .move("recovery", "I", "R", v -> v.param("gamma").times(v.x("I")))
                .move("waning", "R", "S", v -> v.param("rho").times(v.x("R")))
                .build();
        PopulationFixedPoint.Result fp = PopulationFixedPoint.solve(sirs, sirs.state(Map.of("S", 0.9, "I", 0.1)));
        // (ε + βI)(1 − cI) = γI with c = 1 + γ/ρ:  −βc I² + (β − εc − γ) I + ε = 0, the positive root
        double c = 1 + gamma / rho;
        double qa = -beta * c;
        double qb = beta - eps * c - gamma;
        double endemic = (-qb - Math.sqrt(qb * qb - 4 * qa * eps)) / (2 * qa);
        assertTrue(fp.relaxation() > 0, "Newton alone should have left the simplex");
        assertEquals(endemic, fp.state()[1], 1e-12);
        assertTrue(fp.stable());
        for (double xi : fp.state()) {
            assertTrue(xi >= 0, "state " + java.util.Arrays.toString(fp.state()));
        }
    }
}
