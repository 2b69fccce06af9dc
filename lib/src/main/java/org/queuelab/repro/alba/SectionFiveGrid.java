package org.queuelab.repro.alba;

import org.queuelab.analysis.GainMatching;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Objects;

import org.queuelab.model.AlbaModel;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.policy.Scaling;
import org.queuelab.repro.DifferenceInterval;
import org.queuelab.repro.Finding;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.result.ReplicatedResult;
import org.queuelab.result.TableBuilder;
import org.queuelab.sim.OccupancyRun;
import org.queuelab.sim.RunWindow;

import tech.tablesaw.api.Table;

/**
 * ALBA's Section V claim on an (N, λ) grid, decided by intervals (docs/alba.md §7): at (almost) the same
 * energy, JIQ + Rate-Idle has a better delay than the synchronous TABS-d (d = 0, and d ≥ 1 beside it). For each
 * point and each d, TABS-d is simulated, Rate-Idle's gain κ is tuned ({@link GainMatching}) until its energy is
 * closest to TABS-d's, and the delay difference R_TABS − R_Rate-Idle gets a 95% interval; so does Power-of-d +
 * Rate-Idle at the same energy, which the fluid says cannot be optimal (Remark 2).
 *
 * <p>Statistics: the exact chain ({@link Ctmc}) draws each event from one stream in proportion to the rates
 * (Gillespie), so two policies run with the same seed do not see the same arrivals: there are no common random
 * numbers, and the delay differences use Welch's unpaired interval ({@link DifferenceInterval#welch}). The table
 * reports the correlation of the same-seed replications, which shows how little pairing would add.
 *
 * @param buffer     B
 * @param beta       initialization rate β
 * @param gamma      expiration rate γ
 * @param alpha      Rate-Idle's scaling-time rate α
 * @param horizon    end of each run
 * @param burnIn     start of the averaging window
 * @param runs       replications per scheme and gain, ≥ 2
 * @param seed       seed of every replicated run
 * @param kappaLow   smallest gain tried
 * @param kappaHigh  largest gain tried
 * @param steps      runs of each gain search after its two end gains, at most (it stops once within
 *                   {@link GainMatching#noiseTolerance} of the TABS energy)
 * @param powerOfD   d of the Power-of-d + Rate-Idle comparator (≥ 2)
 */
public record SectionFiveGrid(int buffer, double beta, double gamma, double alpha, double horizon, double burnIn,
                              int runs, long seed, double kappaLow, double kappaHigh, int steps, int powerOfD)
        implements java.io.Serializable {

    /**
     * One (N, λ, d) point.
     *
     * @param n number of servers N
     * @param lambda arrival rate per server λ
     * @param tabsD TABS's threshold d
     * @param tabsEnergy TABS's energy E (fraction of servers not cold), 95% interval over the runs
     * @param tabsResponse TABS's mean response time, in mean service times
     * @param kappa the matched Rate-Idle gain κ (JIQ dispatch)
     * @param rateIdleEnergy JIQ + Rate-Idle's energy at κ
     * @param rateIdleResponse JIQ + Rate-Idle's mean response time at κ
     * @param advantage R_TABS − R_Rate-Idle, Welch interval (positive: Rate-Idle better)
     * @param sameSeedCorrelation correlation of the two schemes' replication-wise response times (what pairing would
     *        gain)
     * @param powerKappa the matched gain of Power-of-d + Rate-Idle
     * @param powerEnergy Power-of-d + Rate-Idle's energy
     * @param powerResponse Power-of-d + Rate-Idle's mean response time
     * @param powerPenalty R_PoD − R_Rate-Idle, Welch interval (positive: JIQ better)
     * @param rateIdleBracketed whether the JIQ gain search bracketed TABS's energy
     * @param powerBracketed whether the Power-of-d gain search bracketed it
     */
    public record Row(int n, double lambda, int tabsD, Estimate tabsEnergy, Estimate tabsResponse, double kappa,
                      Estimate rateIdleEnergy, Estimate rateIdleResponse, DifferenceInterval advantage,
                      double sameSeedCorrelation, double powerKappa, Estimate powerEnergy, Estimate powerResponse,
                      DifferenceInterval powerPenalty, boolean rateIdleBracketed, boolean powerBracketed) {
    }

    /**
     * Validates the replications and the comparator's d, and the run window by building it; rates, buffer and gain
     * range are checked by the model records and {@link GainMatching}.
     *
     * @param buffer    B
     * @param beta      initialization rate β
     * @param gamma     expiration rate γ
     * @param alpha     Rate-Idle's scaling-time rate α
     * @param horizon   end of each run, checked by {@link RunWindow}
     * @param burnIn    start of the averaging window, checked by {@link RunWindow}
     * @param runs      replications per scheme and gain, ≥ 2
     * @param seed      seed of every replicated run
     * @param kappaLow  smallest gain tried
     * @param kappaHigh largest gain tried
     * @param steps     runs of each gain search after its two end gains, at most
     * @param powerOfD  d of the Power-of-d + Rate-Idle comparator, ≥ 2
     * @throws IllegalArgumentException if a parameter is out of its range
     */
    public SectionFiveGrid {
        if (runs < 2) {
            throw new IllegalArgumentException("runs = " + runs + "; allowed: runs ≥ 2 (for 95% intervals)");
        }
        if (powerOfD < 2) {
            throw new IllegalArgumentException("powerOfD = " + powerOfD + "; allowed: d ≥ 2");
        }
        RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle()).withGrid(TimeGrid.of(horizon, horizon))
                .withWarmup(burnIn);
    }

    /**
     * {@return the rates of ALBA's Figure 1 (β = 0.1, γ = 0.025, α = 0.05), B = 60, gains searched in [0.1, 100]}
     *
     * @param horizon the time horizon, in mean service times, &gt; 0
     * @param burnIn time discarded at the start of each run before averaging, ≥ 0
     * @param runs replications per scheme and gain, ≥ 2
     * @param seed seed of the random runs (the same seed gives the same result)
     * @param steps runs of each gain search after its two end gains, at most
     */
    public static SectionFiveGrid figure1Rates(double horizon, double burnIn, int runs, long seed, int steps) {
        return new SectionFiveGrid(60, Figure1.BETA, Figure1.GAMMA, Figure1.ALPHA, horizon, burnIn, runs, seed, 0.1,
                100, steps, 2);
    }

    /**
     * {@return the model TABS-d: JBT-d dispatch, one set-up per arrival that finds no warm server with ≤ d jobs}
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param d TABS's threshold d ≥ 0: a warm server with at most d jobs takes the arrival, else one set-up starts
     */
    public AlbaModel tabs(double lambda, int d) {
        return new AlbaModel(lambda, new JoinBelowThreshold(d), buffer, Scaling.onArrival(), beta, gamma);
    }

    /**
     * {@return the model Rate-Idle with gain κ under the given dispatcher}
     *
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param dispatch the dispatcher (JIQ, or Power-of-d for the comparator)
     * @param kappa the gain κ &gt; 0
     */
    public AlbaModel rateIdle(double lambda, Dispatch dispatch, double kappa) {
        return new AlbaModel(lambda, dispatch, buffer, Scaling.asynchronous(RateIdleScaling.withGain(kappa), alpha),
                beta, gamma);
    }

    /**
     * The replicated run of a model at N, looked up in {@code done} first: at one (N, λ) every TABS-d's gain search
     * runs the same end gains and then the same midpoint of log κ, so each (dispatcher, κ) is simulated once. The
     * runs are seeded alike, so a cached result is the one a new run would give.
     */
    private ReplicatedResult<OccupancyRun> simulate(AlbaModel model, int n, Map<String, ReplicatedResult<OccupancyRun>> done) {
        String key = n + "|" + model;
        ReplicatedResult<OccupancyRun> r = done.get(key);
        if (r == null) {
            r = simulate(model, n);
            done.put(key, r);
        }
        return r;
    }

    private ReplicatedResult<OccupancyRun> simulate(AlbaModel model, int n) {
        RunWindow spec = RunWindow.until(horizon).withInitial(InitialOccupancy.coldAndIdle(1 - model.lambda()))
                .withGrid(TimeGrid.of(horizon, horizon / 4)).withWarmup(burnIn);
        return Ctmc.of(model, n).replicate(spec, seed, runs);
    }

    private GainMatching.Match<ReplicatedResult<OccupancyRun>> matched(double lambda, Dispatch dispatch, int n,
                                                        Estimate target,
                                                        Map<String, ReplicatedResult<OccupancyRun>> done) {
        return GainMatching.matchEnergy(k -> simulate(rateIdle(lambda, dispatch, k), n, done),
                r -> r.estimate(Metric.ENERGY).mean(), target.mean(), kappaLow, kappaHigh, steps,
                GainMatching.noiseTolerance(target));
    }

    /**
     * {@return the comparison at one (N, λ) against TABS-d}
     *
     * @param n number of servers N, ≥ 1
     * @param lambda arrival rate per server λ, 0 &lt; λ &lt; 1
     * @param tabsD TABS's threshold d ≥ 0
     */
    public Row compare(int n, double lambda, int tabsD) {
        return compare(n, lambda, tabsD, new HashMap<>());
    }

    private Row compare(int n, double lambda, int tabsD, Map<String, ReplicatedResult<OccupancyRun>> done) {
        ReplicatedResult<OccupancyRun> tabs = simulate(tabs(lambda, tabsD), n);
        Estimate target = tabs.estimate(Metric.ENERGY);
        GainMatching.Match<ReplicatedResult<OccupancyRun>> ri = matched(lambda, JoinBelowThreshold.jiq(), n, target, done);
        GainMatching.Match<ReplicatedResult<OccupancyRun>> pod = matched(lambda, new PowerOfD(powerOfD), n, target, done);
        double[] rTabs = values(tabs, Metric.RESPONSE.name());
        double[] rRi = values(ri.result(), Metric.RESPONSE.name());
        double[] rPod = values(pod.result(), Metric.RESPONSE.name());
        return new Row(n, lambda, tabsD, tabs.estimate(Metric.ENERGY), tabs.estimate(Metric.RESPONSE), ri.kappa(),
                ri.result().estimate(Metric.ENERGY), ri.result().estimate(Metric.RESPONSE),
                DifferenceInterval.welch(rTabs, rRi), DifferenceInterval.correlation(rTabs, rRi), pod.kappa(),
                pod.result().estimate(Metric.ENERGY), pod.result().estimate(Metric.RESPONSE),
                DifferenceInterval.welch(rPod, rRi), ri.bracketed(), pod.bracketed());
    }

    /**
     * {@return every N × λ × d, in that nesting order}
     *
     * @param ns system sizes N, in increasing order
     * @param lambdas arrival rates per server, each in (0, 1)
     * @param tabsDs TABS thresholds d, each ≥ 0
     */
    public List<Row> run(int[] ns, double[] lambdas, int[] tabsDs) {
        Objects.requireNonNull(ns, "ns");
        List<Row> rows = new ArrayList<>();
        for (int n : ns) {
            for (double l : lambdas) {
                Map<String, ReplicatedResult<OccupancyRun>> done = new HashMap<>();   // the Rate-Idle runs at this (N, λ)
                for (int d : tabsDs) {
                    rows.add(compare(n, l, d, done));
                }
            }
        }
        return rows;
    }

    private static double[] values(ReplicatedResult<OccupancyRun> r, String metric) {
        return r.runs().stream().map(OccupancyRun::toMetrics).mapToDouble(m -> m.get(metric)).toArray();
    }

    /**
     * Columns N, λ, TABS d, E TABS ±, R TABS ±, κ, E Rate-Idle ±, R Rate-Idle ±, R TABS − R Rate-Idle with its
     * Welch interval and verdict, the same-seed correlation, whether each gain search bracketed the TABS energy
     * (if not, the end gain closest to it is used), then Power-of-d + Rate-Idle (κ, E, R) and
     * R PoD − R Rate-Idle with its interval.
     *
     * @param rows the rows from {@link #run}
     * @return one row per (N, λ, d), columns as listed
     */
    public Table table(List<Row> rows) {
        TableBuilder t = TableBuilder.named("Section V: TABS-d vs JIQ + Rate-Idle at matched energy (Welch 95% intervals)")
                .ints("N").doubles("λ").ints("TABS d")
                .doubles("E TABS", "E TABS ±", "R TABS", "R TABS ±", "κ", "E RI", "E RI ±", "R RI", "R RI ±",
                        "R TABS − R RI", "lo", "hi")
                .strings("verdict").doubles("same-seed corr").booleans("RI bracketed", "PoD bracketed")
                .doubles("κ PoD", "E PoD", "R PoD", "R PoD − R RI", "PoD lo", "PoD hi");
        for (Row r : rows) {
            String verdict = switch (r.advantage().sign()) {
                case 1 -> "Rate-Idle better";
                case -1 -> "TABS better";
                default -> "no significant difference";
            };
            t.row(r.n(), r.lambda(), r.tabsD(),
                    r.tabsEnergy().mean(), r.tabsEnergy().halfWidth(), r.tabsResponse().mean(),
                    r.tabsResponse().halfWidth(), r.kappa(), r.rateIdleEnergy().mean(), r.rateIdleEnergy().halfWidth(),
                    r.rateIdleResponse().mean(), r.rateIdleResponse().halfWidth(),
                    r.advantage().mean(), r.advantage().lower(), r.advantage().upper(),
                    verdict, r.sameSeedCorrelation(), r.rateIdleBracketed(), r.powerBracketed(),
                    r.powerKappa(), r.powerEnergy().mean(), r.powerResponse().mean(),
                    r.powerPenalty().mean(), r.powerPenalty().lower(), r.powerPenalty().upper());
        }
        return t.build();
    }

    /**
     * The Section V claim over the rows (optionally only those of one TABS d, or all with {@code tabsD < 0}): it
     * holds when Rate-Idle's delay is significantly better at every point. Ours is the number of points where it is,
     * the reference the number of points; the note counts the significant points each way and names the energy
     * mismatch.
     *
     * @param rows the rows from {@link #run}
     * @param tabsD the TABS d to judge, or &lt; 0 for all rows
     * @return the finding (holds or not by the rule above)
     */
    public Finding claim(List<Row> rows, int tabsD) {
        List<Row> sel = rows.stream().filter(r -> tabsD < 0 || r.tabsD() == tabsD).toList();
        if (sel.isEmpty()) {
            throw new IllegalArgumentException("no rows with TABS d = " + tabsD);
        }
        long better = sel.stream().filter(r -> r.advantage().sign() > 0).count();
        long worse = sel.stream().filter(r -> r.advantage().sign() < 0).count();
        double worstMismatch = sel.stream().mapToDouble(r -> Math.abs(r.rateIdleEnergy().mean()
                - r.tabsEnergy().mean())).max().orElseThrow();
        String which = tabsD < 0 ? "TABS-d" : "TABS-" + tabsD;
        String note = String.format(Locale.ROOT, "Rate-Idle significantly better at %d of %d (N, λ%s) points, TABS"
                + " significantly better at %d, no significant difference at %d; Welch 95%% intervals on"
                + " R_TABS − R_RI (no common random numbers in the chain), %d runs per scheme; largest energy"
                + " mismatch after the gain search %.4f (gain range not bracketing it at %d points)", better,
                sel.size(), tabsD < 0 ? ", d" : "", worse, sel.size() - better - worse, runs, worstMismatch,
                sel.stream().filter(r -> !r.rateIdleBracketed()).count());
        return new Finding("JIQ + Rate-Idle has a better delay than " + which + " at matched energy", sel.size(),
                better, Double.NaN, Double.NaN, better == sel.size(), note);
    }

    /**
     * Power-of-d + Rate-Idle is not optimal: at the same energy its delay is significantly worse than JIQ +
     * Rate-Idle's at every point (holds when R_PoD − R_RI is significantly positive everywhere).
     *
     * @param rows the rows from {@link #run}
     * @return the finding: ours the points where R_PoD − R_RI is significantly positive, reference the number of
     *        points
     */
    public Finding powerOfDNotOptimal(List<Row> rows) {
        long worse = rows.stream().filter(r -> r.powerPenalty().sign() > 0).count();
        double smallest = rows.stream().mapToDouble(r -> r.powerPenalty().mean()).min().orElseThrow();
        long unmatched = rows.stream().filter(r -> !r.powerBracketed()).count();
        String note = String.format(Locale.ROOT, "R_PoD − R_RI significantly positive at %d of %d points (Welch"
                + " 95%%), smallest difference %.4f; Power-of-%d's gain matched to the same TABS energy, not"
                + " bracketed by the gain range at %d points (there it uses the gain closest to it)", worse,
                rows.size(), smallest, powerOfD, unmatched);
        return new Finding("Power-of-" + powerOfD + " + Rate-Idle has a worse delay than JIQ + Rate-Idle at the"
                + " same energy", rows.size(), worse, Double.NaN, Double.NaN, worse == rows.size(), note);
    }
}
