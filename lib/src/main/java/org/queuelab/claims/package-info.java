/**
 * Claims registers: each work's numbered figures, tables, theorems, propositions and quoted numbers, with the
 * evidence a notebook attaches to them and the verdict computed from that evidence (docs/claims.md).
 *
 * <p>Start from {@link org.queuelab.claims.ClaimsRegister}: {@link org.queuelab.claims.ClaimsRegister#load} reads
 * {@code data/<work>/claims.csv} (one {@link org.queuelab.claims.Claim} per row); a notebook attaches graded
 * {@link org.queuelab.claims.Evidence} per claim id, usually a recorded {@link org.queuelab.report.Checks.Check} or
 * the result of a {@link org.queuelab.claims.Judge} rule (value, equal, larger, slope, for every, exact), and
 * writes the register; {@link org.queuelab.claims.Verdict#of} turns the evidence into REPRODUCED, PARTLY, NOT
 * REPRODUCED, INCONCLUSIVE or NOT TESTABLE. Consistency evidence alone never reproduces a claim;
 * {@link org.queuelab.claims.ModeAgreement} checks that quick and full mode never decide a claim differently.
 */
package org.queuelab.claims;
