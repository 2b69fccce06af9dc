package org.queuelab.population;

import java.util.List;

import org.queuelab.result.Estimate;
import org.queuelab.result.MetricEstimates;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedTrajectory;

/** Independent replications of a {@link PopulationSimulator}: per-run results, their average and estimates. */
public final class PopulationRuns {

    private final List<PopulationRun> runs;
    private final Provenance provenance;

    PopulationRuns(List<PopulationRun> runs, Provenance provenance) {
        this.runs = List.copyOf(runs);
        this.provenance = provenance;
    }

    public List<PopulationRun> runs() {
        return runs;
    }

    public Provenance provenance() {
        return provenance;
    }

    /** Pointwise mean and 95% interval of the trajectories. */
    public ReplicatedTrajectory average() {
        return ReplicatedTrajectory.of(runs.stream().map(PopulationRun::trajectory).toList());
    }

    /** Estimates (mean ± 95% half-width over the replications) of every time average. */
    public MetricEstimates estimates() {
        return MetricEstimates.of(runs.stream().map(PopulationRun::metrics).toList(), provenance);
    }

    /** The estimate of one time average (a class, an observable or {@code events}). */
    public Estimate estimate(String name) {
        return estimates().get(name);
    }

    /** Events over all replications. */
    public long totalEvents() {
        return runs.stream().mapToLong(PopulationRun::events).sum();
    }
}
