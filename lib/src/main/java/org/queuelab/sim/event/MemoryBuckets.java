package org.queuelab.sim.event;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * The SQ(d,N) dispatcher memory (docs/sqdn.md §1): one observed queue length per server, kept in buckets by
 * value so that "a uniformly chosen server among those with the lowest observation" costs O(1) amortised instead
 * of a scan over N slots. Each bucket is a dense array with swap-remove; the lowest non-empty value is tracked
 * (it can only move up by one step per assignment, and down on a refresh).
 */
final class MemoryBuckets {

    private final int[] value;
    private final int[] position;
    private int[][] bucket = new int[4][];
    private int[] bucketSize = new int[4];
    private int lowest;

    MemoryBuckets(int servers, int initialValue) {
        value = new int[servers];
        position = new int[servers];
        ensureLevel(initialValue);
        bucket[initialValue] = new int[servers];
        for (int k = 0; k < servers; k++) {
            value[k] = initialValue;
            position[k] = k;
            bucket[initialValue][k] = k;
        }
        bucketSize[initialValue] = servers;
        lowest = initialValue;
    }

    int value(int k) {
        return value[k];
    }

    void set(int k, int v) {
        int old = value[k];
        if (old == v) {
            return;
        }
        int p = position[k];
        int[] b = bucket[old];
        int last = b[--bucketSize[old]];
        b[p] = last;
        position[last] = p;
        ensureLevel(v);
        int[] nb = bucket[v];
        if (nb == null) {
            nb = new int[8];
            bucket[v] = nb;
        } else if (bucketSize[v] == nb.length) {
            nb = Arrays.copyOf(nb, Math.min(nb.length * 2, value.length));
            bucket[v] = nb;
        }
        nb[bucketSize[v]] = k;
        position[k] = bucketSize[v]++;
        value[k] = v;
        if (v < lowest) {
            lowest = v;
        }
    }

    /** A server chosen uniformly among those with the lowest value. */
    int uniformLowest(RandomGenerator rng) {
        while (bucketSize[lowest] == 0) {
            lowest++;
        }
        int size = bucketSize[lowest];
        return bucket[lowest][size == 1 ? 0 : rng.nextInt(size)];
    }

    private void ensureLevel(int v) {
        if (v >= bucket.length) {
            int n = Math.max(v + 1, 2 * bucket.length);
            bucket = Arrays.copyOf(bucket, n);
            bucketSize = Arrays.copyOf(bucketSize, n);
        }
    }
}
