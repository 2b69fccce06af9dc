/**
 * The reproductions of the four works, one subpackage per work ({@code alba}, {@code sqdn}, {@code tabs},
 * {@code invariant}): the computations behind notebooks 01–04, kept in the library so that notebooks stay short.
 * Start from the subpackage of the work (each package overview names its entry class). This package holds what they
 * share: {@link org.queuelab.repro.Finding} (what a study found about one prediction, as a claims register records
 * it, docs/claims.md), {@link org.queuelab.repro.DifferenceInterval} (paired or Welch interval for ordering claims),
 * {@link org.queuelab.repro.OverN} (rates in the system size N) and {@link org.queuelab.repro.Studies} (the named
 * full-mode sweeps a Spark cluster can compute beforehand, docs/spark.md).
 */
package org.queuelab.repro;
