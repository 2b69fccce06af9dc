/**
 * Claims registers: each work's numbered figures, tables, theorems, propositions and quoted numbers, with the
 * evidence a notebook attaches to them and the verdict computed from that evidence (docs/claims.md).
 *
 * <p>A register is loaded from {@code data/<work>/claims.csv} ({@link org.queuelab.claims.ClaimsRegister#load}); a
 * notebook attaches graded {@link org.queuelab.claims.Evidence} per claim id, usually a recorded
 * {@link org.queuelab.report.Checks.Check}; {@link org.queuelab.claims.Verdict#of} turns the evidence into
 * REPRODUCED, PARTLY, NOT REPRODUCED or NOT TESTABLE. Consistency evidence alone never reproduces a claim.
 */
package org.queuelab.claims;
