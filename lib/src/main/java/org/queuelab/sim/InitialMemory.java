package org.queuelab.sim;

import java.util.Arrays;

/**
 * The starting point of an SQ(d,N) run (docs/sqdn.md §1, §2): how many servers hold i jobs while the
 * dispatcher's memory slot for them reads j, for 0 ≤ i ≤ j ≤ I. Either every server at one (i, j), or explicit
 * counts {@code n[i][j]} summing to N.
 */
public final class InitialMemory implements InitialState {

    private final int[][] counts;   // null for "all at (i, j)"
    private final int queue;
    private final int memory;

    private InitialMemory(int[][] counts, int queue, int memory) {
        this.counts = counts;
        this.queue = queue;
        this.memory = memory;
    }

    /**
     * {@return every server holds {@code queue} jobs and its slot reads {@code memory} (queue ≤ memory)}
     *
     * @param queue  jobs per server, in [0, memory]
     * @param memory the slot value of every server, in [queue, I]
     */
    public static InitialMemory allAt(int queue, int memory) {
        if (queue < 0 || memory < queue) {
            throw new IllegalArgumentException("(queue, memory) = (" + queue + ", " + memory
                    + "); allowed: 0 ≤ queue ≤ memory (observations never under-estimate)");
        }
        return new InitialMemory(null, queue, memory);
    }

    /** {@return every server idle and known to be idle, e_{0,0} (Figure 3 of SQ(d,N))} */
    public static InitialMemory allIdle() {
        return allAt(0, 0);
    }

    /**
     * {@return {@code counts[i][j]} servers with i jobs and slot j; entries with j &lt; i must be 0}
     *
     * @param counts counts[i][j] ≥ 0 servers with i jobs and slot j, summing to N
     */
    public static InitialMemory counts(int[][] counts) {
        int[][] copy = new int[counts.length][];
        for (int i = 0; i < counts.length; i++) {
            copy[i] = counts[i].clone();
            for (int j = 0; j < copy[i].length; j++) {
                if (copy[i][j] < 0 || (j < i && copy[i][j] != 0)) {
                    throw new IllegalArgumentException("counts[" + i + "][" + j + "] = " + copy[i][j]
                            + "; allowed: ≥ 0, and 0 when j < i");
                }
            }
        }
        return new InitialMemory(copy, -1, -1);
    }

    /** Counts n[i][j] for {@code n} servers and buffer {@code buffer}, as an (I+1)×(I+1) array. */
    int[][] resolve(int n, int buffer) {
        int[][] out = new int[buffer + 1][buffer + 1];
        if (counts == null) {
            if (memory > buffer) {
                throw new IllegalArgumentException("initial memory = " + memory + "; allowed: ≤ I = " + buffer);
            }
            out[queue][memory] = n;
            return out;
        }
        long sum = 0;
        for (int i = 0; i < counts.length; i++) {
            for (int j = 0; j < counts[i].length; j++) {
                if (counts[i][j] > 0 && j > buffer) {
                    throw new IllegalArgumentException("initial memory " + j + "; allowed: ≤ I = " + buffer);
                }
                if (counts[i][j] > 0) {
                    out[i][j] = counts[i][j];
                    sum += counts[i][j];
                }
            }
        }
        if (sum != n) {
            throw new IllegalArgumentException("initial counts sum to " + sum + "; allowed: N = " + n);
        }
        return out;
    }

    @Override
    public String label() {
        return toString();
    }

    @Override
    public String toString() {
        return counts == null ? "all at (" + queue + "," + memory + ")" : "counts " + Arrays.deepToString(counts);
    }
}
