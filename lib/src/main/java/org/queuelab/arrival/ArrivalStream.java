package org.queuelab.arrival;

/**
 * The arrival epochs of one sample path, in increasing order: each call of {@link #next()} returns the next
 * epoch, +∞ once the process has no more arrivals. A stream is stateful and owned by one run.
 */
@FunctionalInterface
public interface ArrivalStream {

    /** {@return the next arrival epoch (non-decreasing over calls), or +∞ when the path has ended} */
    double next();
}
