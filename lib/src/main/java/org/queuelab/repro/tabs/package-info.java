/**
 * TABS with general service (docs/tabs.md), notebook 03: start from {@link org.queuelab.repro.tabs.ThesisStudies}
 * (the thesis' figures as named studies, computed or read from their stores) with the sizes of
 * {@link org.queuelab.repro.tabs.ThesisSweeps}; judge curves with
 * {@link org.queuelab.repro.tabs.PairedSweepDifferences} and {@link org.queuelab.repro.tabs.TabsClaimJudge}, and
 * draw them with {@link org.queuelab.repro.tabs.TabsCharts}. {@link org.queuelab.repro.tabs.DiffusionScale} studies
 * the approach to the fluid as N grows.
 */
package org.queuelab.repro.tabs;
