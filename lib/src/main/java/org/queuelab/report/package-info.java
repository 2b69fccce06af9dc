/**
 * Notebook support: {@link org.queuelab.report.Checks} (reference values against ours, with tolerances),
 * {@link org.queuelab.report.ReferenceData} (the tables in {@code data/}), {@link org.queuelab.report.RunMode}
 * (quick or full) and {@link org.queuelab.report.Tables}.
 */
package org.queuelab.report;
