/**
 * Invariant states of SQ(d) (docs/invariant.md), notebook 04: {@link org.queuelab.repro.invariant.InvariantStudies}.
 */
package org.queuelab.repro.invariant;
