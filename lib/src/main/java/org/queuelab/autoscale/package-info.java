/**
 * Auto-scaling under changing demand ({@code docs/demand.md}): an event-driven simulator of an autoscaled cluster
 * ({@link org.queuelab.autoscale.AutoscaleSimulator}: any {@link org.queuelab.arrival.ArrivalProcess}, general
 * service and set-up laws, an instance cap) with pluggable {@link org.queuelab.autoscale.Autoscaler}s — the works'
 * asynchronous scaling (Blind-θ, Rate-Idle) and TABS, and the autoscalers used in practice (Knative KPA, fixed
 * keep-alive, utilisation-target HPA) — and the metrics their users read: response-time percentiles, cold starts,
 * instances, energy, wastage, SLO violations per window; replications with 95% intervals and paired differences
 * under common random numbers.
 */
package org.queuelab.autoscale;
