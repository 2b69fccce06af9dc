package org.queuelab.repro.demand;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

import org.queuelab.arrival.ArrivalProcess;
import org.queuelab.arrival.CountTrace;
import org.queuelab.autoscale.AutoscaleSimulator;
import org.queuelab.autoscale.ClusterModel;
import org.queuelab.autoscale.ClusterSettings;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.guard.Require;
import org.queuelab.model.PowerModel;
import org.queuelab.report.ProjectPaths;
import org.queuelab.sim.RunWindow;

/**
 * A day of demand as notebook 06 simulates it (docs/demand.md §6): per-minute invocation counts whose shape, scaled
 * to a mean rate of {@code load} requests per second per instance, drives Poisson arrivals at a cluster of N
 * instances with lognormal service of mean 1 s and standard deviation of the log {@code serviceSigma},
 * exponential cold starts of mean {@code setupMean} seconds and {@link PowerModel#standard()} power. Runs start
 * cold; metrics cover requests arriving after a warm-up of a sixth of the slice (at most one hour), series use
 * windows of {@code seriesWindow} seconds.
 *
 * @param trace        invocation counts per minute of the day (window 60 s)
 * @param load         mean arrival rate per instance over the whole day, requests per second, &gt; 0
 * @param serviceSigma standard deviation of the log of the service time, &gt; 0 (the mean is 1 s)
 * @param setupMean    mean cold-start duration in seconds, &gt; 0
 * @param settings     the SLO and how the autoscalers pick instances
 * @param seriesWindow length of a time-series window in seconds, &gt; 0
 */
public record DemandDay(CountTrace trace, double load, double serviceSigma, double setupMean,
                        ClusterSettings settings, double seriesWindow) {

    /** The day's trace in the project's data folder. */
    public static final String TRACE_FILE = "demand/synthetic-day.csv";

    /** Longest warm-up of a slice, in seconds (one hour). */
    public static final double MAX_WARMUP = 3_600;

    /**
     * Validates the components.
     *
     * @param trace        invocation counts per minute of the day (window 60 s)
     * @param load         mean arrival rate per instance over the whole day, requests per second, &gt; 0
     * @param serviceSigma standard deviation of the log of the service time, &gt; 0
     * @param setupMean    mean cold-start duration in seconds, &gt; 0
     * @param settings     the SLO and how the autoscalers pick instances
     * @param seriesWindow length of a time-series window in seconds, &gt; 0
     * @throws IllegalArgumentException naming the component, its value and the allowed range
     */
    public DemandDay {
        Objects.requireNonNull(trace, "trace");
        Objects.requireNonNull(settings, "settings");
        Require.positive("load", load);
        Require.positive("serviceSigma", serviceSigma);
        Require.positive("setupMean", setupMean);
        Require.positive("seriesWindow", seriesWindow);
        if (trace.window() != 60) {
            throw new IllegalArgumentException("trace.window = " + trace.window() + "; allowed: 60 s (one count per "
                    + "minute)");
        }
    }

    /**
     * Notebook 06's day: the synthetic trace {@value #TRACE_FILE}, load 0.3 per instance (the day peaks near 1.0),
     * service σ = 1 (p99 of service alone ≈ 6.2 s), cold starts of mean 5 s, SLO 10 s with a 1 % budget per
     * window (the most recently started instance picked), windows of 10 minutes.
     *
     * @return the day
     */
    public static DemandDay synthetic() {
        return synthetic(ProjectPaths.dataDir());
    }

    /**
     * {@link #synthetic()} with the trace read from another data folder.
     *
     * @param dataDir the folder holding {@value #TRACE_FILE}
     * @return the day
     */
    public static DemandDay synthetic(Path dataDir) {
        return synthetic(CountTrace.loadAzure(dataDir.resolve(TRACE_FILE)));
    }

    /**
     * {@link #synthetic()}'s day on another trace (the studies carry the trace's counts to the machines that run
     * them, which need not hold the data folder).
     *
     * @param trace invocation counts per minute (window 60 s)
     * @return the day
     */
    public static DemandDay synthetic(CountTrace trace) {
        return new DemandDay(trace, 0.3, 1.0, 5.0, new ClusterSettings(10.0, 0.01, ClusterSettings.Pick.MOST_RECENT),
                600.0);
    }

    /**
     * {@return the trace's mean rate over the whole day, invocations per second}
     */
    public double traceMeanRate() {
        return trace.total() / (trace.counts().length * trace.window());
    }

    /**
     * Poisson arrivals following the trace's shape over minutes [from, to) of the day, scaled so that the whole
     * day's mean rate would be load·N; time 0 is minute {@code from}.
     *
     * @param servers    the instance cap N ≥ 1
     * @param fromMinute first minute of the slice, 0 ≤ from &lt; to
     * @param toMinute   end of the slice (exclusive), ≤ the trace's length
     * @return the arrival process of the slice
     * @throws IllegalArgumentException for a slice outside the trace or N below 1
     */
    public ArrivalProcess arrivals(int servers, int fromMinute, int toMinute) {
        Require.atLeast("servers", servers, 1);
        checkSlice(fromMinute, toMinute);
        return ArrivalProcess.poisson(new CountTrace(60, Arrays.copyOfRange(trace.counts(), fromMinute, toMinute))
                .asRate().scaled(load * servers / traceMeanRate()));
    }

    /**
     * The cluster of N instances fed by {@code arrivals}, with the day's service, cold-start and power laws.
     *
     * @param arrivals the arrival process (whole cluster)
     * @param servers  the instance cap N ≥ 1
     * @return the cluster model
     */
    public ClusterModel cluster(ArrivalProcess arrivals, int servers) {
        return new ClusterModel(arrivals, LogNormal.unitMean(serviceSigma), Exponential.withMean(setupMean), servers,
                PowerModel.standard());
    }

    /**
     * The cluster of N instances over minutes [from, to) of the day: {@link #cluster(ArrivalProcess, int)} of
     * {@link #arrivals(int, int, int)}.
     *
     * @param servers    the instance cap N ≥ 1
     * @param fromMinute first minute of the slice
     * @param toMinute   end of the slice (exclusive)
     * @return the cluster model
     */
    public ClusterModel cluster(int servers, int fromMinute, int toMinute) {
        return cluster(arrivals(servers, fromMinute, toMinute), servers);
    }

    /**
     * {@return the slice's length in seconds, 60·(to − from)}
     *
     * @param fromMinute first minute of the slice
     * @param toMinute   end of the slice (exclusive)
     */
    public double horizon(int fromMinute, int toMinute) {
        checkSlice(fromMinute, toMinute);
        return 60.0 * (toMinute - fromMinute);
    }

    /**
     * The run window of a slice: from a cold start to the slice's end, metrics over requests arriving after a
     * warm-up of a sixth of the slice (at most {@link #MAX_WARMUP}), series over {@code seriesWindow}-second windows.
     *
     * @param fromMinute first minute of the slice
     * @param toMinute   end of the slice (exclusive)
     * @return the window
     */
    public RunWindow window(int fromMinute, int toMinute) {
        double horizon = horizon(fromMinute, toMinute);
        return AutoscaleSimulator.coldStartWindow(horizon, Math.min(MAX_WARMUP, horizon / 6), seriesWindow);
    }

    private void checkSlice(int fromMinute, int toMinute) {
        if (fromMinute < 0 || toMinute <= fromMinute || toMinute > trace.counts().length) {
            throw new IllegalArgumentException("minutes = [" + fromMinute + ", " + toMinute + "); allowed: 0 ≤ from < "
                    + "to ≤ " + trace.counts().length);
        }
    }
}
