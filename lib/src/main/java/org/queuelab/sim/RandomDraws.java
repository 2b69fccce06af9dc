package org.queuelab.sim;

import java.util.random.RandomGenerator;

/** Fast exact draws for simulator hot loops. */
public final class RandomDraws {

    private RandomDraws() {
    }

    /**
     * A uniform integer in [0, bound), exactly uniform: Lemire's multiply-and-reject method ("Fast random integer
     * generation in an interval", ACM TOMACS 2019). It needs an integer division only with probability
     * bound/2^32, where {@link RandomGenerator#nextInt(int)} divides on every call.
     *
     * @param bound &gt; 0 (not checked: hot-loop callers guarantee it)
     * @param rng the random source, advanced by the draws
     * @return a uniform integer in [0, bound)
     */
    public static int uniformInt(RandomGenerator rng, int bound) {
        long m = (rng.nextInt() & 0xFFFFFFFFL) * bound;
        long low = m & 0xFFFFFFFFL;
        if (low < bound) {
            long threshold = (0x100000000L - bound) % bound;
            while (low < threshold) {
                m = (rng.nextInt() & 0xFFFFFFFFL) * bound;
                low = m & 0xFFFFFFFFL;
            }
        }
        return (int) (m >>> 32);
    }
}
