package org.queuelab.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;

import org.queuelab.arrival.ArrivalProcess;
import org.queuelab.arrival.RateFunction;
import org.queuelab.autoscale.AsynchronousScaling;
import org.queuelab.autoscale.AutoscaleSimulator;
import org.queuelab.autoscale.Autoscaler;
import org.queuelab.autoscale.ClusterModel;
import org.queuelab.autoscale.ClusterResult;
import org.queuelab.autoscale.KnativeScaling;
import org.queuelab.autoscale.OnArrivalScaling;
import org.queuelab.dist.Exponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.model.PowerModel;
import org.queuelab.policy.RateIdleScaling;
import org.queuelab.sim.RunWindow;

/**
 * Autoscaling under time-varying demand (issue 15): the {@link AutoscaleSimulator} at N = 1000 with a day cycle
 * λ(t) = 700·(1 + 0.6·cos(2π(t − 1800)/3600)) per second (a day compressed into an hour), lognormal service
 * (mean 1 s, σ = 1), Exp set-up of mean 5 s, in events per second of CPU time (events: arrivals, completions,
 * set-up ends, idle timeouts, controller evaluations). Each figure is the median (and min–max) of 5 runs after 2
 * JIT warm-up runs. The ratio to the same run with a constant rate of the same mean isolates the cost of thinning.
 */
public final class DemandBench {

    private static final int N = 1000;
    private static final double HORIZON = 3600;
    private static final int WARMUP_RUNS = 2;
    private static final int RUNS = 5;
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    private DemandBench() {
    }

    public static void main(String[] args) {
        String date = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm"));
        System.out.println("== demand bench, " + date + " UTC, " + Runtime.getRuntime().availableProcessors()
                + " cores, Java " + System.getProperty("java.version"));
        System.out.printf("%-62s %12s %22s  %s%n", "figure", "median", "min – max", "note");
        RateFunction day = RateFunction.dayCycle(0.7 * N, 0.6, HORIZON, HORIZON / 2);
        ArrivalProcess varying = ArrivalProcess.poisson(day);
        ArrivalProcess constant = ArrivalProcess.poisson(0.7 * N);
        Autoscaler tabs = OnArrivalScaling.tabs(10);
        double[] tabsVarying = measure(varying, tabs);
        report("TABS µ=10 s, day-cycle λ(t), N=1000 [M events/s]", tabsVarying, "target ≥ 5");
        double[] tabsConstant = measure(constant, tabs);
        report("TABS µ=10 s, constant λ, N=1000 [M events/s]", tabsConstant, "same engine");
        System.out.printf("%-62s %12.2f %22s  %s%n", "ratio day-cycle / constant (medians)",
                median(tabsVarying) / median(tabsConstant), "", "cost of thinning");
        report("KPA defaults (target 0.7), day-cycle λ(t), N=1000 [M events/s]",
                measure(varying, KnativeScaling.defaults(0.7)), "");
        report("Rate-Idle α=0.1 γ=0.1, day-cycle λ(t), N=1000 [M events/s]",
                measure(varying, new AsynchronousScaling(RateIdleScaling.standard(), 0.1, 0.1)), "");
    }

    /** Events per CPU second (millions) of RUNS runs after WARMUP_RUNS. */
    private static double[] measure(ArrivalProcess arrivals, Autoscaler policy) {
        ClusterModel model = new ClusterModel(arrivals, LogNormal.unitMean(1.0), Exponential.withMean(5), N,
                PowerModel.standard());
        AutoscaleSimulator sim = AutoscaleSimulator.of(model, policy);
        RunWindow window = AutoscaleSimulator.coldStartWindow(HORIZON, 0, 60);
        double[] rates = new double[RUNS];
        for (int r = -WARMUP_RUNS; r < RUNS; r++) {
            long start = CPU.getCurrentThreadCpuTime();
            ClusterResult result = sim.run(window, 1000 + r);
            double seconds = (CPU.getCurrentThreadCpuTime() - start) * 1e-9;
            if (r >= 0) {
                rates[r] = result.events() / seconds / 1e6;
            }
        }
        return rates;
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static void report(String name, double[] rates, String note) {
        double[] s = rates.clone();
        Arrays.sort(s);
        System.out.printf("%-62s %12.2f %22s  %s%n", name, median(rates),
                String.format("%.2f – %.2f", s[0], s[s.length - 1]), note);
    }
}
