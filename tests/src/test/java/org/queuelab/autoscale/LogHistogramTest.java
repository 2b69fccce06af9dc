package org.queuelab.autoscale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The percentile histogram against exact order statistics: relative error at most half a bin (0.05%). */
class LogHistogramTest {

    @Test
    void quantilesWithinHalfABinOfTheExactOrderStatistic() {
        SplittableRandom rng = new SplittableRandom(9);
        int n = 100_001;
        double[] x = new double[n];
        LogHistogram h = new LogHistogram();
        for (int i = 0; i < n; i++) {
            x[i] = Math.exp(2 * rng.nextGaussian()); // spans many decades
            h.add(x[i]);
        }
        Arrays.sort(x);
        for (double q : new double[] {0.01, 0.5, 0.95, 0.99, 0.999}) {
            double exact = x[(int) Math.ceil(q * n) - 1];
            double ours = h.quantile(q);
            assertTrue(Math.abs(ours / exact - 1) <= 0.0005 + 1e-12, "q = " + q + ": " + ours + " vs " + exact);
        }
        assertEquals(n, h.total());
        assertTrue(Double.isNaN(new LogHistogram().quantile(0.5)));
    }
}
