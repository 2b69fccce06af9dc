package org.queuelab.sim.event;

import java.util.ArrayList;
import java.util.List;

import org.queuelab.result.MetricEstimates;
import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.result.Trajectory;

import tech.tablesaw.api.Table;

/**
 * Independent replications of one TABS configuration: 95% confidence intervals of every metric (Student t over
 * the replications) and the pointwise-averaged trajectory with its 95% band.
 */
public final class TabsReplications implements ReplicatedResult {

    private final long seed;
    private final List<TabsResult> runs;

    TabsReplications(long seed, List<TabsResult> runs) {
        this.seed = seed;
        this.runs = List.copyOf(runs);
    }

    /** The root seed of the replications. */
    public long seed() {
        return seed;
    }

    /** The runs, in replication order. */
    public List<TabsResult> runs() {
        return runs;
    }

    /** Estimates of every metric and count of {@link TabsResult#toMetrics()}. */
    @Override
    public MetricEstimates estimates() {
        List<Metrics> metrics = new ArrayList<>(runs.size());
        for (TabsResult r : runs) {
            metrics.add(r.toMetrics());
        }
        TabsResult first = runs.get(0);
        Provenance p = TabsResult.parameters(first.model(), first.settings(), seed).with("replications", runs.size());
        return MetricEstimates.of(metrics, p);
    }


    /** The average trajectory (fractions, cumulative losses, queue lengths when recorded) with 95% bands. */
    @Override
    public ReplicatedTrajectory trajectory() {
        List<Trajectory> trajectories = new ArrayList<>(runs.size());
        for (TabsResult r : runs) {
            trajectories.add(r.trajectory());
        }
        return ReplicatedTrajectory.of(trajectories);
    }

    /** One row per metric: mean, half-width, interval, n, parameters and root seed. */
    public Table toTable() {
        return estimates().toTable();
    }
}
