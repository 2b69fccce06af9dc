package org.queuelab.arrival;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arrival processes against their known counts: for a Poisson process the count in a window is Poisson with mean
 * ∫λ, so its mean and variance both equal ∫λ; for a two-phase MMPP the variance of N(t) has a closed form. Tolerances
 * are fixed in advance as 4.5 standard errors of the estimator (or the chi-square spread of a sample variance).
 */
class ArrivalProcessTest {

    private static final int PATHS = 400;

    /** Counts of PATHS independent paths in [0, window·windows), window by window. */
    private static long[][] paths(ArrivalProcess p, double window, int windows, long seed) {
        SplittableRandom root = new SplittableRandom(seed);
        long[][] out = new long[PATHS][];
        for (int r = 0; r < PATHS; r++) {
            out[r] = p.counts(root.split(), window, windows);
        }
        return out;
    }

    /** Mean and variance of the count in window k across the paths equal the expected count (Poisson). */
    private static void assertPoissonCounts(ArrivalProcess p, double window, int windows, long seed) {
        long[][] c = paths(p, window, windows, seed);
        double totalObserved = 0;
        double totalExpected = p.expectedCount(0, window * windows);
        double[] pathTotals = new double[PATHS];
        for (int r = 0; r < PATHS; r++) {
            for (long x : c[r]) {
                pathTotals[r] += x;
            }
            totalObserved += pathTotals[r];
        }
        // the grand total is Poisson with mean PATHS·∫λ
        double z = (totalObserved - PATHS * totalExpected) / Math.sqrt(PATHS * totalExpected);
        assertTrue(Math.abs(z) < 4.5, "total count z = " + z);
        for (int k = 0; k < windows; k++) {
            double mean = p.expectedCount(k * window, (k + 1) * window);
            double sum = 0;
            for (int r = 0; r < PATHS; r++) {
                sum += c[r][k];
            }
            if (mean == 0) {
                assertEquals(0, sum, "window " + k + " has λ = 0");
                continue;
            }
            double zk = (sum - PATHS * mean) / Math.sqrt(PATHS * mean);
            assertTrue(Math.abs(zk) < 4.5, "window " + k + ": count z = " + zk + " (expected " + mean + ")");
        }
        // variance of the per-path total: relative s.e. of a sample variance ≈ √(2/(R−1)) for a near-normal count
        double m = totalObserved / PATHS;
        double ss = 0;
        for (double x : pathTotals) {
            ss += (x - m) * (x - m);
        }
        double var = ss / (PATHS - 1);
        double tolerance = 4.5 * Math.sqrt(2.0 / (PATHS - 1));
        assertEquals(1.0, var / totalExpected, tolerance, "variance / mean of the count over [0, T]");
    }

    @Test
    void dayCycleThinningMatchesTheIntegralOfLambda() {
        RateFunction day = RateFunction.dayCycle(2.0, 0.8, 100.0, 30.0);
        assertEquals(200.0, day.integral(0, 100), 1e-9);
        assertEquals(2.0 * 1.8, day.rate(130), 1e-12);
        assertEquals(2.0 * 0.2, day.rate(80), 1e-12);
        assertPoissonCounts(ArrivalProcess.poisson(day), 10.0, 20, 11);
    }

    @Test
    void rampAndStepMatchTheIntegralOfLambda() {
        RateFunction ramp = RateFunction.ramp(1.0, 5.0, 10.0, 30.0);
        assertEquals(10 + 60 + 50, ramp.integral(0, 40), 1e-9);
        assertPoissonCounts(ArrivalProcess.poisson(ramp), 5.0, 8, 12);
        RateFunction step = RateFunction.step(0.5, 4.0, 20.0);
        assertEquals(10 + 80, step.integral(0, 40), 1e-12);
        assertPoissonCounts(ArrivalProcess.poisson(step), 5.0, 8, 13);
    }

    @Test
    void userFunctionThinningAndQuadrature() {
        RateFunction f = RateFunction.of(t -> 3 + 2 * Math.sin(t), 5.0, "3 + 2 sin t");
        assertEquals(3 * 50 + 2 * (1 - Math.cos(50)), f.integral(0, 50), 1e-8);
        assertPoissonCounts(ArrivalProcess.poisson(f), 5.0, 10, 14);
    }

    @Test
    void scaledRateAndPiecewiseWindows() {
        PiecewiseConstantRate w = PiecewiseConstantRate.ofWindows(10, new double[] {1, 0, 3});
        assertEquals(10 + 0 + 3 * 5, w.integral(0, 25), 1e-12);
        assertEquals(3.0, w.maxOn(5, 21), 0);
        assertEquals(1.0, w.maxOn(0, 10), 0);
        RateFunction s = w.scaled(2);
        assertEquals(2 * 25, s.integral(0, 25), 1e-12);
        assertPoissonCounts(ArrivalProcess.poisson(s), 10.0, 4, 15);
    }

    @Test
    void twoPhaseMmppMeanAndVarianceOfCounts() {
        double calm = 1.0;
        double burst = 6.0;
        double r1 = 0.05; // calm → burst
        double r2 = 0.2;  // burst → calm
        MarkovModulatedPoisson p = MarkovModulatedPoisson.bursts(calm, burst, r1, 1 / r2);
        double r = r1 + r2;
        double[] pi = p.stationary();
        assertEquals(r2 / r, pi[0], 1e-12);
        double mean = pi[0] * calm + pi[1] * burst;
        assertEquals(mean, p.meanRate(), 1e-12);
        double t = 100;
        double variance = mean * t + 2 * (burst - calm) * (burst - calm) * r1 * r2 / (r * r * r)
                * (t - (1 - Math.exp(-r * t)) / r);
        int paths = 4000;
        SplittableRandom root = new SplittableRandom(21);
        double sum = 0;
        double sumSq = 0;
        double fourth = 0;
        double[] x = new double[paths];
        for (int k = 0; k < paths; k++) {
            x[k] = p.counts(root.split(), t, 1)[0];
            sum += x[k];
        }
        double m = sum / paths;
        for (double v : x) {
            sumSq += (v - m) * (v - m);
            fourth += Math.pow(v - m, 4);
        }
        double var = sumSq / (paths - 1);
        assertEquals(mean * t, m, 4.5 * Math.sqrt(variance / paths), "mean count");
        // s.e. of the sample variance from the sample fourth moment: √((m4 − s⁴)/n)
        double seVar = Math.sqrt((fourth / paths - var * var) / paths);
        assertEquals(variance, var, 4.5 * seVar, "variance of the count (closed form " + variance + ")");
        assertTrue(variance > 2 * mean * t, "the test has power: over-dispersion well above Poisson");
    }

    @Test
    void countTraceReplaysEachWindowAsUniformOrderStatistics() {
        long[] counts = {3, 0, 50, 7};
        CountTrace trace = new CountTrace(60, counts);
        ArrivalStream s = trace.stream(new SplittableRandom(5));
        long[] seen = new long[4];
        double previous = 0;
        double offsetSum = 0;
        for (double t = s.next(); t < Double.POSITIVE_INFINITY; t = s.next()) {
            assertTrue(t >= previous, "sorted");
            previous = t;
            seen[(int) (t / 60)]++;
            offsetSum += t % 60;
        }
        assertArrayEquals(counts, seen);
        // offsets are 60 uniforms on [0, 60): mean 30, s.d. 60/√12/√60
        assertEquals(30, offsetSum / 60, 4.5 * 60 / Math.sqrt(12) / Math.sqrt(60));
        assertEquals(1.5 + 0 + 25, trace.expectedCount(30, 150), 1e-9);
        assertEquals(50 / 60.0, trace.rate(130), 1e-12);
        assertEquals(60, trace.total());
    }

    @Test
    void timestampTraceReplaysExactly() {
        TimestampTrace trace = new TimestampTrace(new double[] {0, 1.5, 1.5, 4});
        ArrivalStream s = trace.stream(new SplittableRandom(1));
        assertEquals(0, s.next());
        assertEquals(1.5, s.next());
        assertEquals(1.5, s.next());
        assertEquals(4, s.next());
        assertEquals(Double.POSITIVE_INFINITY, s.next());
        assertEquals(3, trace.expectedCount(1, 4), 0);
    }

    @Test
    void azureLayoutLoadsByPathSummedOrPerFunction(@TempDir Path dir) throws IOException {
        Path csv = dir.resolve("invocations.csv");
        Files.writeString(csv, "HashOwner,HashApp,HashFunction,Trigger,1,2,3\n"
                + "o1,a1,f1,http,1,0,2\n"
                + "o1,a1,f2,timer,0,5,0\n");
        assertArrayEquals(new long[] {1, 5, 2}, CountTrace.loadAzure(csv).counts());
        assertArrayEquals(new long[] {0, 5, 0}, CountTrace.loadAzure(csv, "f2").counts());
        assertEquals(60, CountTrace.loadAzure(csv).window());
        assertThrows(IllegalArgumentException.class, () -> CountTrace.loadAzure(csv, "nope"));
        assertThrows(IllegalArgumentException.class, () -> CountTrace.loadAzure(dir.resolve("missing.csv")));
    }

    @Test
    void sameSeedSamePathAndStreamsAreIndependentOfUse() {
        ArrivalProcess p = ArrivalProcess.poisson(RateFunction.dayCycle(5, 0.5, 50, 0));
        assertArrayEquals(p.counts(new SplittableRandom(3), 1, 100), p.counts(new SplittableRandom(3), 1, 100));
    }

    private static void assertNames(String parameter, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call::run);
        assertTrue(e.getMessage().contains(parameter), "message names " + parameter + ": " + e.getMessage());
    }

    @FunctionalInterface
    private interface Executable {
        void run();
    }

    @Test
    void badInputNamesTheParameter() {
        assertNames("lambda(t)", () -> RateFunction.constant(-1));
        assertNames("lambda(t)", () -> RateFunction.step(1, -2, 5));
        assertNames("amplitude", () -> RateFunction.dayCycle(1, 1.5, 10, 0));
        assertNames("from", () -> RateFunction.ramp(-1, 2, 0, 1));
        assertNames("end", () -> RateFunction.ramp(1, 2, 5, 5));
        RateFunction negative = RateFunction.of(t -> 1 - t, 2, "1 − t");
        assertNames("lambda(t)", () -> ArrivalProcess.poisson(negative).counts(new SplittableRandom(1), 10, 1));
        assertNames("lambda(t)", () -> new MarkovModulatedPoisson(new double[] {1, -1},
                new double[][] {{-1, 1}, {1, -1}}));
        assertNames("times[2]", () -> new TimestampTrace(new double[] {0, 2, 1}));
        assertNames("times[0]", () -> new TimestampTrace(new double[] {-1, 2}));
        assertNames("window", () -> new CountTrace(0, new long[] {1}));
        assertNames("window", () -> new CountTrace(-60, new long[] {1}));
        assertNames("window", () -> PiecewiseConstantRate.ofWindows(0, new double[] {1}));
        assertNames("window", () -> ArrivalProcess.poisson(1).counts(new SplittableRandom(1), 0, 3));
        assertNames("counts[1]", () -> new CountTrace(60, new long[] {1, -1}));
    }
}
