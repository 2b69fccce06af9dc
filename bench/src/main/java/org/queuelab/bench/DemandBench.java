package org.queuelab.bench;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

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
 * set-up ends, idle timeouts, controller evaluations). Each figure is {@link Measure}'s median (min–max) of
 * {@link Measure#RUNS} runs after {@link Measure#warmUp}. The ratio to the same run with a constant rate of the same mean isolates the cost of thinning.
 */
public final class DemandBench {

    private static final int N = 1000;
    private static final double HORIZON = 3600;

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
        Measure.Stats tabsVarying = measure(varying, tabs);
        report("TABS µ=10 s, day-cycle λ(t), N=1000 [M events/s]", tabsVarying, "target ≥ 5");
        Measure.Stats tabsConstant = measure(constant, tabs);
        report("TABS µ=10 s, constant λ, N=1000 [M events/s]", tabsConstant, "same engine");
        System.out.printf("%-62s %12.2f %22s  %s%n", "ratio day-cycle / constant (medians)",
                tabsVarying.median() / tabsConstant.median(), "", "cost of thinning");
        report("KPA defaults (target 0.7), day-cycle λ(t), N=1000 [M events/s]",
                measure(varying, KnativeScaling.defaults(0.7)), "");
        report("Rate-Idle α=0.1 γ=0.1, day-cycle λ(t), N=1000 [M events/s]",
                measure(varying, new AsynchronousScaling(RateIdleScaling.standard(), 0.1, 0.1)), "");
    }

    /** Events per CPU second (millions) of one run, sampled after the warm-up; seeds 1000, 1001, … */
    private static Measure.Stats measure(ArrivalProcess arrivals, Autoscaler policy) {
        ClusterModel model = new ClusterModel(arrivals, LogNormal.unitMean(1.0), Exponential.withMean(5), N,
                PowerModel.standard());
        AutoscaleSimulator sim = AutoscaleSimulator.of(model, policy);
        RunWindow window = AutoscaleSimulator.coldStartWindow(HORIZON, 0, 60);
        long[] seed = {1000};
        return Measure.sampleAfterWarmUp(() -> {
            ClusterResult[] result = new ClusterResult[1];
            double seconds = Measure.cpuSeconds(() -> result[0] = sim.run(window, seed[0]++));
            return result[0].events() / seconds / 1e6;
        });
    }

    private static void report(String name, Measure.Stats rates, String note) {
        System.out.printf("%-62s %12.2f %22s  %s%n", name, rates.median(),
                String.format("%.2f – %.2f", rates.min(), rates.max()), note);
    }
}
