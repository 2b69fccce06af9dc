package org.queuelab.sim;

import java.util.List;

import org.queuelab.result.MetricEstimates;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.ReplicatedTrajectory;

import tech.tablesaw.api.Table;

/**
 * Independent replications of an occupancy-chain run: each run, the averaged trajectory with 95% bands, and
 * the 95% estimates of every stationary metric across runs.
 */
public final class OccupancyResult implements ReplicatedResult {

    private final List<OccupancyRun> runs;
    private final ReplicatedTrajectory average;
    private final MetricEstimates estimates;

    OccupancyResult(List<OccupancyRun> runs, Provenance parameters) {
        this.runs = List.copyOf(runs);
        this.average = ReplicatedTrajectory.of(runs.stream().map(OccupancyRun::trajectory).toList());
        this.estimates = MetricEstimates.of(runs.stream().map(OccupancyRun::metrics).toList(), parameters);
    }

    /** The runs, in replication order. */
    public List<OccupancyRun> runs() {
        return runs;
    }

    @Override
    public ReplicatedTrajectory trajectory() {
        return average;
    }

    @Override
    public MetricEstimates estimates() {
        return estimates;
    }

    /** Total events over all runs. */
    public long totalEvents() {
        return runs.stream().mapToLong(r -> r.counters().events()).sum();
    }

    /** The averaged trajectory as a table: t, name, name_lo, name_hi, …, runs, parameters, seed. */
    public Table toTable() {
        return average.toTable();
    }
}
