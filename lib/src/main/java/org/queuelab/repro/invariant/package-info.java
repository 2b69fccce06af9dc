/**
 * Invariant states of SQ(d) with general service (docs/invariant-states.md), notebook 04: independent checks of the
 * solver in {@code org.queuelab.invariant}. Start from {@link org.queuelab.repro.invariant.InvariantStudies} (d = 1
 * against Pollaczek–Khinchine, exponential service against its closed form, uniqueness of the fixed points) and
 * {@link org.queuelab.repro.invariant.InvariantEvidence} (the claims' evidence from the two methods that share none
 * of the solver's numerics: {@link org.queuelab.repro.invariant.GridInvariantState} and
 * {@link org.queuelab.repro.invariant.PhaseTypeMeanField}).
 */
package org.queuelab.repro.invariant;
