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
 * {@code bench/peers/requirements.txt}): rmftool 0.5 (simulator, ODE, fixed point, refined mean field) on SQ(2),
 * λ = 0.9, buffer K = 20, and Ciw on M/G/1 with lognormal service. For each: the answers side by side with an
 * agreement check (simulated means within the combined 95% noise, fixed points to 1e-9, M/G/1 against the
 * Pollaczek–Khinchine value) and the speed ratio, CPU time on both sides (median of {@link Measure#RUNS}).
 */
public final class PeersBench {

    private static final double LAMBDA = 0.9;
    private static final int K = 20;
    private static final int N = 1000;
    private static final double SIM_TIME = 200;

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

        // simulation: SQ(2), N = 1000, [0, 200], mean jobs per server over [100, 200]
        OccupancySimulator sim = OccupancySimulator.loadBalancing(sq2, N);
        RunWindow spec = RunWindow.until(SIM_TIME).withInitial(InitialOccupancy.allIdle())
                .withGrid(TimeGrid.of(SIM_TIME, SIM_TIME)).withWarmup(SIM_TIME / 2);
        double[] rate = new double[Measure.RUNS];
        double[] qbar = new double[Measure.RUNS];
        sim.run(spec, 1);
        for (int r = 0; r < Measure.RUNS; r++) {
            final long seed = 10L + r;
            var run = new org.queuelab.sim.OccupancyRun[1];
            double s = Measure.cpuSeconds(() -> run[0] = sim.run(spec, seed));
            rate[r] = run[0].counters().events() / s;
            qbar[r] = run[0].metrics().get(Metric.MEAN_JOBS);
        }
        JsonNode ps = peers.get("simulate");
        double theirRate = ps.get("events").asDouble() / ps.get("cpu").get("median").asDouble();
        Estimate ours = Estimate.of(qbar);
        double theirs = ps.get("mean_jobs_second_half").asDouble();
        double sd = ours.halfWidth() / Estimate.tQuantile975(ours.n() - 1) * Math.sqrt(ours.n());
        boolean agree = Math.abs(theirs - ours.mean()) <= 1.96 * sd * Math.sqrt(1 + 1.0 / ours.n());
        System.out.printf(Locale.ROOT, "   simulation SQ(2) N=%d, t∈[0,%.0f]: queuelab %s M events/CPU-s, rmftool %.3f;"
                        + " ratio %.0f×%n", N, SIM_TIME, Measure.Stats.of(rate).format("%.1f", 1e-6),
                theirRate / 1e6, Measure.Stats.of(rate).median() / theirRate);
        System.out.printf(Locale.ROOT, "     mean jobs/server over [%.0f,%.0f]: queuelab %s, rmftool %.4f (one run) → %s%n",
                SIM_TIME / 2, SIM_TIME, ours, theirs, agree ? "agree" : "DISAGREE");

        // ODE to t = 100 from empty, 1000 output points
        PowerOfDFluid fluid = new PowerOfDFluid(sq2, K + 1);
        double[] x0 = new double[fluid.dimension()];
        x0[0] = 1;
        double[] times = TimeGrid.intervals(100, 999).times();
        Measure.Stats ode = Measure.sample(2, () -> Measure.cpuSeconds(() -> fluid.integrate(x0, times)));
        double theirOde = peers.get("ode").get("cpu").get("median").asDouble();
        System.out.printf(Locale.ROOT, "   ODE to t=100: queuelab %s ms, rmftool (odeint) %.1f ms; ratio %.0f×%n",
                ode.format("%.2f", 1e3), 1e3 * theirOde, theirOde / ode.median());

        // fixed point: tails s_1..s_K
        double[][] fp = new double[1][];
        Measure.Stats fix = Measure.sample(100, () -> Measure.cpuSeconds(() -> fp[0] = PowerOfDFixedPoint.tails(
                LAMBDA, 2, K)));
        List<Double> theirFp = toList(peers.get("fixed_point").get("x"));
        double maxDiff = 0;
        for (int i = 0; i < K; i++) {
            maxDiff = Math.max(maxDiff, Math.abs(fp[0][i + 1] - theirFp.get(i)));
        }
        double theirFix = peers.get("fixed_point").get("cpu").get("median").asDouble();
        System.out.printf(Locale.ROOT, "   fixed point: queuelab %s µs (closed form), rmftool %.1f ms; ratio %.0f×;"
                        + " max |Δs_i| = %.1e → %s%n", fix.format("%.2f", 1e6), 1e3 * theirFix,
                theirFix / fix.median(), maxDiff, maxDiff <= 1e-9 ? "agree (≤ 1e-9)" : "DISAGREE");
        JsonNode refined = peers.get("refined");
        System.out.printf(Locale.ROOT, "   refined mean field (1/N term of mean jobs, Σ V_i): rmftool %.6f in %.2f s%n",
                refined.get("mean_jobs_V").asDouble(), refined.get("cpu").get("median").asDouble());

        // M/G/1, lognormal σ = 1 mean 1, λ = 0.5: mean wait; Pollaczek–Khinchine λ E[S²] / (2 (1 − ρ))
        LogNormal law = LogNormal.unitMean(1.0);
        double pk = 0.5 * (law.variance() + 1) / (2 * (1 - 0.5));
        LoadBalancingModel mg1 = new LoadBalancingModel(0.5, new RandomDispatch(), Integer.MAX_VALUE, law);
        LoadBalancingSimulator des = EventSimulation.of(mg1, 1);
        RunWindow mg1Window = RunWindow.until(20_000).withWarmup(2_000).withSampleInterval(20_000);
        double[] wait = new double[Measure.RUNS];
        double[] desCpu = new double[Measure.RUNS];
        for (int r = 0; r < Measure.RUNS; r++) {
            final long seed = 20L + r;
            var res = new org.queuelab.sim.event.LoadBalancingResult[1];
            desCpu[r] = Measure.cpuSeconds(() -> res[0] = des.run(mg1Window, seed));
            wait[r] = res[0].waitPerJob();
        }
        JsonNode c = peers.get("ciw_mg1");
        System.out.printf(Locale.ROOT, "   M/G/1 lognormal σ=1, λ=0.5, t∈[0,20000]: mean wait queuelab %s, Ciw %.3f (one run),"
                        + " Pollaczek–Khinchine %.4f; CPU queuelab %s ms, Ciw %.0f ms; ratio %.0f×%n",
                Estimate.of(wait), c.get("mean_wait").asDouble(), pk, Measure.Stats.of(desCpu).format("%.1f", 1e3),
                1e3 * c.get("cpu").get("median").asDouble(),
                c.get("cpu").get("median").asDouble() / Measure.Stats.of(desCpu).median());
    }

    private static List<Double> toList(JsonNode array) {
        java.util.ArrayList<Double> out = new java.util.ArrayList<>();
        array.forEach(v -> out.add(v.asDouble()));
        return out;
    }

    private static JsonNode runPeers(Path python) {
        try {
            Process p = new ProcessBuilder(python.toString(), "bench/peers/peers.py", Integer.toString(Measure.RUNS),
                    Double.toString(SIM_TIME), Integer.toString(K), Integer.toString(N))
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
