package org.queuelab.sim.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.TreeSet;

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

    /** A pending (time, slot) entry of the reference heap. */
    private record Entry(double time, int slot) {
    }

    /**
     * Random set/remove sequences against a TreeSet ordered by (time, slot): after every operation the minimum
     * (slot and time), the size, membership and every slot's pending time agree. Times come from a few values so
     * that ties are frequent; the operations mix inserts, decrease- and increase-key, re-setting the same time,
     * removing the minimum (as the simulators do), removing any slot and removing absent ones, for capacities from
     * one slot to several levels of the heap.
     */
    @Test
    void heapAgreesWithOrderedSetIncludingTies() {
        Comparator<Entry> order = Comparator.comparingDouble(Entry::time).thenComparingInt(Entry::slot);
        SplittableRandom rng = new SplittableRandom(2024);
        for (int n : new int[] {1, 2, 3, 5, 17, 64, 301}) {
            for (int values : new int[] {3, 40, 1 << 20}) {
                IndexedMinHeap heap = new IndexedMinHeap(n);
                TreeSet<Entry> ref = new TreeSet<>(order);
                Entry[] bySlot = new Entry[n];
                for (int step = 0; step < 6_000; step++) {
                    int op = rng.nextInt(10);
                    int slot = op == 9 && !ref.isEmpty() ? ref.first().slot() : rng.nextInt(n);
                    if (op < 6) {
                        double t = op == 5 && bySlot[slot] != null ? bySlot[slot].time() : rng.nextInt(values) * 0.25;
                        heap.set(slot, t);
                        if (bySlot[slot] != null) {
                            ref.remove(bySlot[slot]);
                        }
                        bySlot[slot] = new Entry(t, slot);
                        ref.add(bySlot[slot]);
                    } else {
                        heap.remove(slot);
                        if (bySlot[slot] != null) {
                            ref.remove(bySlot[slot]);
                            bySlot[slot] = null;
                        }
                    }
                    String at = "N = " + n + ", values = " + values + ", step " + step;
                    assertEquals(ref.size(), heap.size(), at);
                    assertEquals(ref.isEmpty(), heap.isEmpty(), at);
                    if (ref.isEmpty()) {
                        assertEquals(Double.POSITIVE_INFINITY, heap.minTime(), at);
                    } else {
                        assertEquals(ref.first().slot(), heap.minSlot(), at);
                        assertEquals(ref.first().time(), heap.minTime(), at);
                    }
                    int s = rng.nextInt(n);
                    assertEquals(bySlot[s] != null, heap.contains(s), at);
                    assertEquals(bySlot[s] == null ? Double.POSITIVE_INFINITY : bySlot[s].time(), heap.time(s), at);
                }
                while (!ref.isEmpty()) { // draining in order pops every entry in (time, slot) order
                    Entry first = ref.pollFirst();
                    assertEquals(first.slot(), heap.minSlot());
                    assertEquals(first.time(), heap.minTime());
                    heap.remove(first.slot());
                    bySlot[first.slot()] = null;
                }
                assertTrue(heap.isEmpty());
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
