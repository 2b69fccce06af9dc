package org.queuelab.sim.event;

import java.util.Arrays;

/**
 * What {@link IndexSet} and {@link IndexedMinHeap} share: a fixed set of slots {@code 0..capacity−1}, each present
 * at most once, located by a position map (−1 when absent), and the count of present slots.
 */
abstract class SlotPositions {

    final int[] position; // by slot: where it sits, −1 when absent
    int size;

    SlotPositions(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity = " + capacity + "; allowed: ≥ 0");
        }
        position = new int[capacity];
        Arrays.fill(position, -1);
    }

    /** {@return the number of present slots} */
    public final int size() {
        return size;
    }

    /** {@return whether no slot is present} */
    public final boolean isEmpty() {
        return size == 0;
    }

    /**
     * {@return whether {@code slot} is present}
     *
     * @param slot in [0, capacity)
     */
    public final boolean contains(int slot) {
        return position[slot] >= 0;
    }
}
