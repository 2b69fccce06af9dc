/**
 * Notebook 06's workload (docs/demand.md §6): the synthetic day of invocation counts turned into a cluster whose
 * arrivals follow the day's shape ({@link org.queuelab.repro.demand.DemandDay}) and the autoscalers it compares,
 * each identified by a family and one parameter ({@link org.queuelab.repro.demand.DemandPolicy}), so that the same
 * runs can be rebuilt anywhere from plain values.
 */
package org.queuelab.repro.demand;
