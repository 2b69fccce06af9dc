package org.queuelab.sim.event;

import java.util.random.RandomGenerator;

/**
 * A subset of {@code 0..capacity−1} with O(1) add, remove, membership and uniform selection: the members sit in a
 * dense array and a position map locates each one, so removal swaps the last member into the hole. The order of
 * members depends only on the sequence of operations, which keeps runs reproducible.
 */
public final class IndexSet extends SlotPositions {

    private final int[] members; // position[i] is member i's index here

    /**
     * An empty set.
     *
     * @param capacity members are in [0, capacity), capacity ≥ 0
     */
    public IndexSet(int capacity) {
        super(capacity);
        members = new int[capacity];
    }

    /**
     * {@return the member at {@code index} (members are in no particular order)}
     *
     * @param index in [0, size)
     */
    public int get(int index) {
        return members[index];
    }

    /**
     * Adds {@code i}; nothing happens if it is a member.
     *
     * @param i in [0, capacity)
     */
    public void add(int i) {
        if (position[i] >= 0) {
            return;
        }
        members[size] = i;
        position[i] = size++;
    }

    /**
     * Removes {@code i}; nothing happens if it is not a member.
     *
     * @param i in [0, capacity)
     */
    public void remove(int i) {
        int p = position[i];
        if (p < 0) {
            return;
        }
        int last = members[--size];
        members[p] = last;
        position[last] = p;
        position[i] = -1;
    }

    /**
     * {@return a member chosen uniformly with {@code rng}; the set must not be empty}
     *
     * @param rng the random source, advanced by one draw
     */
    public int uniform(RandomGenerator rng) {
        return members[size == 1 ? 0 : rng.nextInt(size)];
    }
}
