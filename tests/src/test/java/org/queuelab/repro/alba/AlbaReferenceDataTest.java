package org.queuelab.repro.alba;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.report.ReferenceData;

import tech.tablesaw.api.Table;

/** Every data/alba file loads with the columns and types the notebook reads. */
class AlbaReferenceDataTest {

    @Test
    void figure1FluidTableSumsToOneAndStartsAtTheInitialState() {
        Table t = ReferenceData.load("alba/fig1_fluid.csv");
        assertEquals(10, t.rowCount());
        for (int row = 0; row < t.rowCount(); row++) {
            double total = t.numberColumn("x00").getDouble(row) + t.numberColumn("x01").getDouble(row)
                    + t.numberColumn("x02").getDouble(row) + t.numberColumn("y1").getDouble(row);
            assertEquals(1.0, total, 6e-4, "row " + row);   // printed to 4 digits
        }
        assertEquals(0.3, t.numberColumn("x00").getDouble(0), 0);
    }

    @Test
    void everyFileLoads() {
        String[] files = {"fig1_fluid", "fig1_extremes", "fig1_stochastic", "fig1_horizon", "blind_theta_metrics",
                "theorem2_fixed_points", "other_fixed_points", "theorem3_convergence", "theorem3_reference",
                "proposition_below", "theta_sweep", "tradeoff_weighted", "tradeoff_constrained",
                "section5_finite_n"};
        for (String f : files) {
            Table t = ReferenceData.load("alba/" + f + ".csv");
            assertTrue(t.rowCount() > 0, f);
        }
        Table fp = ReferenceData.load("alba/theorem2_fixed_points.csv");
        assertEquals(11, fp.rowCount());
        assertEquals(5.833333, fp.numberColumn("Q").getDouble(0), 0);
        Table p2 = ReferenceData.load("alba/tradeoff_constrained.csv");
        assertEquals(false, p2.booleanColumn("feasible").get(3));
    }
}
