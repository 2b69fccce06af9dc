package org.queuelab.repro.tabs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.queuelab.dist.ServiceDistribution;
import org.queuelab.model.TabsModel;
import org.queuelab.repro.Finding;
import org.queuelab.repro.OverN;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.event.EventSimulation;
import org.queuelab.result.TableBuilder;
import org.queuelab.sim.event.TabsResult;

import tech.tablesaw.api.Table;

/**
 * The √N scale of TABS at finite N (docs/tabs.md §4, §6): stationary idle-on and setup fractions, which vanish
 * at the fluid fixed point (busy λ, off 1 − λ), and the stationary standard deviation of the busy fraction over
 * time, at several N. If the fluctuations live on the diffusion scale, √N·std(busy) and √N·(idle + setup) stay
 * roughly constant and the log-log slopes against N are about −1/2. The thesis's Section 4 gives no number to
 * compare with (its covariance is not positive semidefinite); this is the scale it is about, shown as such.
 *
 * @param lambda  arrival rate per server λ
 * @param service the service law (mean 1)
 * @param standby mean standby time µ, seconds
 * @param setup   mean setup time ν, seconds
 * @param horizon end of each run, seconds
 * @param warmup  start of the averaging window
 * @param sample  sampling interval of the busy fraction
 * @param runs    replications per N, ≥ 2
 * @param seed    seed of every replicated run
 */
public record DiffusionScale(double lambda, ServiceDistribution service, double standby, double setup,
                             double horizon, double warmup, double sample, int runs, long seed) {

    /**
     * One N: idle-on, setup, their sum and the busy fraction's time std, each over the replications.
     *
     * @param n number of servers N
     * @param idle time-averaged fraction idle-on, 95% interval over the runs
     * @param setup time-averaged fraction in set-up
     * @param idlePlusSetup their sum, the wasted fraction
     * @param busyStd the busy fraction's standard deviation over time after the warm-up
     */
    public record Row(int n, Estimate idle, Estimate setup, Estimate idlePlusSetup, Estimate busyStd) {
    }

    /**
     * Validates the replications, and the model and the run window by building them.
     *
     * @param lambda  arrival rate per server λ, checked by the model
     * @param service the service law (mean 1), checked by the model
     * @param standby mean standby time µ, seconds, checked by the model
     * @param setup   mean setup time ν, seconds, checked by the model
     * @param horizon end of each run, seconds
     * @param warmup  start of the averaging window, 0 ≤ warmup &lt; horizon
     * @param sample  sampling interval of the busy fraction, &gt; 0
     * @param runs    replications per N, ≥ 2
     * @param seed    seed of every replicated run
     * @throws IllegalArgumentException if a parameter is out of its range
     */
    public DiffusionScale {
        if (runs < 2) {
            throw new IllegalArgumentException("runs = " + runs + "; allowed: runs ≥ 2 (for 95% intervals)");
        }
        TabsModel.of(lambda, service, standby, setup);                     // validates the model
        window(horizon, warmup, sample);                                    // and the run window
    }

    /** {@return the TABS model of these parameters (docs/tabs.md)} */
    public TabsModel model() {
        return TabsModel.of(lambda, service, standby, setup);
    }

    private static RunWindow window(double horizon, double warmup, double sample) {
        return RunWindow.until(horizon).withWarmup(warmup).withSampleInterval(sample);
    }

    /**
     * {@return the wasted fractions and the busy fraction's fluctuation at one N, over the replications}
     *
     * @param n number of servers N, ≥ 1
     */
    public Row at(int n) {
        List<TabsResult> runsAtN = EventSimulation.of(model(), n)
                .replicate(window(horizon, warmup, sample), seed, runs).runs();
        double[] idle = new double[runs];
        double[] setupF = new double[runs];
        double[] sum = new double[runs];
        double[] std = new double[runs];
        for (int r = 0; r < runs; r++) {
            TabsResult run = runsAtN.get(r);
            idle[r] = run.metrics().idle();
            setupF[r] = run.metrics().setup();
            sum[r] = idle[r] + setupF[r];
            std[r] = stdAfter(run.trajectory().times(), run.trajectory().series(Metric.BUSY), warmup);
        }
        return new Row(n, Estimate.of(idle), Estimate.of(setupF), Estimate.of(sum), Estimate.of(std));
    }

    /**
     * {@return every N, in the order given (at least two)}
     *
     * @param ns system sizes N, in increasing order
     */
    public List<Row> run(int... ns) {
        if (ns.length < 2) {
            throw new IllegalArgumentException("ns: " + ns.length + " values; allowed: at least 2 sizes N");
        }
        List<Row> rows = new ArrayList<>();
        for (int n : ns) {
            rows.add(at(n));
        }
        return rows;
    }

    /**
     * {@return a table with columns N, idle-on, setup, idle + setup (each ±), √N·(idle + setup), std(busy) ±,
     * √N·std(busy)}
     *
     * @param rows the rows from {@link #at}, in increasing N
     */
    public Table table(List<Row> rows) {
        TableBuilder t = TableBuilder.named(String.format(Locale.ROOT, "TABS at finite N: the √N scale (λ = %s,"
                + " µ = %s s, ν = %s s, %s)", lambda, standby, setup, service.label())).ints("N")
                .doubles("idle-on", "idle-on ±", "setup", "setup ±", "idle + setup", "idle + setup ±",
                        "√N·(idle + setup)", "std(busy)", "std(busy) ±", "√N·std(busy)");
        for (Row r : rows) {
            double root = Math.sqrt(r.n());
            t.row(r.n(), r.idle().mean(), r.idle().halfWidth(), r.setup().mean(), r.setup().halfWidth(),
                    r.idlePlusSetup().mean(), r.idlePlusSetup().halfWidth(), root * r.idlePlusSetup().mean(),
                    r.busyStd().mean(), r.busyStd().halfWidth(), root * r.busyStd().mean());
        }
        return t.build();
    }

    /**
     * The fluid's fixed point is approached as N grows: holds when the idle-on + setup interval at each larger N
     * lies wholly below the one at the next smaller N. Ours: idle + setup at the largest N; reference 0 (the fixed
     * point); the note gives the log-log slope (−0.5 for a 1/√N rate).
     *
     * @param rows the rows in increasing N, at least 2
     * @return the finding (holds or not by the rule above)
     */
    public Finding wastedFractionsShrink(List<Row> rows) {
        return shrinking(rows, Row::idlePlusSetup, "idle-on + setup fraction", 0);
    }

    /**
     * Illustration of the diffusion scale: the busy fraction's stationary std shrinks with N; the note gives
     * √N·std at each N and the log-log slope (−0.5 on the diffusion scale). Holds when the std shrinks
     * significantly at every step; whether the slope is −1/2 is read from the note.
     *
     * @param rows the rows in increasing N, at least 2
     * @return the finding (holds or not by the rule above)
     */
    public Finding fluctuationsShrink(List<Row> rows) {
        return shrinking(rows, Row::busyStd, "std over time of the busy fraction", 0);
    }

    /**
     * Least-squares slope of log(value) against log N.
     *
     * @param rows the rows, at least 2 sizes
     * @param value the quantity read from each row (its mean is used)
     * @return the slope (−0.5 for a 1/√N rate); NaN if a mean is not positive
     */
    public static double slope(List<Row> rows, java.util.function.Function<Row, Estimate> value) {
        return OverN.slope(rows.stream().mapToInt(Row::n).toArray(),
                rows.stream().mapToDouble(r -> value.apply(r).mean()).toArray());
    }

    private Finding shrinking(List<Row> rows, java.util.function.Function<Row, Estimate> value, String what,
                              double reference) {
        if (rows.size() < 2) {
            throw new IllegalArgumentException("rows: " + rows.size() + "; allowed: at least 2 sizes N");
        }
        List<Row> sorted = rows.stream().sorted(java.util.Comparator.comparingInt(Row::n)).toList();
        boolean holds = OverN.shrinksSignificantly(sorted.stream().map(value).toList());
        StringBuilder note = new StringBuilder();
        for (int i = 0; i < sorted.size(); i++) {
            Estimate e = value.apply(sorted.get(i));
            note.append(String.format(Locale.ROOT, "N = %d: %.4g ± %.2g (√N× %.3g); ", sorted.get(i).n(), e.mean(),
                    e.halfWidth(), Math.sqrt(sorted.get(i).n()) * e.mean()));
        }
        note.append(String.format(Locale.ROOT, "log-log slope %.2f (−0.5: 1/√N); %d runs per N", slope(sorted, value),
                runs));
        Estimate last = value.apply(sorted.get(sorted.size() - 1));
        return new Finding(what + " shrinks as N grows (" + sorted.get(0).n() + " … " + sorted.get(sorted.size() - 1)
                .n() + ")", reference, last.mean(), last.lower(), last.upper(), holds, note.toString());
    }

    private static double stdAfter(double[] times, double[] values, double from) {
        double s = 0;
        double ss = 0;
        int m = 0;
        for (int k = 0; k < times.length; k++) {
            if (times[k] >= from && !Double.isNaN(values[k])) {
                s += values[k];
                ss += values[k] * values[k];
                m++;
            }
        }
        if (m < 2) {
            throw new IllegalArgumentException("fewer than 2 samples after the warm-up; allowed: sample interval"
                    + " well below horizon − warmup");
        }
        double mean = s / m;
        return Math.sqrt(Math.max(0, (ss - m * mean * mean) / (m - 1)));
    }
}
