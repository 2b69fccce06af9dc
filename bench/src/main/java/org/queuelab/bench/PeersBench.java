package org.queuelab.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.queuelab.dist.Exponential;
import org.queuelab.dist.LogNormal;
import org.queuelab.meanfield.PowerOfDFixedPoint;
import org.queuelab.meanfield.PowerOfDFluid;
import org.queuelab.model.LoadBalancingModel;
import org.queuelab.policy.PowerOfD;
import org.queuelab.population.PopulationModel;
import org.queuelab.population.PopulationModels;
import org.queuelab.population.RefinedMeanField;
import org.queuelab.policy.RandomDispatch;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.OccupancySimulator;
import org.queuelab.sim.RunWindow;
import org.queuelab.sim.event.EventSimulation;
import org.queuelab.sim.event.LoadBalancingSimulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * queuelab beside its peers in the same run ({@code ./benchmark peers}, which sets up {@code .venv-bench} from
 * {@code bench/peers/requirements.txt}): rmftool 0.5 (simulator at N = 10³ and 10⁵, ODE, fixed point, refined mean
 * field) on SQ(2), λ = 0.9, buffer K = 20; Ciw on M/G/1 with lognormal service and on SQ(2) with 10 exponential
 * servers. For each: the answers side by side with an agreement check (simulated means within the combined 95%
 * noise, fixed points to 1e-9, the refined 1/N term to 1e-8, M/G/1 against the Pollaczek–Khinchine value) and the
 * speed ratio, CPU time on both sides (median of {@link Measure#RUNS}).
 */
public final class PeersBench {

    private static final double LAMBDA = 0.9;
    private static final int K = 20;
    private static final int N = 1000;
    private static final double SIM_TIME = 200;
    private static final int N_LARGE = 100_000;
    /** Short, since rmftool's simulator runs at about 7·10⁴ events/s: 3·10⁵ events per run at N = 10⁵. */
    private static final double LARGE_TIME = 2;

    private PeersBench() {
    }

    public static void main(String[] args) {
        Measure.header("peers (rmftool 0.5, Ciw 3.2.7) on the same models", "./benchmark peers");
        Path python = Path.of(".venv-bench/bin/python");
        if (!Files.isExecutable(python)) {
            System.out.println("   skipped: no .venv-bench (./benchmark peers creates it from bench/peers/requirements.txt)");
            return;
        }
        JsonNode peers = runPeers(python);
        LoadBalancingModel sq2 = new LoadBalancingModel(LAMBDA, new PowerOfD(2), K, Exponential.unitMean());

        simulation(sq2, N, SIM_TIME, peers.get("simulate"));
        simulation(sq2, N_LARGE, LARGE_TIME, peers.get("simulate_large"));

        // ODE to t = 100 from empty, 1000 output points
        PowerOfDFluid fluid = PowerOfDFluid.of(sq2);               // levels 0..K (buffer K)
        double[] x0 = new double[fluid.dimension()];
        x0[0] = 1;
        double[] times = TimeGrid.intervals(100, 999).times();
        Measure.Stats ode = Measure.sampleAfterWarmUp(() -> Measure.cpuSeconds(() -> fluid.integrate(x0, times)));
        double theirOde = peers.get("ode").get("cpu").get("median").asDouble();
        System.out.printf(Locale.ROOT, "   ODE to t=100: queuelab %s ms, rmftool (odeint) %.1f ms; ratio %.0f×%n",
                ode.format("%.2f", 1e3), 1e3 * theirOde, theirOde / ode.median());

        // fixed point: tails s_1..s_K
        double[][] fp = new double[1][];
        int batch = 1000;                                           // a µs task: timed in batches (CPU-clock resolution)
        Measure.Stats fix = Measure.sampleAfterWarmUp(() -> Measure.cpuSeconds(() -> {
            for (int i = 0; i < batch; i++) {
                fp[0] = PowerOfDFixedPoint.of(LAMBDA, 2, K).tails();
            }
        }) / batch);
        List<Double> theirFp = toList(peers.get("fixed_point").get("x"));
        double maxDiff = 0;
        for (int i = 0; i < K; i++) {
            maxDiff = Math.max(maxDiff, Math.abs(fp[0][i + 1] - theirFp.get(i)));
        }
        double theirFix = peers.get("fixed_point").get("cpu").get("median").asDouble();
        System.out.printf(Locale.ROOT, "   fixed point: queuelab %s µs (closed form), rmftool %.1f ms; ratio %.0f×;"
                        + " max |Δs_i| = %.1e → %s%n", fix.format("%.2f", 1e6), 1e3 * theirFix,
                theirFix / fix.median(), maxDiff, maxDiff <= 1e-9 ? "agree (≤ 1e-9)" : "DISAGREE");
        refinedMeanField(peers.get("refined"));

        // M/G/1, lognormal σ = 1 mean 1, λ = 0.5: mean wait; Pollaczek–Khinchine λ E[S²] / (2 (1 − ρ))
        LogNormal law = LogNormal.unitMean(1.0);
        double pk = 0.5 * (law.variance() + 1) / (2 * (1 - 0.5));
        LoadBalancingModel mg1 = new LoadBalancingModel(0.5, new RandomDispatch(), Integer.MAX_VALUE, law);
        LoadBalancingSimulator des = EventSimulation.of(mg1, 1);
        RunWindow mg1Window = RunWindow.until(20_000).withWarmup(2_000).withSampleInterval(20_000);
        double[] wait = new double[Measure.RUNS];
        double[] desCpu = new double[Measure.RUNS];
        Measure.warmUp(() -> des.run(mg1Window, 19L));   // a seed the measured runs do not use
        for (int r = 0; r < Measure.RUNS; r++) {
            final long seed = 20L + r;
            var res = new org.queuelab.sim.event.LoadBalancingResult[1];
            desCpu[r] = Measure.cpuSeconds(() -> res[0] = des.run(mg1Window, seed));
            wait[r] = res[0].waitPerJob();
        }
        JsonNode c = peers.get("ciw_mg1");
        Estimate ourWait = Estimate.of(wait);
        boolean agree = ourWait.lower() <= pk && pk <= ourWait.upper() && agrees(ourWait, c.get("mean_wait").asDouble());
        System.out.printf(Locale.ROOT, "   M/G/1 lognormal σ=1, λ=0.5, t∈[0,20000]: mean wait queuelab %s, Ciw %.3f (one run),"
                        + " Pollaczek–Khinchine %.4f → %s; CPU queuelab %s ms, Ciw %.0f ms; ratio %.0f×%n",
                ourWait, c.get("mean_wait").asDouble(), pk,
                agree ? "agree (P–K in our interval, Ciw in its prediction interval)" : "DISAGREE",
                Measure.Stats.of(desCpu).format("%.1f", 1e3),
                1e3 * c.get("cpu").get("median").asDouble(),
                c.get("cpu").get("median").asDouble() / Measure.Stats.of(desCpu).median());
        sq2TenServers(peers.get("ciw_sq2"));
    }

    /** The CTMC beside rmftool's simulator at n servers on [0, horizon] from empty: rate and mean jobs over the second half. */
    private static void simulation(LoadBalancingModel sq2, int n, double horizon, JsonNode theirs) {
        OccupancySimulator sim = OccupancySimulator.loadBalancing(sq2, n);
        RunWindow window = RunWindow.until(horizon).withInitial(InitialOccupancy.allIdle())
                .withGrid(TimeGrid.of(horizon, horizon)).withWarmup(horizon / 2);
        TimedRuns runs = TimedRuns.of(sim, window, 10L);
        double[] rate = new double[Measure.RUNS];
        double[] qbar = new double[Measure.RUNS];
        for (int r = 0; r < Measure.RUNS; r++) {
            rate[r] = runs.runs()[r].counters().events() / runs.cpu()[r];
            qbar[r] = runs.runs()[r].toMetrics().get(Metric.MEAN_JOBS);   // over the second half (not stationary: no W)
        }
        double theirRate = theirs.get("events").asDouble() / theirs.get("cpu").get("median").asDouble();
        Estimate ours = Estimate.of(qbar);
        double theirMean = theirs.get("mean_jobs_second_half").asDouble();
        System.out.printf(Locale.ROOT, "   simulation SQ(2) N=%d, t∈[0,%.0f]: queuelab %s M events/CPU-s, rmftool %.3f;"
                        + " ratio %.0f×%n", n, horizon, Measure.Stats.of(rate).format("%.1f", 1e-6),
                theirRate / 1e6, Measure.Stats.of(rate).median() / theirRate);
        System.out.printf(Locale.ROOT, "     mean jobs/server over [%.0f,%.0f]: queuelab %s, rmftool %.4f (one run) → %s%n",
                horizon / 2, horizon, ours, theirMean, agrees(ours, theirMean) ? "agree" : "DISAGREE");
    }

    /**
     * {@link Measure#RUNS} runs after {@link Measure#warmUp} (seed 1), seeds firstSeed,
     * firstSeed + 1, …, each with its CPU seconds.
     */
    private record TimedRuns(org.queuelab.sim.OccupancyRun[] runs, double[] cpu) {
        static TimedRuns of(OccupancySimulator sim, RunWindow window, long firstSeed) {
            var runs = new org.queuelab.sim.OccupancyRun[Measure.RUNS];
            double[] cpu = new double[Measure.RUNS];
            Measure.warmUp(() -> sim.run(window, 1));
            for (int r = 0; r < Measure.RUNS; r++) {
                final int k = r;
                cpu[r] = Measure.cpuSeconds(() -> runs[k] = sim.run(window, firstSeed + k));
            }
            return new TimedRuns(runs, cpu);
        }
    }

    /** One further sample within the 95% prediction interval of our n runs (their run is one draw of the same law). */
    private static boolean agrees(Estimate ours, double theirs) {
        double sd = ours.halfWidth() / Estimate.tQuantile975(ours.n() - 1) * Math.sqrt(ours.n());
        return Math.abs(theirs - ours.mean()) <= Estimate.tQuantile975(ours.n() - 1) * sd * Math.sqrt(1 + 1.0 / ours.n());
    }

    /** The 1/N term of the stationary mean jobs per server: rmftool's Σ V_i against queuelab's refined mean field. */
    private static void refinedMeanField(JsonNode refined) {
        PopulationModel model = PopulationModels.powerOfD(LAMBDA, 2, K);
        double[] idle = model.state(java.util.Map.of("x0", 1.0));
        RefinedMeanField.Steady[] steady = new RefinedMeanField.Steady[1];
        Measure.Stats cpu = Measure.sampleAfterWarmUp(() -> Measure.cpuSeconds(
                () -> steady[0] = RefinedMeanField.steadyState(model, idle)));
        double ours = steady[0].correction(Metric.MEAN_JOBS);
        double theirs = refined.get("mean_jobs_V").asDouble();
        double theirCpu = refined.get("cpu").get("median").asDouble();
        System.out.printf(Locale.ROOT, "   refined mean field (1/N term of mean jobs): queuelab %.9f in %s ms, rmftool %.9f"
                        + " in %.0f ms; ratio %.0f×; |Δ| = %.1e → %s%n", ours, cpu.format("%.2f", 1e3), theirs,
                1e3 * theirCpu, theirCpu / cpu.median(), Math.abs(ours - theirs),
                Math.abs(ours - theirs) <= 1e-8 ? "agree (≤ 1e-8)" : "DISAGREE");
    }

    /** SQ(2) with 10 exponential servers, λ = 0.9 each: mean response time, CTMC replications against Ciw's runs. */
    private static void sq2TenServers(JsonNode c) {
        LoadBalancingModel model = new LoadBalancingModel(LAMBDA, new PowerOfD(2), Integer.MAX_VALUE,
                Exponential.unitMean());
        OccupancySimulator sim = OccupancySimulator.loadBalancing(model, 10);
        RunWindow window = RunWindow.until(c.get("horizon").asDouble()).withWarmup(c.get("warmup").asDouble())
                .withSampleInterval(c.get("horizon").asDouble());
        TimedRuns runs = TimedRuns.of(sim, window, 30L);
        double[] cpu = runs.cpu();
        double[] response = new double[Measure.RUNS];
        for (int r = 0; r < Measure.RUNS; r++) {
            response[r] = runs.runs()[r].metrics().get(Metric.RESPONSE);
        }
        Estimate ours = Estimate.of(response);
        double[] theirRuns = new double[c.get("mean_response").size()];
        for (int i = 0; i < theirRuns.length; i++) {
            theirRuns[i] = c.get("mean_response").get(i).asDouble();
        }
        Estimate theirs = Estimate.of(theirRuns);
        // Welch's test at the 5% level: the difference of means against t(df) × the combined standard error
        double seOurs = ours.halfWidth() / Estimate.tQuantile975(ours.n() - 1);
        double seTheirs = theirs.halfWidth() / Estimate.tQuantile975(theirs.n() - 1);
        double df = Math.pow(seOurs * seOurs + seTheirs * seTheirs, 2)
                / (Math.pow(seOurs, 4) / (ours.n() - 1) + Math.pow(seTheirs, 4) / (theirs.n() - 1));
        boolean agree = Math.abs(ours.mean() - theirs.mean())
                <= Estimate.tQuantile975((int) Math.floor(df)) * Math.hypot(seOurs, seTheirs);
        double theirCpu = c.get("cpu").get("median").asDouble();
        System.out.printf(Locale.ROOT, "   SQ(2), 10 servers, λ=0.9, t∈[0,%.0f]: mean response queuelab %s, Ciw %s → %s;"
                        + " CPU per run queuelab %s ms, Ciw %.0f ms; ratio %.0f×%n", c.get("horizon").asDouble(), ours,
                theirs, agree ? "agree" : "DISAGREE", Measure.Stats.of(cpu).format("%.1f", 1e3), 1e3 * theirCpu,
                theirCpu / Measure.Stats.of(cpu).median());
    }

    private static List<Double> toList(JsonNode array) {
        java.util.ArrayList<Double> out = new java.util.ArrayList<>();
        array.forEach(v -> out.add(v.asDouble()));
        return out;
    }

    private static JsonNode runPeers(Path python) {
        try {
            Process p = new ProcessBuilder(python.toString(), "bench/peers/peers.py", Integer.toString(Measure.RUNS),
                    Double.toString(SIM_TIME), Integer.toString(K), Integer.toString(N), Integer.toString(N_LARGE),
                    Double.toString(LARGE_TIME))
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (p.waitFor() != 0) {
                throw new IllegalStateException("bench/peers/peers.py failed (exit " + p.exitValue() + ")");
            }
            return new ObjectMapper().readTree(out);
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException("peers: " + e.getMessage(), e);
        }
    }
}
