package org.queuelab.autoscale;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.queuelab.arrival.ArrivalStream;
import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.PowerModel;
import org.queuelab.result.Provenance;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.JobsPerServer;
import org.queuelab.sim.Replications;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.Simulator;
import org.queuelab.sim.event.IndexSet;
import org.queuelab.sim.event.IndexedMinHeap;

/**
 * Event-driven simulation of an autoscaled cluster ({@link ClusterModel}) under any arrival process and any
 * {@link Autoscaler} ({@code docs/demand.md} §2–§3). Time-varying arrivals are what it is for.
 *
 * <p>Engine: an {@link IndexedMinHeap} with one slot per instance holding its single pending event (service end
 * when busy, set-up end when setting up, idle timeout when idle), the next arrival and the controller's next
 * evaluation beside it; {@link IndexSet}s of idle, off and setting-up instances; a ring buffer of waiting requests.
 * Nothing is allocated per event. A request's service time is drawn when it arrives, so its response time is known
 * when it starts service.
 *
 * <p><b>Streams.</b> A run's seed is split, in this order, into arrivals, service, set-up, standby (idle timeouts),
 * dispatch (which idle instance) and scaling (the controller's own draws). Arrivals and service times depend on the
 * seed only, never on the policy: two policies run with the same seed see the same requests with the same sizes
 * (common random numbers), which is what makes paired differences between policies sharp.
 */
public record AutoscaleSimulator(ClusterModel model, Autoscaler policy, ClusterSettings settings)
        implements Simulator<ClusterResult> {

    /** The engine's name in provenance and messages. */
    public static final String ENGINE = "autoscaled cluster (event-driven)";
    /** Most series windows (grid steps) a run may record. */
    public static final int MAX_WINDOWS = 10_000_000;

    /**
     * @param model    the cluster and its arrival process
     * @param policy   the autoscaler
     * @param settings the SLO and the pick of an idle instance
     */
    public AutoscaleSimulator {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(settings, "settings");
    }

    /**
     * {@code policy} on {@code model} with {@link ClusterSettings#defaults()}.
     *
     * @param model  the cluster
     * @param policy the autoscaler
     * @return the simulator
     */
    public static AutoscaleSimulator of(ClusterModel model, Autoscaler policy) {
        return new AutoscaleSimulator(model, policy, ClusterSettings.defaults());
    }

    /**
     * The usual window of a cluster run: until {@code horizon}, metrics from {@code warmup}, series windows of
     * {@code seriesWindow} (the grid step), every instance off at time 0 ({@link InitialOccupancy#allCold()}).
     *
     * @param horizon      the end of the run, &gt; 0 (units of time)
     * @param warmup       the start of the metrics, in [0, horizon)
     * @param seriesWindow the length of a series window, &gt; 0
     * @return the window
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public static RunWindow coldStartWindow(double horizon, double warmup, double seriesWindow) {
        return RunWindow.until(horizon).withWarmup(warmup).withGrid(TimeGrid.of(horizon, seriesWindow))
                .withInitial(InitialOccupancy.allCold());
    }

    /**
     * The same simulator judging requests by {@code slo} with {@code budget} per window.
     *
     * @param slo    the response-time objective, &gt; 0 (units of time)
     * @param budget the fraction of requests allowed above it per window, in [0, 1)
     * @return the new simulator
     * @throws IllegalArgumentException naming a parameter out of its range
     */
    public AutoscaleSimulator withSlo(double slo, double budget) {
        return new AutoscaleSimulator(model, policy, settings.withSlo(slo, budget));
    }

    /**
     * The same simulator taking idle instances by {@code pick}.
     *
     * @param pick which idle instance serves an arrival
     * @return the new simulator
     */
    public AutoscaleSimulator withPick(ClusterSettings.Pick pick) {
        return new AutoscaleSimulator(model, policy, settings.withPick(pick));
    }

    /**
     * The same cluster and settings under another autoscaler.
     *
     * @param other the autoscaler
     * @return the new simulator
     */
    public AutoscaleSimulator withPolicy(Autoscaler other) {
        return new AutoscaleSimulator(model, other, settings);
    }

    /**
     * The parameters of a run in {@code window}: engine, model, policy, laws, N, the window, then the settings.
     *
     * @param window the run's window
     * @return the provenance carried by the run's tables
     */
    public Provenance provenance(RunWindow window) {
        Provenance p = Provenance.of(ENGINE, model).with("policy", policy.label())
                .with("arrivals", model.arrivals().label()).with("service", model.service().label())
                .with("setup", model.setup().label()).with("N", model.maxInstances());
        return window.describe(p).with("slo", settings.slo()).with("sloBudget", settings.sloBudget())
                .with("pick", settings.pick().name());
    }

    /**
     * One run in {@code window} seeded by {@code seed}. The window's horizon ends the run (no event budget), its
     * warm-up starts the metrics, its grid step is the length of the series windows [k·step, (k+1)·step) (the last
     * one ends at the horizon), and its initial state gives the instances idle at time 0: {@link JobsPerServer}
     * with 0 jobs (the default: all N idle) or an {@link InitialOccupancy} of cold and idle instances only
     * ({@link InitialOccupancy#allCold()}: none warm), the others off.
     */
    @Override
    public ClusterResult run(RunWindow window, long seed) {
        return new ClusterRun(this, window, initialIdle(window), seed).execute();
    }

    /** {@code count} replications on {@code threads} threads; replication r gets the same stream whatever the policy. */
    @Override
    public ReplicatedResult<ClusterResult> replicate(RunWindow window, long seed, int count, int threads) {
        initialIdle(window);
        List<ClusterResult> runs = Replications.run(seed, count, threads, (r, stream) -> run(window, stream.nextLong()));
        return new ReplicatedResult<>(runs, provenance(window).withSeed(seed).with("replications", count));
    }

    /** Checks the window and returns the number of instances idle at time 0. */
    private int initialIdle(RunWindow window) {
        Objects.requireNonNull(window, "window");
        window.requireHorizonOnly("the autoscaled-cluster simulator");
        double step = window.grid().step();   // ≤ the grid's horizon ≤ the run's (TimeGrid, RunWindow)
        if (window.horizon() / step > MAX_WINDOWS) {
            throw new IllegalArgumentException("grid step = " + step + "; allowed: at most " + MAX_WINDOWS
                    + " series windows in the horizon");
        }
        int n = model.maxInstances();
        if (window.initial() instanceof JobsPerServer each && each.jobs() == 0) {
            return n;
        }
        if (window.initial() instanceof InitialOccupancy occupancy) {
            int[] counts = occupancy.resolve(n);
            int warmWithJobs = 0;
            for (int k = 3; k < counts.length; k++) {
                warmWithJobs += counts[k];
            }
            if (counts[1] == 0 && warmWithJobs == 0) {
                return counts.length > 2 ? counts[2] : 0;
            }
        }
        throw InitialState.unsupported(window.initial(), "the autoscaled-cluster simulator",
                "JobsPerServer with 0 jobs (all idle) or InitialOccupancy of cold and idle instances only");
    }
}
