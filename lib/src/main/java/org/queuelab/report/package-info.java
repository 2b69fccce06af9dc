/**
 * Notebook support. Start from {@link org.queuelab.report.Checks}: a notebook records each reproduction check
 * (reference value against ours, with a tolerance, a bound or a qualitative claim) and its closing cell calls
 * {@code assertAllPass()}, which writes the table to {@code out/checks/}. Reference numbers come from
 * {@link org.queuelab.report.ReferenceData} (the CSV tables in {@code data/}, found by
 * {@link org.queuelab.report.ProjectPaths}); run sizes from {@link org.queuelab.report.RunMode} (quick or full);
 * {@link org.queuelab.report.Tables} shows long tables in a few rows. Tolerance rules: {@code docs/claims.md}.
 */
package org.queuelab.report;
