package org.queuelab.analysis;

import java.util.Arrays;
import java.util.Objects;

import org.queuelab.guard.Require;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.guard.Require;
import org.queuelab.invariant.InvariantState;
import org.queuelab.model.Buffers;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.plot.Labels;
import org.queuelab.plot.LineChart;
import org.queuelab.plot.Palette;
import org.queuelab.plot.Style;
import org.queuelab.policy.PowerOfD;
import org.queuelab.result.Estimate;
import org.queuelab.result.ReplicatedTrajectory;
import org.queuelab.result.TimeGrid;
import org.queuelab.result.Metric;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.sim.InitialState;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.event.EventSimulation;
import org.queuelab.sim.event.LoadBalancingResult;
import org.queuelab.sim.event.LoadBalancingSimulator;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.plotly.components.Figure;

/**
 * The Monte Carlo of the work's Figures 1–2 (docs/invariant-states.md §8): N servers under SQ(d) with λ, every
 * server starting with one job of age 0, replicated; the across-run average of P(queue ≥ ℓ), ℓ = 1..3, on a grid
 * of step Δt, with 95% bands, and per-level averages over a time window with 95% intervals across runs (each run
 * contributes its own window average, so the interval reflects run-to-run variability).
 *
 * @param label        the service law's label
 * @param servers      N
 * @param lambda       λ
 * @param d            d
 * @param runs         number of realisations
 * @param seed         the seed of the replications
 * @param average      the averaged trajectory (series s1..s3)
 * @param windowFrom   start of the averaging window
 * @param windowTo     end of the averaging window (the horizon)
 * @param window       window[ℓ−1] = across-run estimate of the window average of P(queue ≥ ℓ)
 * @param events       total events simulated
 * @param seconds      wall time of the simulation
 */
public record InvariantMonteCarlo(String label, int servers, double lambda, int d, int runs, long seed,
                                  ReplicatedTrajectory average, double windowFrom, double windowTo, Estimate[] window,
                                  long events, double seconds) {

    /** Levels ℓ = 1..LEVELS are tracked, as in the work's figures. */
    public static final int LEVELS = 3;

    /**
     * Validates every component and keeps a copy of the window estimates.
     *
     * @param label      the service law's label
     * @param servers    N
     * @param lambda     λ
     * @param d          d
     * @param runs       number of realisations
     * @param seed       the seed of the replications
     * @param average    the averaged trajectory, not null
     * @param windowFrom start of the averaging window
     * @param windowTo   end of the averaging window
     * @param window     the window estimates per level, {@link #LEVELS} of them (copied)
     * @param events     total events simulated
     * @param seconds    wall time of the simulation
     * @throws IllegalArgumentException naming a component out of its range: servers, d, runs ≥ 1; λ &gt; 0;
     *                                  windowFrom &lt; windowTo, both finite; window of {@link #LEVELS} non-null
     *                                  estimates; events ≥ 0; seconds ≥ 0
     */
    public InvariantMonteCarlo {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(average, "average");
        Objects.requireNonNull(window, "window");
        Require.atLeast("servers", servers, 1);
        Require.positive("lambda", lambda);
        Require.atLeast("d", d, 1);
        Require.atLeast("runs", runs, 1);
        Require.finite("windowFrom", windowFrom);
        Require.finite("windowTo", windowTo);
        if (!(windowFrom < windowTo)) {
            throw new IllegalArgumentException("window = [" + windowFrom + ", " + windowTo
                    + "]; allowed: windowFrom < windowTo");
        }
        if (window.length != LEVELS || Arrays.asList(window).contains(null)) {
            throw new IllegalArgumentException("window holds " + Arrays.toString(window) + "; allowed: " + LEVELS
                    + " estimates, none null");
        }
        Require.atLeast("events", events, 0L);
        Require.nonNegative("seconds", seconds);
        window = window.clone();
    }

    /**
     * The window estimates of all levels.
     *
     * @return a copy: element ℓ − 1 is the across-run estimate of the window average of P(queue ≥ ℓ)
     */
    @Override
    public Estimate[] window() {
        return window.clone();
    }

    /**
     * The window estimate of P(queue ≥ ℓ) for one level.
     *
     * @param level ℓ, 1 ≤ level ≤ {@link #LEVELS}
     * @return the across-run mean of the per-run window averages, with its 95% interval
     * @throws IllegalArgumentException if {@code level} is out of range
     */
    public Estimate window(int level) {
        if (level < 1 || level > LEVELS) {
            throw new IllegalArgumentException("level = " + level + "; allowed: 1 ≤ level ≤ " + LEVELS);
        }
        return window[level - 1];
    }

    /**
     * Runs the experiment on all cores (results do not depend on the thread count): N servers under SQ(d) with
     * infinite buffers, every server starting with one job of age 0, sampled every {@code step}.
     *
     * @param service    the service-time law (mean 1 in the work's figures)
     * @param servers    N, the number of servers (≥ 1)
     * @param lambda     λ, the arrival rate per server (0 &lt; λ &lt; 1 for a stable system)
     * @param d          the number of servers sampled per arrival, 1 ≤ d ≤ N
     * @param horizon    the end of each run, in the model's time unit (the mean service time is 1 in the figures)
     * @param step       the sampling step Δt of the averaged trajectory, &gt; 0
     * @param windowFrom start of the window [windowFrom, horizon] for the window averages, 0 ≤ windowFrom &lt; horizon
     * @param runs       number of independent realisations, ≥ 1 (≥ 2 for intervals)
     * @param seed       the seed of the replications (same seed, same result)
     * @return the averaged trajectory, the window estimates per level, the event count and the wall time
     * @throws IllegalArgumentException if {@code windowFrom} is out of range, or as the model, the run window and the
     *                                  simulator reject the other parameters
     */
    public static InvariantMonteCarlo run(ServiceDistribution service, int servers, double lambda, int d,
                                          double horizon, double step, double windowFrom, int runs, long seed) {
        if (!(windowFrom >= 0 && windowFrom < horizon)) {
            throw new IllegalArgumentException("windowFrom = " + windowFrom + "; allowed: 0 ≤ windowFrom < horizon = "
                    + horizon);
        }
        LoadBalancingModel model = new LoadBalancingModel(lambda, new PowerOfD(d), Buffers.INFINITE, service);
        // docs/invariant-states.md §8: every server starts with one job of age 0
        RunWindow runWindow = RunWindow.until(horizon).withInitial(InitialState.jobsPerServer(1))
                .withSampleInterval(step);
        LoadBalancingSimulator simulator = EventSimulation.of(model, servers).withTrackedLevels(LEVELS);
        long start = System.nanoTime();
        ReplicatedResult<LoadBalancingResult> reps = simulator.replicate(runWindow, seed, runs);
        double seconds = (System.nanoTime() - start) / 1e9;
        TimeGrid grid = runWindow.grid();
        Estimate[] window = new Estimate[LEVELS];
        for (int l = 1; l <= LEVELS; l++) {
            double[] perRun = new double[runs];
            for (int r = 0; r < runs; r++) {
                LoadBalancingResult result = reps.runs().get(r);
                double[] series = result.trajectory().series(Metric.tail(l));
                double sum = 0;
                int count = 0;
                for (int k = 0; k < grid.size(); k++) {
                    if (grid.time(k) >= windowFrom - 1e-9) {
                        sum += series[k];
                        count++;
                    }
                }
                perRun[r] = sum / count;
            }
            window[l - 1] = Estimate.of(perRun);
        }
        return new InvariantMonteCarlo(service.label(), servers, lambda, d, runs, seed, reps.trajectory(),
                windowFrom, horizon, window, reps.events(), seconds);
    }

    /**
     * One row per level: window estimate with its 95% interval beside s*_ℓ of {@code state}.
     *
     * @param state the invariant state to compare with (its s*_ℓ for ℓ = 1..3)
     * @return a new table with columns service, N, lambda, d, runs, seed, level, simulated, ci95_half_width,
     *         s_star and difference (simulated − s_star)
     */
    public Table toTable(InvariantState state) {
        Table t = Table.create("P(queue ≥ ℓ) averaged over t ∈ [" + Labels.number(windowFrom) + ", "
                + Labels.number(windowTo) + "]: " + label,
                StringColumn.create("service"), IntColumn.create("N"), DoubleColumn.create("lambda"),
                IntColumn.create("d"), IntColumn.create("runs"), StringColumn.create("seed"), IntColumn.create("level"),
                DoubleColumn.create("simulated"), DoubleColumn.create("ci95_half_width"), DoubleColumn.create("s_star"),
                DoubleColumn.create("difference"));
        for (int l = 1; l <= LEVELS; l++) {
            Estimate e = window[l - 1];
            t.stringColumn("service").append(label);
            t.intColumn("N").append(servers);
            t.doubleColumn("lambda").append(lambda);
            t.intColumn("d").append(d);
            t.intColumn("runs").append(runs);
            t.stringColumn("seed").append(Long.toString(seed));
            t.intColumn("level").append(l);
            t.doubleColumn("simulated").append(e.mean());
            t.doubleColumn("ci95_half_width").append(e.halfWidth());
            t.doubleColumn("s_star").append(state.s(l));
            t.doubleColumn("difference").append(e.mean() - state.s(l));
        }
        return t;
    }

    /**
     * The figure: averaged P(queue ≥ ℓ) against t (solid, with 95% bands) and the invariant values s*_ℓ as
     * dashed horizontal lines (the project's convention: simulation solid, fluid/limit dashed).
     *
     * @param title the figure's title
     * @param state the invariant state whose s*_ℓ are drawn
     * @return the figure, linear P axis
     */
    public Figure figure(String title, InvariantState state) {
        return figure(title, state, false);
    }

    /**
     * As {@link #figure(String, InvariantState)}, optionally on a logarithmic P axis from 10⁻³ to 1.2 (shows ℓ = 3
     * near s*_3).
     *
     * @param title       the figure's title
     * @param state       the invariant state whose s*_ℓ are drawn
     * @param logarithmic whether the P axis is logarithmic
     * @return the figure
     * @throws IllegalArgumentException on a logarithmic axis, if some s*_ℓ ≤ 0
     */
    public Figure figure(String title, InvariantState state, boolean logarithmic) {
        LineChart chart = LineChart.titled(title).xLabel("t").yLabel("P(queue ≥ ℓ)").bandsInLegend(false);
        if (logarithmic) {
            chart.logY().yRange(1e-3, 1.2);
        }
        double[] t = average.grid().times();
        for (int l = 1; l <= LEVELS; l++) {
            String name = Metric.tail(l).name();
            String color = Palette.color(l - 1);
            chart.band("95% band ℓ = " + l, t, average.lower(name), average.upper(name), color);
            chart.line("simulated ℓ = " + l, t, average.series(name), Style.solid(color));
            chart.hline(state.s(l), "s*" + org.queuelab.plot.Labels.subscript(l) + " = "
                    + String.format(java.util.Locale.ROOT, "%.4g", state.s(l)), Style.dashed(color));
        }
        return chart.build();
    }
}
