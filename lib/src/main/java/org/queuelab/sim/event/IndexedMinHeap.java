package org.queuelab.sim.event;

/**
 * Indexed min-heap of event times with a fixed set of slots {@code 0..capacity−1}: each slot (a server's next
 * departure, a server's timer) holds at most one pending time. Setting a slot that is already pending moves it up or
 * down (decrease/increase-key); all operations are O(log n) on primitive arrays and allocate nothing.
 *
 * <p>Order: (time, then slot index), a total order on the pending entries, so the minimum — and hence the event
 * order — depends only on the pending (slot, time) pairs, never on insertion history or the heap's layout.
 *
 * <p>Layout: a binary heap whose times sit in heap order beside its slots ({@code keys[i]} is the time of
 * {@code slots[i]}), so a sift reads the times it compares from one array instead of looking each one up by slot,
 * and picks the earlier of two children with a select on their times (a conditional move, not a mispredicted
 * branch), breaking an exact tie by slot in a rarely taken branch. Measured on TABS-like traffic this beat both the
 * slot-indexed binary heap and a 4-ary heap (whose scan of four children costs more compares than its lower depth
 * saves).
 */
public final class IndexedMinHeap extends SlotPositions {

    private final double[] keys; // heap order: times
    private final int[] slots;   // heap order: slots; position[slot] is the slot's index here

    /**
     * A heap with no slot pending.
     *
     * @param capacity slots are in [0, capacity), capacity ≥ 0
     */
    public IndexedMinHeap(int capacity) {
        super(capacity);
        keys = new double[capacity];
        slots = new int[capacity];
    }

    /** {@return the slot with the earliest time (lowest slot among equal times); the heap must not be empty} */
    public int minSlot() {
        return slots[0];
    }

    /** {@return the earliest pending time, or +∞ when empty} */
    public double minTime() {
        return size == 0 ? Double.POSITIVE_INFINITY : keys[0];
    }

    /**
     * {@return the pending time of {@code slot}, or +∞ when it is not pending}
     *
     * @param slot a slot, in [0, capacity)
     */
    public double time(int slot) {
        int p = position[slot];
        return p < 0 ? Double.POSITIVE_INFINITY : keys[p];
    }

    /**
     * Schedules {@code slot} at {@code time}, replacing its pending time if any.
     *
     * @param slot a slot, in [0, capacity)
     * @param time the event time, any real (ties broken by slot)
     */
    public void set(int slot, double time) {
        int p = position[slot];
        if (p < 0) {
            siftUp(size++, slot, time);
        } else if (time < keys[p]) {
            siftUp(p, slot, time);
        } else {
            siftDown(p, slot, time);
        }
    }

    /**
     * Removes {@code slot} if pending.
     *
     * @param slot a slot, in [0, capacity)
     */
    public void remove(int slot) {
        int p = position[slot];
        if (p < 0) {
            return;
        }
        position[slot] = -1;
        int last = --size;
        if (p == last) {
            return;
        }
        int lastSlot = slots[last];
        double lastTime = keys[last];
        if (p > 0) {
            int parent = (p - 1) >>> 1;
            if (before(lastTime, lastSlot, keys[parent], slots[parent])) {
                siftUp(p, lastSlot, lastTime);
                return;
            }
        }
        siftDown(p, lastSlot, lastTime);
    }

    /** Whether (ta, a) precedes (tb, b): earlier time, or the same time and a lower slot. */
    private static boolean before(double ta, int a, double tb, int b) {
        return ta < tb || (ta == tb && a < b);
    }

    /** Places (slot, time) at index p or above it, moving down the ancestors it precedes. */
    private void siftUp(int p, int slot, double time) {
        while (p > 0) {
            int parent = (p - 1) >>> 1;
            double parentTime = keys[parent];
            int parentSlot = slots[parent];
            if (!before(time, slot, parentTime, parentSlot)) {
                break;
            }
            put(p, parentSlot, parentTime);
            p = parent;
        }
        put(p, slot, time);
    }

    /** Places (slot, time) at index p or below it, moving up the earlier child while that child precedes it. */
    private void siftDown(int p, int slot, double time) {
        int n = size;
        int half = n >>> 1; // indices below half have a child
        while (p < half) {
            int c = 2 * p + 1;
            int r = c + 1;
            if (r < n) {
                double left = keys[c];
                double right = keys[r];
                int earlier = right < left ? r : c;
                if (right == left && slots[r] < slots[c]) {
                    earlier = r;
                }
                c = earlier;
            }
            double ct = keys[c];
            int cs = slots[c];
            if (!before(ct, cs, time, slot)) {
                break;
            }
            put(p, cs, ct);
            p = c;
        }
        put(p, slot, time);
    }

    /** Puts (slot, time) at heap index p. */
    private void put(int p, int slot, double time) {
        keys[p] = time;
        slots[p] = slot;
        position[slot] = p;
    }
}
