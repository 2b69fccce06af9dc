package org.queuelab.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Independent replications of a simulation, as every simulator returns them: the runs in replication order, the
 * pointwise mean trajectory with 95% bands and the 95% estimates (Student t over the replications) of every metric
 * of {@link SimulationRun#toMetrics()}, both named by {@link Metric}.
 *
 * @param <R> the simulator's run type
 */
public final class ReplicatedResult<R extends SimulationRun> {

    private final List<R> runs;
    private final Provenance provenance;
    private ReplicatedTrajectory trajectory;
    private MetricEstimates estimates;

    /**
     * @param runs       the runs, in replication order (at least one)
     * @param provenance the engine, model and window, with the root seed and the number of replications
     */
    public ReplicatedResult(List<R> runs, Provenance provenance) {
        Objects.requireNonNull(runs, "runs");
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("runs: none; allowed: at least one");
        }
        this.runs = List.copyOf(runs);
        this.provenance = Objects.requireNonNull(provenance, "provenance");
    }

    /** {@return the runs, in replication order} */
    public List<R> runs() {
        return runs;
    }

    /** {@return the root seed of the replications} */
    public long seed() {
        return provenance.seed();
    }

    /** {@return the parameters of the replications (engine, model, window, options, replications, root seed)} */
    public Provenance provenance() {
        return provenance;
    }

    /** {@return events processed over all runs} */
    public long events() {
        long total = 0;
        for (R r : runs) {
            total += r.events();
        }
        return total;
    }

    /** {@return pointwise mean trajectory with 95% Student-t bands (provenance of the first run)} */
    public synchronized ReplicatedTrajectory trajectory() {
        if (trajectory == null) {
            trajectory = ReplicatedTrajectory.of(perRun(SimulationRun::trajectory));
        }
        return trajectory;
    }

    /** {@return 95% estimates of every metric and count} */
    public synchronized MetricEstimates estimates() {
        if (estimates == null) {
            estimates = MetricEstimates.of(perRun(SimulationRun::toMetrics), provenance);
        }
        return estimates;
    }

    /** {@code part} of each run, in replication order. */
    private <T> List<T> perRun(Function<? super R, T> part) {
        List<T> out = new ArrayList<>(runs.size());
        for (R r : runs) {
            out.add(part.apply(r));
        }
        return out;
    }

    /**
     * {@return shorthand for {@code estimates().get(metric)}}
     *
     * @param metric the quantity's name, one the runs carry; not null
     * @throws NullPointerException if {@code metric} is null
     */
    public Estimate estimate(String metric) {
        return estimates().get(Objects.requireNonNull(metric, "metric"));
    }

    /**
     * {@return shorthand for {@code estimates().get(metric)}}
     *
     * @param metric the quantity, one the runs carry; not null
     * @throws NullPointerException if {@code metric} is null
     */
    public Estimate estimate(Metric metric) {
        return estimates().get(Objects.requireNonNull(metric, "metric"));
    }
}
