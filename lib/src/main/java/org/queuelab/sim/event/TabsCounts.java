package org.queuelab.sim.event;

/**
 * Event counts of a TABS run over [0, T] (all of the run, not just the window) and over the window [warmup, T].
 * Conservation holds exactly: {@code initialJobs + arrivals = departures + lost + jobsAtEnd}.
 *
 * @param initialJobs       jobs present at t = 0
 * @param arrivals          arrivals in [0, T]
 * @param accepted          accepted arrivals in [0, T]
 * @param lost              lost arrivals in [0, T]
 * @param departures        service completions in [0, T]
 * @param jobsAtEnd         jobs in the system at T
 * @param setupsStarted     set-ups started in [0, T]
 * @param setupsCompleted   set-ups completed in [0, T]
 * @param standbyExpiries   idle-on → off switches in [0, T]
 * @param windowArrivals    arrivals in [warmup, T]
 * @param windowLost        lost arrivals in [warmup, T]
 */
public record TabsCounts(long initialJobs, long arrivals, long accepted, long lost, long departures, long jobsAtEnd,
                         long setupsStarted, long setupsCompleted, long standbyExpiries, long windowArrivals,
                         long windowLost) {

    /**
     * {@return whether {@code initialJobs + arrivals == departures + lost + jobsAtEnd} and accepted + lost = arrivals}
     */
    public boolean conserved() {
        return initialJobs + arrivals == departures + lost + jobsAtEnd && accepted + lost == arrivals;
    }
}
