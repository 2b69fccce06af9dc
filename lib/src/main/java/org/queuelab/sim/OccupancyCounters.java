package org.queuelab.sim;

/**
 * Event counters of one occupancy-chain run (whole run, burn-in included). Conservation holds exactly:
 * {@code initialJobs + arrivals = departures + losses + jobsInSystem}.
 *
 * @param events          clock ticks of the chain, null scaling events included (docs/alba.md §2)
 * @param arrivals        job arrivals
 * @param losses          arrivals lost (no warm server, or sent to / only full servers)
 * @param departures      service completions
 * @param scaleUps        servers switched from cold to initializing (asynchronous or on-arrival)
 * @param nullScalings    scaling times that changed nothing (no cold server, or the Bernoulli g draw failed)
 * @param initializations initializations (set-ups) completed
 * @param expirations     idle-on servers that went cold
 * @param initialJobs     jobs present at time 0
 * @param jobsInSystem    jobs present at the end
 */
public record OccupancyCounters(long events, long arrivals, long losses, long departures, long scaleUps,
                                long nullScalings, long initializations, long expirations, long initialJobs,
                                long jobsInSystem) {

    /** {@return whether initialJobs + arrivals = departures + losses + jobsInSystem} */
    public boolean conserved() {
        return initialJobs + arrivals == departures + losses + jobsInSystem;
    }
}
