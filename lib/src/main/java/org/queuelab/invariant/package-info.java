/**
 * Invariant (stationary) states of SQ(d) with general service ({@code docs/invariant-states.md}): start from
 * {@link org.queuelab.invariant.InvariantStateSolver} on an {@link org.queuelab.invariant.InvariantStateProblem};
 * the result is an {@link org.queuelab.invariant.InvariantState} with error bounds per level.
 * {@link org.queuelab.invariant.VirtualWaitingTime} computes the mean waiting time W* from a state, and
 * {@link org.queuelab.invariant.InvariantTables} lays several states out as the work's Tables 1–2.
 */
package org.queuelab.invariant;
