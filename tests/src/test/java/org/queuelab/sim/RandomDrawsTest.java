package org.queuelab.sim;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class RandomDrawsTest {

    @Test
    void uniformIntIsInRangeAndUniform() {
        SplittableRandom rng = new SplittableRandom(1);
        int bound = 7;
        int draws = 700_000;
        long[] counts = new long[bound];
        for (int i = 0; i < draws; i++) {
            counts[RandomDraws.uniformInt(rng, bound)]++;
        }
        double expected = (double) draws / bound;
        double chi2 = 0;
        for (long c : counts) {
            chi2 += (c - expected) * (c - expected) / expected;
        }
        assertTrue(chi2 < 22.46, "chi-square with 6 df at p = 0.001: " + chi2);
        // a bound near 2^31 exercises the rejection step; values stay in range and both halves are hit
        int large = Integer.MAX_VALUE - 3;
        int upper = 0;
        for (int i = 0; i < 100_000; i++) {
            int v = RandomDraws.uniformInt(rng, large);
            assertTrue(v >= 0 && v < large);
            upper += v >= large / 2 ? 1 : 0;
        }
        assertTrue(Math.abs(upper - 50_000) < 1_000, "upper half " + upper);
        assertTrue(RandomDraws.uniformInt(rng, 1) == 0);
    }
}
