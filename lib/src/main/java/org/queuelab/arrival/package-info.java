/**
 * Arrival processes for demand that changes over time ({@code docs/demand.md} §1): Poisson arrivals with a rate
 * λ(t) ({@link org.queuelab.arrival.RateFunction}: piecewise constant, step, ramp, day cycle, any bounded function)
 * sampled by thinning, Markov-modulated Poisson bursts, and replay of traces (epochs, or per-window counts such as
 * the Azure Functions per-minute invocation counts). Every {@link org.queuelab.arrival.ArrivalProcess} makes its
 * sample paths from the generator it is handed, so simulators get common random numbers across policies.
 */
package org.queuelab.arrival;
