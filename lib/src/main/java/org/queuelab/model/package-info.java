/**
 * The models, as immutable records validated in their constructors: start from {@link org.queuelab.model.AlbaModel}
 * (ALBA, asynchronous auto-scaling, docs/alba.md), {@link org.queuelab.model.LoadBalancingModel} (SQ(d), JBT-d, JIQ,
 * SQ(d,N), docs/sqdn.md) or {@link org.queuelab.model.TabsModel} (TABS, docs/tabs.md); models with several
 * parameters of one type have builders ({@code AlbaModel.builder()}, {@code TabsModel.builder()}). Rates are per
 * server and per unit of time (the mean service time is the unit); a buffer counts the job in service and may be
 * {@link org.queuelab.model.Buffers#INFINITE}.
 */
package org.queuelab.model;
