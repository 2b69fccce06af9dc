package org.queuelab.sim.event;

/**
 * The sizes of the jobs waiting behind the one in service at each of N FCFS servers, oldest first: one ring buffer
 * (power-of-two length, allocated at a server's first waiting job, doubled when full) and its head per server.
 * The caller keeps each server's job count; the buffers hold only sizes.
 */
final class WaitingJobs {
    private final double[][] rings;
    private final int[] head;
    private final int initialCapacity;

    /**
     * @param servers         N, ≥ 1
     * @param initialCapacity a power of two, the length of a server's first ring
     */
    WaitingJobs(int servers, int initialCapacity) {
        this.rings = new double[servers][];
        this.head = new int[servers];
        this.initialCapacity = initialCapacity;
    }

    /** Appends a job of {@code size} behind the {@code waiting} jobs already queued at server {@code s}. */
    void enqueue(int s, int waiting, double size) {
        double[] ring = rings[s];
        if (ring == null) {
            ring = new double[initialCapacity];
            rings[s] = ring;
            head[s] = 0;
        } else if (waiting == ring.length) {
            // an overloaded queue grows without bound: stop with the size reached instead of running out of heap
            double[] grown = org.queuelab.guard.Memory.growQueue("event simulation: the queue of server " + s,
                    waiting, "a shorter horizon, a smaller buffer B or a lower lambda");
            for (int i = 0; i < waiting; i++) {
                grown[i] = ring[(head[s] + i) & (ring.length - 1)];
            }
            ring = grown;
            rings[s] = ring;
            head[s] = 0;
        }
        ring[(head[s] + waiting) & (ring.length - 1)] = size;
    }

    /** Removes and returns the size of the oldest job waiting at server {@code s}, which must have one. */
    double dequeue(int s) {
        double[] ring = rings[s];
        double size = ring[head[s]];
        head[s] = (head[s] + 1) & (ring.length - 1);
        return size;
    }
}
