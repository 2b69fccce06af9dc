package org.queuelab.sim.event;

import java.util.ArrayList;
import java.util.List;

import org.queuelab.result.MetricEstimates;
import org.queuelab.result.Metrics;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.result.Trajectory;

import tech.tablesaw.api.Table;

/**
 * Independent replications of one load-balancing configuration: 95% intervals of every metric and the
 * pointwise-averaged trajectory with its 95% band (e.g. the P(queue ≥ ℓ) curves of docs/invariant-states.md §8, series {@code tail_ℓ}).
 */
public final class LoadBalancingReplications implements ReplicatedResult {

    private final long seed;
    private final List<LoadBalancingResult> runs;

    LoadBalancingReplications(long seed, List<LoadBalancingResult> runs) {
        this.seed = seed;
        this.runs = List.copyOf(runs);
    }

    public long seed() {
        return seed;
    }

    public List<LoadBalancingResult> runs() {
        return runs;
    }

    /** Total events (arrivals + departures) over all runs. */
    public long events() {
        long e = 0;
        for (LoadBalancingResult r : runs) {
            e += r.events();
        }
        return e;
    }

    @Override
    public MetricEstimates estimates() {
        List<Metrics> metrics = new ArrayList<>(runs.size());
        for (LoadBalancingResult r : runs) {
            metrics.add(r.toMetrics());
        }
        LoadBalancingResult first = runs.get(0);
        return MetricEstimates.of(metrics, LoadBalancingResult.parameters(first.model(), first.settings(), seed)
                .with("replications", runs.size()));
    }


    /** The averaged trajectory with 95% bands; series tail_1..tail_L and meanJobs. */
    @Override
    public ReplicatedTrajectory trajectory() {
        List<Trajectory> trajectories = new ArrayList<>(runs.size());
        for (LoadBalancingResult r : runs) {
            trajectories.add(r.trajectory());
        }
        return ReplicatedTrajectory.of(trajectories);
    }

    public Table toTable() {
        return estimates().toTable();
    }
}
