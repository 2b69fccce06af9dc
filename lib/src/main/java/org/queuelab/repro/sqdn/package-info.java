/**
 * SQ(d,N), power-of-d with memory (docs/sqdn.md), notebook 02: start from
 * {@link org.queuelab.repro.sqdn.Figure3} and {@link org.queuelab.repro.sqdn.FixedPointSurvey}.
 */
package org.queuelab.repro.sqdn;
