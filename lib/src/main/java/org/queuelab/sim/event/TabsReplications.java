package org.queuelab.sim.event;

import java.util.ArrayList;
import java.util.List;

import org.queuelab.result.Estimate;
import org.queuelab.result.MetricEstimates;
import org.queuelab.result.Metrics;
import org.queuelab.result.Provenance;
import org.queuelab.result.Trajectory;
import org.queuelab.result.ReplicatedTrajectory;

import tech.tablesaw.api.Table;

/**
 * Independent replications of one TABS configuration: 95% confidence intervals of every metric (Student t over
 * the replications) and the pointwise-averaged trajectory with its 95% band.
 */
public final class TabsReplications {

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
    public MetricEstimates estimates() {
        List<Metrics> metrics = new ArrayList<>(runs.size());
        for (TabsResult r : runs) {
            metrics.add(r.toMetrics());
        }
        TabsResult first = runs.get(0);
        Provenance p = TabsResult.parameters(first.model(), first.settings(), seed).with("replications", runs.size());
        return MetricEstimates.of(metrics, p);
    }

    /** The estimate of one metric, e.g. {@code "energy"} or {@code "wait"}. */
    public Estimate estimate(String metric) {
        return estimates().get(metric);
    }

    /** The average trajectory (fractions, cumulative losses, queue lengths when recorded) with 95% bands. */
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
