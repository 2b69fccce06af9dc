/**
 * Figures for the notebooks, built on Tablesaw's plotly figures. Start from
 * {@link org.queuelab.plot.LineChart#titled(String)}: add lines, confidence bands and reference levels styled with
 * {@link org.queuelab.plot.Style} (simulation solid, fluid dashed, references dotted) and coloured from
 * {@link org.queuelab.plot.Palette}, then {@code build()}. A value over a two-parameter grid is drawn with
 * {@link org.queuelab.plot.HeatmapChart}. Both share {@link org.queuelab.plot.Chart}'s axis titles and size setters;
 * {@link org.queuelab.plot.Labels} writes code names as readers write them
 * (subscripts, numbers without floating-point noise).
 */
package org.queuelab.plot;
