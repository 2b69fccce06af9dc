package org.queuelab.meanfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.queuelab.model.AlbaModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;

/** docs/alba.md §8 and checks §10.1, §10.11: the Figure 1 fluid trajectory. */
class AlbaFigure1Test {

    static final AlbaModel FIG1 = new AlbaModel(0.7, new PowerOfD(2), 100,
            Scaling.asynchronous(new BlindTheta(0.06), 0.05), 0.1, 0.025);

    // t, x00, x01, x02, y1, Q (docs/alba.md §8)
    static final double[][] TABLE = {
        {1, 0.3084, 0.0029, 0.3031, 0.3857, 0.671},
        {5, 0.3126, 0.0118, 0.0985, 0.5771, 1.760},
        {10, 0.3066, 0.0190, 0.0539, 0.6205, 2.485},
        {20, 0.2864, 0.0259, 0.0306, 0.6570, 3.300},
        {35, 0.2516, 0.0291, 0.0266, 0.6928, 3.658},
        {50, 0.2179, 0.0298, 0.0354, 0.7169, 3.379},
        {64, 0.1913, 0.0300, 0.0542, 0.7246, 2.867},
        {100, 0.1583, 0.0300, 0.1059, 0.7058, 2.049},
        {200, 0.1503, 0.0300, 0.1196, 0.7001, 1.910},
    };

    @Test
    void c11FigureOneTableToOneThousandth() {
        AlbaFluid fluid = AlbaFluid.of(FIG1);
        double[] times = new double[TABLE.length];
        for (int i = 0; i < TABLE.length; i++) {
            times[i] = TABLE[i][0];
        }
        FluidTrajectory tr = fluid.integrate(fluid.state(0.3, 0, 0.7), times);
        String[] cols = {"off", "setup", "idle", "busy", "jobsPerWarm"};
        for (int i = 0; i < TABLE.length; i++) {
            for (int c = 0; c < cols.length; c++) {
                // the table prints 4 decimals (3 for Q): a 1e-3 check with half an ulp of the print
                assertEquals(TABLE[i][c + 1], tr.value(cols[c], i), 1e-3, cols[c] + " at t = " + TABLE[i][0]);
            }
        }
        assertTrue(tr.diagnostics().maxMassError() <= 1e-9,
                "docs/alba.md §10.1 conservation " + tr.diagnostics().maxMassError());
        assertTrue(tr.diagnostics().minCoordinate() >= -1e-12,
                "docs/alba.md §10.1 non-negativity " + tr.diagnostics().minCoordinate());
        System.out.println(tr + " " + tr.diagnostics());
    }

    @Test
    void c11QPeakAndExtremes() {
        AlbaFluid fluid = AlbaFluid.of(FIG1);
        double[] times = new double[7001];
        for (int i = 0; i < times.length; i++) {
            times[i] = i * 0.1;
        }
        FluidTrajectory tr = fluid.integrate(fluid.state(0.3, 0, 0.7), times);
        double[] q = tr.series("jobsPerWarm");
        int arg = 0;
        for (int i = 1; i < q.length; i++) {
            if (q[i] > q[arg]) {
                arg = i;
            }
        }
        assertEquals(3.658, q[arg], 1e-3);
        assertEquals(35, times[arg], 1.5);
        double[] y1 = tr.series("busy");
        double maxY1 = 0;
        for (double v : y1) {
            maxY1 = Math.max(maxY1, v);
        }
        assertEquals(0.7246, maxY1, 1e-4);
        double[] end = tr.finalState();
        assertEquals(0.15, end[0], 1e-6);
        assertEquals(0.03, end[1], 1e-6);
        assertEquals(0.12, end[2], 1e-6);
        assertEquals(1.906733, fluid.metrics(end).jobsPerWarmServer(), 1e-5);
    }
}
