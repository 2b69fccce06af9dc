package org.queuelab.sim.event;

/**
 * Indexed binary min-heap of event times with a fixed set of slots {@code 0..capacity−1}: each slot (a server's
 * next departure, a server's timer) holds at most one pending time. Setting a slot that is already pending moves
 * it up or down (decrease/increase-key); all operations are O(log n) on primitive arrays and allocate nothing.
 * Ties in time are broken by slot index, so the event order never depends on insertion history.
 */
public final class IndexedMinHeap extends SlotPositions {

    private final double[] key;     // by slot
    private final int[] heap;       // heap order: slots; position[slot] is the slot's index here

    public IndexedMinHeap(int capacity) {
        super(capacity);
        key = new double[capacity];
        heap = new int[capacity];
    }

    /** The slot with the earliest time; the heap must not be empty. */
    public int minSlot() {
        return heap[0];
    }

    /** The earliest pending time, or +∞ when empty. */
    public double minTime() {
        return size == 0 ? Double.POSITIVE_INFINITY : key[heap[0]];
    }

    public double time(int slot) {
        return key[slot];
    }

    /** Schedules {@code slot} at {@code time}, replacing its pending time if any. */
    public void set(int slot, double time) {
        int p = position[slot];
        if (p < 0) {
            key[slot] = time;
            p = size++;
            put(p, slot);
            siftUp(p);
        } else {
            double old = key[slot];
            key[slot] = time;
            if (time < old) {
                siftUp(p);
            } else {
                siftDown(p);
            }
        }
    }

    /** Removes {@code slot} if pending. */
    public void remove(int slot) {
        int p = position[slot];
        if (p < 0) {
            return;
        }
        position[slot] = -1;
        int last = heap[--size];
        if (p == size) {
            return;
        }
        put(p, last);
        siftUp(p);
        siftDown(position[last]);
    }

    private boolean less(int a, int b) {
        double ka = key[a];
        double kb = key[b];
        return ka < kb || (ka == kb && a < b);
    }

    private void siftUp(int p) {
        int slot = heap[p];
        while (p > 0) {
            int parent = (p - 1) >>> 1;
            int ps = heap[parent];
            if (!less(slot, ps)) {
                break;
            }
            put(p, ps);
            p = parent;
        }
        put(p, slot);
    }

    private void siftDown(int p) {
        int slot = heap[p];
        int half = size >>> 1;
        while (p < half) {
            int c = 2 * p + 1;
            int cs = heap[c];
            int r = c + 1;
            if (r < size && less(heap[r], cs)) {
                c = r;
                cs = heap[r];
            }
            if (!less(cs, slot)) {
                break;
            }
            put(p, cs);
            p = c;
        }
        put(p, slot);
    }

    /** Puts {@code slot} at heap index p. */
    private void put(int p, int slot) {
        heap[p] = slot;
        position[slot] = p;
    }
}
