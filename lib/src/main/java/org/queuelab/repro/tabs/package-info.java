/**
 * TABS with general service (docs/tabs.md), notebook 03: start from
 * {@link org.queuelab.repro.tabs.ThesisSweeps} (the thesis' sweeps) and {@link org.queuelab.repro.tabs.TabsCharts}.
 */
package org.queuelab.repro.tabs;
