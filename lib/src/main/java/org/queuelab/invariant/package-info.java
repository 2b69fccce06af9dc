/**
 * Invariant (stationary) states of SQ(d) with general service (docs/invariant.md): start from
 * {@link org.queuelab.invariant.InvariantStateSolver} on an {@link org.queuelab.invariant.InvariantStateProblem};
 * the result is an {@link org.queuelab.invariant.InvariantState} with error bounds per level.
 */
package org.queuelab.invariant;
