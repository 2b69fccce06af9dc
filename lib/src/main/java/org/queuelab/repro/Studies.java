package org.queuelab.repro;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.queuelab.model.AlbaModel;
import org.queuelab.policy.BlindTheta;
import org.queuelab.policy.Dispatch;
import org.queuelab.policy.JoinBelowThreshold;
import org.queuelab.policy.PowerOfD;
import org.queuelab.policy.Scaling;
import org.queuelab.report.RunMode;
import org.queuelab.repro.tabs.ThesisStudies;
import org.queuelab.repro.alba.AlbaStudies;
import org.queuelab.repro.demand.DemandStudies;
import org.queuelab.repro.sqdn.SqdnExperiments;
import org.queuelab.repro.sqdn.SqdnStudies;
import org.queuelab.result.Estimate;
import org.queuelab.result.Metric;
import org.queuelab.result.Metrics;
import org.queuelab.result.TimeGrid;
import org.queuelab.sim.Ctmc;
import org.queuelab.sim.InitialOccupancy;
import org.queuelab.sim.RunWindow;
import org.queuelab.sweep.Experiment;
import org.queuelab.sweep.Grid;
import org.queuelab.sweep.LocalRunner;
import org.queuelab.sweep.Point;
import org.queuelab.sweep.Study;
import org.queuelab.sweep.Sweep;

/**
 * The reproduction's named studies: the sweeps that notebooks run in full mode over a grid × replications, defined
 * once here so that a Spark cluster can compute them beforehand ({@code ./reproduce --full --spark-master URL},
 * docs/spark.md §5) and the notebooks read their stores. Each study's sizes follow the run mode, as the notebook's
 * parameters cell does.
 */
public final class Studies {

    private Studies() {
    }

    /**
     * Every study at the sizes of {@code mode}: the TABS thesis' stationary sweeps ({@link ThesisStudies}, notebook
     * 03), ALBA's simulations ({@link AlbaStudies}: Section V's grid, Theorem 2 at N = 10⁴, Rate-Idle over N, the
     * mean-field accuracy; notebook 01), SQ(d,N)'s simulations ({@link SqdnStudies}: the λ = 0.995 claim, Theorem
     * 2's confirmation, the gap over N, SQ(2)'s CTMC against the refined mean field; notebook 02), the policy
     * comparisons on the trace-shaped day ({@link DemandStudies}: N = 100, N = 1000, the frontier; notebook 06),
     * notebook 07's Blind-θ grid and, in full mode, notebook 05's long CTMC run at N = 50 ({@link #orderCheckStudy}).
     *
     * @param mode quick or full: sets grid sizes and replications
     * @return the studies, unmodifiable, names unique
     */
    public static List<Study> all(RunMode mode) {
        List<Study> all = new java.util.ArrayList<>(ThesisStudies.all(mode));
        all.addAll(AlbaStudies.all(mode));
        all.addAll(SqdnStudies.all(mode));
        all.addAll(DemandStudies.all(mode));
        all.add(blindThetaGrid(mode));
        if (mode.isFull()) {
            all.add(orderCheckStudy());
        }
        return List.copyOf(all);
    }

    /**
     * The study named {@code name} at the sizes of {@code mode}.
     *
     * @param name a study's name, as {@link Study#name()} gives it (the mode is part of the name)
     * @param mode quick or full
     * @return the study
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    public static Study named(String name, RunMode mode) {
        return all(mode).stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no study named '" + name + "'; the studies are "
                        + all(mode).stream().map(Study::name).collect(Collectors.joining(", "))));
    }

    /**
     * Notebook 05's order check in full mode (docs/population.md): does the 1/N² term bring the refined mean field of
     * SQ(2) (λ = 0.9, B = 20) closer to the chain at N = 50? A long exact CTMC run decides it: 10¹⁰ events over 40
     * replications from all idle (warm-up 200), seeded 20261201 + 50 000 (quick mode runs none).
     *
     * @return the study {@code population-order-check-full}, one point (N = 50)
     */
    public static Study orderCheckStudy() {
        return orderCheckStudy(0.9, 20, 10_000_000_000L, 40, 20261201L);
    }

    /**
     * The order check's run with other parameters: SQ(2) at N = 50, {@code events} events over {@code runs}
     * replications from all idle (warm-up 200), seeded {@code seed} + 50 000. Its store is the default study's: made
     * under other parameters, it is set aside and computed afresh.
     *
     * @param lambda arrival rate per server
     * @param buffer buffer B
     * @param events events over all replications, ≥ 1
     * @param runs   replications, ≥ 2
     * @param seed   the notebook's seed
     * @return the study {@code population-order-check-full}
     */
    public static Study orderCheckStudy(double lambda, int buffer, long events, int runs, long seed) {
        // RefinedRun seeds a point's replications with its seed + N
        return SqdnStudies.refinedStudy("population-order-check-full", new SqdnExperiments.RefinedRun(lambda, 2,
                buffer, events, runs, seed + 50_000 - 50), new int[] {50});
    }

    /**
     * The mean jobs per server of the order check's CTMC at N = 50: read from the study's store under
     * {@code <output>/sweeps/} when complete (and made with these parameters), computed (and stored) otherwise.
     *
     * @param lambda arrival rate per server
     * @param buffer buffer B
     * @param events events over all replications, ≥ 1
     * @param runs   replications, ≥ 2
     * @param seed   the notebook's seed
     * @return the estimate (mean, 95 % half-width, runs)
     */
    public static Estimate orderCheck(double lambda, int buffer, long events, int runs, long seed) {
        return SqdnStudies.refinedSimulations(orderCheckStudy(lambda, buffer, events, runs, seed), new LocalRunner(),
                Study.defaultRoot()).get(0);
    }

    /**
     * {@return the number of servers N of the Blind-θ studies (notebook 07): 100 in quick mode, 1000 in full}
     *
     * @param mode quick or full
     */
    public static int blindThetaServers(RunMode mode) {
        return mode.pick(100, 1000);
    }

    /**
     * {@return the horizon of each Blind-θ run, in mean service times (averages over its second half): 400 in quick
     * mode, 2000 in full}
     *
     * @param mode quick or full
     */
    public static double blindThetaHorizon(RunMode mode) {
        return mode.pick(400.0, 2000.0);
    }

    /**
     * Notebook 07's sweep: energy and mean response time of ALBA with Blind-θ (Power-of-2 dispatch, B = 100,
     * asynchronous scaling at rate 0.05, set-up 0.1, switch-off 0.025) over λ ∈ {0.3, 0.5, 0.7, 0.9} × θ ∈ {0.01,
     * 0.03, 0.06, 0.12}, exact CTMC from 30 % cold, seed 2026; 5 replications in quick mode, 20 in full.
     *
     * @param mode quick or full: sets N, the horizon and the replications
     * @return the study, named {@code sweeps-blind-theta-quick} or {@code sweeps-blind-theta-full}
     */
    public static Study blindThetaGrid(RunMode mode) {
        int servers = blindThetaServers(mode);
        double horizon = blindThetaHorizon(mode);
        Grid grid = Grid.builder().axisOf("lambda", new double[] {0.3, 0.5, 0.7, 0.9})
                .axisOf("theta", new double[] {0.01, 0.03, 0.06, 0.12}).axis("dispatch", "Power-of-2").build();
        Sweep sweep = Sweep.of(grid, new BlindThetaRun(servers, horizon)).replications(mode.pick(5, 20)).seed(2026L)
                .identity("Blind-θ CTMC, N = " + servers + ", T = " + horizon);
        return new Study("sweeps-blind-theta-" + mode.name().toLowerCase(java.util.Locale.ROOT), sweep);
    }

    /**
     * One replication of ALBA with Blind-θ: energy and mean response time over the second half of [0, horizon],
     * dispatch by the point's {@code dispatch} ("JIQ" or Power-of-2).
     *
     * @param servers number of servers N, ≥ 1 (checked when the run builds its CTMC)
     * @param horizon the run's length, in mean service times; the warm-up is its first half
     */
    public record BlindThetaRun(int servers, double horizon) implements Experiment {
        private static final long serialVersionUID = 1L;

        @Override
        public Map<String, Double> run(Point p, long seed) {
            Dispatch dispatch = p.text("dispatch").equals("JIQ") ? JoinBelowThreshold.jiq() : new PowerOfD(2);
            AlbaModel model = new AlbaModel(p.number("lambda"), dispatch, 100,
                    Scaling.asynchronous(new BlindTheta(p.number("theta")), 0.05), 0.1, 0.025);
            Metrics m = Ctmc.of(model, servers).run(RunWindow.until(horizon)
                    .withInitial(InitialOccupancy.coldAndIdle(0.3)).withGrid(TimeGrid.of(horizon, horizon))
                    .withWarmup(horizon / 2), seed).toMetrics();
            return Map.of(Metric.ENERGY.name(), m.get(Metric.ENERGY), Metric.RESPONSE.name(), m.get(Metric.RESPONSE));
        }
    }
}
