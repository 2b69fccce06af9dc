package org.queuelab.sim.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class EngineStructuresTest {

    @Test
    void heapAgreesWithLinearScanUnderRandomSetAndRemove() {
        int n = 64;
        IndexedMinHeap heap = new IndexedMinHeap(n);
        double[] ref = new double[n];
        java.util.Arrays.fill(ref, Double.NaN);
        SplittableRandom rng = new SplittableRandom(7);
        for (int step = 0; step < 20_000; step++) {
            int slot = rng.nextInt(n);
            int op = rng.nextInt(3);
            if (op < 2) {
                double t = rng.nextInt(1000) / 10.0; // many ties on purpose
                heap.set(slot, t);
                ref[slot] = t;
            } else {
                heap.remove(slot);
                ref[slot] = Double.NaN;
            }
            int best = -1;
            int size = 0;
            for (int s = 0; s < n; s++) {
                if (!Double.isNaN(ref[s])) {
                    size++;
                    if (best < 0 || ref[s] < ref[best]) {
                        best = s;
                    }
                }
                assertEquals(!Double.isNaN(ref[s]), heap.contains(s));
            }
            assertEquals(size, heap.size());
            if (best >= 0) {
                assertEquals(best, heap.minSlot(), "ties go to the lowest slot");
                assertEquals(ref[best], heap.minTime());
            } else {
                assertTrue(heap.isEmpty());
                assertEquals(Double.POSITIVE_INFINITY, heap.minTime());
            }
        }
    }

    @Test
    void indexSetSelectsUniformlyAndRemovesInConstantTime() {
        IndexSet set = new IndexSet(10);
        for (int i = 0; i < 10; i += 2) {
            set.add(i);
        }
        set.add(4); // idempotent
        assertEquals(5, set.size());
        set.remove(4);
        set.remove(5); // absent: no effect
        assertEquals(4, set.size());
        assertFalse(set.contains(4));
        int[] hits = new int[10];
        SplittableRandom rng = new SplittableRandom(3);
        for (int k = 0; k < 40_000; k++) {
            hits[set.uniform(rng)]++;
        }
        for (int i : new int[] {0, 2, 6, 8}) {
            assertEquals(10_000, hits[i], 400); // binomial sd ≈ 87
        }
        assertEquals(0, hits[4] + hits[1] + hits[3]);
    }

    @Test
    void aNegativeCapacityIsRefusedNamingIt() {
        IllegalArgumentException set = assertThrows(IllegalArgumentException.class, () -> new IndexSet(-1));
        IllegalArgumentException heap = assertThrows(IllegalArgumentException.class, () -> new IndexedMinHeap(-2));
        assertTrue(set.getMessage().startsWith("capacity = -1"), set.getMessage());
        assertTrue(heap.getMessage().startsWith("capacity = -2"), heap.getMessage());
        assertTrue(new IndexedMinHeap(0).isEmpty());
    }

    @Test
    void memoryBucketsFindTheLowestObservation() {
        MemoryBuckets m = new MemoryBuckets(5, 1);
        SplittableRandom rng = new SplittableRandom(1);
        m.set(3, 0);
        assertEquals(3, m.uniformLowest(rng));
        m.set(3, 4);
        m.set(0, 2);
        m.set(1, 2);
        m.set(2, 3);
        m.set(4, 5);
        for (int k = 0; k < 20; k++) {
            int c = m.uniformLowest(rng);
            assertTrue(c == 0 || c == 1, "lowest value 2 is held by servers 0 and 1");
        }
        m.set(0, 7);
        m.set(1, 7);
        assertEquals(2, m.uniformLowest(rng));
    }
}
