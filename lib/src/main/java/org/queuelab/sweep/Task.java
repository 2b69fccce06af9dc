package org.queuelab.sweep;

import java.io.Serializable;

/**
 * One unit of a sweep's work: replication {@code replication} at point {@code pointIndex} of the grid, with the seed
 * that {@link Sweep#seed(Point, int)} derives for it.
 *
 * @param pointIndex  index into {@link Grid#points()}
 * @param replication replication number, 0 ≤ replication &lt; {@link Sweep#replications()}
 * @param seed        the replication's seed
 */
public record Task(int pointIndex, int replication, long seed) implements Serializable {
}
