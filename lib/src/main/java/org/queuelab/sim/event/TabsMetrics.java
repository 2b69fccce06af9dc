package org.queuelab.sim.event;

import org.queuelab.model.PowerModel;

/**
 * Time averages of a TABS run over [warmup, T] (docs/tabs.md §2 end, §3). Fractions are of the N servers.
 *
 * @param busy            fraction of servers busy
 * @param idle            fraction idle-on
 * @param setup           fraction in set-up
 * @param off             fraction off
 * @param meanJobs        mean number of jobs per server
 * @param meanWaitingJobs mean number of waiting jobs per server, Σ max(q − 1, 0) / N
 * @param meanQ2          mean fraction of servers holding ≥ 2 jobs
 * @param lossProbability lost / arrivals in the window (undefined when no job arrived: its accessor refuses, as
 *                        do those of waitLittle, and of waitPerJob when no job was timed)
 * @param waitPerJob      mean waiting time of the accepted jobs arriving in the window, each known exactly at its
 *                        arrival by FCFS (the work ahead of it), whether or not it starts service before T
 * @param waitLittle      Little's law: meanWaitingJobs / (λ (1 − lossProbability)) (docs/tabs.md §3)
 * @param waitQ2Proxy     the thesis' proxy meanQ2 / λ (docs/tabs.md §3)
 * @param energy          power per server with the run's {@link PowerModel}
 * @param jobsTimed       number of jobs averaged in waitPerJob
 */
public record TabsMetrics(double busy, double idle, double setup, double off, double meanJobs,
                          double meanWaitingJobs, double meanQ2, double lossProbability, double waitPerJob,
                          double waitLittle, double waitQ2Proxy, double energy, long jobsTimed) {

    /**
     * {@return lost / arrivals in the window}
     *
     * @throws org.queuelab.result.UndefinedMetricException if none arrived
     */
    @Override
    public double lossProbability() {
        return defined("loss", lossProbability, "no arrival in [warmup, T]");
    }

    /**
     * {@return the mean wait of the timed jobs}
     *
     * @throws org.queuelab.result.UndefinedMetricException if none was timed
     */
    @Override
    public double waitPerJob() {
        return defined("waitPerJob", waitPerJob, "no accepted job arrived in [warmup, T]");
    }

    /**
     * {@return the Little's-law wait}
     *
     * @throws org.queuelab.result.UndefinedMetricException if no job arrived
     */
    @Override
    public double waitLittle() {
        return defined("wait", waitLittle, "no arrival in [warmup, T]");
    }

    private static double defined(String metric, double value, String because) {
        if (Double.isNaN(value)) {
            throw new org.queuelab.result.UndefinedMetricException(metric, because);
        }
        return value;
    }

    /**
     * {@return energy per server for another power model}
     *
     * @param power the power drawn in each server state
     */
    public double energy(PowerModel power) {
        return power.energy(busy, setup, idle, off);
    }
}
