/**
 * Figures: start from {@link org.queuelab.plot.LineChart#titled(String)}, add lines and bands styled with
 * {@link org.queuelab.plot.Style} and {@link org.queuelab.plot.Palette}, then {@code build()}; heat maps with
 * {@link org.queuelab.plot.HeatmapChart}.
 */
package org.queuelab.plot;
